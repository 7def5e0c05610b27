import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { catalogoEnderecosApi } from '@clinica/shared/schemas/catalogo-enderecos';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_API,
  CATALOGO_PF,
  CLIENTE_PF,
  CLIENTE_PF_SESSION,
  CONSENTIMENTO_API,
} from '../../../test/account-fixtures';
import { renderAt, setupScreenTests, signInAs } from '../../../test/screen-tests';
import { mockApi, okFor, type MockHandler, type MockReply } from '../../../test/test-utils';
import { ProfilePage } from './profile-page';

function setup(
  handlers: Record<string, MockHandler | MockReply> = {},
  cro: { numero: string; uf: string } | null = null,
) {
  signInAs(CLIENTE_PF_SESSION);
  const api = mockApi({
    ...ADDRESS_API,
    ...CONSENTIMENTO_API,
    'GET /api/profile/7': okFor(clienteApi.perfil, { ...CLIENTE_PF, cro }),
    'GET /api/cliente/3/enderecos': okFor(catalogoEnderecosApi.listar, { enderecos: CATALOGO_PF }),
    ...handlers,
  });
  renderAt('/user/7', { '/user/:id': <ProfilePage /> });
  return api;
}

describe("/user/:id 'Registro profissional (CRO)' (docs/behaviour/accounts-and-sign-in.md#cro)", () => {
  setupScreenTests();

  it('without a CRO says so; a wrong number is told on its field and nothing is sent; a valid one is saved', async () => {
    const { calls } = setup({
      'PUT /api/cliente/3/cro': okFor(
        clienteApi.editarCro,
        { ...CLIENTE_PF, cro: { numero: '12345', uf: 'SP' } },
        { message: MSG_ANVISA.croSalvo },
      ),
    });
    const secao = await screen.findByTestId('perfil-cro');
    expect(within(secao).getByTestId('perfil-cro-valor').textContent).toBe(MSG_ANVISA.croNenhum);
    fireEvent.click(within(secao).getByRole('button', { name: MSG_ANVISA.croEditar }));
    fireEvent.change(within(secao).getByLabelText(MSG_ANVISA.croNumero), { target: { value: '1234567' } });
    fireEvent.click(within(secao).getByRole('button', { name: MSG_ANVISA.croSalvar }));
    expect(await within(secao).findByText(MSG_ANVISA.croNumeroInvalido)).toBeTruthy();
    expect(within(secao).getByText(MSG_ANVISA.croUfInvalida)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/cliente/3/cro')).toBe(false);

    fireEvent.change(within(secao).getByLabelText(MSG_ANVISA.croNumero), { target: { value: '012.345' } });
    fireEvent.change(within(secao).getByLabelText(MSG_ANVISA.croUf), { target: { value: 'SP' } });
    fireEvent.click(within(secao).getByRole('button', { name: MSG_ANVISA.croSalvar }));
    expect(await screen.findByText(MSG_ANVISA.croSalvo)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/cliente/3/cro')?.body).toEqual({
      numero: '012.345',
      uf: 'SP',
    });
    expect((await within(secao).findByTestId('perfil-cro-valor')).textContent).toBe('CRO-SP 12345');
  });

  it("with a CRO shows it; 'Remover CRO' sends both null", async () => {
    const { calls } = setup(
      {
        'PUT /api/cliente/3/cro': okFor(
          clienteApi.editarCro,
          { ...CLIENTE_PF, cro: null },
          { message: MSG_ANVISA.croRemovido },
        ),
      },
      { numero: '98765', uf: 'RJ' },
    );
    const secao = await screen.findByTestId('perfil-cro');
    expect(within(secao).getByTestId('perfil-cro-valor').textContent).toBe('CRO-RJ 98765');
    fireEvent.click(within(secao).getByRole('button', { name: MSG_ANVISA.croAlterar }));
    fireEvent.click(within(secao).getByRole('button', { name: MSG_ANVISA.croRemover }));
    expect(await screen.findByText(MSG_ANVISA.croRemovido)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/cliente/3/cro')?.body).toEqual({
      numero: null,
      uf: null,
    });
    expect((await within(secao).findByTestId('perfil-cro-valor')).textContent).toBe(MSG_ANVISA.croNenhum);
  });
});
