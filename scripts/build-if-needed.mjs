/**
 * Builds shared, web and API when an output is missing or older than its sources.
 * Used by `npm start` and `npm test` so a fresh clone (or a pull) needs no extra step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

const targets = [
  {
    name: '@clinica/shared',
    output: 'packages/shared/dist/messages.js',
    sources: ['packages/shared/src', 'packages/shared/package.json'],
  },
  {
    name: '@clinica/web',
    // The server renderer (dist-ssr) is built last.
    output: 'apps/web/dist-ssr/entry-server.js',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'packages/shared/src',
    ],
  },
  { name: '@clinica/api', output: 'apps/api/dist/server.js', sources: ['apps/api/src', 'packages/shared/src'] },
];

/** `only`: the names of the targets to build (default all), e.g. the API and what it imports for a command. */
export function buildIfNeeded({ force = false, only = null } = {}) {
  for (const t of targets) {
    if (only && !only.includes(t.name)) continue;
    const out = path.join(ROOT, t.output);
    const built = existsSync(out) ? statSync(out).mtimeMs : 0;
    const src = Math.max(...t.sources.map((s) => newest(path.join(ROOT, s))));
    if (!force && built > 0 && built >= src) continue;
    console.log(`› Compilando ${t.name}…`);
    const r = spawnSync('npm', ['run', 'build', '-w', t.name], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`Falha ao compilar ${t.name}.`);
      process.exit(r.status ?? 1);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded({ force: process.argv.includes('--force') });
