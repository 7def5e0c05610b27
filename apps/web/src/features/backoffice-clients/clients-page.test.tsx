import { catalogoEnderecosApi } from '@clinica/shared/schemas/catalogo-enderecos';
import { clienteAdminApi } from '@clinica/shared/schemas/cliente-admin';
import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, type MockHandler, okFor, type MockReply } from '../../test/test-utils';
import { hojeNaClinica } from '@clinica/shared/clinic-day';
import {
  buscarWire,
  CIDADES_SP,
  clienteWire,
  detalheWire,
  EMPRESA_WIRE,
  pedidoResumoWire,
  pedidosWire,
  UFS,
  USUARIO_SESSION,
} from './client-fixtures';
import { CATALOGO_PF } from '../../test/account-fixtures';
import { ClientsPage } from './clients-page';

/** The cities of RJ, asked by the details dialog (answered 404). */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/municipio/estado/33': fail(404, 'Não encontrado.'),
};

const LIST = 'GET /api/cliente/buscar';
const UF = 'GET /api/uf/';
const CIDADES = 'GET /api/municipio/estado/35';
const PEDIDOS = 'GET /api/pedido/admin/listagem';

const callsTo = (calls: { method: string; url: string }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === path);
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

function renderClients(path = '/clients') {
  signInAs(USUARIO_SESSION);
  return renderAt(path, { '/clients': <ClientsPage /> });
}

describe('/clients: the staff client list', () => {
  setupScreenTests();

  it('asks for page 0 of 10 by name A–Z and shows ID, name, CPF/CNPJ, phone, city and state, formatted', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(clienteAdminApi.buscar, buscarWire([clienteWire(1), EMPRESA_WIRE])),
      [UF]: okFor(enderecoApi.ufs, UFS),
    });
    renderClients();
    const rows = await screen.findAllByTestId('client-row');
    expect(queryOf(callsTo(calls, '/api/cliente/buscar')[0]!.url)).toEqual({ page: '0', size: '10', sort: 'asc' });
    expect(rows).toHaveLength(2);
    const maria = within(rows[0]!);
    expect(maria.getByRole('link', { name: 'Abrir cliente Maria Cliente Silva' })).toBeTruthy();
    expect(maria.getByText('1', { selector: 'td' })).toBeTruthy();
    expect(maria.getByText('529.982.247-25', { selector: 'td' })).toBeTruthy();
    expect(maria.getByText('(11) 9 8765-4321', { selector: 'td' })).toBeTruthy();
    expect(maria.getByText('São Paulo', { selector: 'td' })).toBeTruthy();
    expect(maria.getByText('SP', { selector: 'td' })).toBeTruthy();
    const empresa = within(rows[1]!);
    expect(empresa.getByText('11.222.333/0001-81', { selector: 'td' })).toBeTruthy();
    expect(empresa.getByText('(11) 3333-4444', { selector: 'td' })).toBeTruthy();
    expect(empresa.getAllByText(/Pessoa jurídica/).length).toBeGreaterThan(0);
    // The card of small screens carries the document too.
    expect(maria.getByText('CPF 529.982.247-25')).toBeTruthy();
    expect(screen.getByText('2 registros')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Lista de clientes' })).toBeTruthy();
  });

  it('reads the filters of the address and sends them to the API', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(
        clienteAdminApi.buscar,
        buscarWire([clienteWire(1)], { page: 1, totalPaginas: 2, totalRegistros: 16 }),
      ),
      [UF]: okFor(enderecoApi.ufs, UFS),
      [CIDADES]: okFor(enderecoApi.municipios, CIDADES_SP),
    });
    renderClients('/clients?page=1&size=15&sort=desc&nome=maria&cpfCnpj=52998224725&id=1&ufId=35&municipioId=3550308');
    await screen.findAllByTestId('client-row');
    expect(queryOf(callsTo(calls, '/api/cliente/buscar')[0]!.url)).toEqual({
      page: '1',
      size: '15',
      sort: 'desc',
      nome: 'maria',
      cpfCnpj: '52998224725',
      id: '1',
      ufId: '35',
      municipioId: '3550308',
    });
    expect(field('Nome ou razão social').value).toBe('maria');
    expect(field('CPF/CNPJ').value).toBe('529.982.247-25');
    await waitFor(() => expect((screen.getByLabelText('Cidade') as HTMLSelectElement).value).toBe('3550308'));
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('35');
    expect((screen.getByLabelText('Ordem do nome') as HTMLSelectElement).value).toBe('desc');
  });

  it(
    'filters go to the address and the query, back to page 0; the city list follows the state',
    { timeout: 20_000 },
    async () => {
      const { calls } = mockApi({
        ...SCREEN_CALLS,
        [LIST]: okFor(
          clienteAdminApi.buscar,
          buscarWire([clienteWire(1)], { page: 2, totalPaginas: 3, totalRegistros: 25 }),
        ),
        [UF]: okFor(enderecoApi.ufs, UFS),
        [CIDADES]: okFor(enderecoApi.municipios, CIDADES_SP),
      });
      const { router } = renderClients('/clients?page=2&size=20');
      await screen.findAllByTestId('client-row');
      expect((screen.getByLabelText('Cidade') as HTMLSelectElement).disabled).toBe(true);

      typeInto('Nome ou razão social', '  Silva ');
      typeInto('CPF/CNPJ', '52998224725');
      expect(field('CPF/CNPJ').value).toBe('529.982.247-25');
      await screen.findByRole('option', { name: 'São Paulo' });
      fireEvent.change(screen.getByLabelText('Estado'), { target: { value: '35' } });
      await screen.findByRole('option', { name: 'Campinas' });
      fireEvent.change(screen.getByLabelText('Cidade'), { target: { value: '3509502' } });
      fireEvent.change(screen.getByLabelText('Ordem do nome'), { target: { value: 'desc' } });
      click('Filtrar');

      await waitFor(() =>
        expect(router.state.location.search).toBe(
          '?size=20&sort=desc&nome=Silva&cpfCnpj=52998224725&ufId=35&municipioId=3509502',
        ),
      );
      await waitFor(() => expect(callsTo(calls, '/api/cliente/buscar')).toHaveLength(2));
      expect(queryOf(callsTo(calls, '/api/cliente/buscar')[1]!.url)).toEqual({
        page: '0',
        size: '20',
        sort: 'desc',
        nome: 'Silva',
        cpfCnpj: '52998224725',
        ufId: '35',
        municipioId: '3509502',
      });

      // Another state empties the city.
      fireEvent.change(screen.getByLabelText('Estado'), { target: { value: '33' } });
      expect((screen.getByLabelText('Cidade') as HTMLSelectElement).value).toBe('');

      click('Limpar');
      await waitFor(() => expect(router.state.location.search).toBe('?size=20&sort=desc'));
    },
  );

  it('refuses a code or a document the API would refuse, without asking it', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(clienteAdminApi.buscar, buscarWire([clienteWire(1)])),
      [UF]: okFor(enderecoApi.ufs, UFS),
    });
    const { router } = renderClients();
    await screen.findAllByTestId('client-row');
    typeInto('Código', 'abc');
    click('Filtrar');
    expect(await screen.findByText('Informe um código de cliente válido.')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(callsTo(calls, '/api/cliente/buscar')).toHaveLength(1);
  });

  it('the name header switches the order by name', async () => {
    mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(clienteAdminApi.buscar, buscarWire([clienteWire(1)])),
      [UF]: okFor(enderecoApi.ufs, UFS),
    });
    const { router } = renderClients();
    await screen.findAllByTestId('client-row');
    const header = screen.getByRole('columnheader', { name: /Nome/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=desc'));
    expect(screen.getByRole('columnheader', { name: /Nome/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it("a failure shows 'Erro ao buscar lista de clientes: ' with the server's message, and retries", async () => {
    let fails = true;
    mockApi({
      ...SCREEN_CALLS,
      [LIST]: () =>
        fails ? fail(500, 'Banco indisponível.') : okFor(clienteAdminApi.buscar, buscarWire([clienteWire(1)])),
      [UF]: okFor(enderecoApi.ufs, UFS),
    });
    renderClients();
    const alert = await screen.findByText(`${MSG_BO.erroListaClientes}Banco indisponível.`);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(MSG_BO.erroListaClientes).toBe('Erro ao buscar lista de clientes: ');
    fails = false;
    click('Tentar novamente');
    expect(await screen.findAllByTestId('client-row')).toHaveLength(1);
  });

  it('empty: nothing found for the filters (with "Limpar filtros"), or no client yet', async () => {
    mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(clienteAdminApi.buscar, buscarWire([])),
      [UF]: okFor(enderecoApi.ufs, UFS),
    });
    const first = renderClients('/clients?nome=ninguem');
    expect(await screen.findByText(MSG_BO.clientesNenhumEncontrado)).toBeTruthy();
    click('Limpar filtros');
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    expect(await screen.findByText(MSG_BO.clientesNenhumCadastrado)).toBeTruthy();
  });

  it('a row opens the details dialog with the client data and its orders, newest first, and "Ver mais"', async () => {
    const pedidos: MockHandler = ({ url }) =>
      queryOf(url).page === '0'
        ? okFor(
            pedidoApi.listagemAdmin,
            pedidosWire(
              [
                pedidoResumoWire(31, { situacaoPedido: 'ENTREGUE', valorTotal: 150, dtPedido: '2025-03-05T15:00:00Z' }),
                pedidoResumoWire(30, {
                  situacaoPedido: 'CANCELADO',
                  valorTotal: 89.9,
                  dtPedido: '2025-02-10T15:00:00Z',
                }),
              ],
              { totalRegistro: 3, totalPaginas: 2 },
            ),
          )
        : okFor(
            pedidoApi.listagemAdmin,
            pedidosWire(
              [pedidoResumoWire(12, { situacaoPedido: 'PENDENTE', valorTotal: 20, dtPedido: '2024-12-01T15:00:00Z' })],
              {
                totalRegistro: 3,
                totalPaginas: 2,
                page: 1,
              },
            ),
          );
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(clienteAdminApi.buscar, buscarWire([clienteWire(1)])),
      [UF]: okFor(enderecoApi.ufs, UFS),
      'GET /api/cliente/buscar/1': okFor(clienteAdminApi.detalhe, detalheWire(1)),
      'GET /api/cliente/1/enderecos': okFor(catalogoEnderecosApi.listar, { enderecos: CATALOGO_PF }),
      [PEDIDOS]: pedidos,
    });
    const { router } = renderClients('/clients?nome=maria');
    const [row] = await screen.findAllByTestId('client-row');
    fireEvent.click(within(row!).getByText('São Paulo', { selector: 'td' }));
    await waitFor(() => expect(router.state.location.search).toBe('?nome=maria&cliente=1'));

    const dialog = within(await screen.findByTestId('client-dialog'));
    expect(await dialog.findByRole('heading', { name: 'Maria Cliente Silva' })).toBeTruthy();
    expect(dialog.getByText(/Pessoa física · Cliente #1 · desde 10\/01\/2025/)).toBeTruthy();
    expect(dialog.getByText('529.982.247-25')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'cliente@clinica.com.br' }).getAttribute('href')).toBe(
      'mailto:cliente@clinica.com.br',
    );
    expect(dialog.getByText('E-mail confirmado')).toBeTruthy();
    expect(dialog.getByRole('link', { name: '(11) 9 8765-4321' }).getAttribute('href')).toBe('tel:+5511987654321');
    // The address book (ADR 033): the default first, with who receives at each address.
    const enderecos = await dialog.findAllByTestId('client-address');
    expect(dialog.getByRole('heading', { name: 'Endereços (2)' })).toBeTruthy();
    expect(enderecos.map((a) => a.textContent)).toEqual([
      'CasaPadrãoDo cadastroAvenida Paulista, 1000 – Apto 42Bela Vista · São Paulo/SP · CEP 01310-100',
      'ClínicaRua da Assembleia, 10 – Sala 501Centro · Rio de Janeiro/RJ · CEP 20040-002Recebe: Recepção da Clínica · (21) 3222-1100',
    ]);
    // The orders at a glance.
    const resumo = within(dialog.getByLabelText('Resumo dos pedidos'));
    expect(resumo.getByText('7')).toBeTruthy();
    expect(resumo.getByText('R$ 1.234,50')).toBeTruthy();
    expect(resumo.getByText('05/03/2025')).toBeTruthy();

    const orders = await dialog.findAllByTestId('client-order');
    expect(orders.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Pedido #31'),
      expect.stringContaining('Pedido #30'),
    ]);
    expect(within(orders[0]!).getByText('Entregue')).toBeTruthy();
    expect(within(orders[0]!).getByText('R$ 150,00')).toBeTruthy();
    expect(within(orders[1]!).getByText('Cancelado')).toBeTruthy();
    expect(within(orders[1]!).getByText('10/02/2025')).toBeTruthy();
    const first = queryOf(callsTo(calls, '/api/pedido/admin/listagem')[0]!.url);
    expect(first).toEqual({
      idCliente: '1',
      page: '0',
      size: '5',
      sort: 'desc',
      dataInicio: '2000-01-01',
      dataFim: hojeNaClinica(),
    });
    expect(dialog.getByText('2 de 3 pedidos')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Ver mais' }));
    await waitFor(() => expect(dialog.getAllByTestId('client-order')).toHaveLength(3));
    expect(within(dialog.getAllByTestId('client-order')[2]!).getByText('Pendente')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Ver mais' })).toBeNull();
    expect(dialog.getByText('3 de 3 pedidos')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?nome=maria'));
    await waitFor(() => expect(screen.queryByTestId('client-dialog')).toBeNull());
  });

  it('the name link leads to the dialog (Enter); an address with ?cliente opens a company, without orders', async () => {
    mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(clienteAdminApi.buscar, buscarWire([EMPRESA_WIRE])),
      [UF]: okFor(enderecoApi.ufs, UFS),
      'GET /api/cliente/buscar/8': okFor(
        clienteAdminApi.detalhe,
        detalheWire(8, {
          juridica: true,
          nome: null,
          cpf: null,
          razaoSocial: 'Consultório Odontológico Boa Vista Ltda.',
          cnpj: '11222333000181',
          cpfCnpj: '11222333000181',
          inscricaoEstadual: '110042490114',
          endereco: null,
          cidade: '',
          estado: '',
          usuario: { id: 9, email: 'empresa@clinica.com.br', confirmado: false },
          pedidos: { quantidade: 0, quantidadePagos: 0, valorPago: 0, ultimoPedidoEm: null },
        }),
      ),
      'GET /api/cliente/8/enderecos': okFor(catalogoEnderecosApi.listar, { enderecos: [] }),
      [PEDIDOS]: okFor(pedidoApi.listagemAdmin, pedidosWire([])),
    });
    const { router } = renderClients('/clients?cliente=8');
    const dialog = within(await screen.findByTestId('client-dialog'));
    expect(await dialog.findByRole('heading', { name: 'Consultório Odontológico Boa Vista Ltda.' })).toBeTruthy();
    expect(dialog.getByText('11.222.333/0001-81')).toBeTruthy();
    expect(dialog.getByText('110042490114')).toBeTruthy();
    expect(dialog.getByText('E-mail não confirmado')).toBeTruthy();
    expect(dialog.getByText(MSG_BO.clienteSemEndereco)).toBeTruthy();
    expect(await dialog.findByText(MSG_BO.clienteSemPedidos)).toBeTruthy();
    // Opened from the address: closing stays on the list (no history entry to go back to).
    fireEvent.click(dialog.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const link = await screen.findByRole('link', { name: 'Abrir cliente Consultório Odontológico Boa Vista Ltda.' });
    expect(link.getAttribute('href')).toBe('/clients?cliente=8');
  });

  it('a failing client or order list shows its message in the dialog', async () => {
    mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(clienteAdminApi.buscar, buscarWire([clienteWire(1)])),
      [UF]: okFor(enderecoApi.ufs, UFS),
      'GET /api/cliente/buscar/1': okFor(clienteAdminApi.detalhe, detalheWire(1)),
      [PEDIDOS]: fail(500, 'Pedidos indisponíveis.'),
      'GET /api/cliente/1/enderecos': fail(500, 'Endereços indisponíveis.'),
      'GET /api/cliente/buscar/2': fail(404, 'Cliente não encontrado.'),
    });
    const first = renderClients('/clients?cliente=1');
    expect(await screen.findByText(`${MSG_BO.erroPedidosCliente}Pedidos indisponíveis.`)).toBeTruthy();
    // The book unreadable: the registered address stands in for it.
    expect(screen.getByText('Avenida Paulista, 1578 – Apto 42')).toBeTruthy();
    expect(screen.getByText('CEP 01310-200')).toBeTruthy();
    first.unmount();
    renderClients('/clients?cliente=2');
    expect(await screen.findByText(`${MSG_BO.erroDetalheCliente}Cliente não encontrado.`)).toBeTruthy();
  });
});
