import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { municipios, ufs } from '../geografia/geografia.table.js';

/** The clinic's company data: a single row with id 1 (GET/POST /empresa/). */
export const empresa = pgTable(
  'empresa',
  {
    id: integer('id').primaryKey().default(1),
    nome: varchar('nome', { length: 150 }).notNull(),
    nomeFantasia: varchar('nome_fantasia', { length: 150 }),
    cnpj: varchar('cnpj', { length: 14 }).notNull(),
    email: varchar('email', { length: 254 }),
    whatsapp: varchar('whatsapp', { length: 255 }),
    facebook: varchar('facebook', { length: 255 }),
    instagram: varchar('instagram', { length: 255 }),
    youtube: varchar('youtube', { length: 255 }),
    descricaoHorarioFuncionamento: text('descricao_horario_funcionamento'),
    cep: varchar('cep', { length: 8 }),
    logradouro: varchar('logradouro', { length: 200 }),
    numero: varchar('numero', { length: 20 }),
    complemento: varchar('complemento', { length: 100 }),
    bairro: varchar('bairro', { length: 100 }),
    municipioId: integer('municipio_id'),
    ufId: integer('uf_id').references(() => ufs.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('empresa_unica_ck', sql`${t.id} = 1`),
    check('empresa_cnpj_ck', sql`${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
    check('empresa_cep_ck', sql`${t.cep} ~ '^[0-9]{8}$'`),
    foreignKey({
      name: 'empresa_municipio_uf_fk',
      columns: [t.municipioId, t.ufId],
      foreignColumns: [municipios.id, municipios.ufId],
    }),
  ],
);

export type EmpresaRow = typeof empresa.$inferSelect;
