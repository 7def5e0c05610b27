import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { clientes } from '../cliente/cliente.table.js';

/** A kept line: the product and how many units; names and prices are read from the catalogue (ADR 034). */
export interface LinhaGuardada {
  produtoId: number;
  quantidade: number;
}

/**
 * The bag of a signed-in customer, one per customer (ADR 034). `versao` rises by one on every change (a write
 * names the version it read: optimistic concurrency); `lembreteVersao` is the version the abandoned-bag reminder
 * was sent for, so a bag state is reminded once.
 */
export const sacolas = pgTable(
  'sacolas',
  {
    clienteId: integer('cliente_id')
      .primaryKey()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    itens: jsonb('itens')
      .$type<LinhaGuardada[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    versao: integer('versao').notNull().default(0),
    atualizadaEm: timestamp('atualizada_em', { withTimezone: true }).notNull().defaultNow(),
    lembreteVersao: integer('lembrete_versao'),
    lembreteEm: timestamp('lembrete_em', { withTimezone: true }),
  },
  (t) => [
    check('sacolas_versao_ck', sql`${t.versao} >= 0`),
    check('sacolas_itens_ck', sql`jsonb_typeof(${t.itens}) = 'array' AND jsonb_array_length(${t.itens}) <= 50`),
    /** The reminder job's way to the bags left alone. */
    index('sacolas_atualizada_idx').on(t.atualizadaEm),
  ],
);

export type SacolaRow = typeof sacolas.$inferSelect;
