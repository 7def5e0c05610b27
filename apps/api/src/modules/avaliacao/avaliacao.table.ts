import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientes } from '../cliente/cliente.table.js';
import { produtos } from '../produto/produto.table.js';

/**
 * Product reviews: nota from 1 to 5 in half steps; one per client and product
 * (a new review replaces the old one). The comment is plain text.
 */
export const avaliacoes = pgTable(
  'avaliacoes',
  {
    id: serial('id').primaryKey(),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    nota: numeric('nota', { precision: 2, scale: 1 }).notNull(),
    comentario: text('comentario'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('avaliacoes_nota_ck', sql`${t.nota} BETWEEN 1 AND 5 AND ${t.nota} * 2 = floor(${t.nota} * 2)`),
    index('avaliacoes_produto_idx').on(t.produtoId),
    // One review per client and product (also the client's index).
    uniqueIndex('avaliacoes_cliente_produto_uq').on(t.clienteId, t.produtoId),
  ],
);

export type Avaliacao = typeof avaliacoes.$inferSelect;
