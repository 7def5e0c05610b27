import { relations, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.js';
import { pedidos } from '../pedido/pedido.table.js';

export const TIPOS_PAGAMENTO = ['credit', 'pix'] as const;
export type TipoPagamento = (typeof TIPOS_PAGAMENTO)[number];

/**
 * Payment attempts of an order (card or PIX). `status` follows Mercado Pago's
 * payment status (pending, approved, authorized, in_process, rejected,
 * cancelled, refunded, charged_back). The card number is never stored.
 */
export const pagamentos = pgTable(
  'pagamentos',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 10 }).$type<TipoPagamento>().notNull(),
    status: varchar('status', { length: 30 }).notNull().default('pending'),
    statusDetalhe: varchar('status_detalhe', { length: 100 }),
    /** The provider's payment id (Mercado Pago or the sandbox). */
    providerId: varchar('provider_id', { length: 64 }),
    valor: money('valor').notNull(),
    pixQrCode: text('pix_qr_code'),
    pixQrCodeBase64: text('pix_qr_code_base64'),
    expiraEm: timestamp('expira_em', { withTimezone: true }),
    lastFour: varchar('last_four', { length: 4 }),
    paymentMethodId: varchar('payment_method_id', { length: 40 }),
    aprovadoEm: timestamp('aprovado_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pagamentos_tipo_ck', sql`${t.tipo} IN ('credit', 'pix')`),
    check('pagamentos_valor_ck', sql`${t.valor} >= 0`),
    check('pagamentos_last_four_ck', sql`${t.lastFour} ~ '^[0-9]{4}$'`),
    index('pagamentos_pedido_idx').on(t.pedidoId, t.createdAt),
    uniqueIndex('pagamentos_provider_uq').on(t.providerId),
    index('pagamentos_pix_pendente_idx')
      .on(t.expiraEm)
      .where(sql`${t.tipo} = 'pix' AND ${t.status} = 'pending'`),
  ],
);

export const pagamentosRelations = relations(pagamentos, ({ one }) => ({
  pedido: one(pedidos, { fields: [pagamentos.pedidoId], references: [pedidos.id] }),
}));
export const pedidosPagamentosRelations = relations(pedidos, ({ many }) => ({ pagamentos: many(pagamentos) }));

export type Pagamento = typeof pagamentos.$inferSelect;
export type NovoPagamento = typeof pagamentos.$inferInsert;
