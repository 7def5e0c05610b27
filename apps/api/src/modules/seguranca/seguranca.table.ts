import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Fixed-window counters of the rate limiter, shared by every API instance. */
export const limitesRequisicao = pgTable(
  'limites_requisicao',
  {
    chave: varchar('chave', { length: 255 }).primaryKey(),
    contagem: integer('contagem').notNull().default(0),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
  },
  (t) => [index('limites_requisicao_expira_idx').on(t.expiraEm)],
);

export type LimiteRequisicao = typeof limitesRequisicao.$inferSelect;
