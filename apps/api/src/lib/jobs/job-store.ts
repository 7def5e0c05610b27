import { and, eq, inArray, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { tarefas as t, TAREFA_VIVA, type SituacaoTarefa, type Tarefa } from '../../modules/tarefa/tarefa.table.js';
import { DATABASE_CLOCK, type JobClock } from './job-clock.js';

/** Longest error text kept in `ultimo_erro`. */
export const MAX_ERROR_LENGTH = 1000;

/** A claimed job: the row as the claim left it (status EXECUTANDO, tentativas already counted). */
export type ClaimedJob = Tarefa;

/** The row is still ours: leased by this worker for this very attempt (a re-claim bumps tentativas). */
const stillLeased = (job: ClaimedJob, workerId: string) =>
  and(eq(t.id, job.id), eq(t.status, 'EXECUTANDO'), eq(t.bloqueadaPor, workerId), eq(t.tentativas, job.tentativas));

/** Attempts remain: no limit (`max_tentativas` NULL), or fewer attempts than the limit. */
const hasAttemptsLeft = sql`(${t.maxTentativas} IS NULL OR ${t.tentativas} < ${t.maxTentativas})`;

export interface FailResult {
  /** PENDENTE (retried at `executarEm`) or FALHOU (no attempts left). */
  status: SituacaoTarefa;
  executarEm: Date;
}

/** Which tipos a claim takes: only these, or all but these (the worker claims batched tipos apart). */
export type TipoFilter = { only: readonly string[] } | { except: readonly string[] };

/** What follows a periodic job's successful run: the next one, `everySeconds` later, under the same key. */
export interface NextRun {
  key: string;
  everySeconds: number;
}

/**
 * The SQL of the job queue over `tarefas`, on the clock `clock` (the
 * database's by default; tests move it). Every statement is a single
 * autocommitted UPDATE, but for the completion of a periodic job, which also
 * inserts its next run in the same short transaction. No transaction is ever
 * held open around a handler, which matters on PGlite's one connection.
 */
export function createJobStore(db: Db, clock: JobClock = DATABASE_CLOCK) {
  const leaseUntil = (leaseSeconds: number) => sql`${clock.now()} + make_interval(secs => ${leaseSeconds})`;

  return {
    /**
     * Claims up to `limit` due jobs in one statement: pending jobs whose time
     * has come and running jobs whose lease ended (their worker died) with
     * attempts left. `FOR UPDATE SKIP LOCKED` makes concurrent claimers (other
     * instances) pass over each other's rows instead of waiting or taking them
     * twice; a row another claimer changed meanwhile is re-checked against the
     * WHERE clause. Returns the claimed rows in queue order.
     */
    async claim(workerId: string, leaseSeconds: number, limit: number, tipos?: TipoFilter): Promise<ClaimedJob[]> {
      const now = clock.now();
      const ofTipo =
        tipos === undefined
          ? undefined
          : 'only' in tipos
            ? inArray(t.tipo, [...tipos.only])
            : tipos.except.length
              ? notInArray(t.tipo, [...tipos.except])
              : undefined;
      const due = db
        .select({ id: t.id })
        .from(t)
        .where(
          and(
            or(
              and(eq(t.status, 'PENDENTE'), lte(t.executarEm, now)),
              and(eq(t.status, 'EXECUTANDO'), lt(t.bloqueadaAte, now), hasAttemptsLeft),
            ),
            ofTipo,
          ),
        )
        .orderBy(t.executarEm, t.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(t)
        .set({
          status: 'EXECUTANDO',
          bloqueadaAte: leaseUntil(leaseSeconds),
          bloqueadaPor: workerId,
          tentativas: sql`${t.tentativas} + 1`,
        })
        .where(inArray(t.id, due))
        .returning();
      return rows.sort((a, b) => a.executarEm.getTime() - b.executarEm.getTime() || a.id - b.id);
    },

    /**
     * A running job whose lease ended on its last attempt (its worker died
     * while running it) is not run again: it ends FALHOU. Without this, a job
     * that crashes the process would be claimed forever. A job without a limit
     * of attempts is never failed here: it runs again, as it was asked to.
     * Returns the ids it failed.
     */
    async failAbandoned(): Promise<number[]> {
      const rows = await db
        .update(t)
        .set({
          status: 'FALHOU',
          bloqueadaAte: null,
          ultimoErro: sql`left('A última tentativa não terminou: o processo que a executava parou antes do fim do prazo.' || coalesce(' Erro anterior: ' || ${t.ultimoErro}, ''), ${MAX_ERROR_LENGTH})`,
        })
        .where(
          and(
            eq(t.status, 'EXECUTANDO'),
            lt(t.bloqueadaAte, clock.now()),
            sql`${t.maxTentativas} IS NOT NULL AND ${t.tentativas} >= ${t.maxTentativas}`,
          ),
        )
        .returning({ id: t.id });
      return rows.map((r) => r.id);
    },

    /** Extends the lease of a job still being run; false when the lease was lost (expired and re-claimed). */
    async extendLease(job: ClaimedJob, workerId: string, leaseSeconds: number): Promise<boolean> {
      const rows = await db
        .update(t)
        .set({ bloqueadaAte: leaseUntil(leaseSeconds) })
        .where(stillLeased(job, workerId))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    /**
     * Marks a job CONCLUIDA, only while this worker still holds it for this
     * attempt; false when the lease had expired and another worker re-claimed
     * it (that worker's outcome counts). With `next` (a periodic job), the next
     * run is inserted in the same transaction, due `next.everySeconds` from
     * now, under the job's key: a live job with that key already there (another
     * instance's) means nothing is added.
     */
    async complete(job: ClaimedJob, workerId: string, next?: NextRun): Promise<boolean> {
      const finish = (q: Db | Tx) =>
        q
          .update(t)
          .set({ status: 'CONCLUIDA', concluidaEm: clock.now(), bloqueadaAte: null })
          .where(stillLeased(job, workerId))
          .returning({ id: t.id });
      if (!next) return (await finish(db)).length > 0;
      return db.transaction(async (tx) => {
        const done = await finish(tx);
        if (done.length === 0) return false;
        await insertJob(tx, clock, {
          tipo: job.tipo,
          payload: job.payload as Record<string, unknown>,
          key: next.key,
          maxTentativas: null,
          executarEm: sql`${clock.now()} + make_interval(secs => ${next.everySeconds})`,
        });
        return true;
      });
    },

    /**
     * Marks CONCLUIDA, in one statement, every job of `jobs` this worker still
     * holds for its attempt (a batch's successes); returns the ids it marked.
     * Not for periodic jobs (they chain their next run: complete()).
     */
    async completeMany(jobs: readonly ClaimedJob[], workerId: string): Promise<number[]> {
      if (jobs.length === 0) return [];
      const attempts = sql.join(
        jobs.map((job) => sql`(${job.id}::bigint, ${job.tentativas}::int)`),
        sql`, `,
      );
      const rows = await db
        .update(t)
        .set({ status: 'CONCLUIDA', concluidaEm: clock.now(), bloqueadaAte: null })
        .where(
          and(
            sql`(${t.id}, ${t.tentativas}) IN (${attempts})`,
            eq(t.status, 'EXECUTANDO'),
            eq(t.bloqueadaPor, workerId),
          ),
        )
        .returning({ id: t.id });
      return rows.map((r) => r.id);
    },

    /**
     * Gives a running job back to the queue at once (the process is stopping before its handler ended: ADR 040):
     * PENDENTE, due as it was, without the lease and without counting the interrupted attempt, so another instance
     * claims it at its next poll instead of after the lease. Only while this worker still holds it; false otherwise.
     */
    async release(job: ClaimedJob, workerId: string): Promise<boolean> {
      const rows = await db
        .update(t)
        .set({
          status: 'PENDENTE',
          bloqueadaAte: null,
          bloqueadaPor: null,
          tentativas: sql`greatest(${t.tentativas} - 1, 0)`,
        })
        .where(stillLeased(job, workerId))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    /**
     * Records a failed attempt: back to PENDENTE at now + `retryInSeconds`
     * while attempts remain, else FALHOU; the error is kept either way. Null
     * when the lease was lost meanwhile (nothing changed).
     */
    async fail(job: ClaimedJob, workerId: string, error: string, retryInSeconds: number): Promise<FailResult | null> {
      const [row] = await db
        .update(t)
        .set({
          status: sql`CASE WHEN ${hasAttemptsLeft} THEN 'PENDENTE' ELSE 'FALHOU' END`,
          executarEm: sql`CASE WHEN ${hasAttemptsLeft} THEN ${clock.now()} + make_interval(secs => ${retryInSeconds}) ELSE ${t.executarEm} END`,
          ultimoErro: error.slice(0, MAX_ERROR_LENGTH),
          bloqueadaAte: null,
        })
        .where(stillLeased(job, workerId))
        .returning({ status: t.status, executarEm: t.executarEm });
      return row ?? null;
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;

/** Jobs of a tipo in a live or dead status, as the metrics read them (lib/metrics.ts JobQueueStat). */
export interface QueueStat {
  tipo: string;
  status: string;
  total: number;
  retrying: number;
  oldestDueSeconds: number | null;
}

/**
 * The queue's state across every instance, in one grouped statement over the live and dead jobs (the finished ones,
 * the bulk of the table, are left out by the index `tarefas_fila_idx` on status): per tipo and status, how many,
 * how many pending ones already failed once, and for how long the oldest due pending job has been due.
 */
export async function queueStats(db: Db, clock: JobClock = DATABASE_CLOCK): Promise<QueueStat[]> {
  const now = clock.now();
  const rows = await db
    .select({
      tipo: t.tipo,
      status: t.status,
      total: sql<number>`count(*)::int`,
      retrying: sql<number>`(count(*) FILTER (WHERE ${t.tentativas} > 0))::int`,
      oldestDueSeconds: sql<
        number | null
      >`extract(epoch FROM ${now} - min(${t.executarEm}) FILTER (WHERE ${t.executarEm} <= ${now}))::float8`,
    })
    .from(t)
    .where(inArray(t.status, ['PENDENTE', 'EXECUTANDO', 'FALHOU']))
    .groupBy(t.tipo, t.status);
  return rows.map((r) => ({
    tipo: r.tipo,
    status: r.status,
    total: Number(r.total),
    retrying: r.status === 'PENDENTE' ? Number(r.retrying) : 0,
    oldestDueSeconds: r.status === 'PENDENTE' && r.oldestDueSeconds !== null ? Number(r.oldestDueSeconds) : null,
  }));
}

export interface InsertJob {
  tipo: string;
  payload: Record<string, unknown>;
  key?: string | null | undefined;
  /** null: no limit of attempts. */
  maxTentativas?: number | null | undefined;
  executarEm: Date | SQL;
}

/**
 * Inserts one job; with a key, only when no live job (PENDENTE, EXECUTANDO)
 * has it: `ON CONFLICT` targets the partial unique index `tarefas_chave_viva_uq`,
 * so a finished or dead job with the key does not block a new one. Returns the
 * new id, or null when a live job with the key exists.
 */
export async function insertJob(q: Db | Tx, clock: JobClock, job: InsertJob): Promise<number | null> {
  const insert = q.insert(t).values({
    tipo: job.tipo,
    payload: job.payload,
    chave: job.key ?? null,
    executarEm: job.executarEm,
    criadaEm: clock.now(),
    ...(job.maxTentativas === undefined ? {} : { maxTentativas: job.maxTentativas }),
  });
  const rows = await (job.key ? insert.onConflictDoNothing({ target: t.chave, where: TAREFA_VIVA }) : insert).returning(
    { id: t.id },
  );
  return rows[0]?.id ?? null;
}

/**
 * The text of an error as it may be stored and logged: the message (and the
 * error code when the message lacks it), never the stack; credentials inside
 * URLs (`smtp://user:pass@host`) masked; control characters (PostgreSQL text
 * refuses NUL) replaced; at most `max` characters.
 */
export function safeErrorMessage(err: unknown, max = MAX_ERROR_LENGTH): string {
  let text: string;
  if (err instanceof Error) {
    text = err.message || err.name;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code && !text.includes(code)) text = `${code}: ${text}`;
  } else if (typeof err === 'string') {
    text = err;
  } else {
    try {
      text = JSON.stringify(err) ?? String(err);
    } catch {
      text = String(err);
    }
  }
  const clean = text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
    .trim();
  const safe = clean || 'Erro sem mensagem';
  return safe.length > max ? `${safe.slice(0, max - 1)}…` : safe;
}
