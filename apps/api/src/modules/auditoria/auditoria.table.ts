import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { AcaoAuditoria, EntidadeAuditoria } from '@clinica/shared/schemas/auditoria';

/**
 * Audit log of staff writes, append-only: who (`usuario_id`, a plain number so
 * the log survives any change to users, and the role at the time), when, what
 * (entity, id, action) and the record before and after as JSON (secrets
 * removed by lib/auditoria.ts). Written in the transaction of the write.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id').notNull(),
    permissao: varchar('permissao', { length: 10 }).notNull(),
    entidade: varchar('entidade', { length: 20 }).$type<EntidadeAuditoria>().notNull(),
    entidadeId: integer('entidade_id').notNull(),
    acao: varchar('acao', { length: 30 }).$type<AcaoAuditoria>().notNull(),
    antes: jsonb('antes').$type<Record<string, unknown> | null>(),
    depois: jsonb('depois').$type<Record<string, unknown> | null>(),
    quando: timestamp('quando', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('auditoria_permissao_ck', sql`${t.permissao} IN ('ADMIN', 'USUARIO', 'CLIENTE')`),
    index('auditoria_entidade_idx').on(t.entidade, t.entidadeId, t.quando),
    index('auditoria_usuario_idx').on(t.usuarioId, t.quando),
  ],
);

export type Auditoria = typeof auditoria.$inferSelect;
export type NovaAuditoria = typeof auditoria.$inferInsert;
