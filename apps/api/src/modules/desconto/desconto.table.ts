import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.js';

/** Discount conditions: `valor` is the spend threshold (R$) that earns the gift. */
export const condicoesDesconto = pgTable(
  'condicoes_desconto',
  {
    id: serial('id').primaryKey(),
    descricao: varchar('descricao', { length: 255 }).notNull(),
    valor: money('valor').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('condicoes_desconto_valor_ck', sql`${t.valor} >= 0`),
    // One active condition at a time (the gift threshold): the second active one is refused by the database.
    uniqueIndex('condicoes_desconto_ativo_uq')
      .on(t.ativo)
      .where(sql`${t.ativo}`),
  ],
);

export type CondicaoDesconto = typeof condicoesDesconto.$inferSelect;
