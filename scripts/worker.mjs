/**
 * `npm run worker`: builds the API if it is missing or stale (not the web), then runs the worker-only process
 * (apps/api/src/worker.ts): the background jobs of the store's PostgreSQL, beside web instances started with
 * JOBS_WORKER=false (README "Várias instâncias", ADR 042).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded({ only: ['@clinica/shared', '@clinica/api'] });
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(ROOT, 'apps/api/dist/worker.js')).href);
