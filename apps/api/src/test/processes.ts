/**
 * For tests that run the real process entries (src/server.ts, src/worker.ts, src/cli/admin-create.ts) through tsx,
 * as `npm run dev` runs the server: a free port, an environment without the test's own settings, and the entry
 * started with its output kept until it prints its banner.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { API_ROOT, ENV_VARIABLES } from '../config.js';

/** tsx, which runs a TypeScript entry with `--conditions=source`. */
export const TSX = path.resolve(API_ROOT, '../../node_modules/.bin/tsx');

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * This process's environment without any variable the server reads (README "Variáveis de ambiente") nor those
 * starting with `dropPrefix` (e.g. `ADMIN_`), plus `env`: what the child sees is what the test set, whatever the
 * machine exports.
 */
export function childEnv(env: Record<string, string>, { dropPrefix }: { dropPrefix?: string } = {}) {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !(ENV_VARIABLES as string[]).includes(k) && !(dropPrefix && k.startsWith(dropPrefix)),
    ),
  );
  return { ...base, ...env };
}

/** A process entry of the API (src/server.ts, src/worker.ts) running under tsx, with its output kept. */
export interface RunningEntry {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts `entry` (relative to apps/api) through tsx with `env` and none of the test's own settings (childEnv). */
export function spawnEntry(entry: string, env: Record<string, string>): RunningEntry {
  const child = spawn(TSX, ['--conditions=source', entry], { cwd: API_ROOT, env: childEnv(env) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Resolves once the process printed `text` (its banner); throws with its output if it exits or takes too long. */
export async function untilPrinted(entry: RunningEntry, text: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!entry.stdout().includes(text)) {
    if (entry.child.exitCode !== null) throw new Error(`o processo saiu:\n${entry.stdout()}\n${entry.stderr()}`);
    if (Date.now() > deadline) throw new Error(`o processo não subiu a tempo:\n${entry.stdout()}\n${entry.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
