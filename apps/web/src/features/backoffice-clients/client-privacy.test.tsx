import { MSG_PRIVACIDADE } from '@clinica/shared/messages-privacidade';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { catalogoEnderecosApi } from '@clinica/shared/schemas/catalogo-enderecos';
import { clienteAdminApi } from '@clinica/shared/schemas/cliente-admin';
import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { privacidadeApi } from '@clinica/shared/schemas/privacidade';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupScreenTests, signInAs } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { buscarWire, clienteWire, detalheWire, pedidosWire, UFS, USUARIO_SESSION } from './client-fixtures';
import { ClientsPage } from './clients-page';

const ADMIN_SESSION = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente da Clínica' };
const semAuditoria = okFor(auditoriaApi.listar, { registros: [], page: 0, totalRegistros: 0, totalPaginas: 0 });

function api(extra: Record<string, ReturnType<typeof okFor> | (() => ReturnType<typeof okFor>)> = {}) {
  return mockApi({
    'GET /api/municipio/estado/33': fail(404, 'Não encontrado.'),
    'GET /api/cliente/buscar': okFor(clienteAdminApi.buscar, buscarWire([clienteWire(1)])),
    'GET /api/uf/': okFor(enderecoApi.ufs, UFS),
    'GET /api/pedido/admin/listagem': okFor(pedidoApi.listagemAdmin, pedidosWire([])),
    'GET /api/auditoria/cliente/1': semAuditoria,
    'GET /api/cliente/1/enderecos': okFor(catalogoEnderecosApi.listar, { enderecos: [] }),
    ...extra,
  });
}

describe("/clients: the ADMIN's 'Direitos do titular (LGPD)' (docs/behaviour/back-office.md#clients)", () => {
  setupScreenTests();

  it('the ADMIN anonymises a client after a question; the dialog then says the account was closed', async () => {
    let fechada = false;
    const { calls } = api({
      'GET /api/cliente/buscar/1': () =>
        okFor(
          clienteAdminApi.detalhe,
          fechada ? { ...detalheWire(1), anonimizadoEm: '2026-11-28T13:00:00.000Z' } : detalheWire(1),
        ),
      'POST /api/privacidade/equipe/anonimizar/1': () => {
        fechada = true;
        return okFor(
          privacidadeApi.anonimizar,
          { clienteId: 1, anonimizadoEm: '2026-11-28T13:00:00.000Z' },
          { message: MSG_PRIVACIDADE.equipeAnonimizado },
        );
      },
    });
    signInAs(ADMIN_SESSION);
    renderAt('/clients?cliente=1', { '/clients': <ClientsPage /> });
    const dialog = await screen.findByTestId('client-dialog');
    const secao = await within(dialog).findByRole('region', { name: MSG_PRIVACIDADE.equipeTitulo });
    fireEvent.click(within(secao).getByRole('button', { name: MSG_PRIVACIDADE.equipeAnonimizar }));
    const pergunta = await screen.findByRole('alertdialog');
    expect(pergunta.textContent).toContain('anonimizar seus dados');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(pergunta).getByRole('button', { name: MSG_PRIVACIDADE.equipeAnonimizar }));
    expect(await screen.findByText(MSG_PRIVACIDADE.equipeAnonimizado)).toBeTruthy();
    await waitFor(() => expect(within(secao).getByText(/Conta excluída em/)).toBeTruthy());
    expect(within(secao).queryByRole('button', { name: MSG_PRIVACIDADE.equipeAnonimizar })).toBeNull();
  });

  it('the team (USUARIO) does not see the section', async () => {
    api({ 'GET /api/cliente/buscar/1': okFor(clienteAdminApi.detalhe, detalheWire(1)) });
    signInAs(USUARIO_SESSION);
    renderAt('/clients?cliente=1', { '/clients': <ClientsPage /> });
    const dialog = await screen.findByTestId('client-dialog');
    await within(dialog).findByText('Dados do cliente');
    expect(within(dialog).queryByRole('region', { name: MSG_PRIVACIDADE.equipeTitulo })).toBeNull();
  });
});
