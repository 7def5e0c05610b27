import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { produtos } from '../produto/produto.table.js';
import { usuarios } from '../usuario/usuario.table.js';

/**
 * 'Avise-me quando chegar' (ADR 032, docs/behaviour/catalogue-and-search.md#avise-me): an e-mail to write to when a sold-out
 * physical product can be bought again. One pending request per product and e-mail (lower case, the unique index);
 * `enviadoEm` is set, in the transaction that writes its e-mail to the outbox, by the one job run that claims it
 * (estoque-avisos.ts), so each request is answered once; after that, the same e-mail may ask again.
 */
export const estoqueAvisos = pgTable(
  'estoque_avisos',
  {
    id: serial('id').primaryKey(),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    /** Lower case, trimmed. */
    email: varchar('email', { length: 254 }).notNull(),
    /** The signed-in customer's user who asked; null for a visitor. */
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
  },
  (t) => [
    check('estoque_avisos_email_ck', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('estoque_avisos_pendente_uq')
      .on(t.produtoId, t.email)
      .where(sql`${t.enviadoEm} IS NULL`),
  ],
);
