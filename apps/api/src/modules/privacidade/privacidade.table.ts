import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { FinalidadeConsentimento, OrigemConsentimento } from '@clinica/shared/privacidade';
import { clientes } from '../cliente/cliente.table.js';

/**
 * The history of a customer's consents (ADR 038, LGPD art. 8): one row each time a consent is given or withdrawn —
 * who, for what purpose, given or withdrawn, the version of the text the customer saw, where (sign-up, profile,
 * unsubscribe link, the staff for a request received by other means) and when. Append-only;
 * `clientes.ofertas_email` stays the current state the mailers read. Deleted with the rest of the personal data
 * when the account is anonymised.
 */
export const consentimentos = pgTable(
  'consentimentos',
  {
    id: serial('id').primaryKey(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    finalidade: varchar('finalidade', { length: 30 }).$type<FinalidadeConsentimento>().notNull(),
    concedido: boolean('concedido').notNull(),
    versaoTexto: varchar('versao_texto', { length: 20 }).notNull(),
    origem: varchar('origem', { length: 20 }).$type<OrigemConsentimento>().notNull(),
    quando: timestamp('quando', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('consentimentos_finalidade_ck', sql`${t.finalidade} IN ('ofertas_email')`),
    check('consentimentos_origem_ck', sql`${t.origem} IN ('cadastro', 'perfil', 'descadastro', 'equipe', 'anterior')`),
    index('consentimentos_cliente_idx').on(t.clienteId, t.quando),
  ],
);

export type ConsentimentoRow = typeof consentimentos.$inferSelect;
