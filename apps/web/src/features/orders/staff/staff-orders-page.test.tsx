import { notaFiscalApi } from '@clinica/shared/schemas/nota-fiscal';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { clienteAdminApi } from '@clinica/shared/schemas/cliente-admin';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { pedidoEquipeApi } from '@clinica/shared/schemas/pedido-equipe';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADDRESS_API } from '../../../test/account-fixtures';
import { click, renderAt, setupScreenTests, signInAs, typeInto } from '../../../test/screen-tests';
import { fail, mockApi, type MockReply, okFor } from '../../../test/test-utils';
import {
  CLIENTE_SUGESTOES,
  EQUIPE_SESSION,
  ORDER_SCREEN_CALLS,
  listagemAdminWire,
  pedidoWire,
  PRODUTO_SUGESTOES,
  resumoPagoWire,
  resumoWire,
} from '../order-fixtures';
import { hojeNaClinica } from '@clinica/shared/clinic-day';
import { StaffOrdersPage } from './staff-orders-page';

/** The product pictures (404: no picture), the empty audit trail, and the name searches of a chosen filter (404: no other match). */
const SCREEN_CALLS: Record<string, MockReply> = {
  // Paid orders with goods show their NF-e (ADR 031): none issued for these.
  'GET /api/pedido/12/nota-fiscal': okFor(notaFiscalApi.daPedido, null),
  'GET /api/pedido/13/nota-fiscal': okFor(notaFiscalApi.daPedido, null),
  ...ORDER_SCREEN_CALLS,
  'GET /api/produto/buscaNome/Espelho%20bucal': fail(404, 'Não encontrado.'),
  'GET /api/cliente/buscaNome/Maria%20Cliente%20Silva': fail(404, 'Não encontrado.'),
};

const LIST = 'GET /api/pedido/admin/listagem';

function renderStaffOrders(path = '/orders') {
  signInAs(EQUIPE_SESSION);
  return renderAt(path, { '/orders': <StaffOrdersPage /> });
}

type Call = { method: string; url: string; body: unknown };
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/pedido/admin/'));
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const lastQuery = (calls: Call[]) => queryOf(listCalls(calls).at(-1)!.url);

/** The list and the lookups the filters make. */
function api(extra: Record<string, MockReply | ((req: { url: string }) => MockReply)> = {}) {
  return mockApi({
    ...SCREEN_CALLS,
    [LIST]: okFor(
      pedidoApi.listagemAdmin,
      listagemAdminWire([resumoPagoWire(12), resumoWire(11, 'PENDENTE'), resumoPagoWire(10, 'ENVIADO')]),
    ),
    ...ADDRESS_API,
    ...extra,
  });
}

describe('/orders staff order list', () => {
  setupScreenTests();

  it("starts with today's orders (the clinic's day), page 0 of 10, newest first; rows show status, number, client, value, dates and cancel", async () => {
    const { calls } = api();
    renderStaffOrders();
    expect(await screen.findByRole('button', { name: 'Ver pedido #12' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Lista de pedidos' })).toBeTruthy();
    const today = hojeNaClinica();
    expect(lastQuery(calls)).toEqual({ page: '0', size: '10', sort: 'desc', dataInicio: today });
    expect((screen.getByLabelText('Data de início') as HTMLInputElement).value).toBe(today);

    const rows = screen.getAllByTestId('staff-order-row');
    expect(rows).toHaveLength(3);
    const [pago, pendente, enviado] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pago).getByText('Pago')).toBeTruthy();
    expect(within(pago).getByText('Maria Cliente Silva')).toBeTruthy();
    expect(within(pago).getByText('R$ 58,80')).toBeTruthy();
    expect(within(pago).getAllByText('05/03/2025')).toHaveLength(2); // order and payment dates
    expect(within(pago).getByText('PIX')).toBeTruthy();
    expect(within(pendente).getByText('Não pago')).toBeTruthy();
    // Cancel before the order is sent only.
    expect(within(pago).getByRole('button', { name: 'Cancelar pedido #12' })).toBeTruthy();
    expect(within(pendente).getByRole('button', { name: 'Cancelar pedido #11' })).toBeTruthy();
    expect(within(enviado).queryByRole('button', { name: /Cancelar/ })).toBeNull();
    expect(screen.getByText('3 registros')).toBeTruthy();
  });

  it("the start date is required: 'É necessário informar uma data de início', nothing is asked", async () => {
    const { calls } = api();
    renderStaffOrders();
    await screen.findByRole('button', { name: 'Ver pedido #12' });
    typeInto('Data de início', '');
    click('Filtrar');
    expect(await screen.findByText(MSG.dataInicioObrigatoria)).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);

    typeInto('Data de início', '2025-03-01');
    typeInto('Data final', '2025-03-10');
    typeInto('Nº do pedido', '12');
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'PAGO' } });
    click('Filtrar');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(lastQuery(calls)).toEqual({
      page: '0',
      size: '10',
      sort: 'desc',
      dataInicio: '2025-03-01',
      dataFim: '2025-03-10',
      idPedido: '12',
      situacao: 'PAGO',
    });
  });

  it('state then city: the cities load for the chosen state; both go to the query', async () => {
    const { calls } = api();
    renderStaffOrders();
    await screen.findByRole('button', { name: 'Ver pedido #12' });
    const cidade = screen.getByLabelText('Cidade') as HTMLSelectElement;
    expect(cidade.disabled).toBe(true);
    await screen.findByRole('option', { name: 'São Paulo' });
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: '35' } });
    await within(cidade).findByRole('option', { name: 'Campinas' });
    fireEvent.change(cidade, { target: { value: '3509502' } });
    click('Filtrar');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ idUf: '35', idCidade: '3509502' }));
  });

  it('product: no search up to 3 characters (docs/behaviour/forms-and-validation.md#field-rules); from the 4th the names are offered and the chosen id filters', async () => {
    const { calls } = api({
      'GET /api/produto/buscaNome/Espe': okFor(produtoApi.buscaNome, PRODUTO_SUGESTOES),
      'GET /api/cliente/buscaNome/Ma': okFor(clienteAdminApi.buscaNome, CLIENTE_SUGESTOES),
    });
    renderStaffOrders();
    await screen.findByRole('button', { name: 'Ver pedido #12' });
    const produto = screen.getByRole('combobox', { name: 'Produto' });
    fireEvent.focus(produto);
    fireEvent.change(produto, { target: { value: 'Esp' } });
    // A later search with the same pause proves the 3-letter one never went out.
    const cliente = screen.getByRole('combobox', { name: 'Cliente' });
    fireEvent.focus(cliente);
    fireEvent.change(cliente, { target: { value: 'Ma' } });
    await screen.findByRole('option', { name: /Mariana Souza/ });
    expect(calls.some((c) => c.url.startsWith('/api/produto/buscaNome/'))).toBe(false);
    fireEvent.blur(cliente);

    fireEvent.focus(produto);
    fireEvent.change(produto, { target: { value: 'Espe' } });
    const opcao = await screen.findByRole('option', { name: /Espelho bucal/ });
    fireEvent.mouseDown(opcao);
    expect((produto as HTMLInputElement).value).toBe('Espelho bucal');
    click('Filtrar');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ idProduto: '2' }));
    expect(lastQuery(calls).nomeProduto).toBeUndefined();
  });

  it('client: chosen from the name search (arrows and Enter); kept in the address with its name', async () => {
    const { calls } = api({ 'GET /api/cliente/buscaNome/Mari': okFor(clienteAdminApi.buscaNome, CLIENTE_SUGESTOES) });
    const { router } = renderStaffOrders();
    await screen.findByRole('button', { name: 'Ver pedido #12' });
    const cliente = screen.getByRole('combobox', { name: 'Cliente' });
    fireEvent.focus(cliente);
    fireEvent.change(cliente, { target: { value: 'Mari' } });
    await screen.findByRole('option', { name: /Maria Cliente Silva/ });
    expect(screen.getByText('529.982.247-25')).toBeTruthy();
    fireEvent.keyDown(cliente, { key: 'ArrowDown' });
    fireEvent.keyDown(cliente, { key: 'Enter' });
    expect((cliente as HTMLInputElement).value).toBe('Maria Cliente Silva');
    click('Filtrar');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ idCliente: '3' }));
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('idCliente')).toBe('3');
    expect(address.get('nomeCliente')).toBe('Maria Cliente Silva');
  });

  it('the filters in the address are applied and shown; "Limpar" goes back to today', async () => {
    const { calls } = api();
    renderStaffOrders(
      '/orders?dataInicio=2025-03-01&dataFim=2025-03-31&situacao=ENVIADO&idCliente=3&nomeCliente=Maria%20Cliente%20Silva&idProduto=2&nomeProduto=Espelho%20bucal&idUf=35&idCidade=3550308&sort=asc&size=20&page=1',
    );
    await screen.findByRole('button', { name: 'Ver pedido #12' });
    expect(queryOf(listCalls(calls)[0]!.url)).toEqual({
      page: '1',
      size: '20',
      sort: 'asc',
      dataInicio: '2025-03-01',
      dataFim: '2025-03-31',
      situacao: 'ENVIADO',
      idUf: '35',
      idCidade: '3550308',
      idCliente: '3',
      idProduto: '2',
    });
    expect((screen.getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement).value).toBe('Maria Cliente Silva');
    expect((screen.getByRole('combobox', { name: 'Produto' }) as HTMLInputElement).value).toBe('Espelho bucal');
    await waitFor(() => expect((screen.getByLabelText('Cidade') as HTMLSelectElement).value).toBe('3550308'));

    click('Limpar');
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({ page: '0', size: '20', sort: 'desc', dataInicio: hojeNaClinica() }),
    );
    expect((screen.getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement).value).toBe('');
  });

  it('sort and paging: oldest first, next page, page sizes 10/15/20 (back to page 0)', async () => {
    const { calls } = api({
      [LIST]: ({ url }) => {
        const page = Number(queryOf(url).page);
        return okFor(pedidoApi.listagemAdmin, listagemAdminWire([resumoPagoWire(30 - page)], page, 3, 25));
      },
    });
    renderStaffOrders();
    await screen.findByRole('button', { name: 'Ver pedido #30' });
    fireEvent.change(screen.getByLabelText('Ordenar'), { target: { value: 'asc' } });
    await waitFor(() => expect(lastQuery(calls).sort).toBe('asc'));
    click('Próxima página');
    expect(await screen.findByRole('button', { name: 'Ver pedido #29' })).toBeTruthy();
    expect(lastQuery(calls)).toMatchObject({ page: '1', sort: 'asc' });
    const sizes = [...(screen.getByLabelText('Itens por página') as HTMLSelectElement).options].map((o) => o.value);
    expect(sizes).toEqual(['10', '15', '20']);
    fireEvent.change(screen.getByLabelText('Itens por página'), { target: { value: '15' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '0', size: '15' }));
  });

  it("no order today: says so and offers the last 30 days; a failure shows 'Erro ao buscar a lista de pedidos: …'", async () => {
    let n = 0;
    const { calls } = api({
      [LIST]: () =>
        ++n === 1 ? okFor(pedidoApi.listagemAdmin, listagemAdminWire([])) : fail(500, 'Banco indisponível.'),
    });
    renderStaffOrders();
    expect(await screen.findByText('Nenhum pedido hoje')).toBeTruthy();
    click('Ver os últimos 30 dias');
    expect(await screen.findByText('Erro ao buscar a lista de pedidos: Banco indisponível.')).toBeTruthy();
    expect(lastQuery(calls).dataInicio! < hojeNaClinica()).toBe(true);
  });

  it('cancelling a paid order from the list says it refunds; confirming shows the server message and refreshes the list', async () => {
    let cancelado = false;
    const { calls } = api({
      [LIST]: () =>
        okFor(pedidoApi.listagemAdmin, listagemAdminWire([resumoPagoWire(12, cancelado ? 'CANCELADO' : 'PAGO')])),
      'PUT /api/pedido/cancelar/12': () => {
        cancelado = true;
        return okFor(pedidoApi.cancelar, pedidoWire(12, 'CANCELADO'), { message: MSG.pedidoCancelado });
      },
    });
    renderStaffOrders();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido #12' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar e estornar?' });
    expect(dialog.textContent).toContain('cancelar estorna o pagamento de R$ 58,80 ao cliente');
    // 'Voltar' keeps the order.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pedido #12' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Estornar e cancelar' }));
    expect(await screen.findByText(MSG.pedidoCancelado)).toBeTruthy();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(await within(screen.getByTestId('staff-order-row')).findByText('Cancelado')).toBeTruthy();
  });

  it('a pending order is cancelled without a refund', async () => {
    api({
      [LIST]: okFor(pedidoApi.listagemAdmin, listagemAdminWire([resumoWire(11, 'PENDENTE')])),
      'PUT /api/pedido/cancelar/11': fail(409, 'Este pedido já está cancelado.'),
    });
    renderStaffOrders();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido #11' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar pedido?' });
    expect(dialog.textContent).toContain('Cancelar o pedido #11? Esta ação não pode ser desfeita.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, cancelar pedido' }));
    expect(await screen.findByText('Este pedido já está cancelado.')).toBeTruthy();
  });

  it('a row (or its number) opens the staff order dialog', async () => {
    api({ 'GET /api/pedido/12': okFor(pedidoApi.detalhe, pedidoWire(12, 'PAGO')) });
    renderStaffOrders();
    await screen.findByRole('button', { name: 'Ver pedido #12' });
    fireEvent.click(within(screen.getAllByTestId('staff-order-row')[0]!).getByText('Maria Cliente Silva'));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #12' });
    expect(await within(dialog).findByRole('button', { name: 'Marcar como enviado' })).toBeTruthy();
  });
  it("each row's next step comes first: 'Enviar' on a paid order with something to carry, 'Marcar como entregue' on a sent one, none on paid courses", async () => {
    const cursos = {
      ...resumoPagoWire(9),
      produtos: [{ produtoId: 7, produtoNome: 'Curso', quantidade: 1, digital: true }],
    };
    api({
      [LIST]: okFor(
        pedidoApi.listagemAdmin,
        listagemAdminWire([resumoPagoWire(12), resumoWire(11, 'PENDENTE'), resumoPagoWire(10, 'ENVIADO'), cursos]),
      ),
    });
    renderStaffOrders();
    await screen.findByRole('button', { name: 'Ver pedido #12' });
    const [pago, pendente, enviado, digital] = screen.getAllByTestId('staff-order-row') as HTMLElement[];
    const actions = (row: HTMLElement) =>
      within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'))
        .filter(Boolean);
    expect(actions(pago!)).toEqual(['Enviar pedido #12', 'Cancelar pedido #12']);
    expect(actions(pendente!)).toEqual(['Cancelar pedido #11']);
    expect(actions(enviado!)).toEqual(['Marcar pedido #10 como entregue']);
    expect(actions(digital!)).toEqual(['Cancelar pedido #9']);
  });

  it("'Enviar' on a row asks the tracking code and sends the order; 'Marcar como entregue' asks first; the list is fetched again", async () => {
    let situacao: 'PAGO' | 'ENVIADO' | 'ENTREGUE' = 'PAGO';
    const { calls } = api({
      [LIST]: () => okFor(pedidoApi.listagemAdmin, listagemAdminWire([resumoPagoWire(12, situacao)])),
      'GET /api/pedido/12': () => okFor(pedidoApi.detalhe, pedidoWire(12, situacao)),
      'PUT /api/pedido/enviar/12': () => {
        situacao = 'ENVIADO';
        return okFor(pedidoEquipeApi.enviar, pedidoWire(12, 'ENVIADO'), { message: MSG_BO.pedidoEnviado });
      },
      'PUT /api/pedido/entregar/12': () => {
        situacao = 'ENTREGUE';
        return okFor(pedidoEquipeApi.entregar, pedidoWire(12, 'ENTREGUE'), { message: MSG_BO.pedidoEntregue });
      },
    });
    renderStaffOrders();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar pedido #12' }));
    const envio = await screen.findByRole('dialog', { name: 'Enviar o pedido #12' });
    // The order dialog stays closed: the row went straight to the step.
    expect(screen.queryByRole('dialog', { name: 'Pedido #12' })).toBeNull();
    // 'Confirmar envio' waits for the order's invoice (issued: no confirmation asked).
    await waitFor(() =>
      expect((within(envio).getByRole('button', { name: 'Confirmar envio' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(within(envio).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(envio).getByRole('button', { name: 'Confirmar envio' }));
    expect(await within(envio).findByText(/código de rastreio/i, { selector: '[role=alert], p, span' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(envio).getByLabelText('Código de rastreio'), { target: { value: 'AA123456789BR' } });
    fireEvent.click(within(envio).getByRole('button', { name: 'Confirmar envio' }));
    expect(await screen.findByText(MSG_BO.pedidoEnviado)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/pedido/enviar/12',
      body: { codigoRastreio: 'AA123456789BR' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enviar o pedido #12' })).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Marcar pedido #12 como entregue' }));
    const entrega = await screen.findByRole('alertdialog', { name: 'Marcar como entregue?' });
    expect(entrega.textContent).toContain('Confirmar que o pedido #12 foi entregue ao cliente?');
    fireEvent.click(within(entrega).getByRole('button', { name: 'Confirmar entrega' }));
    expect(await screen.findByText(MSG_BO.pedidoEntregue)).toBeTruthy();
    expect(await within(screen.getByTestId('staff-order-row')).findByText('Entregue')).toBeTruthy();
    expect(within(screen.getByTestId('staff-order-row')).queryAllByRole('button')).toHaveLength(1);
  });
});
