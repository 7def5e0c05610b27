/**
 * Starts the built app for the Playwright journeys on a fresh PGlite database
 * in a temporary DATA_DIR (removed on exit). Only ever listens on 127.0.0.1.
 * The journeys use the demo store (ADR 022): its accounts, its sandboxes, the notice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build-if-needed.mjs';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-e2e-'));
Object.assign(process.env, {
  NODE_ENV: 'production',
  DEMO_MODE: 'true',
  HOST: '127.0.0.1',
  PORT: process.env.E2E_PORT ?? '3100',
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  LOGIN_MIN_DELAY_MS: '50',
  RATE_LIMIT_LOGIN_IP: '10000',
  RATE_LIMIT_LOGIN_ACCOUNT: '10000',
  RATE_LIMIT_SIGNUP_IP: '10000',
  RATE_LIMIT_CONTACT_IP: '10000',
});
delete process.env.DATABASE_URL;
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
await import(pathToFileURL(path.join(ROOT, 'apps/api/dist/server.js')).href);
