/**
 * What one run of the bench sets up and takes down: its timestamp and work directory, its PostgreSQL databases
 * (dropped at the end), the server processes it starts (stopped at the end or on Ctrl-C, their last log lines kept
 * beside the results) and the generated data.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../scripts/build-if-needed.mjs';
import { startServer as startServer_ } from './lib.mjs';
import { DATA, opts } from './options.mjs';

export const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '_');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
export const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-'));
export const dbName = `clinica_bench_${stamp.toLowerCase()}`;
const urlWithDatabase = (name) => {
  const url = new URL(opts.pg);
  url.pathname = `/${name}`;
  return url.toString();
};
export const dbUrl = urlWithDatabase(dbName);

const children = new Set();
/** The databases this run created, dropped by cleanup(). */
const created = new Set();

/** A statement (with its `params`) on a database of the server (by default its `postgres` database). */
export async function query(sql, url = urlWithDatabase('postgres'), params = undefined) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Creates a database of this run (`name`, or the bench's own), dropped at the end; returns its URL. */
export async function createDatabase(name = dbName) {
  await query(`CREATE DATABASE "${name}"`);
  created.add(name);
  return urlWithDatabase(name);
}

/** The last lines of each server's log, kept beside the results (the work directory is removed). */
function keepLogTails() {
  const dir = path.join(RESULTS_DIR, `${stamp}-logs`);
  for (const name of fs.existsSync(workDir) ? fs.readdirSync(workDir) : []) {
    if (!name.endsWith('.log')) continue;
    const lines = tailOf(path.join(workDir, name)).split('\n');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), lines.slice(-400).join('\n'));
  }
}

export async function cleanup() {
  for (const child of children) child.proc.kill('SIGTERM');
  await Promise.all([...children].map((c) => c.exited));
  try {
    keepLogTails();
  } catch (err) {
    console.error(`Não consegui guardar os logs: ${err.message}`);
  }
  for (const name of created) {
    await query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((err) =>
      console.error(`Não consegui apagar o banco ${name}: ${err.message}`),
    );
    created.delete(name);
  }
  fs.rmSync(workDir, { recursive: true, force: true });
}

process.on('SIGINT', () => {
  console.error('\nInterrompido: encerrando os servidores e apagando o banco…');
  void cleanup().finally(() => process.exit(130));
});

/** Starts a server process (bench/lib.mjs), known to cleanup() until it ends. */
export async function startServer(name, { args, env, readyPath, log = true }) {
  const logFile = path.join(workDir, `${name}.log`);
  const child = await startServer_({
    name,
    args,
    env,
    readyPath,
    logFile,
    timeoutMs: 180_000,
    onExit: (c) => children.delete(c),
  });
  children.add(child);
  if (!log) child.logFile = null;
  return child;
}

/** The last `maxBytes` of a file as text (its first, partial line dropped when cut). */
function tailOf(file, maxBytes = 1024 * 1024) {
  const size = fs.statSync(file).size;
  const start = Math.max(0, size - maxBytes);
  const buffer = Buffer.alloc(size - start);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, buffer, 0, buffer.length, start);
  } finally {
    fs.closeSync(fd);
  }
  const text = buffer.toString('utf8');
  return start > 0 ? text.slice(text.indexOf('\n') + 1) : text;
}

/**
 * Fills a database with bench/generate-data.mjs (migrations, demo data, then
 * the generated rows); returns what it wrote, with the generated clients' e-mails.
 */
export function generateData(label, args) {
  console.log(
    `Gerando os dados (${label}): ${DATA.produtos} produtos, ${DATA.clientes} clientes, ${DATA.pedidos} pedidos…`,
  );
  const t = Date.now();
  const out = execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'bench', 'generate-data.mjs'),
      ...args,
      '--produtos',
      String(DATA.produtos),
      '--clientes',
      String(DATA.clientes),
      '--pedidos',
      String(DATA.pedidos),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CLINICA_BENCH_GENERATE_JSON: '1' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 2 ** 20,
    },
  );
  let result = null;
  for (const line of out.split('\n')) {
    if (line.startsWith('@@')) result = JSON.parse(line.slice(2));
    else if (line.trim()) console.log(`  ${line}`);
  }
  if (!result) throw new Error(`bench/generate-data.mjs não informou o resultado (${label})`);
  return { ...result, totalSeconds: (Date.now() - t) / 1000 };
}
