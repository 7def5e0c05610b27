import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '../usuario/usuario.table.js';

export const SITUACOES_IDEMPOTENCIA = ['EM_ANDAMENTO', 'CONCLUIDA'] as const;
export type SituacaoIdempotencia = (typeof SITUACOES_IDEMPOTENCIA)[number];

/**
 * Idempotency-Key records of writes that cost money (ADR 010): a repeat with
 * the same body gets `resposta` back; the same key with another body or on
 * another route is refused. A request owns its key while `bloqueadaAte` (a
 * lease on the database clock) is in the future; `dono` names the attempt, so
 * only the attempt that still holds the lease can complete the key.
 */
export const chavesIdempotencia = pgTable(
  'chaves_idempotencia',
  {
    id: serial('id').primaryKey(),
    chave: varchar('chave', { length: 255 }).notNull(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** Method and route, e.g. "POST /api/pedido/create". */
    rota: varchar('rota', { length: 200 }),
    /** SHA-256 (hex) of the canonical request body. */
    hashCorpo: varchar('hash_corpo', { length: 128 }).notNull(),
    status: varchar('status', { length: 20 }).$type<SituacaoIdempotencia>().notNull().default('EM_ANDAMENTO'),
    /** HTTP status of the stored response. */
    statusCode: integer('status_code'),
    resposta: jsonb('resposta'),
    /** Random id of the attempt that holds the key (EM_ANDAMENTO). */
    dono: varchar('dono', { length: 36 }),
    /** Lease of the attempt in progress; once past, another request may take the key over. */
    bloqueadaAte: timestamp('bloqueada_ate', { withTimezone: true }),
    concluidaEm: timestamp('concluida_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('chaves_idempotencia_chave_usuario_uq').on(t.chave, t.usuarioId),
    index('chaves_idempotencia_created_idx').on(t.createdAt),
    index('chaves_idempotencia_status_idx')
      .on(t.status)
      .where(sql`${t.status} = 'EM_ANDAMENTO'`),
  ],
);

export type ChaveIdempotencia = typeof chavesIdempotencia.$inferSelect;
