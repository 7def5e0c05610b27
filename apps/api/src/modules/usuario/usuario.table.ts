import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { instante } from '../../db/columns.js';

/** Permission ids are fixed, the API contract sends them: ADMIN 1, CLIENTE 2, USUARIO 3. */
export const permissoes = pgTable('permissoes', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 20 }).notNull().unique(),
});

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    senhaHash: text('senha_hash').notNull(),
    permissaoId: integer('permissao_id')
      .notNull()
      .references(() => permissoes.id),
    ativo: boolean('ativo').notNull().default(true),
    confirmado: boolean('confirmado').notNull().default(false),
    /**
     * Version of the user's credentials, carried in every token (`sv`): a
     * password reset or change increments it, so every token issued before
     * stops working at once, and a stolen session dies with the old password.
     */
    sessaoVersao: integer('sessao_versao').notNull().default(0),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usuarios_email_lower_uq').on(sql`lower(${t.email})`),
    index('usuarios_permissao_idx').on(t.permissaoId),
  ],
);

/**
 * Single tokens revoked (by jti): a token renewed through atualizatoken stops
 * working at `revogado_em` (a short grace after the renewal, for requests
 * already in flight). Kept until the token would have expired anyway.
 */
export const tokensRevogados = pgTable(
  'tokens_revogados',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    expiraEm: instante('expira_em').notNull(),
    revogadoEm: instante('revogado_em').notNull().defaultNow(),
    /**
     * The claims of the token this one was renewed into (a JWT payload, not a
     * secret): a second renewal during the grace re-signs the same successor
     * instead of minting another live token.
     */
    sucessor: jsonb('sucessor'),
  },
  (t) => [index('tokens_revogados_expira_idx').on(t.expiraEm)],
);

/**
 * Sessions revoked by logout (by sid): every token of the sign-in, the
 * renewed ones included, stops working at once. Kept until the last token the
 * session could hold would have expired.
 */
export const sessoesRevogadas = pgTable(
  'sessoes_revogadas',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    expiraEm: instante('expira_em').notNull(),
  },
  (t) => [index('sessoes_revogadas_expira_idx').on(t.expiraEm)],
);

export type Permissao = typeof permissoes.$inferSelect;
export type Usuario = typeof usuarios.$inferSelect;
export type NovoUsuario = typeof usuarios.$inferInsert;
export type TokenRevogado = typeof tokensRevogados.$inferSelect;
export type SessaoRevogada = typeof sessoesRevogadas.$inferSelect;
