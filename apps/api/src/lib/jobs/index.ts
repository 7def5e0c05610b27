/**
 * Durable job queue in PostgreSQL (table `tarefas`), the same on PGlite and
 * PostgreSQL: createJobQueue() enqueues (optionally inside the caller's
 * transaction), createJobWorker() claims due jobs under a lease with
 * `FOR UPDATE SKIP LOCKED` and runs them, retrying with backoff.
 */
export { createJobQueue, type EnqueueOptions, type JobPayload, type JobQueue } from './job-queue.js';
export {
  backoffSeconds,
  createJobWorker,
  DEFAULT_BACKOFF,
  type BackoffOptions,
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobLogger,
  type JobWorker,
  type JobWorkerOptions,
} from './job-worker.js';
export { MAX_ERROR_LENGTH, safeErrorMessage } from './job-store.js';
