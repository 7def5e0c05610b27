import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { TipoNotificacao } from '@clinica/shared/schemas/notificacao';
import type { StatusPagamento } from '@clinica/shared/schemas/pagamento';
import { clientes } from '../cliente/cliente.table.js';
import { pedidos } from '../pedido/pedido.table.js';

/**
 * What the customer was told on the realtime channel (ADR 046), kept so the bell shows it after a reload or on
 * another device: an order received (`pedido`), a payment's new status (`pagamento`) or a notice of the store
 * (`aviso`). Written in the transaction
 * of the event that causes it; `lidaEm` is null while unread. Personal data (LGPD export and closure,
 * privacidade.service.ts), pruned after RETENTION_DAYS once read (retencao).
 */
export const notificacoes = pgTable(
  'notificacoes',
  {
    id: serial('id').primaryKey(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 20 }).$type<TipoNotificacao>().notNull(),
    texto: text('texto').notNull(),
    statusPagamento: varchar('status_pagamento', { length: 20 }).$type<StatusPagamento>(),
    pedidoId: integer('pedido_id').references(() => pedidos.id, { onDelete: 'set null' }),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    lidaEm: timestamp('lida_em', { withTimezone: true }),
  },
  (t) => [
    check('notificacoes_tipo_ck', sql`${t.tipo} IN ('pedido', 'pagamento', 'aviso')`),
    /** The bell's list: a customer's latest first. */
    index('notificacoes_cliente_idx').on(t.clienteId, t.id),
    /** The unread count. */
    index('notificacoes_nao_lidas_idx')
      .on(t.clienteId)
      .where(sql`${t.lidaEm} IS NULL`),
  ],
);

export type NotificacaoRow = typeof notificacoes.$inferSelect;
