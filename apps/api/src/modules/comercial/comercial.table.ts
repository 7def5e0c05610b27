import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { SiglaUf } from '@clinica/shared/schemas/comercial';
import { money } from '../../db/columns.js';

/**
 * The store's commercial rules (docs/behaviour/payments.md#commercial-rules): a single row with id 1, created by
 * its migration with neutral values (cash only, no PIX discount, boleto in 3 business days, no free shipping);
 * the demo seed sets the demo store's. Percentages are kept in hundredths of a percent (199 is 1,99 %), so no
 * float is stored. A change raises the catalogue's version (ADR 021): the product cards show the offers.
 */
export const regrasComerciais = pgTable(
  'regras_comerciais',
  {
    id: integer('id').primaryKey().default(1),
    maxParcelas: integer('max_parcelas').notNull().default(1),
    parcelasSemJuros: integer('parcelas_sem_juros').notNull().default(1),
    /** Monthly rate beyond the interest-free installments, in hundredths of a percent. */
    jurosMensalCentesimos: integer('juros_mensal_centesimos').notNull().default(0),
    parcelaMinima: money('parcela_minima')
      .notNull()
      .default(sql`0`),
    /** PIX discount, in hundredths of a percent. */
    pixDescontoCentesimos: integer('pix_desconto_centesimos').notNull().default(0),
    boletoAtivo: boolean('boleto_ativo').notNull().default(true),
    boletoDiasUteis: integer('boleto_dias_uteis').notNull().default(3),
    boletoDiasTolerancia: integer('boleto_dias_tolerancia').notNull().default(2),
    boletoPreSelecionadoEmpresa: boolean('boleto_pre_selecionado_empresa').notNull().default(false),
    freteGratisAtivo: boolean('frete_gratis_ativo').notNull().default(false),
    freteGratisValorMinimo: money('frete_gratis_valor_minimo')
      .notNull()
      .default(sql`0`),
    /** UF siglas; empty: every state. */
    freteGratisUfs: jsonb('frete_gratis_ufs').$type<SiglaUf[]>().notNull().default([]),
    /** Freight option ids; empty: every service. */
    freteGratisServicos: jsonb('frete_gratis_servicos').$type<number[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('regras_comerciais_unica_ck', sql`${t.id} = 1`),
    check(
      'regras_comerciais_parcelas_ck',
      sql`${t.parcelasSemJuros} BETWEEN 1 AND ${t.maxParcelas} AND ${t.maxParcelas} <= 24`,
    ),
    check('regras_comerciais_juros_ck', sql`${t.jurosMensalCentesimos} BETWEEN 0 AND 2000`),
    check('regras_comerciais_pix_ck', sql`${t.pixDescontoCentesimos} BETWEEN 0 AND 5000`),
    check(
      'regras_comerciais_boleto_ck',
      sql`${t.boletoDiasUteis} BETWEEN 1 AND 30 AND ${t.boletoDiasTolerancia} BETWEEN 0 AND 30`,
    ),
    check('regras_comerciais_valores_ck', sql`${t.parcelaMinima} >= 0 AND ${t.freteGratisValorMinimo} >= 0`),
  ],
);

export type RegrasComerciaisRow = typeof regrasComerciais.$inferSelect;
