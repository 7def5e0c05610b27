/**
 * `npm run bench`: the catalogue reads of the store against a bare Fastify +
 * `pg` server running the same SQL (QUALITY.md P1), and optionally the store on
 * PGlite against the store on PostgreSQL (P2). See bench/README.md.
 *
 * 1. builds what is missing (scripts/build-if-needed.mjs);
 * 2. creates a fresh PostgreSQL database `clinica_bench_<timestamp>` (DROPped at the end);
 * 3. starts the built store (apps/api/dist/server.js: NODE_ENV=production,
 *    LOG_LEVEL at its default, demo data seeded, log to a file) and the bare
 *    server (bench/bare-server.mjs), each its own process on 127.0.0.1;
 * 4. checks that both answer each route with the same content, then drives
 *    each with autocannon (warm-up, then the measured run), alternating which
 *    goes first in each round;
 * 5. prints req/s, p50, p99 and the ratio store/bare, and writes the figures
 *    with the machine, Node and git commit to bench/results/<date>.json.
 *
 * Options: --duration 20 --warmup 10 --connections 50 --rounds 2 --only <name>
 *          --pglite (also the store on PGlite) --profile (CPU profiles of both servers,
 *          summarized by bench/profile-summary.mjs) --pg postgres://postgres@127.0.0.1:5432
 *          --no-build (measure apps/api/dist as it is)
 *          --bare-unnamed (the bare server sends unnamed statements, parsed and planned by PostgreSQL on
 *          every call, instead of the named ones the store's prepared reads use)
 *          --compare <other build>/apps/api/dist/server.js (another build of the store, e.g. an
 *          older commit, measured in the same rounds on its own database: "loja-ref")
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import * as prettier from 'prettier';
import { ROOT, buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { summarizeProfile, formatSummary } from './profile-summary.mjs';

const { values: opts } = parseArgs({
  allowNegative: true,
  options: {
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    only: { type: 'string' },
    pglite: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    build: { type: 'boolean', default: true },
    compare: { type: 'string' },
    'bare-unnamed': { type: 'boolean', default: false },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const DURATION = Number(opts.duration);
const WARMUP = Number(opts.warmup);
const CONNECTIONS = Number(opts.connections);
const ROUNDS = Number(opts.rounds);
const P1_RATIO = 0.8;
const P1_P99_MS = 50;
const P2_RATIO = 0.4;

/**
 * The V8 flags `npm start` runs the store with (package.json): the bench
 * measures the store as it is deployed, and gives the bare server the same
 * flags, so neither gets a runtime the other lacks.
 */
const NODE_FLAGS =
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start.match(/--[a-z-]+=\S+/g) ?? [];

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '_');
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-'));
const dbName = `clinica_bench_${stamp.toLowerCase()}`;
const urlWithDatabase = (name) => {
  const url = new URL(opts.pg);
  url.pathname = `/${name}`;
  return url.toString();
};
const adminUrl = urlWithDatabase('postgres');
const dbUrl = urlWithDatabase(dbName);

const children = new Set();
let dbCreated = false;
let refDbCreated = false;

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function cleanup() {
  for (const child of children) child.proc.kill('SIGTERM');
  await Promise.all([...children].map((c) => c.exited));
  if (dbCreated) {
    await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((err) =>
      console.error(`Não consegui apagar o banco ${dbName}: ${err.message}`),
    );
    dbCreated = false;
  }
  if (refDbCreated) {
    await adminQuery(`DROP DATABASE IF EXISTS "${dbName}_ref" WITH (FORCE)`).catch((err) =>
      console.error(`Não consegui apagar o banco ${dbName}_ref: ${err.message}`),
    );
    refDbCreated = false;
  }
  fs.rmSync(workDir, { recursive: true, force: true });
}

process.on('SIGINT', () => {
  console.error('\nInterrompido: encerrando os servidores e apagando o banco…');
  void cleanup().finally(() => process.exit(130));
});

const freePort = () =>
  new Promise((resolve, reject) => {
    import('node:net').then(({ default: net }) => {
      const srv = net.createServer();
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address();
        srv.close(() => resolve(port));
      });
      srv.on('error', reject);
    });
  });

/** Starts a server process; its output goes to a file (the kernel writes it, not this process). */
async function startServer(name, { args, env, readyPath, log = true }) {
  const port = await freePort();
  const logFile = path.join(workDir, `${name}.log`);
  const fd = fs.openSync(logFile, 'w');
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  let exitCode = null;
  const exited = new Promise((resolve) =>
    proc.on('exit', (code, signal) => {
      exitCode = code ?? signal;
      children.delete(child);
      resolve();
    }),
  );
  const child = { name, proc, port, logFile: log ? logFile : null, exited, base: `http://127.0.0.1:${port}` };
  children.add(child);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exitCode !== null) break;
    try {
      const res = await fetch(`${child.base}${readyPath}`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`${name} não ficou pronto (saída ${exitCode ?? 'nenhuma'}):\n${tail}`);
}

async function stopServer(child) {
  child.proc.kill('SIGTERM');
  await child.exited;
}

function countLines(file) {
  const text = fs.readFileSync(file, 'utf8');
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

async function contentOf(base, url) {
  const res = await fetch(base + url);
  const body = await res.json();
  return { status: res.status, headers: Object.fromEntries(res.headers), body };
}

/** Content equal up to the order of array items (the store sorts names by pt-BR collation, SQL by bytes). */
function sameContent(a, b) {
  const norm = (v) =>
    Array.isArray(v)
      ? v.map(norm).sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1))
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).map((k) => [k, norm(v[k])]))
        : v;
  return isDeepStrictEqual(norm(a), norm(b));
}

async function load(url, duration) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 });
  return {
    reqPerSec: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    bytesPerReq: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}

/** Linux clock ticks (USER_HZ) are 1/100 s on every common kernel. */
const TICK_US = 10_000;

/** CPU ticks used by a process (user + system) and by the whole machine (not idle), from /proc; null elsewhere. */
function cpuTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const proc = Number(fields[11]) + Number(fields[12]);
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
    return { process: proc, machine: cpu.reduce((a, b) => a + b, 0) - idle };
  } catch {
    return null;
  }
}

/** Warm-up (discarded), then the measured run. */
async function measure(target, url) {
  process.stdout.write(`  ${target.name.padEnd(14)} aquecendo ${WARMUP}s… `);
  await load(target.base + url, WARMUP);
  process.stdout.write(`medindo ${DURATION}s… `);
  const linesBefore = target.logFile ? countLines(target.logFile) : 0;
  const cpuBefore = cpuTicks(target.proc.pid);
  const m = await load(target.base + url, DURATION);
  const cpuAfter = cpuTicks(target.proc.pid);
  if (cpuBefore && cpuAfter && m.total) {
    // CPU time per request: the server process alone, and the whole machine (PostgreSQL and autocannon included).
    m.serverCpuUsPerReq = Math.round(((cpuAfter.process - cpuBefore.process) * TICK_US) / m.total);
    m.machineCpuUsPerReq = Math.round(((cpuAfter.machine - cpuBefore.machine) * TICK_US) / m.total);
  }
  if (target.logFile)
    m.logLinesPerRequest = Math.round(((countLines(target.logFile) - linesBefore) / m.total) * 100) / 100;
  const cpu =
    m.serverCpuUsPerReq === undefined ? '' : `, CPU ${m.serverCpuUsPerReq} µs/req (máquina ${m.machineCpuUsPerReq})`;
  console.log(`${fmt(m.reqPerSec)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${cpu}`);
  if (m.errors || m.timeouts || m.non2xx)
    console.log(`    ! erros ${m.errors}, timeouts ${m.timeouts}, não-2xx ${m.non2xx}`);
  return m;
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (n) => Math.round(n).toLocaleString('pt-BR');
const pct = (r) => `${Math.round(r * 100)} %`;

function aggregate(runs) {
  return {
    reqPerSec: Math.round(mean(runs.map((r) => r.reqPerSec))),
    p50: median(runs.map((r) => r.p50)),
    // The worst round: the P1 bar is a ceiling.
    p99: Math.max(...runs.map((r) => r.p99)),
    serverCpuUsPerReq: runs[0]?.serverCpuUsPerReq === undefined ? null : median(runs.map((r) => r.serverCpuUsPerReq)),
    machineCpuUsPerReq:
      runs[0]?.machineCpuUsPerReq === undefined ? null : median(runs.map((r) => r.machineCpuUsPerReq)),
    errors: runs.reduce((a, r) => a + r.errors + r.timeouts + r.non2xx, 0),
    runs,
  };
}

function printTable(rows) {
  const header = ['rota', 'servidor', 'req/s', 'p50 ms', 'p99 ms', 'razão'];
  const lines = [header];
  for (const row of rows) lines.push(row.map(String));
  const widths = header.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  const render = (l) => l.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\n${render(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines.slice(1)) console.log(render(l));
}

function gitInfo() {
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain').length > 0 };
  } catch {
    return { commit: null, dirty: null };
  }
}

async function main() {
  if (opts.build) buildIfNeeded();
  // After the build: the route table reads the shared package's compiled messages.
  const { ROUTES } = await import('./routes.mjs');
  const routes = ROUTES.filter((r) => !opts.only || r.name === opts.only);
  if (routes.length === 0) throw new Error(`Nenhuma rota chamada ${opts.only} em bench/routes.mjs`);

  const cores = os.cpus().length;
  console.log(
    `Bench da loja: ${routes.length} rota(s), ${CONNECTIONS} conexões, ${WARMUP}s de aquecimento + ${DURATION}s medidos, ` +
      `${ROUNDS} rodada(s); ${cores} núcleos, Node ${process.version} ${NODE_FLAGS.join(' ')}.`,
  );
  console.log(`Banco PostgreSQL novo: ${dbName}`);
  await adminQuery(`CREATE DATABASE "${dbName}"`);
  dbCreated = true;
  const pgVersion = (await adminQuery('SHOW server_version')).rows[0].server_version;

  const profileDir = path.join(RESULTS_DIR, 'profiles');
  const profileArgs = (label) =>
    opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${stamp}-${label}.cpuprofile`] : [];
  const storeEnv = (dataDir, url) => ({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    SEED_DEMO: 'true',
    ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '' }),
    LOG_LEVEL: '',
  });
  const serverJs = path.join('apps', 'api', 'dist', 'server.js');

  console.log('Iniciando a loja (PostgreSQL: migrações e dados de demonstração)…');
  const store = await startServer('loja', {
    args: [...NODE_FLAGS, ...profileArgs('postgres'), serverJs],
    env: storeEnv(path.join(workDir, 'data-pg'), dbUrl),
    readyPath: '/api/health',
  });
  const bare = await startServer('bare', {
    log: false,
    args: [...NODE_FLAGS, ...profileArgs('bare'), path.join('bench', 'bare-server.mjs')],
    env: { DATABASE_URL: dbUrl, BARE_STATEMENTS: opts['bare-unnamed'] ? 'unnamed' : 'named' },
    readyPath: routes[0].url,
  });
  let reference = null;
  if (opts.compare) {
    const refDbUrl = urlWithDatabase(`${dbName}_ref`);
    await adminQuery(`CREATE DATABASE "${dbName}_ref"`);
    refDbCreated = true;
    console.log(`Iniciando a loja de referência (${opts.compare})…`);
    reference = await startServer('loja-ref', {
      args: [...NODE_FLAGS, path.resolve(opts.compare)],
      env: storeEnv(path.join(workDir, 'data-ref'), refDbUrl),
      readyPath: '/api/health',
    });
  }
  const logLinesAtStart = countLines(store.logFile);

  const results = [];
  const loadStartedAt = Date.now();
  for (const route of routes) {
    const a = await contentOf(store.base, route.url);
    const b = await contentOf(bare.base, route.url);
    if (a.status !== 200 || b.status !== 200 || !sameContent(a.body, b.body)) {
      throw new Error(
        `${route.url}: a loja e o servidor mínimo respondem diferente (${a.status}/${b.status}); ` +
          'confira o SQL e o formato em bench/routes.mjs.',
      );
    }
    console.log(`\n${route.url}  (${JSON.stringify(a.body).length} bytes por resposta)`);
    const runs = { loja: [], bare: [], 'loja-ref': [] };
    const targets = reference ? [store, reference, bare] : [store, bare];
    for (let round = 0; round < ROUNDS; round++) {
      console.log(` rodada ${round + 1}/${ROUNDS}`);
      // Each round starts with the next server, so none is always measured first.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]);
      for (const target of order) {
        const m = await measure(target, route.url);
        runs[target.name].push(m);
      }
    }
    const loja = aggregate(runs.loja);
    const bareAgg = aggregate(runs.bare);
    const refAgg = reference ? aggregate(runs['loja-ref']) : null;
    results.push({
      name: route.name,
      url: route.url,
      responseBytes: JSON.stringify(a.body).length,
      storeHeaders: a.headers,
      store: loja,
      bare: bareAgg,
      ratio: loja.reqPerSec / bareAgg.reqPerSec,
      p1: loja.reqPerSec / bareAgg.reqPerSec >= P1_RATIO && loja.p99 <= P1_P99_MS,
      ...(refAgg
        ? { reference: { server: opts.compare, ...refAgg, ratio: refAgg.reqPerSec / bareAgg.reqPerSec } }
        : {}),
    });
  }
  const loadSeconds = (Date.now() - loadStartedAt) / 1000;
  await stopServer(bare);
  await stopServer(store);
  if (reference) await stopServer(reference);
  const logLines = countLines(store.logFile) - logLinesAtStart;
  const log = {
    lines: logLines,
    bytes: fs.statSync(store.logFile).size,
    linesPerRequest: median(results.flatMap((r) => r.store.runs.map((m) => m.logLinesPerRequest))),
  };

  let storeProfile = null;
  let bareProfile = null;
  if (opts.profile) {
    storeProfile = await reportProfile('loja', profileDir, `${stamp}-postgres.cpuprofile`, loadSeconds);
    bareProfile = await reportProfile('bare', profileDir, `${stamp}-bare.cpuprofile`, loadSeconds);
  }

  let pglite = null;
  if (opts.pglite) {
    console.log('\nIniciando a loja sobre PGlite (sem DATABASE_URL)…');
    const embedded = await startServer('loja-pglite', {
      args: [...NODE_FLAGS, ...profileArgs('pglite'), serverJs],
      env: storeEnv(path.join(workDir, 'data-pglite'), ''),
      readyPath: '/api/health',
    });
    pglite = [];
    for (const route of routes) {
      console.log(`\n${route.url} (PGlite)`);
      const runs = [];
      for (let round = 0; round < ROUNDS; round++) runs.push(await measure(embedded, route.url));
      const agg = aggregate(runs);
      const onPostgres = results.find((r) => r.name === route.name).store;
      pglite.push({
        name: route.name,
        url: route.url,
        store: agg,
        ratioToPostgres: agg.reqPerSec / onPostgres.reqPerSec,
        p2: agg.reqPerSec / onPostgres.reqPerSec >= P2_RATIO && agg.errors === 0,
      });
    }
    await stopServer(embedded);
  }

  const rows = [];
  for (const r of results) {
    rows.push([r.url, 'loja (PostgreSQL)', fmt(r.store.reqPerSec), r.store.p50, r.store.p99, '']);
    if (r.reference) {
      const ref = r.reference;
      rows.push([
        '',
        'loja de referência (--compare)',
        fmt(ref.reqPerSec),
        ref.p50,
        ref.p99,
        `${pct(ref.ratio)} da bare`,
      ]);
    }
    rows.push(['', 'bare Fastify + pg', fmt(r.bare.reqPerSec), r.bare.p50, r.bare.p99, '']);
    rows.push([
      '',
      `loja/bare (P1 ≥ ${pct(P1_RATIO)}, p99 ≤ ${P1_P99_MS} ms)`,
      '',
      '',
      '',
      `${pct(r.ratio)} ${r.p1 ? 'ok' : 'ABAIXO'}`,
    ]);
  }
  for (const r of pglite ?? []) {
    rows.push([r.url, 'loja (PGlite)', fmt(r.store.reqPerSec), r.store.p50, r.store.p99, '']);
    rows.push([
      '',
      `PGlite/PostgreSQL (P2 ≥ ${pct(P2_RATIO)})`,
      '',
      '',
      '',
      `${pct(r.ratioToPostgres)} ${r.p2 ? 'ok' : 'ABAIXO'}`,
    ]);
  }
  printTable(rows);
  console.log(
    `\nLog da loja: ${log.linesPerRequest} linha(s) por requisição (${fmt(log.lines)} linhas, ${fmt(log.bytes)} bytes).`,
  );

  const report = {
    date: new Date().toISOString(),
    machine: {
      cores,
      cpu: os.cpus()[0]?.model ?? null,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      nodeFlags: NODE_FLAGS,
    },
    git: gitInfo(),
    postgres: pgVersion,
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      order: 'alternating (round 1 store first, round 2 bare first, …)',
      host: '127.0.0.1 (loopback); store, bare server, PostgreSQL and autocannon share the machine',
      store: 'apps/api/dist/server.js, NODE_ENV=production, LOG_LEVEL default (info), log to a file',
      compare: opts.compare ?? null,
      bareStatements: opts['bare-unnamed']
        ? 'unnamed (parsed and planned on every call)'
        : 'named, as the store prepares them',
      profile: opts.profile,
    },
    bars: { p1Ratio: P1_RATIO, p1P99Ms: P1_P99_MS, p2Ratio: P2_RATIO },
    routes: results,
    storeLog: log,
    pglite,
    profile: opts.profile ? { store: storeProfile, bare: bareProfile } : null,
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${stamp}.json`);
  const json = await prettier.format(JSON.stringify(report), { parser: 'json', ...(await prettierConfig()) });
  fs.writeFileSync(file, json);
  console.log(`Resultados em ${path.relative(ROOT, file)}`);
  return results.every((r) => r.p1) && (pglite ?? []).every((r) => r.p2);
}

async function prettierConfig() {
  return (await prettier.resolveConfig(path.join(RESULTS_DIR, 'x.json'))) ?? {};
}

/** Top self time of a server while the routes were measured (the last `loadSeconds` of its profile). */
async function reportProfile(label, profileDir, name, loadSeconds) {
  const file = path.join(profileDir, name);
  if (!fs.existsSync(file)) {
    console.error(`Perfil ${file} não encontrado.`);
    return null;
  }
  const summary = summarizeProfile(JSON.parse(fs.readFileSync(file, 'utf8')), { lastSeconds: loadSeconds });
  console.log(`\nPerfil de CPU (${label}) sob carga (${path.relative(ROOT, file)}):`);
  console.log(formatSummary(summary, 25));
  return { file: path.relative(ROOT, file), top: summary.functions.slice(0, 40), packages: summary.packages };
}

let passed = false;
try {
  passed = await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 2;
} finally {
  await cleanup();
}
if (process.exitCode === undefined) process.exitCode = passed ? 0 : 1;
