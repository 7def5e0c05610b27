import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { clientes } from '../cliente/cliente.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';

/** The columns of a postal address, shared by customer addresses and order delivery addresses. */
export const addressColumns = () => ({
  cep: varchar('cep', { length: 8 }).notNull(),
  logradouro: varchar('logradouro', { length: 200 }).notNull(),
  numero: varchar('numero', { length: 20 }).notNull(),
  complemento: varchar('complemento', { length: 100 }),
  bairro: varchar('bairro', { length: 100 }).notNull(),
  municipioId: integer('municipio_id').notNull(),
  ufId: integer('uf_id')
    .notNull()
    .references(() => ufs.id),
});

/** Postal addresses; a customer has one (cliente_id), other owners keep their own columns. */
export const enderecos = pgTable(
  'enderecos',
  {
    id: serial('id').primaryKey(),
    ...addressColumns(),
    clienteId: integer('cliente_id')
      .unique()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'enderecos_municipio_uf_fk',
      columns: [t.municipioId, t.ufId],
      foreignColumns: [municipios.id, municipios.ufId],
    }),
    check('enderecos_cep_ck', sql`${t.cep} ~ '^[0-9]{8}$'`),
  ],
);

/**
 * Answers of the real CEP service (CEP_PROVIDER=viacep), so one CEP is asked
 * once: the raw ViaCEP fields, or `encontrado = false` for an unknown CEP.
 */
export const cepsConsultados = pgTable(
  'ceps_consultados',
  {
    cep: varchar('cep', { length: 8 }).primaryKey(),
    encontrado: boolean('encontrado').notNull(),
    resposta: jsonb('resposta'),
    consultadoEm: timestamp('consultado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ceps_consultados_cep_ck', sql`${t.cep} ~ '^[0-9]{8}$'`)],
);

export type Endereco = typeof enderecos.$inferSelect;
/** The address columns a writer fills (customer, demo data). */
export type DadosEndereco = Required<
  Pick<
    typeof enderecos.$inferInsert,
    'cep' | 'logradouro' | 'numero' | 'complemento' | 'bairro' | 'municipioId' | 'ufId'
  >
>;
export type NovoEndereco = typeof enderecos.$inferInsert;
