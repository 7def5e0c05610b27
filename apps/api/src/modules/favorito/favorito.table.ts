import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { clientes } from '../cliente/cliente.table.js';
import { produtos } from '../produto/produto.table.js';

/** A customer's favourite product (ADR 045): one row per pair, the newest first on /favoritos. */
export const favoritos = pgTable(
  'favoritos',
  {
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'favoritos_pk', columns: [t.clienteId, t.produtoId] }),
    /** A product's deletion reaches its favourites through this index. */
    index('favoritos_produto_idx').on(t.produtoId),
  ],
);
