import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { MSG } from '@clinica/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { click, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, okFor, type MockReply } from '../../test/test-utils';
import { CLIENTE_SESSION, listagemWire, pedidoWire, resumoWire, NOTA_FISCAL_CALLS } from './order-fixtures';
import { OrdersPage } from './orders-page';

/** The product pictures of the items (answered 404: no picture). */
const SCREEN_CALLS: Record<string, MockReply> = {
  ...NOTA_FISCAL_CALLS,
  'GET /api/produto/1': fail(404, 'Não encontrado.'),
  'GET /api/produto/2': fail(404, 'Não encontrado.'),
  'GET /api/produto/9': fail(404, 'Não encontrado.'),
  'GET /api/produto/20': fail(404, 'Não encontrado.'),
};

const LIST = 'GET /api/pedido/listagem/cliente/3';

function renderOrders(path = '/orders/7') {
  signInAs(CLIENTE_SESSION);
  return renderAt(path, { '/orders/:id': <OrdersPage /> });
}

const listCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/pedido/listagem/cliente/3'));
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('/orders/:id customer order list', () => {
  setupScreenTests();

  it("asks for the session client's orders (page 0, size 10) and shows number, products and total", async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(pedidoApi.listagemCliente, listagemWire([resumoWire(12), resumoWire(11, 'PAGO')])),
    });
    renderOrders();
    expect(await screen.findByRole('button', { name: 'Ver pedido #12' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Lista de pedidos' })).toBeTruthy();
    expect(queryOf(listCalls(calls)[0]!.url)).toEqual({ page: '0', size: '10' });
    const rows = screen.getAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Escova ultramacia e mais 1 item')).toBeTruthy();
    expect(within(rows[0]!).getByText('R$ 43,80')).toBeTruthy();
    // Date and status are in the table twice: their columns (shown by CSS from 1024 px) and the line under the
    // products (shown below 1024 px).
    expect(within(rows[0]!).getAllByText('05/03/2025')).toHaveLength(2);
    expect(within(within(rows[0]!).getByTestId('order-row-meta')).getByText('05/03/2025')).toBeTruthy();
    expect(within(within(rows[1]!).getByTestId('order-row-meta')).getByText('Pago')).toBeTruthy();
    expect(screen.getByText('2 registros')).toBeTruthy();
  });

  it('shows a loading state, then the empty state with a link to the store', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockApi({ ...SCREEN_CALLS, [LIST]: async () => (await gate, okFor(pedidoApi.listagemCliente, listagemWire([]))) });
    renderOrders();
    expect(await screen.findByText(MSG.carregando)).toBeTruthy();
    release();
    expect(await screen.findByText('Você ainda não fez nenhum pedido')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para a loja' }).getAttribute('href')).toBe('/loja');
  });

  it("shows the server's message when the list fails, and tries again", async () => {
    let n = 0;
    mockApi({
      ...SCREEN_CALLS,
      [LIST]: () =>
        ++n === 1
          ? fail(500, 'Falha ao consultar pedidos.')
          : okFor(pedidoApi.listagemCliente, listagemWire([resumoWire(5)])),
    });
    renderOrders();
    expect(await screen.findByText('Falha ao consultar pedidos.')).toBeTruthy();
    click('Tentar novamente');
    expect(await screen.findByRole('button', { name: 'Ver pedido #5' })).toBeTruthy();
  });

  it("an end date without a start shows 'É necessário informar uma data de início' and sends nothing", async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(pedidoApi.listagemCliente, listagemWire([resumoWire(12)])),
    });
    renderOrders();
    await screen.findByRole('button', { name: 'Ver pedido #12' });
    typeInto('Data final', '2025-03-10');
    click('Filtrar');
    expect(await screen.findByText(MSG.dataInicioObrigatoria)).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);

    typeInto('Data de início', '2025-03-01');
    await waitFor(() => expect(screen.queryByText(MSG.dataInicioObrigatoria)).toBeNull());
    typeInto('Nº do pedido', '12');
    click('Filtrar');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(queryOf(listCalls(calls)[1]!.url)).toEqual({
      page: '0',
      size: '10',
      idPedido: '12',
      dataInicio: '2025-03-01',
      dataFim: '2025-03-10',
    });
  });

  it('filters with no match: a message and "Limpar filtros" back to every order', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LIST]: ({ url }) =>
        okFor(pedidoApi.listagemCliente, listagemWire(url.includes('idPedido') ? [] : [resumoWire(12)])),
    });
    renderOrders('/orders/7?idPedido=999');
    expect(await screen.findByText('Nenhum pedido encontrado')).toBeTruthy();
    expect(queryOf(listCalls(calls)[0]!.url).idPedido).toBe('999');
    expect((screen.getByLabelText('Nº do pedido') as HTMLInputElement).value).toBe('999');
    click('Limpar filtros');
    expect(await screen.findByRole('button', { name: 'Ver pedido #12' })).toBeTruthy();
    expect((screen.getByLabelText('Nº do pedido') as HTMLInputElement).value).toBe('');
  });

  it('pages: next page asks for page 1; a new page size goes back to page 0', async () => {
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LIST]: ({ url }) => {
        const q = queryOf(url);
        const page = Number(q.page);
        return okFor(pedidoApi.listagemCliente, listagemWire([resumoWire(30 - page)], page, 3, 25));
      },
    });
    renderOrders();
    await screen.findByRole('button', { name: 'Ver pedido #30' });
    expect(screen.getByRole('button', { name: 'Página 1' }).getAttribute('aria-current')).toBe('page');
    click('Próxima página');
    expect(await screen.findByRole('button', { name: 'Ver pedido #29' })).toBeTruthy();
    expect(queryOf(listCalls(calls).at(-1)!.url).page).toBe('1');
    expect(screen.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.change(screen.getByLabelText('Itens por página'), { target: { value: '20' } });
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!.url)).toEqual({ page: '0', size: '20' }));
  });

  it('a row (or its number, by keyboard) opens the order dialog', async () => {
    mockApi({
      ...SCREEN_CALLS,
      [LIST]: okFor(pedidoApi.listagemCliente, listagemWire([resumoWire(12)])),
      'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12)),
    });
    renderOrders();
    const number = await screen.findByRole('button', { name: 'Ver pedido #12' });
    fireEvent.click(screen.getAllByTestId('order-row')[0]!.querySelector('td:nth-child(2)')!);
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #12' });
    expect(await within(dialog).findByText('Avenida Paulista, 1000 – Sala 1')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    number.focus();
    fireEvent.click(number); // Enter/Space on a <button> is a click
    expect(await screen.findByRole('dialog', { name: 'Pedido #12' })).toBeTruthy();
  });

  it('cancelling from the dialog refreshes the list', async () => {
    let cancelled = false;
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LIST]: () =>
        okFor(pedidoApi.listagemCliente, listagemWire([resumoWire(12, cancelled ? 'CANCELADO' : 'PENDENTE')])),
      'GET /api/pedido/12': () => okFor(pedidoApi.detalhe, pedidoWire(12, cancelled ? 'CANCELADO' : 'PENDENTE')),
      'PUT /api/pedido/cancelar/12': () => {
        cancelled = true;
        return okFor(pedidoApi.cancelar, pedidoWire(12, 'CANCELADO'), { message: MSG.pedidoCancelado });
      },
    });
    renderOrders();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver pedido #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #12' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancelar pedido' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, cancelar pedido' }));
    expect(await screen.findByText(MSG.pedidoCancelado)).toBeTruthy();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(within(screen.getAllByTestId('order-row')[0]!).getAllByText('Cancelado')).toHaveLength(2);
  });
});
