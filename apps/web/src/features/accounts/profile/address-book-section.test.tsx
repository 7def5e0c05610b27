import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import { catalogoEnderecosApi } from '@clinica/shared/schemas/catalogo-enderecos';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_API,
  CATALOGO_PF,
  CLIENTE_PF,
  CLIENTE_PF_SESSION,
  CONSENTIMENTO_API,
} from '../../../test/account-fixtures';
import { click, renderAt, setupScreenTests, signInAs } from '../../../test/screen-tests';
import { mockApi, okFor, type MockHandler, type MockReply } from '../../../test/test-utils';
import { ProfilePage } from './profile-page';

const [CASA, CLINICA] = CATALOGO_PF as [(typeof CATALOGO_PF)[0], (typeof CATALOGO_PF)[0]];

function setup(handlers: Record<string, MockHandler | MockReply> = {}) {
  signInAs(CLIENTE_PF_SESSION);
  const api = mockApi({
    ...ADDRESS_API,
    'GET /api/profile/7': okFor(clienteApi.perfil, CLIENTE_PF),
    'GET /api/cliente/3/enderecos': okFor(catalogoEnderecosApi.listar, { enderecos: CATALOGO_PF }),
    ...CONSENTIMENTO_API,
    ...handlers,
  });
  renderAt('/user/7', { '/user/:id': <ProfilePage /> });
  return api;
}

const cards = async () => {
  const list = await screen.findByRole('list', { name: MSG_ENDERECOS.titulo });
  return within(list).getAllByTestId('endereco-catalogo');
};

describe("/user/:id 'Meus endereços' (docs/behaviour/accounts-and-sign-in.md#address-book)", () => {
  setupScreenTests();

  it('lists the addresses, the default first with its badge; the registered one cannot be deleted', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: MSG_ENDERECOS.titulo })).toBeTruthy();
    const [casa, clinica] = await cards();
    expect(casa!.textContent).toContain('Casa');
    expect(casa!.textContent).toContain('Padrão');
    expect(casa!.textContent).toContain('Avenida Paulista, 1000 - Apto 42');
    expect(casa!.textContent).toContain('Bela Vista · São Paulo/SP');
    expect(casa!.textContent).toContain('CEP 01310-100');
    expect(within(casa!).queryByRole('button', { name: /Excluir/ })).toBeNull();
    expect(within(casa!).queryByRole('button', { name: /Tornar padrão/ })).toBeNull();
    expect(clinica!.textContent).toContain('Recebe: Recepção da Clínica · (21) 3222-1100');
    expect(within(clinica!).getByRole('button', { name: 'Tornar padrão Clínica' })).toBeTruthy();
  });

  it("'Tornar padrão' calls PUT …/padrao and shows the book it answers", async () => {
    let padrao = false;
    const trocado = () => ({
      enderecos: [
        { ...CLINICA, padrao: true },
        { ...CASA, padrao: false },
      ],
    });
    const { calls } = setup({
      // The book read again after the write answers the new order.
      'GET /api/cliente/3/enderecos': () =>
        okFor(catalogoEnderecosApi.listar, padrao ? trocado() : { enderecos: CATALOGO_PF }),
      'PUT /api/cliente/3/enderecos/32/padrao': () => {
        padrao = true;
        return okFor(catalogoEnderecosApi.tornarPadrao, trocado(), { message: MSG_ENDERECOS.padraoDefinido });
      },
    });
    await cards();
    click('Tornar padrão Clínica');
    expect(await screen.findByText(MSG_ENDERECOS.padraoDefinido)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/cliente/3/enderecos/32/padrao')).toBe(true);
    await waitFor(async () => expect((await cards())[0]!.textContent).toContain('Clínica'));
  });

  it("'Excluir' asks first; confirmed, it calls DELETE", async () => {
    const { calls } = setup({
      'DELETE /api/cliente/3/enderecos/32': okFor(
        catalogoEnderecosApi.excluir,
        { enderecos: [CASA] },
        { message: MSG_ENDERECOS.excluido },
      ),
    });
    await cards();
    click('Excluir Clínica');
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir o endereço Clínica?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_ENDERECOS.excluido)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/cliente/3/enderecos/32']);
  });

  it("'Adicionar endereço' opens the address form with the CEP lookup; the name is required; saved with POST", async () => {
    const novo = { ...CASA, id: 40, nome: 'Consultório 2', numero: '77', padrao: false, cadastro: false };
    const { calls } = setup({
      'POST /api/cliente/3/enderecos': okFor(catalogoEnderecosApi.criar, novo, {
        status: 201,
        message: MSG_ENDERECOS.criado,
      }),
    });
    await cards();
    click(MSG_ENDERECOS.adicionar);
    const dialog = await screen.findByRole('dialog', { name: MSG_ENDERECOS.novo });
    const inDialog = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    inDialog('CEP', '01310-100');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Logradouro') as HTMLInputElement).value).toBe('Avenida Paulista'),
    );
    inDialog('Número', '77');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar endereço' }));
    expect(await within(dialog).findByText(MSG_ENDERECOS.nomeVazio)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    inDialog(MSG_ENDERECOS.nomeCampo, 'Consultório 2');
    inDialog(MSG_ENDERECOS.telefoneRecebedor, '1132221100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar endereço' }));
    expect(await screen.findByText(MSG_ENDERECOS.criado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      nome: 'Consultório 2',
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      numero: '77',
      complemento: null,
      bairro: 'Bela Vista',
      municipio: { id: 3550308 },
      uf: { id: 35 },
      nomeRecebedor: null,
      telefoneRecebedor: '(11) 3222-1100',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG_ENDERECOS.novo })).toBeNull());
  });
});
