/**
 * Durable job queue in PostgreSQL (table `tarefas`), the same on PGlite and
 * PostgreSQL: createJobQueue() enqueues (optionally inside the caller's
 * transaction; `maxAttempts: Infinity` for work that must never give up),
 * createJobWorker() claims due jobs under a lease with `FOR UPDATE SKIP LOCKED`
 * and runs them, retrying with backoff, and runs periodic jobs
 * (registerRecurring) once per period across instances (ADR 007).
 */
export { createJobQueue, type EnqueueOptions, type JobQueue } from './job-queue.js';
export { shiftedClock, type JobClock } from './job-clock.js';
export {
  backoffSeconds,
  createJobWorker,
  DEFAULT_BACKOFF_UNTIL_SUCCESS,
  recurringKey,
  type JobBatchHandlers,
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobLogger,
  type JobWorker,
  type JobWorkerOptions,
} from './job-worker.js';
export { MAX_ERROR_LENGTH, queueStats, safeErrorMessage } from './job-store.js';
