import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tarefas as t, type SituacaoTarefa, type Tarefa } from '../../modules/tarefa/tarefa.table.js';

/**
 * The SQL of the job queue over `tarefas`. Every statement is a single
 * autocommitted UPDATE (no transaction is ever held open around a handler,
 * which matters on PGlite's one connection), and every time is the database's
 * clock (`now()`), so instances with skewed clocks agree on leases.
 */

/** Longest error text kept in `ultimo_erro`. */
export const MAX_ERROR_LENGTH = 1000;

/** A claimed job: the row as the claim left it (status EXECUTANDO, tentativas already counted). */
export type ClaimedJob = Tarefa;

const leaseUntil = (leaseSeconds: number) => sql`now() + make_interval(secs => ${leaseSeconds})`;

/** The row is still ours: leased by this worker for this very attempt (a re-claim bumps tentativas). */
const stillLeased = (job: ClaimedJob, workerId: string) =>
  and(eq(t.id, job.id), eq(t.status, 'EXECUTANDO'), eq(t.bloqueadaPor, workerId), eq(t.tentativas, job.tentativas));

/**
 * Claims up to `limit` due jobs in one statement: pending jobs whose time has
 * come and running jobs whose lease ended (their worker died) with attempts
 * left. `FOR UPDATE SKIP LOCKED` makes concurrent claimers (other instances)
 * pass over each other's rows instead of waiting or taking them twice; a row
 * another claimer changed meanwhile is re-checked against the WHERE clause.
 * Returns the claimed rows in queue order.
 */
export async function claimJobs(db: Db, workerId: string, leaseSeconds: number, limit: number): Promise<ClaimedJob[]> {
  const now = sql`now()`;
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(
      or(
        and(eq(t.status, 'PENDENTE'), lte(t.executarEm, now)),
        and(eq(t.status, 'EXECUTANDO'), lt(t.bloqueadaAte, now), lt(t.tentativas, t.maxTentativas)),
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
}

/**
 * A running job whose lease ended on its last attempt (its worker died while
 * running it) is not run again: it ends FALHOU. Without this, a job that
 * crashes the process would be claimed forever. Returns the ids it failed.
 */
export async function failAbandonedJobs(db: Db): Promise<number[]> {
  const rows = await db
    .update(t)
    .set({
      status: 'FALHOU',
      bloqueadaAte: null,
      ultimoErro: sql`left('A última tentativa não terminou: o processo que a executava parou antes do fim do prazo.' || coalesce(' Erro anterior: ' || ${t.ultimoErro}, ''), ${MAX_ERROR_LENGTH})`,
    })
    .where(and(eq(t.status, 'EXECUTANDO'), lt(t.bloqueadaAte, sql`now()`), sql`${t.tentativas} >= ${t.maxTentativas}`))
    .returning({ id: t.id });
  return rows.map((r) => r.id);
}

/** Extends the lease of a job still being run; false when the lease was lost (expired and re-claimed). */
export async function extendLease(db: Db, job: ClaimedJob, workerId: string, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ bloqueadaAte: leaseUntil(leaseSeconds) })
    .where(stillLeased(job, workerId))
    .returning({ id: t.id });
  return rows.length > 0;
}

/**
 * Marks a job CONCLUIDA, only while this worker still holds it for this
 * attempt; false when the lease had expired and another worker re-claimed it
 * (that worker's outcome counts).
 */
export async function completeJob(db: Db, job: ClaimedJob, workerId: string): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ status: 'CONCLUIDA', concluidaEm: sql`now()`, bloqueadaAte: null })
    .where(stillLeased(job, workerId))
    .returning({ id: t.id });
  return rows.length > 0;
}

export interface FailResult {
  /** PENDENTE (retried at `executarEm`) or FALHOU (no attempts left). */
  status: SituacaoTarefa;
  executarEm: Date;
}

/**
 * Records a failed attempt: back to PENDENTE at now() + `retryInSeconds` while
 * attempts remain, else FALHOU; the error is kept either way. Null when the
 * lease was lost meanwhile (nothing changed).
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  workerId: string,
  error: string,
  retryInSeconds: number,
): Promise<FailResult | null> {
  const hasAttemptsLeft = sql`${t.tentativas} < ${t.maxTentativas}`;
  const [row] = await db
    .update(t)
    .set({
      status: sql`CASE WHEN ${hasAttemptsLeft} THEN 'PENDENTE' ELSE 'FALHOU' END`,
      executarEm: sql`CASE WHEN ${hasAttemptsLeft} THEN now() + make_interval(secs => ${retryInSeconds}) ELSE ${t.executarEm} END`,
      ultimoErro: error.slice(0, MAX_ERROR_LENGTH),
      bloqueadaAte: null,
    })
    .where(stillLeased(job, workerId))
    .returning({ status: t.status, executarEm: t.executarEm });
  return row ?? null;
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
