import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { DATABASE_CLOCK, type JobClock } from './job-clock.js';
import { insertJob } from './job-store.js';

/** What a job carries; stored as jsonb, so plain JSON values only. */
type JobPayload = Record<string, unknown>;

export interface EnqueueOptions {
  /** Run at this moment (default: now). Exclusive with `delaySeconds`. */
  runAt?: Date;
  /** Run this many seconds from now (database clock). Exclusive with `runAt`. */
  delaySeconds?: number;
  /**
   * Attempts before the job ends FALHOU (default: the table's, 8). `Infinity`:
   * no limit, the job retries until it succeeds, its waits capped by the
   * worker's `backoffUntilSuccess` (JOBS_RETRY_MAX_SECONDS, 5 minutes): for
   * work that moves money (refunds, payment syncs, PIX expiry; ADR 007).
   */
  maxAttempts?: number;
  /**
   * De-duplication key (≤ 200 characters): while a live job (PENDENTE or
   * EXECUTANDO) has this key, enqueueing it again does nothing. A finished
   * (CONCLUIDA) or dead (FALHOU) job does not block a new one.
   */
  key?: string;
  /**
   * Enqueue through this handle, typically the caller's transaction, so the
   * job exists exactly when the caller's writes commit (and not at all on rollback).
   */
  db?: Db | Tx;
}

export interface JobQueue {
  /**
   * Adds a job of `tipo` (the name its handler is registered under).
   * Returns the new job's id, or null when `key` was given and a live job with
   * that key exists (nothing is written then; the existing job is left as it is).
   */
  enqueue(tipo: string, payload?: JobPayload, opts?: EnqueueOptions): Promise<number | null>;
  /**
   * Tells this process' workers to look for due jobs now. enqueue() already
   * does it; a caller that enqueued inside its own transaction on PostgreSQL
   * may call it again after the commit (before it, the job is invisible to the
   * worker, which otherwise finds it at its next poll).
   */
  wake(): void;
  /** Called on every enqueue of a job due now and on wake(); returns the unsubscribe function. */
  onEnqueue(listener: () => void): () => void;
}

const MAX_TIPO = 60;
const MAX_KEY = 200;
/** The largest finite limit of attempts (an integer column); beyond it, use Infinity. */
const MAX_ATTEMPTS_LIMIT = 1_000_000;

/**
 * The producer side of the durable job queue (`tarefas`). Workers in any
 * instance on the same database run the jobs (job-worker.ts); enqueueing also
 * wakes this process' worker so a job due now (an e-mail) starts at once.
 */
export function createJobQueue(db: Db, clock: JobClock = DATABASE_CLOCK): JobQueue {
  const listeners = new Set<() => void>();
  const wake = () => {
    for (const listener of listeners) listener();
  };

  return {
    async enqueue(tipo, payload = {}, opts = {}) {
      if (!tipo || tipo.length > MAX_TIPO) throw new TypeError(`Tipo de tarefa inválido: "${tipo}"`);
      if (opts.key !== undefined && (!opts.key || opts.key.length > MAX_KEY)) {
        throw new TypeError(`Chave de tarefa inválida (1 a ${MAX_KEY} caracteres)`);
      }
      if (opts.runAt && opts.delaySeconds !== undefined) {
        throw new TypeError('Use runAt ou delaySeconds, não os dois');
      }
      if (opts.delaySeconds !== undefined && !(opts.delaySeconds >= 0)) {
        throw new TypeError('delaySeconds precisa ser um número ≥ 0');
      }
      const { maxAttempts } = opts;
      if (
        maxAttempts !== undefined &&
        maxAttempts !== Infinity &&
        !(Number.isInteger(maxAttempts) && maxAttempts >= 1 && maxAttempts <= MAX_ATTEMPTS_LIMIT)
      ) {
        throw new TypeError(`maxAttempts precisa ser um inteiro de 1 a ${MAX_ATTEMPTS_LIMIT}, ou Infinity`);
      }
      const delayed = opts.runAt !== undefined || (opts.delaySeconds ?? 0) > 0;
      const id = await insertJob(opts.db ?? db, clock, {
        tipo,
        payload,
        key: opts.key,
        executarEm: opts.runAt
          ? opts.runAt
          : opts.delaySeconds
            ? sql`${clock.now()} + make_interval(secs => ${opts.delaySeconds})`
            : clock.now(),
        maxTentativas: maxAttempts === Infinity ? null : maxAttempts,
      });
      // Inside a caller's transaction on PGlite the worker's claim queues behind
      // the transaction on the one connection, so it sees the job right after the commit.
      if (id !== null && !delayed) wake();
      return id;
    },
    wake,
    onEnqueue(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
