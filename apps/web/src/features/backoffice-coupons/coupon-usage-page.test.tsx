import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { cupomAdminApi } from '@clinica/shared/schemas/cupom-admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupScreenTests, signInAs } from '../../test/screen-tests';
import { mockApi, okFor, type WireContent } from '../../test/test-utils';
import { EQUIPE } from './coupon-fixtures';
import { CouponUsagePage } from './coupon-usage-page';

type Usos = WireContent<typeof cupomAdminApi.usos>;
const CUPOM = { id: 4, codigo: 'BEMVINDO10', descricao: 'Boas-vindas: 10% na primeira compra' };
const usos = (over: Partial<Usos> = {}) =>
  okFor(cupomAdminApi.usos, {
    cupom: CUPOM,
    totalUsos: 1,
    totalDescontado: 18.5,
    listaUsos: [
      {
        pedidoId: 31,
        data: '2026-03-10T15:00:00.000Z',
        cliente: { id: 5, nome: 'Ana Lima' },
        valorPedido: 16.5,
        desconto: 18.5,
        situacao: 'PAGO',
        conta: true,
      },
      {
        pedidoId: 27,
        data: '2026-03-02T02:30:00.000Z',
        cliente: { id: 6, nome: 'Clínica Boa Vista Ltda.' },
        valorPedido: 90,
        desconto: 10,
        situacao: 'CANCELADO',
        conta: false,
      },
    ],
    totalPaginas: 1,
    totalRegistros: 2,
    page: 0,
    ...over,
  });

function renderUsos(path = '/cupons/4/usos') {
  signInAs(EQUIPE);
  return renderAt(path, { '/cupons/:id/usos': <CouponUsagePage />, '/cupons/:id': <p>Cupom</p> });
}

describe('/cupons/:id/usos: relatório de usos do cupom', () => {
  setupScreenTests();

  it('mostra os totais que contam e os pedidos, com o cancelado riscado e marcado', async () => {
    const { calls } = mockApi({ 'GET /api/cupom/4/usos': usos() });
    renderUsos();
    expect(await screen.findByRole('heading', { level: 1, name: 'Usos do cupom BEMVINDO10' })).toBeTruthy();
    const totais = screen.getByLabelText('Totais do cupom');
    expect(within(totais).getByText('Usos que contam').nextSibling?.textContent).toBe('1');
    expect(within(totais).getByText('Total descontado').nextSibling?.textContent).toBe('R$ 18,50');
    expect(within(totais).getByText('Pedidos com o cupom').nextSibling?.textContent).toBe('2');
    const rows = screen.getAllByTestId('usage-row');
    expect(rows).toHaveLength(2);
    const pago = within(rows[0]!);
    expect(pago.getByRole('link', { name: 'Abrir o pedido 31 na lista de pedidos' }).getAttribute('href')).toBe(
      '/orders?dataInicio=2026-03-10&dataFim=2026-03-10&idPedido=31',
    );
    expect(pago.getByText('Ana Lima')).toBeTruthy();
    expect(pago.getAllByText('10/03/2026 às 12:00').length).toBeGreaterThan(0);
    expect(pago.getByText('R$ 16,50')).toBeTruthy();
    // 23:30 in São Paulo: the order's day is the clinic's.
    const cancelado = within(rows[1]!);
    expect(cancelado.getByRole('link', { name: /pedido 27/ }).getAttribute('href')).toContain('dataInicio=2026-03-01');
    expect(cancelado.getByText('R$ 10,00').tagName).toBe('S');
    expect(cancelado.getByText('Não conta')).toBeTruthy();
    expect(Object.fromEntries(new URL(calls[0]!.url, 'http://x').searchParams)).toEqual({ page: '0', size: '10' });
    expect(screen.getByRole('link', { name: 'Voltar ao cupom' }).getAttribute('href')).toBe('/cupons/4');
  });

  it('um cupom ainda sem usos diz que os pedidos aparecerão ali', async () => {
    mockApi({
      'GET /api/cupom/4/usos': usos({
        totalUsos: 0,
        totalDescontado: 0,
        listaUsos: [],
        totalPaginas: 0,
        totalRegistros: 0,
      }),
    });
    renderUsos();
    expect(await screen.findByText(MSG_BO.cupomSemUsos)).toBeTruthy();
    expect(screen.getByText(MSG_BO.cupomSemUsosTexto)).toBeTruthy();
  });

  it('um endereço sem cupom válido não chama a API', async () => {
    mockApi({});
    renderUsos('/cupons/abc/usos');
    expect(await screen.findByText('O endereço não indica um cupom válido.')).toBeTruthy();
  });
});
