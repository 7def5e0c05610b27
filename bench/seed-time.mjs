/**
 * How long the first start's seed takes (geography, demo catalogue, media and
 * demo sales) on a fresh PGlite and, when a PostgreSQL server answers, a fresh
 * PostgreSQL database. A figure for the README, not a test: timings are never
 * asserted in `npm test` (docs/quality.md).
 *
 *   node bench/seed-time.mjs [--pg postgres://postgres@127.0.0.1:5432] [--rounds 2]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ROOT, buildIfNeeded } from '../scripts/build-if-needed.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const rounds = Number(flag('rounds', '2'));
const server = flag('pg', 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

buildIfNeeded();
const dist = (p) => pathToFileURL(path.join(ROOT, 'apps/api/dist', p)).href;
const { openDatabase } = await import(dist('db/client.js'));
const { seedDatabase } = await import(dist('db/seed/index.js'));

async function once(kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-seed-bench-'));
  const name = `clinica_seed_bench_${Date.now()}_${process.pid}`;
  const admin = kind === 'postgres' ? new pg.Client({ connectionString: `${server}/postgres` }) : null;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  }
  const database = await openDatabase(
    kind === 'postgres' ? { url: `${server}/${name}` } : { pgliteDir: path.join(dataDir, 'pglite') },
  );
  try {
    await database.migrate();
    const start = process.hrtime.bigint();
    await seedDatabase(database, { dataDir });
    return Number(process.hrtime.bigint() - start) / 1e6;
  } finally {
    await database.close();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = ['pglite'];
try {
  const probe = new pg.Client({ connectionString: `${server}/postgres` });
  await probe.connect();
  await probe.end();
  kinds.push('postgres');
} catch {
  console.log(`PostgreSQL em ${server} não respondeu: só PGlite.`);
}
console.log(`Semeadura completa (${os.cpus().length} núcleos, load average ${os.loadavg()[0].toFixed(1)}):`);
for (const kind of kinds) {
  const ms = [];
  for (let i = 0; i < rounds; i++) ms.push(await once(kind));
  console.log(`  ${kind.padEnd(8)} ${ms.map((m) => `${(m / 1000).toFixed(1)} s`).join('  ')}`);
}
