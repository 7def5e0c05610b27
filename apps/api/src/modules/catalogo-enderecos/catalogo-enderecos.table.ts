import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clientes } from '../cliente/cliente.table.js';
import { addressColumns } from '../endereco/endereco.table.js';
import { municipios } from '../geografia/geografia.table.js';

/**
 * The customer's address book (ADR 033): named delivery addresses, at most one default and at most one `cadastro`
 * (the registered address, the profile's `enderecos` row, kept in sync with it). Partial unique indexes keep one of
 * each even under concurrent writes; the service also serializes a client's book writes on the client's row.
 */
export const catalogoEnderecos = pgTable(
  'catalogo_enderecos',
  {
    id: serial('id').primaryKey(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    nome: varchar('nome', { length: 40 }).notNull(),
    ...addressColumns(),
    nomeRecebedor: varchar('nome_recebedor', { length: 150 }),
    telefoneRecebedor: varchar('telefone_recebedor', { length: 11 }),
    padrao: boolean('padrao').notNull().default(false),
    cadastro: boolean('cadastro').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'catalogo_enderecos_municipio_uf_fk',
      columns: [t.municipioId, t.ufId],
      foreignColumns: [municipios.id, municipios.ufId],
    }),
    check('catalogo_enderecos_cep_ck', sql`${t.cep} ~ '^[0-9]{8}$'`),
    check('catalogo_enderecos_telefone_ck', sql`${t.telefoneRecebedor} ~ '^[0-9]{10,11}$'`),
    index('catalogo_enderecos_cliente_idx').on(t.clienteId, t.id),
    uniqueIndex('catalogo_enderecos_padrao_uq')
      .on(t.clienteId)
      .where(sql`${t.padrao}`),
    uniqueIndex('catalogo_enderecos_cadastro_uq')
      .on(t.clienteId)
      .where(sql`${t.cadastro}`),
  ],
);

export type EnderecoCatalogoRow = typeof catalogoEnderecos.$inferSelect;
