import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, unique, varchar } from 'drizzle-orm/pg-core';

/** Brazilian states; the id is the IBGE code (11..53). */
export const ufs = pgTable(
  'ufs',
  {
    id: integer('id').primaryKey(),
    sigla: varchar('sigla', { length: 2 }).notNull().unique(),
    nome: varchar('nome', { length: 50 }).notNull(),
    regiao: varchar('regiao', { length: 20 }).notNull(),
  },
  (t) => [check('ufs_id_ck', sql`${t.id} BETWEEN 11 AND 53`), check('ufs_sigla_ck', sql`${t.sigla} ~ '^[A-Z]{2}$'`)],
);

/** Municipalities; the id is the 7-digit IBGE code whose first two digits are the state's. */
export const municipios = pgTable(
  'municipios',
  {
    id: integer('id').primaryKey(),
    nome: varchar('nome', { length: 100 }).notNull(),
    ufId: integer('uf_id')
      .notNull()
      .references(() => ufs.id),
    capital: boolean('capital').notNull().default(false),
  },
  (t) => [
    index('municipios_uf_idx').on(t.ufId),
    // Target of the (municipio_id, uf_id) foreign keys: an address's city belongs to its state.
    unique('municipios_id_uf_uq').on(t.id, t.ufId),
    check('municipios_id_ck', sql`${t.id} BETWEEN 1100000 AND 5399999 AND ${t.id} / 100000 = ${t.ufId}`),
  ],
);

export type Uf = typeof ufs.$inferSelect;
export type Municipio = typeof municipios.$inferSelect;
