import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '../usuario/usuario.table.js';

/**
 * A customer: an individual (juridica = false: nome + CPF) or a company
 * (juridica = true: razão social + CNPJ). CPF is 11 digits; CNPJ is 14
 * characters, upper-case, without punctuation (alphanumeric since July 2026).
 */
export const clientes = pgTable(
  'clientes',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .unique()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    juridica: boolean('juridica').notNull().default(false),
    nome: varchar('nome', { length: 150 }),
    cpf: varchar('cpf', { length: 11 }).unique(),
    razaoSocial: varchar('razao_social', { length: 150 }),
    cnpj: varchar('cnpj', { length: 14 }).unique(),
    inscricaoEstadual: varchar('inscricao_estadual', { length: 20 }),
    telefone: varchar('telefone', { length: 11 }).notNull(),
    /**
     * Marketing e-mails (ADR 034, LGPD: explicit and revocable): off unless the customer ticks it, and when the
     * choice was last made (given or taken back; null: never chosen).
     */
    ofertasEmail: boolean('ofertas_email').notNull().default(false),
    ofertasEmailEm: timestamp('ofertas_email_em', { withTimezone: true }),
    /**
     * When the account was closed and its personal data anonymised (ADR 038): the row stays (orders and invoices
     * refer to it) with no name, document or phone of the person.
     */
    anonimizadoEm: timestamp('anonimizado_em', { withTimezone: true }),
    /**
     * The dentist's registration at the regional council (ADR 037): 1 to 6 digits and the council's UF, both or
     * neither. Required to buy a professional-use product (RDC 6/2015).
     */
    croNumero: varchar('cro_numero', { length: 6 }),
    croUf: varchar('cro_uf', { length: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'clientes_documento_ck',
      sql`${t.anonimizadoEm} IS NOT NULL OR (NOT ${t.juridica} AND ${t.nome} IS NOT NULL AND ${t.cpf} IS NOT NULL) OR (${t.juridica} AND ${t.razaoSocial} IS NOT NULL AND ${t.cnpj} IS NOT NULL)`,
    ),
    check('clientes_cpf_ck', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('clientes_cnpj_ck', sql`${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
    check('clientes_telefone_ck', sql`${t.telefone} ~ '^[0-9]{10,11}$' OR ${t.anonimizadoEm} IS NOT NULL`),
    check(
      'clientes_cro_ck',
      sql`(${t.croNumero} IS NULL AND ${t.croUf} IS NULL) OR (${t.croNumero} ~ '^[1-9][0-9]{0,5}$' AND ${t.croUf} ~ '^[A-Z]{2}$')`,
    ),
  ],
);

export type Cliente = typeof clientes.$inferSelect;
export type NovoCliente = typeof clientes.$inferInsert;
