import { sql, type SQL } from 'drizzle-orm';
import { FUSO_CLINICA } from '@clinica/shared/clinic-day';
import { toCents, type Cents } from '@clinica/shared/money';
import { DASHBOARD_MAIS_VENDIDOS, SITUACOES_VENDA } from '@clinica/shared/schemas/dashboard';
import { SITUACOES_PEDIDO, type SituacaoPedido, type TipoPagamento } from '@clinica/shared/schemas/pedido';
import type { Db } from '../../db/client.js';

/**
 * The period of the figures: calendar days of the clinic, and the instants
 * that bound them (start of the first day, inclusive; start of the day after
 * the last, exclusive), computed as the admin order listing computes its date
 * filter, so both count the same orders.
 */
export interface PeriodoVendas {
  dataInicio: string;
  dataFim: string;
  desde: Date;
  ate: Date;
}

/** Constant lists written into the SQL as literals (they are ours, never the caller's). */
const literais = (valores: readonly string[]) => sql.raw(valores.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
const VENDA = literais(SITUACOES_VENDA);
/** Every status and every payment type, in the contract's order, so empty ones still get a row. */
const SITUACOES = sql.raw(SITUACOES_PEDIDO.map((s, i) => `('${s}', ${i})`).join(', '));
const TIPOS = sql.raw(
  (['pix', 'credit', 'boleto'] as const satisfies readonly TipoPagamento[]).map((t, i) => `('${t}', ${i})`).join(', '),
);

/** Money aggregates travel as text (numeric) and become cents here. */
const cents = (v: string | number | null): Cents => (v === null ? 0 : toCents(String(v)));

/** Runs one statement and returns its rows (the same `rows` on PostgreSQL and PGlite). */
async function linhas<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The dashboard's figures, one SQL statement each (docs/quality.md P3: no N+1, no
 * aggregation in JavaScript). A sale is an order in SITUACOES_VENDA; every
 * figure counts the orders placed within the period (`pedidos.created_at`).
 */
export function createDashboardRepository(db: Db) {
  const noPeriodo = (p: PeriodoVendas, alias = sql`pedidos`) =>
    sql`${alias}.created_at >= ${p.desde.toISOString()}::timestamptz AND ${alias}.created_at < ${p.ate.toISOString()}::timestamptz`;

  return {
    /** Revenue, sales, average ticket (rounded to the cent) and all orders of the period. */
    async resumo(p: PeriodoVendas) {
      const [row] = await linhas<{ receita: string; pedidos_pagos: number; ticket: string; pedidos: number }>(
        db,
        sql`SELECT coalesce(sum(valor_total) FILTER (WHERE situacao IN (${VENDA})), 0)::text AS receita,
                   (count(*) FILTER (WHERE situacao IN (${VENDA})))::int AS pedidos_pagos,
                   coalesce(round(avg(valor_total) FILTER (WHERE situacao IN (${VENDA})), 2), 0)::text AS ticket,
                   count(*)::int AS pedidos
              FROM pedidos
             WHERE ${noPeriodo(p)}`,
      );
      return {
        receita: cents(row?.receita ?? null),
        pedidosPagos: Number(row?.pedidos_pagos ?? 0),
        ticketMedio: cents(row?.ticket ?? null),
        pedidos: Number(row?.pedidos ?? 0),
      };
    },

    /**
     * Revenue and sales of every day of the period (generate_series fills the days without sales); an order's day is
     * its date in the clinic's time zone (FUSO_CLINICA).
     */
    async receitaPorDia(p: PeriodoVendas) {
      const rows = await linhas<{ dia: string; receita: string; pedidos: number }>(
        db,
        sql`SELECT to_char(d.dia, 'YYYY-MM-DD') AS dia,
                   coalesce(sum(p.valor_total), 0)::text AS receita,
                   count(p.id)::int AS pedidos
              FROM generate_series(${p.dataInicio}::date, ${p.dataFim}::date, interval '1 day') AS d(dia)
              LEFT JOIN pedidos p
                ON (p.created_at AT TIME ZONE ${FUSO_CLINICA})::date = d.dia::date
               AND p.situacao IN (${VENDA})
               AND ${noPeriodo(p, sql`p`)}
             GROUP BY d.dia
             ORDER BY d.dia`,
      );
      return rows.map((r) => ({ dia: r.dia, receita: cents(r.receita), pedidos: Number(r.pedidos) }));
    },

    /** Orders and their total value per status, every status listed. */
    async pedidosPorSituacao(p: PeriodoVendas) {
      const rows = await linhas<{ situacao: SituacaoPedido; quantidade: number; valor: string }>(
        db,
        sql`SELECT s.situacao, count(p.id)::int AS quantidade, coalesce(sum(p.valor_total), 0)::text AS valor
              FROM (VALUES ${SITUACOES}) AS s(situacao, ordem)
              LEFT JOIN pedidos p ON p.situacao = s.situacao AND ${noPeriodo(p, sql`p`)}
             GROUP BY s.situacao, s.ordem
             ORDER BY s.ordem`,
      );
      return rows.map((r) => ({ situacao: r.situacao, quantidade: Number(r.quantidade), valor: cents(r.valor) }));
    },

    /** The products sold in the most units (gift lines left out), with the revenue of their lines. */
    async maisVendidos(p: PeriodoVendas) {
      const rows = await linhas<{ produto_id: number; produto_nome: string; quantidade: number; receita: string }>(
        db,
        sql`SELECT i.produto_id, pr.nome AS produto_nome, sum(i.quantidade)::int AS quantidade,
                   sum(i.valor_total)::text AS receita
              FROM pedido_itens i
              JOIN pedidos p ON p.id = i.pedido_id
              JOIN produtos pr ON pr.id = i.produto_id
             WHERE p.situacao IN (${VENDA}) AND NOT i.brinde AND ${noPeriodo(p, sql`p`)}
             GROUP BY i.produto_id, pr.nome
             ORDER BY sum(i.quantidade) DESC, sum(i.valor_total) DESC, i.produto_id
             LIMIT ${DASHBOARD_MAIS_VENDIDOS}`,
      );
      return rows.map((r) => ({
        produtoId: Number(r.produto_id),
        produtoNome: r.produto_nome,
        quantidade: Number(r.quantidade),
        receita: cents(r.receita),
      }));
    },

    /**
     * Sales and revenue by payment type: the type of the order's approved
     * payment (a sale has one), else of its latest attempt, as the order
     * listing shows it. Every type listed.
     */
    async porPagamento(p: PeriodoVendas) {
      const rows = await linhas<{ tipo: TipoPagamento; pedidos: number; receita: string }>(
        db,
        sql`SELECT t.tipo, count(v.id)::int AS pedidos, coalesce(sum(v.valor_total), 0)::text AS receita
              FROM (VALUES ${TIPOS}) AS t(tipo, ordem)
              LEFT JOIN (
                SELECT p.id, p.valor_total, g.tipo
                  FROM pedidos p
                  JOIN pagamentos g ON g.id = coalesce(
                    (SELECT a.id FROM pagamentos a WHERE a.pedido_id = p.id AND a.status = 'approved' LIMIT 1),
                    (SELECT u.id FROM pagamentos u WHERE u.pedido_id = p.id ORDER BY u.created_at DESC, u.id DESC LIMIT 1))
                 WHERE p.situacao IN (${VENDA}) AND ${noPeriodo(p, sql`p`)}
              ) v ON v.tipo = t.tipo
             GROUP BY t.tipo, t.ordem
             ORDER BY t.ordem`,
      );
      return rows.map((r) => ({ tipoPagamento: r.tipo, pedidos: Number(r.pedidos), receita: cents(r.receita) }));
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
