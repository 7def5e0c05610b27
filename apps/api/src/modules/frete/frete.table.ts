import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The store's Melhor Envio grant (FREIGHT_PROVIDER=melhorenvio): one row, id 1,
 * written by the OAuth2 callback and by each refresh. No row means the
 * account is not connected (GET /melhorenvio/auth answers `autenticar: true`).
 */
export const melhorEnvioTokens = pgTable(
  'melhor_envio_tokens',
  {
    id: integer('id').primaryKey().default(1),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    /** When the access token stops working, from the grant's `expires_in`. */
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    /** The staff member who connected the account (a user id; no foreign key: users come and go, the grant stays). */
    conectadoPor: integer('conectado_por'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('melhor_envio_tokens_unico_ck', sql`${t.id} = 1`)],
);

/**
 * Recent Melhor Envio quotes by request (origin, destination, items): the
 * checkout and the order that follows read the same prices, and repeated
 * quotes do not call the API again while fresh (frete.repository.ts).
 */
export const cotacoesFrete = pgTable(
  'cotacoes_frete',
  {
    /** sha256 (hex) of the quote request. */
    chave: varchar('chave', { length: 64 }).primaryKey(),
    /** The options as the adapter returns them (prices in cents). */
    opcoes: jsonb('opcoes').notNull(),
    cotadoEm: timestamp('cotado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cotacoes_frete_cotado_idx').on(t.cotadoEm)],
);

export type MelhorEnvioTokenRow = typeof melhorEnvioTokens.$inferSelect;
