/**
 * What the bench scripts share: the V8 flags of `npm start`, a free loopback
 * port, starting a server process until it answers, and stopping it.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from '../scripts/build-if-needed.mjs';

/** The V8 flags `npm start` runs the store with (package.json): every script measures the store as deployed. */
export const NODE_FLAGS =
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start.match(/--[a-z-]+=\S+/g) ?? [];

/** The built store's entry. */
export const STORE_JS = path.join('apps', 'api', 'dist', 'server.js');

/** A port nobody listens on at 127.0.0.1 (loopback only). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * Starts `node <args>` on a free port at 127.0.0.1 and waits until GET
 * `readyPath` answers 2xx. Its output goes to `logFile` (the kernel writes it,
 * not this process). Returns { name, proc, port, base, logFile, exited };
 * `onExit` runs when the process ends.
 */
export async function startServer({
  name,
  args,
  env = {},
  readyPath = '/api/health',
  logFile,
  timeoutMs = 300_000,
  onExit,
}) {
  const port = await freePort();
  const fd = fs.openSync(logFile, 'w');
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  let exitCode = null;
  const child = { name, proc, port, logFile, base: `http://127.0.0.1:${port}` };
  child.exited = new Promise((resolve) =>
    proc.on('exit', (code, signal) => {
      exitCode = code ?? signal;
      onExit?.(child);
      resolve();
    }),
  );
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && exitCode === null) {
    try {
      if ((await fetch(`${child.base}${readyPath}`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`${name} não ficou pronto (saída ${exitCode ?? 'nenhuma'}):\n${tail}`);
}

/**
 * The built store in production mode with the demo data, in `workDir/data`:
 * on PGlite, or on `databaseUrl` (a fresh database the caller created).
 */
export function startStore({ workDir, databaseUrl = '', name = 'A loja', env = {} }) {
  return startServer({
    name,
    args: [...NODE_FLAGS, STORE_JS],
    env: {
      NODE_ENV: 'production',
      // The demo store (ADR 022), also on PostgreSQL: the scenarios sign in with its accounts and pay in its sandbox.
      DEMO_MODE: 'true',
      DATA_DIR: path.join(workDir, 'data'),
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // Extra settings, e.g. STORAGE=s3 and S3_* (bench/upload-memory.mjs --s3).
      ...env,
    },
    logFile: path.join(workDir, 'api.log'),
  });
}

/** SIGTERM, then waits for the process to end. */
export async function stopServer(child) {
  child.proc.kill('SIGTERM');
  await child.exited;
}
