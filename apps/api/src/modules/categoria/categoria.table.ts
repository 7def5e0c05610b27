import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Product categories, physical (digital = false) or digital (courses). */
export const categorias = pgTable(
  'categorias',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 100 }).notNull(),
    digital: boolean('digital').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categorias_nome_lower_uq').on(sql`lower(${t.nome})`)],
);

export type Categoria = typeof categorias.$inferSelect;
