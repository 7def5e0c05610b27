/**
 * For tests that run the real process entries (src/server.ts, src/cli/admin-create.ts) through tsx, as
 * `npm run dev` runs the server: a free port, and an environment without the test's own settings.
 */
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
