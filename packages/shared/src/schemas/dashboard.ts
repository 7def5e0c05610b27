/**
 * The manager's sales dashboard (docs/behaviour/back-office.md#sales-dashboard; ADMIN
 * only). A sale is an order in PAGO, ENVIADO or ENTREGUE; its day is the
 * order date (`dtPedido`) in the clinic's time zone, the same rule as the
 * date filter of GET /pedido/admin/listagem, so the figures match the orders
 * table for the same period. Money is cents in code and reais on the wire.
 */
import { z } from 'zod';
import { diasNoPeriodo, hojeNaClinica, somarDias } from '../clinic-day.js';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { moneySchema } from './money.js';
import { dataQuery, situacaoPedidoSchema, tipoPagamentoSchema } from './pedido.js';

/** Statuses that make an order a sale (its products count as bought). */
export const SITUACOES_VENDA = ['PAGO', 'ENVIADO', 'ENTREGUE'] as const;

/** The default period: the last 30 days, today included. */
export const DASHBOARD_DIAS_PADRAO = 30;
/** The longest period, in days (both ends included). */
export const DASHBOARD_MAX_DIAS = 366;
/** How many best sellers are listed. */
export const DASHBOARD_MAIS_VENDIDOS = 10;

/**
 * `GET /dashboard/vendas` query: calendar days in the clinic's time zone,
 * both included. Without dataFim the period ends today; without dataInicio it
 * starts 29 days before its end (30 days). dataFim must not come before
 * dataInicio, and the period is at most 366 days.
 */
const dashboardVendasQuerySchema = z
  .object({ dataInicio: dataQuery, dataFim: dataQuery })
  .transform((q) => {
    const dataFim = q.dataFim ?? hojeNaClinica();
    const dataInicio = q.dataInicio ?? somarDias(dataFim, -(DASHBOARD_DIAS_PADRAO - 1));
    return { dataInicio, dataFim };
  })
  .superRefine((q, ctx) => {
    if (q.dataInicio > q.dataFim) {
      ctx.addIssue({ code: 'custom', message: MSG.periodoInvalido, path: ['dataFim'] });
    } else if (diasNoPeriodo(q.dataInicio, q.dataFim) > DASHBOARD_MAX_DIAS) {
      ctx.addIssue({ code: 'custom', message: MSG_BO.painelPeriodoLongo, path: ['dataInicio'] });
    }
  });

const inteiro = z.number().int().min(0);

const dashboardVendasSchema = z.object({
  /** The period the figures are about (the defaults applied). */
  periodo: z.object({ dataInicio: z.string(), dataFim: z.string() }),
  resumo: z.object({
    /** Sum of the sales' totals (products and freight). */
    receita: moneySchema,
    /** Number of sales (PAGO, ENVIADO, ENTREGUE). */
    pedidosPagos: inteiro,
    /** receita ÷ pedidosPagos, rounded to the cent (0 without sales). */
    ticketMedio: moneySchema,
    /** Every order of the period, whatever its status. */
    pedidos: inteiro,
  }),
  /** Every day of the period, oldest first; days without sales are 0. */
  receitaPorDia: z.array(z.object({ dia: z.string(), receita: moneySchema, pedidos: inteiro })),
  /** Every status (docs/behaviour/orders.md#order-statuses), with the orders of the period in it and their total value. */
  pedidosPorSituacao: z.array(z.object({ situacao: situacaoPedidoSchema, quantidade: inteiro, valor: moneySchema })),
  /** The 10 products sold in the most units (gift lines left out), with their revenue (lines, without freight). */
  maisVendidos: z.array(
    z.object({ produtoId: z.number().int(), produtoNome: z.string(), quantidade: inteiro, receita: moneySchema }),
  ),
  /** Sales by the type of their approved payment: PIX and card, both always listed. */
  porPagamento: z.array(z.object({ tipoPagamento: tipoPagamentoSchema, pedidos: inteiro, receita: moneySchema })),
});
export type DashboardVendas = z.output<typeof dashboardVendasSchema>;

export const dashboardApi = {
  vendas: defineEndpoint({
    method: 'GET',
    path: '/dashboard/vendas',
    summary: 'Painel de vendas do período (ADMIN)',
    description:
      'Venda = pedido PAGO, ENVIADO ou ENTREGUE; o dia é a data do pedido no fuso da clínica (America/Sao_Paulo), a mesma regra do filtro de datas de GET /pedido/admin/listagem. Sem datas: os últimos 30 dias até hoje. No máximo 366 dias.',
    query: dashboardVendasQuerySchema,
    response: dashboardVendasSchema,
  }),
};
