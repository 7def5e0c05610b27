import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { STATUS_PAGAMENTO, type StatusPagamento } from '@clinica/shared/schemas/pagamento';
import { instante, money } from '../../db/columns.js';
import { pedidos } from '../pedido/pedido.table.js';

export const TIPOS_PAGAMENTO = ['credit', 'pix', 'boleto'] as const;
export type TipoPagamento = (typeof TIPOS_PAGAMENTO)[number];

export { STATUS_PAGAMENTO, type StatusPagamento };

/** Where a payment lives: the offline sandbox or Mercado Pago. */
export const PROVEDORES_PAGAMENTO = ['sandbox', 'mercadopago'] as const;
export type ProvedorPagamento = (typeof PROVEDORES_PAGAMENTO)[number];

const statusIn = (col: unknown) => sql`${col} IN (${sql.raw(STATUS_PAGAMENTO.map((s) => `'${s}'`).join(', '))})`;

/**
 * Payment attempts of an order (card or PIX). `status` follows Mercado Pago's
 * payment status and only moves forward (packages/shared/src/payment-status.ts). The card number
 * is never stored: only the last four digits and the method (visa, master…).
 * The database holds at most one approved payment and one live PIX per order.
 */
export const pagamentos = pgTable(
  'pagamentos',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 10 }).$type<TipoPagamento>().notNull(),
    status: varchar('status', { length: 30 }).$type<StatusPagamento>().notNull().default('pending'),
    statusDetalhe: varchar('status_detalhe', { length: 100 }),
    provedor: varchar('provedor', { length: 20 }).$type<ProvedorPagamento>().notNull().default('sandbox'),
    /** The provider's payment id (Mercado Pago or the sandbox); null until the provider answered. */
    providerId: varchar('provider_id', { length: 64 }),
    /** The idempotency key sent to the provider for this attempt. */
    chaveProvedor: varchar('chave_provedor', { length: 120 }),
    /** The amount of the purchase (the order's total for this method), before any card interest. */
    valor: money('valor').notNull(),
    /**
     * A card's installments (docs/behaviour/payments.md#installments): the count, the regular installment and the
     * total charged with interest (what the buyer pays, and what a full refund gives back); null for PIX.
     */
    parcelas: integer('parcelas'),
    valorParcela: money('valor_parcela'),
    totalCobrado: money('total_cobrado'),
    pixQrCode: text('pix_qr_code'),
    pixQrCodeBase64: text('pix_qr_code_base64'),
    /**
     * When a PIX charge stops being payable, or a boleto's order is cancelled unpaid (the end of its due date plus
     * the grace period, in the clinic's time zone): our clock; the expiry job cancels it then.
     */
    expiraEm: instante('expira_em'),
    /** A boleto (docs/behaviour/payments.md#boleto): its 47-digit line, 44-digit barcode and due day. */
    boletoLinha: varchar('boleto_linha', { length: 47 }),
    boletoCodigoBarras: varchar('boleto_codigo_barras', { length: 44 }),
    boletoVencimento: date('boleto_vencimento', { mode: 'string' }),
    /** The last day a late payment is still accepted (due day plus the grace period). */
    boletoPagavelAte: date('boleto_pagavel_ate', { mode: 'string' }),
    /** The bank's printable boleto (Mercado Pago's external_resource_url); null: the store prints it. */
    boletoPdfUrl: text('boleto_pdf_url'),
    lastFour: varchar('last_four', { length: 4 }),
    paymentMethodId: varchar('payment_method_id', { length: 40 }),
    aprovadoEm: instante('aprovado_em'),
    /**
     * The money must go back: a payment approved for an order that could no longer take it (cancelled
     * meanwhile, already paid by another payment, a course the customer already owns), or a paid order
     * staff cancelled. Set in the transaction that decides it, with the refund job (ADR 012); such a
     * payment never pays its order.
     */
    estornoDevido: boolean('estorno_devido').notNull().default(false),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('pagamentos_tipo_ck', sql`${t.tipo} IN ('credit', 'pix', 'boleto')`),
    check('pagamentos_boleto_linha_ck', sql`${t.boletoLinha} ~ '^[0-9]{47}$'`),
    check('pagamentos_boleto_codigo_ck', sql`${t.boletoCodigoBarras} ~ '^[0-9]{44}$'`),
    check('pagamentos_status_ck', statusIn(t.status)),
    check('pagamentos_provedor_ck', sql`${t.provedor} IN ('sandbox', 'mercadopago')`),
    check('pagamentos_valor_ck', sql`${t.valor} >= 0`),
    check('pagamentos_parcelas_ck', sql`${t.parcelas} BETWEEN 1 AND 24`),
    check('pagamentos_last_four_ck', sql`${t.lastFour} ~ '^[0-9]{4}$'`),
    index('pagamentos_pedido_idx').on(t.pedidoId, t.createdAt),
    uniqueIndex('pagamentos_provider_uq').on(t.provedor, t.providerId),
    /** One row per provider attempt: concurrent replays of one attempt record it once. */
    uniqueIndex('pagamentos_chave_provedor_uq').on(t.chaveProvedor),
    /** At most one approved payment pays an order (the others are owed back: estorno_devido). */
    uniqueIndex('pagamentos_aprovado_uq')
      .on(t.pedidoId)
      .where(sql`${t.status} = 'approved' AND NOT ${t.estornoDevido}`),
    /** The refunds the reconciler looks for (approved payments owed back). */
    index('pagamentos_estorno_devido_idx')
      .on(t.id)
      .where(sql`${t.status} = 'approved' AND ${t.estornoDevido}`),
    /** Attempts still open at the provider, which the reconciler re-reads. */
    index('pagamentos_abertos_idx')
      .on(t.createdAt)
      .where(sql`${t.providerId} IS NOT NULL AND ${t.status} IN ('pending', 'in_process', 'authorized')`),
    /** At most one live (pending) PIX charge per order. */
    uniqueIndex('pagamentos_pix_vivo_uq')
      .on(t.pedidoId)
      .where(sql`${t.tipo} = 'pix' AND ${t.status} = 'pending'`),
    /** At most one live (pending) boleto per order: a new one cancels the old one first. */
    uniqueIndex('pagamentos_boleto_vivo_uq')
      .on(t.pedidoId)
      .where(sql`${t.tipo} = 'boleto' AND ${t.status} = 'pending' AND ${t.providerId} IS NOT NULL`),
    index('pagamentos_pix_pendente_idx')
      .on(t.expiraEm)
      .where(sql`${t.tipo} = 'pix' AND ${t.status} = 'pending'`),
  ],
);

/**
 * Every payment notification received (a Mercado Pago webhook, or the sandbox
 * bank paying a PIX), recorded once by the provider's event id. A job re-reads
 * the payment from the provider and applies it; `processado_em` says when.
 */
export const pagamentoEventos = pgTable(
  'pagamento_eventos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provedor: varchar('provedor', { length: 20 }).$type<ProvedorPagamento>().notNull(),
    /** The provider's notification id (unique per provider). */
    eventoId: varchar('evento_id', { length: 120 }).notNull(),
    /** The provider's payment id the event is about. */
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    acao: varchar('acao', { length: 60 }),
    payload: jsonb('payload').notNull().default({}),
    recebidoEm: instante('recebido_em').notNull().defaultNow(),
    processadoEm: instante('processado_em'),
  },
  (t) => [
    check('pagamento_eventos_provedor_ck', sql`${t.provedor} IN ('sandbox', 'mercadopago')`),
    uniqueIndex('pagamento_eventos_evento_uq').on(t.provedor, t.eventoId),
    index('pagamento_eventos_provider_idx').on(t.providerId),
    /** Events recorded and not yet applied, which the reconciler applies. */
    index('pagamento_eventos_pendentes_idx')
      .on(t.recebidoEm)
      .where(sql`${t.processadoEm} IS NULL`),
  ],
);

/**
 * The sandbox provider's own state (integrations/payments/sandbox): what a
 * bank or Mercado Pago would hold. Kept in the database so every instance
 * charges the same tokens and pays the same PIX codes.
 */
export const sandboxCartoes = pgTable(
  'sandbox_cartoes',
  {
    /** The card token handed to the browser (random, 32 hex characters). */
    token: varchar('token', { length: 64 }).primaryKey(),
    primeirosSeis: varchar('primeiros_seis', { length: 6 }).notNull(),
    ultimosQuatro: varchar('ultimos_quatro', { length: 4 }).notNull(),
    paymentMethodId: varchar('payment_method_id', { length: 40 }).notNull(),
    /** The cardholder name: like Mercado Pago's test cards it decides the result (APRO, OTHE, CONT…). */
    titular: varchar('titular', { length: 150 }).notNull(),
    documento: varchar('documento', { length: 20 }),
    expiraEm: instante('expira_em').notNull(),
    /** A token charges once. */
    usadoEm: instante('usado_em'),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_cartoes_seis_ck', sql`${t.primeirosSeis} ~ '^[0-9]{6}$'`),
    check('sandbox_cartoes_quatro_ck', sql`${t.ultimosQuatro} ~ '^[0-9]{4}$'`),
  ],
);

/** Payments as the sandbox provider holds them (its ids are this table's ids, prefixed "sbx-"). */
export const sandboxPagamentos = pgTable(
  'sandbox_pagamentos',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    tipo: varchar('tipo', { length: 10 }).$type<TipoPagamento>().notNull(),
    status: varchar('status', { length: 30 }).$type<StatusPagamento>().notNull(),
    statusDetalhe: varchar('status_detalhe', { length: 100 }),
    valor: money('valor').notNull(),
    /** A card's installments as this "provider" charged them (Mercado Pago's installments and total paid). */
    parcelas: integer('parcelas'),
    valorParcela: money('valor_parcela'),
    totalCobrado: money('total_cobrado'),
    referencia: varchar('referencia', { length: 64 }),
    /** The attempt's idempotency key: the same key returns the same payment. */
    chave: varchar('chave', { length: 120 }).notNull(),
    /** PIX: the transaction id inside the BR Code, and the BR Code itself. */
    txid: varchar('txid', { length: 25 }),
    /** Boleto: its 44-digit barcode (the line is worked out of it), due day and payer as the bank prints them. */
    codigoBarras: varchar('codigo_barras', { length: 44 }),
    vencimento: date('vencimento', { mode: 'string' }),
    pagador: varchar('pagador', { length: 200 }),
    qrCode: text('qr_code'),
    expiraEm: instante('expira_em'),
    paymentMethodId: varchar('payment_method_id', { length: 40 }),
    lastFour: varchar('last_four', { length: 4 }),
    aprovadoEm: instante('aprovado_em'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_pagamentos_status_ck', statusIn(t.status)),
    uniqueIndex('sandbox_pagamentos_chave_uq').on(t.chave),
    uniqueIndex('sandbox_pagamentos_txid_uq').on(t.txid),
    uniqueIndex('sandbox_pagamentos_codigo_barras_uq').on(t.codigoBarras),
  ],
);

export type Pagamento = typeof pagamentos.$inferSelect;
export type NovoPagamento = typeof pagamentos.$inferInsert;
export type PagamentoEvento = typeof pagamentoEventos.$inferSelect;
