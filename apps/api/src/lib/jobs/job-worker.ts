import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../../db/client.js';
import { DATABASE_CLOCK, type JobClock } from './job-clock.js';
import { createJobStore, insertJob, safeErrorMessage, type ClaimedJob } from './job-store.js';

/** What a handler knows about the attempt it runs. */
export interface JobContext {
  jobId: number;
  tipo: string;
  /** This attempt's number, from 1. */
  attempt: number;
  /** The job's limit of attempts; Infinity for a job that retries until it succeeds. */
  maxAttempts: number;
  /** True when a failure now ends the job as FALHOU (no retry follows). */
  lastAttempt: boolean;
  workerId: string;
}

/**
 * Runs one job. The payload comes from the database as stored (parse it);
 * throwing makes the attempt fail (retried with backoff while attempts remain).
 * A job may run more than once (a retry, or a worker that died after the work
 * but before recording it), so handlers must be idempotent.
 */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/** One job of a batch: its payload and attempt, as a single handler would get them. */
interface BatchJob {
  payload: unknown;
  ctx: JobContext;
}

/**
 * Runs several due jobs of one tipo at once, so a busy store pays one statement for many rows instead of several per
 * job (the order e-mails of docs/quality.md P4; ADR 007). Resolves with one outcome per job, in order: `undefined`
 * when that job succeeded, its error when it failed (retried like a single job's failure). Throwing fails them all.
 * The same idempotency rules as JobHandler apply to each job.
 */
type JobBatchHandler = (jobs: readonly BatchJob[]) => Promise<ReadonlyArray<unknown>>;
export type JobBatchHandlers = Record<string, JobBatchHandler>;

/** Retry delay: `initialSeconds` doubled on every failed attempt, at most `maxSeconds`. */
export interface BackoffOptions {
  initialSeconds: number;
  maxSeconds: number;
}

const DEFAULT_BACKOFF: BackoffOptions = { initialSeconds: 5, maxSeconds: 60 * 60 };

/**
 * Retry delay of a job without a limit of attempts (money, periodic work):
 * the same start, capped at 5 minutes, so the work is done within minutes of
 * a provider coming back after hours (JOBS_RETRY_MAX_SECONDS; ADR 007).
 */
export const DEFAULT_BACKOFF_UNTIL_SUCCESS: BackoffOptions = { initialSeconds: 5, maxSeconds: 5 * 60 };

/** The dedup key of a periodic job's runs (registerRecurring): one live run per tipo across instances. */
export const recurringKey = (tipo: string) => `recorrente:${tipo}`;

/** Seconds to wait after failed attempt number `attempt` (1 → initial, 2 → 2×initial, …, capped). */
export function backoffSeconds(attempt: number, { initialSeconds, maxSeconds }: BackoffOptions = DEFAULT_BACKOFF) {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(maxSeconds, initialSeconds * 2 ** exponent);
}

/** The subset of pino's logger the worker writes to. */
export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silentLogger: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface JobWorkerOptions {
  db: Db;
  handlers: JobHandlers;
  /** Tipos run in batches (JobBatchHandler): claimed apart from the others, all due ones at once up to batchLimit. */
  batchHandlers?: JobBatchHandlers;
  /** Most jobs of one batched tipo claimed and run together (default 100). */
  batchLimit?: number;
  /**
   * Shortest time between two claims of the running loop (default 50 ms): a busy store's wakes (one per e-mail
   * enqueued) are served together, so a claim and a batch carry several jobs. An idle worker claims at once.
   */
  minClaimIntervalMs?: number;
  /** Name written to `bloqueada_por` (default host:pid:random); unique per worker. */
  workerId?: string;
  /** How long a claim holds a job before another worker may take it (renewed while the job runs). */
  leaseSeconds?: number;
  /** How often an idle worker looks for due jobs; wake() shortcuts the wait. */
  pollMs?: number;
  /** Jobs claimed per statement, and at most this many running at once. */
  batchSize?: number;
  /** Retry delays of jobs with a limit of attempts (default 5 s doubling, at most 1 h). */
  backoff?: BackoffOptions;
  /** Retry delays of jobs without a limit (`maxAttempts: Infinity`; default 5 s doubling, at most 5 min). */
  backoffUntilSuccess?: BackoffOptions;
  /** The queue's clock (default the database's `now()`); tests move it forward. Give the queue the same. */
  clock?: JobClock;
  log?: JobLogger;
  /** Told of every failed attempt (the metrics' job_failures_total: ADR 040). */
  onFailure?: (tipo: string) => void;
}

interface StopOptions {
  /**
   * How long running jobs may still take (default: as long as they need). Those still running then are given back
   * to the queue (PENDENTE, no lease, the attempt not counted) so another instance takes them at once (ADR 040);
   * their handlers are left to the process's end.
   */
  waitMs?: number;
}

export interface JobWorker {
  readonly workerId: string;
  /** Starts polling (idempotent). */
  start(): void;
  /**
   * Stops polling and claiming at once, and waits for the jobs it is running to finish, or gives them back to the
   * queue after `waitMs` (idempotent; a second call waits for the first).
   */
  stop(options?: StopOptions): Promise<void>;
  /** Claims the jobs due now (up to batchSize), runs them and waits; returns how many ran. For tests and scripts. */
  runOnce(): Promise<number>;
  /** Looks for due jobs at once instead of at the next poll (no-op while stopped). */
  wake(): void;
  /**
   * Makes `tipo` (a registered handler) a periodic job: from start(), each
   * instance makes sure one live job of it exists (under the key
   * `recorrente:<tipo>`, unique among live jobs, so N instances make one),
   * and each successful run schedules the next `everySeconds` later. Runs
   * never overlap: there is one live job, claimed by one worker under a lease.
   * Runs retry until they succeed (no limit of attempts). Call before start()
   * or after (it is then ensured at once).
   */
  registerRecurring(tipo: string, everySeconds: number): void;
  /**
   * Makes sure every periodic job has its live run (start() does it; for
   * tests and scripts that drive the worker with runOnce()).
   */
  ensureRecurring(): Promise<void>;
}

function defaultWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`.slice(-100);
}

/**
 * The consumer side of the job queue: polls `tarefas`, claims due jobs under
 * a lease (one UPDATE … FOR UPDATE SKIP LOCKED, so several instances never
 * take one job twice), runs each job's handler outside any transaction,
 * renews the lease while it runs, and records the outcome only while it still
 * holds the lease. A job whose worker died is claimed again once its lease
 * ends; failures are retried with exponential backoff up to max_tentativas,
 * or until they succeed for a job without a limit. Periodic jobs
 * (registerRecurring) chain their next run on each success.
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, handlers } = options;
  const batchHandlers = options.batchHandlers ?? {};
  const batchTipos = Object.keys(batchHandlers);
  const batchLimit = Math.max(1, options.batchLimit ?? 100);
  const minClaimIntervalMs = Math.max(0, options.minClaimIntervalMs ?? 50);
  const workerId = (options.workerId ?? defaultWorkerId()).slice(0, 100);
  const leaseSeconds = options.leaseSeconds ?? 60;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = Math.max(1, options.batchSize ?? 5);
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const backoffUntilSuccess = options.backoffUntilSuccess ?? DEFAULT_BACKOFF_UNTIL_SUCCESS;
  const clock = options.clock ?? DATABASE_CLOCK;
  const store = createJobStore(db, clock);
  const log = options.log ?? silentLogger;
  if (!(leaseSeconds > 0)) throw new TypeError('leaseSeconds precisa ser > 0');
  /** Periodic jobs: tipo → seconds between the end of one run and the next. */
  const recurring = new Map<string, number>();
  let recurringEnsured = false;

  let running = false;
  let loop: Promise<void> | undefined;
  let wakeRequested = false;
  let interruptSleep: (() => void) | undefined;
  /** Single runs (at most batchSize at once). */
  const active = new Set<Promise<void>>();
  /** Batch runs, one per batched tipo at a time. */
  const activeBatches = new Map<string, Promise<void>>();
  /** The jobs being run, for giving them back at stop. */
  const runningJobs = new Set<ClaimedJob>();
  /** Jobs given back while their handler still ran: their outcome is not recorded (another worker has them). */
  const released = new WeakSet<ClaimedJob>();
  let stopping: Promise<void> | undefined;

  function contextOf(job: ClaimedJob): JobContext {
    return {
      jobId: job.id,
      tipo: job.tipo,
      attempt: job.tentativas,
      maxAttempts: job.maxTentativas ?? Infinity,
      lastAttempt: job.maxTentativas !== null && job.tentativas >= job.maxTentativas,
      workerId,
    };
  }

  /** Keeps the leases of `jobs` while their handler runs, so a slow job is not taken for abandoned. */
  function keepLeases(jobs: readonly ClaimedJob[]): NodeJS.Timeout {
    const heartbeat = setInterval(
      () => {
        for (const job of jobs) {
          store.extendLease(job, workerId, leaseSeconds).then(
            (held) => {
              if (!held) log.warn({ jobId: job.id, tipo: job.tipo }, 'Tarefa perdeu a reserva enquanto rodava');
            },
            (err: unknown) => log.warn({ jobId: job.id, erro: safeErrorMessage(err) }, 'Falha ao renovar a reserva'),
          );
        }
      },
      Math.max(100, (leaseSeconds * 1000) / 3),
    );
    heartbeat.unref();
    return heartbeat;
  }

  /** Records a failed attempt: retried with backoff while attempts remain, else FALHOU. */
  async function recordFailure(job: ClaimedJob, error: unknown): Promise<void> {
    const message = safeErrorMessage(error);
    options.onFailure?.(job.tipo);
    const delay = backoffSeconds(job.tentativas, job.maxTentativas === null ? backoffUntilSuccess : backoff);
    const result = await store.fail(job, workerId, message, delay);
    const fields = { jobId: job.id, tipo: job.tipo, tentativa: job.tentativas, erro: message };
    if (!result) log.warn(fields, 'Tarefa falhou depois de perder a reserva');
    else if (result.status === 'FALHOU') log.error(fields, 'Tarefa falhou de vez (tentativas esgotadas)');
    else log.warn({ ...fields, proximaEm: result.executarEm.toISOString() }, 'Tarefa falhou; nova tentativa agendada');
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = Object.hasOwn(handlers, job.tipo) ? handlers[job.tipo] : undefined;
    const ctx = contextOf(job);
    const heartbeat = keepLeases([job]);

    let failure: { error: unknown } | undefined;
    runningJobs.add(job);
    try {
      if (!handler) {
        // Retried like any failure: during a rolling deploy another instance may know the tipo.
        throw new Error(`Tipo de tarefa desconhecido: "${job.tipo}" (nenhum handler registrado)`);
      }
      await handler(job.payload, ctx);
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(heartbeat);
      runningJobs.delete(job);
    }
    if (released.has(job)) return;

    try {
      if (!failure) {
        const every = recurring.get(job.tipo);
        const key = recurringKey(job.tipo);
        const next = every !== undefined && job.chave === key ? { key, everySeconds: every } : undefined;
        const done = await store.complete(job, workerId, next);
        if (!done) log.warn({ jobId: job.id, tipo: job.tipo }, 'Tarefa concluída depois de perder a reserva');
        return;
      }
      await recordFailure(job, failure.error);
    } catch (err) {
      // The database is unreachable: the lease will expire and the job runs again.
      log.error({ jobId: job.id, erro: safeErrorMessage(err) }, 'Não foi possível registrar o resultado da tarefa');
    }
  }

  /** Runs the claimed jobs of one batched tipo through its handler; the successes are marked in one statement. */
  async function runBatch(tipo: string, claimed: readonly ClaimedJob[]): Promise<void> {
    let jobs = claimed;
    const handler = batchHandlers[tipo]!;
    const heartbeat = keepLeases(jobs);
    let outcomes: unknown[];
    for (const job of jobs) runningJobs.add(job);
    try {
      const result = await handler(jobs.map((job) => ({ payload: job.payload, ctx: contextOf(job) })));
      outcomes = jobs.map((_, i) => result[i]);
    } catch (error) {
      const all = error ?? new Error('Falha sem mensagem no lote de tarefas');
      outcomes = jobs.map(() => all);
    } finally {
      clearInterval(heartbeat);
      for (const job of jobs) runningJobs.delete(job);
    }
    // Jobs given back at stop (ADR 040) are another worker's now: their outcome is not recorded.
    if (jobs.some((job) => released.has(job))) {
      const kept = jobs.map((job, i) => [job, outcomes[i]] as const).filter(([job]) => !released.has(job));
      jobs = kept.map(([job]) => job);
      outcomes = kept.map(([, outcome]) => outcome);
    }
    const succeeded = jobs.filter((_, i) => outcomes[i] === undefined);
    try {
      const done = new Set(await store.completeMany(succeeded, workerId));
      for (const job of succeeded) {
        if (!done.has(job.id)) log.warn({ jobId: job.id, tipo }, 'Tarefa concluída depois de perder a reserva');
      }
      for (const [i, job] of jobs.entries()) {
        if (outcomes[i] !== undefined) await recordFailure(job, outcomes[i]);
      }
    } catch (err) {
      // The database is unreachable: the leases will expire and the jobs run again.
      log.error({ tipo, erro: safeErrorMessage(err) }, 'Não foi possível registrar o resultado do lote de tarefas');
    }
  }

  /** When the loop last looked for abandoned last attempts (performance.now()). */
  let sweptAt = -Infinity;

  /**
   * Claims up to `limit` jobs and starts them; resolves with the started runs. Jobs abandoned on their last
   * attempt are marked FALHOU first: on every call when `sweep` is 'always' (runOnce), else at most once per poll
   * interval, since a lease ends in seconds and the loop claims after every job a busy store finishes (one
   * statement fewer per job: docs/quality.md P4).
   */
  async function claimAndStart(
    limit: number,
    sweep: 'always' | 'per-poll',
  ): Promise<{ singles: Array<Promise<void>>; batches: Array<Promise<void>>; jobs: number }> {
    if (sweep === 'always' || performance.now() - sweptAt >= pollMs) {
      sweptAt = performance.now();
      const abandoned = await store.failAbandoned();
      if (abandoned.length) {
        log.error({ ids: abandoned }, 'Tarefas abandonadas na última tentativa marcadas como FALHOU');
      }
    }
    const batches: Array<Promise<void>> = [];
    let count = 0;
    // Batched tipos: every due job of each tipo not already running a batch, in one claim.
    const idle = batchTipos.filter((tipo) => !activeBatches.has(tipo));
    if (idle.length) {
      const claimed = await store.claim(workerId, leaseSeconds, batchLimit, { only: idle });
      count += claimed.length;
      for (const tipo of idle) {
        const jobs = claimed.filter((job) => job.tipo === tipo);
        if (jobs.length === 0) continue;
        const run = runBatch(tipo, jobs).finally(() => {
          activeBatches.delete(tipo);
          if (running) wake();
        });
        activeBatches.set(tipo, run);
        batches.push(run);
      }
    }
    const singles: Array<Promise<void>> = [];
    if (limit > 0) {
      const jobs = await store.claim(
        workerId,
        leaseSeconds,
        limit,
        batchTipos.length ? { except: batchTipos } : undefined,
      );
      count += jobs.length;
      for (const job of jobs) {
        const run = runJob(job).finally(() => {
          active.delete(run);
          // A slot is free: the loop may claim the next due job.
          if (running) wake();
        });
        active.add(run);
        singles.push(run);
      }
    }
    return { singles, batches, jobs: count };
  }

  /** When the running loop last claimed (performance.now()), for minClaimIntervalMs. */
  let claimedAt = -Infinity;

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      interruptSleep = done;
      function done() {
        clearTimeout(timer);
        interruptSleep = undefined;
        resolve();
      }
    });
  }

  /** One live job per periodic tipo: inserted under its key unless a live one exists (here or in another instance). */
  async function ensureRecurring(): Promise<void> {
    for (const tipo of recurring.keys()) {
      const id = await insertJob(db, clock, {
        tipo,
        payload: {},
        key: recurringKey(tipo),
        maxTentativas: null,
        executarEm: clock.now(),
      });
      if (id !== null) log.info({ jobId: id, tipo }, 'Tarefa periódica agendada');
    }
    recurringEnsured = true;
  }

  async function pollLoop(): Promise<void> {
    while (running) {
      wakeRequested = false;
      if (!recurringEnsured) {
        // At start, and again after a failure (the database was unreachable at start).
        await ensureRecurring().catch((err: unknown) =>
          log.error({ erro: safeErrorMessage(err) }, 'Falha ao agendar as tarefas periódicas'),
        );
      }
      const free = batchSize - active.size;
      let failed = false;
      if (free > 0 || batchTipos.some((tipo) => !activeBatches.has(tipo))) {
        // Wakes that come quicker than minClaimIntervalMs are served by one claim.
        const wait = claimedAt + minClaimIntervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!running) break;
        claimedAt = performance.now();
        // This claim serves the wakes that came while waiting.
        wakeRequested = false;
        try {
          const started = await claimAndStart(free, 'per-poll');
          // Every free slot taken: more may be due (the next turn sleeps if no slot is free).
          if (free > 0 && started.singles.length === free) continue;
        } catch (err) {
          failed = true;
          log.error({ erro: safeErrorMessage(err) }, 'Falha ao buscar tarefas');
        }
      }
      if (!running) break;
      if (wakeRequested && !failed) continue;
      await sleep(pollMs);
    }
  }

  function wake(): void {
    if (!running) return;
    wakeRequested = true;
    interruptSleep?.();
  }

  /** The jobs still running are given back to the queue (StopOptions.waitMs). */
  async function giveBack(): Promise<void> {
    for (const job of [...runningJobs]) {
      released.add(job);
      try {
        const done = await store.release(job, workerId);
        log.warn({ jobId: job.id, tipo: job.tipo, devolvida: done }, 'Tarefa devolvida à fila no encerramento');
      } catch (err) {
        // The database is unreachable: the lease will expire and the job runs again.
        log.error({ jobId: job.id, erro: safeErrorMessage(err) }, 'Não foi possível devolver a tarefa à fila');
      }
    }
  }

  return {
    workerId,
    start() {
      if (running) return;
      running = true;
      loop = pollLoop();
    },
    stop(stopOptions = {}) {
      running = false;
      interruptSleep?.();
      stopping ??= (async () => {
        await loop;
        loop = undefined;
        const all = Promise.all([...active, ...activeBatches.values()]);
        const waitMs = stopOptions.waitMs ?? Infinity;
        if (Number.isFinite(waitMs) && runningJobs.size > 0) {
          let timer: NodeJS.Timeout | undefined;
          const late = await Promise.race([
            all.then(() => false),
            new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, waitMs)))),
          ]);
          clearTimeout(timer);
          if (late) {
            await giveBack();
            return;
          }
        }
        await all;
      })().finally(() => {
        stopping = undefined;
      });
      return stopping;
    },
    async runOnce() {
      const started = await claimAndStart(batchSize, 'always');
      await Promise.all([...started.singles, ...started.batches]);
      return started.jobs;
    },
    wake,
    registerRecurring(tipo, everySeconds) {
      if (!Object.hasOwn(handlers, tipo)) {
        // Periodic jobs chain their next run on completion (store.complete), which batches do not do.
        throw new TypeError(`Tarefa periódica sem handler: "${tipo}" (registre o handler primeiro)`);
      }
      if (!(Number.isFinite(everySeconds) && everySeconds > 0)) {
        throw new TypeError('everySeconds precisa ser um número > 0');
      }
      recurring.set(tipo, everySeconds);
      recurringEnsured = false;
      wake();
    },
    ensureRecurring,
  };
}
