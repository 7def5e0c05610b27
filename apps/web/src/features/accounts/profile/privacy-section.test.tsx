import { MSG_PRIVACIDADE } from '@clinica/shared/messages-privacidade';
import { MSG_SACOLA } from '@clinica/shared/messages-sacola';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { privacidadeApi, type Consentimentos } from '@clinica/shared/schemas/privacidade';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOGO_VAZIO_API, CLIENTE_PF, CLIENTE_PF_SESSION, CONSENTIMENTO_API } from '../../../test/account-fixtures';
import { renderAt, setupScreenTests, signInAs } from '../../../test/screen-tests';
import { fail, mockApi, okFor, type MockHandler, type MockReply } from '../../../test/test-utils';
import { session } from '../../../lib/session';
import { ProfilePage } from './profile-page';

function setup(handlers: Record<string, MockHandler | MockReply> = {}) {
  signInAs(CLIENTE_PF_SESSION);
  const api = mockApi({
    'GET /api/profile/7': okFor(clienteApi.perfil, CLIENTE_PF),
    ...CATALOGO_VAZIO_API,
    ...CONSENTIMENTO_API,
    ...handlers,
  });
  renderAt('/user/7', { '/user/:id': <ProfilePage />, '/signIn': <p>Página de login</p> });
  return api;
}

describe("/user/:id 'Privacidade e dados' (docs/behaviour/accounts-and-sign-in.md#privacy)", () => {
  setupScreenTests();

  it('gives and withdraws the marketing consent with one click each, unticked at first', async () => {
    const dado: Consentimentos = {
      ofertasEmail: true,
      ofertasEmailEm: '2026-11-28T13:00:00.000Z',
      historico: [
        {
          finalidade: 'ofertas_email',
          concedido: true,
          versaoTexto: '2026-11-28',
          origem: 'perfil',
          quando: '2026-11-28T13:00:00.000Z',
        },
      ],
    };
    let atual: boolean = true;
    const { calls } = setup({
      'PUT /api/privacidade/consentimento/3': () =>
        okFor(
          privacidadeApi.consentir,
          atual ? dado : { ofertasEmail: false, ofertasEmailEm: '2026-11-28T13:05:00.000Z', historico: [] },
          { message: MSG_PRIVACIDADE.consentimentoGravado },
        ),
    });
    const box = (await screen.findByRole('checkbox', { name: MSG_SACOLA.ofertasEmail })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByTestId('consentimento-status').textContent).toBe(MSG_PRIVACIDADE.consentimentoInativo);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(screen.getByTestId('consentimento-status').textContent).toContain('Você aceitou receber ofertas');
    atual = false;
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { ofertasEmail: true },
      { ofertasEmail: false },
    ]);
  });

  it("'Excluir minha conta' asks the password; a wrong one is said on the field; the right one signs out", async () => {
    let tentativa = 0;
    const { calls } = setup({
      'POST /api/privacidade/excluir/3': () =>
        ++tentativa === 1
          ? fail(422, 'A senha atual está incorreta.')
          : okFor(
              privacidadeApi.excluirConta,
              { clienteId: 3, anonimizadoEm: '2026-11-28T13:00:00.000Z' },
              { message: MSG_PRIVACIDADE.contaExcluida },
            ),
    });
    fireEvent.click(await screen.findByRole('button', { name: MSG_PRIVACIDADE.excluirConta }));
    const dialog = await screen.findByTestId('excluir-conta-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_PRIVACIDADE.excluirConfirmar }));
    expect(await within(dialog).findByText(MSG_PRIVACIDADE.senhaObrigatoria)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(MSG_PRIVACIDADE.excluirSenha), { target: { value: 'errada' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_PRIVACIDADE.excluirConfirmar }));
    expect(await within(dialog).findByText('A senha atual está incorreta.')).toBeTruthy();
    expect(session.getSnapshot().user).not.toBeNull();
    fireEvent.change(within(dialog).getByLabelText(MSG_PRIVACIDADE.excluirSenha), { target: { value: 'segredo1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_PRIVACIDADE.excluirConfirmar }));
    expect(await screen.findByText('Página de login')).toBeTruthy();
    expect(session.getSnapshot().user).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { senha: 'errada' },
      { senha: 'segredo1' },
    ]);
  });
});
