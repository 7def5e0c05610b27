import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const SITUACOES_TAREFA = ['PENDENTE', 'EXECUTANDO', 'CONCLUIDA', 'FALHOU'] as const;
export type SituacaoTarefa = (typeof SITUACOES_TAREFA)[number];

/**
 * A job is live while PENDENTE or EXECUTANDO: a key (`chave`) is unique among
 * live jobs only, so a finished or dead job never blocks a new one. The same
 * SQL is the partial index's predicate and enqueue's ON CONFLICT target.
 */
export const TAREFA_VIVA = sql.raw(`status IN ('PENDENTE', 'EXECUTANDO')`);

/**
 * The durable job queue (lib/jobs): e-mail sending, payments (notifications,
 * PIX expiry, refunds), conversions, periodic work. A worker claims due rows
 * with `FOR UPDATE SKIP LOCKED` and holds them under a lease (`bloqueada_ate`);
 * a job whose worker died is claimed again when its lease ends. Retries back
 * off; a job with a limit of attempts that keeps failing ends as FALHOU with
 * its last error kept; a job without a limit (`max_tentativas` NULL) retries
 * until it succeeds (ADR 007).
 */
export const tarefas = pgTable(
  'tarefas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tipo: varchar('tipo', { length: 60 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** Optional de-duplication key: at most one live job per key (e.g. one expiry per PIX charge). */
    chave: varchar('chave', { length: 200 }),
    status: varchar('status', { length: 20 }).$type<SituacaoTarefa>().notNull().default('PENDENTE'),
    executarEm: timestamp('executar_em', { withTimezone: true }).notNull().defaultNow(),
    tentativas: integer('tentativas').notNull().default(0),
    /** Attempts before FALHOU; NULL: no limit, retried (with a shorter capped backoff) until it succeeds. */
    maxTentativas: integer('max_tentativas').default(8),
    ultimoErro: text('ultimo_erro'),
    /** Lease: while in the future, the worker named in `bloqueada_por` owns the job. */
    bloqueadaAte: timestamp('bloqueada_ate', { withTimezone: true }),
    bloqueadaPor: varchar('bloqueada_por', { length: 100 }),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    concluidaEm: timestamp('concluida_em', { withTimezone: true }),
  },
  (t) => [
    check('tarefas_status_ck', sql`${t.status} IN ('PENDENTE', 'EXECUTANDO', 'CONCLUIDA', 'FALHOU')`),
    check(
      'tarefas_tentativas_ck',
      sql`${t.tentativas} >= 0 AND (${t.maxTentativas} IS NULL OR ${t.maxTentativas} >= 1)`,
    ),
    uniqueIndex('tarefas_chave_viva_uq').on(t.chave).where(TAREFA_VIVA),
    index('tarefas_fila_idx').on(t.status, t.executarEm),
    index('tarefas_lease_idx').on(t.status, t.bloqueadaAte),
  ],
);

export type Tarefa = typeof tarefas.$inferSelect;
export type NovaTarefa = typeof tarefas.$inferInsert;
