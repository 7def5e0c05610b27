/**
 * `npm run bench`: docs/quality.md P1, P2, P4, P7 and P9 in one run, on a generated
 * store (bench/generate-data.mjs: 10,000 products, 2,000 clients, 20,000
 * orders on top of the demo data). See bench/README.md.
 *
 * 1. builds what is missing (scripts/build-if-needed.mjs);
 * 2. creates a fresh PostgreSQL database `clinica_bench_<timestamp>` (DROPped at the end)
 *    and a PGlite DATA_DIR, and fills both with the same generated data;
 * 3. starts the built store (apps/api/dist/server.js: NODE_ENV=production,
 *    LOG_LEVEL at its default, log to a file) on PostgreSQL and the bare
 *    server (bench/bare-server.mjs), each its own process on 127.0.0.1;
 * 4. P1: checks that both answer each route of bench/routes.mjs with the same
 *    content, then drives each with autocannon (warm-up, then the measured run),
 *    alternating which goes first in each round;
 * 5. P7: the search route with varied texts (SEARCH_TEXTS of routes.mjs): median
 *    latency at 1 connection, then req/s at --connections against the bare server;
 * 6. P4: order + PIX creation (POST /api/pedido/create, unique Idempotency-Key per
 *    request) by signed-in generated clients at 20 connections: p95;
 * 7. P2: the store on PGlite, the same routes (and the search at 1 connection);
 * 8. prints one table with the verdict of each bar, and writes the figures with
 *    the machine, Node, git commit and load average to bench/results/<date>.json.
 *
 * The scenarios are bench/scenarios/<bar>.mjs (p1-routes, p7-search, p4-checkout,
 * p2-pglite); this file drives them, with bench/measure.mjs (autocannon),
 * bench/run-env.mjs (databases, servers, clean-up) and bench/report.mjs.
 *
 * Options: --duration 20 --warmup 10 --connections 50 --rounds 2 --only <name>
 *          --quick (small data, 1 s warm-up + 3 s per measure, 1 round: checks the script in minutes)
 *          --produtos 10000 --clientes 2000 --pedidos 20000 (the generated data)
 *          --demo (only the demo data, no generated rows) --no-pglite (skip P2) --no-p4 --no-p7 --no-p9
 *          --only-p9 (the flash sale alone, P9: 200 clients after the last 20 units of one product; ADR 032)
 *          --profile (CPU profiles of both servers, summarized by bench/profile-summary.mjs)
 *          --pg postgres://postgres@127.0.0.1:5432
 *          --no-build (measure apps/api/dist as it is)
 *          --bare-unnamed (the bare server sends unnamed statements, parsed and planned by PostgreSQL on
 *          every call, instead of the named ones the store's prepared reads use)
 *          --compare <other build>/apps/api/dist/server.js (with --demo: another build of the store, e.g. an
 *          older commit, measured in the same rounds on its own database: "loja-ref")
 *          --sem-cache (the store with CATALOG_CACHE_MB=0: every catalogue read runs its statement, ADR 021)
 *          --comprimido (P1's requests say `Accept-Encoding: br, gzip`, as browsers do)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { NODE_FLAGS, stopServer } from './lib.mjs';
import { countLines, fmt, median } from './measure.mjs';
import { CONNECTIONS, DATA, DURATION, ONLY_P9, opts, QUICK, ROUNDS, WARMUP } from './options.mjs';
import { gitInfo, loadAverage, printTable, reportProfile, writeReport } from './report.mjs';
import {
  cleanup,
  createDatabase,
  dbName,
  dbUrl,
  generateData,
  query,
  RESULTS_DIR,
  stamp,
  startServer,
  workDir,
} from './run-env.mjs';
import { P1_P99_MS, P1_RATIO, p1Rows, runP1 } from './scenarios/p1-routes.mjs';
import { P2_RATIO, p2Rows, runP2 } from './scenarios/p2-pglite.mjs';
import { P4_CONNECTIONS, P4_P95_MS, p4Rows, runP4 } from './scenarios/p4-checkout.mjs';
import { P7_MEDIAN_MS, p7Rows, runP7 } from './scenarios/p7-search.mjs';
import { P9_CLIENTES, P9_UNIDADES, p9Rows, runP9 } from './scenarios/p9-estoque.mjs';

// NODE_FLAGS (bench/lib.mjs): the store runs as deployed, and the bare server gets the same flags, so neither
// gets a runtime the other lacks.

async function main() {
  if (opts.build) buildIfNeeded();
  // After the build: the route table reads the shared package's compiled messages.
  const { ROUTES, SEARCH_TEXTS } = await import('./routes.mjs');
  const routes = ROUTES.filter((r) => !opts.only || r.name === opts.only);
  if (routes.length === 0) throw new Error(`Nenhuma rota chamada ${opts.only} em bench/routes.mjs`);
  // The other build migrates its own database and gets the demo data only: compare like with like.
  if (opts.compare && DATA)
    throw new Error('--compare mede a outra build com os dados de demonstração: use com --demo.');

  const cores = os.cpus().length;
  const loadAtStart = loadAverage();
  console.log(
    `Bench da loja: ${routes.length} rota(s), ${CONNECTIONS} conexões, ${WARMUP}s de aquecimento + ${DURATION}s medidos, ` +
      `${ROUNDS} rodada(s); ${cores} núcleos, Node ${process.version} ${NODE_FLAGS.join(' ')}; ` +
      `load average ${loadAtStart.join(' ')}.`,
  );
  console.log(`Banco PostgreSQL novo: ${dbName}`);
  await createDatabase();
  const pgVersion = (await query('SHOW server_version')).rows[0].server_version;

  // The same generated data in both databases, before any store opens them (PGlite is single-process).
  const dataDirPg = path.join(workDir, 'data-pg');
  const dataDirPglite = path.join(workDir, 'data-pglite');
  const generated = {};
  if (DATA) {
    generated.postgres = generateData('PostgreSQL', ['--pg', dbUrl, '--data-dir', dataDirPg]);
    if (opts.pglite) {
      // The demo media the seed drew for the first database: the second one reuses the files.
      fs.cpSync(path.join(dataDirPg, 'files'), path.join(dataDirPglite, 'files'), { recursive: true });
      generated.pglite = generateData('PGlite', ['--data-dir', dataDirPglite]);
    }
  }
  const contas = generated.postgres?.contas ?? [];

  const profileDir = path.join(RESULTS_DIR, 'profiles');
  const profileArgs = (label) =>
    opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${stamp}-${label}.cpuprofile`] : [];
  const storeEnv = (dataDir, url) => ({
    NODE_ENV: 'production',
    // The demo store (ADR 022), also on PostgreSQL: P4 pays its PIX in the sandbox.
    DEMO_MODE: 'true',
    DATA_DIR: dataDir,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    SEED_DEMO: 'true',
    ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '' }),
    LOG_LEVEL: '',
    // P4 signs in a few dozen clients from one address, and asks the freight of each.
    LOGIN_MIN_DELAY_MS: '0',
    RATE_LIMIT_LOGIN_IP: '100000',
    RATE_LIMIT_LOGIN_ACCOUNT: '100000',
    RATE_LIMIT_FREIGHT_IP: '100000',
    // --sem-cache: every catalogue read runs its statement (ADR 021), to compare the store's own path with the bare
    // server's; by default the store keeps its answers by the catalogue's version, as in production.
    CATALOG_CACHE_MB: opts['sem-cache'] ? '0' : '',
  });
  const serverJs = path.join('apps', 'api', 'dist', 'server.js');

  console.log(`Iniciando a loja (PostgreSQL${DATA ? ', dados gerados' : ': migrações e dados de demonstração'})…`);
  const store = await startServer('loja', {
    args: [...NODE_FLAGS, ...profileArgs('postgres'), serverJs],
    env: storeEnv(dataDirPg, dbUrl),
    readyPath: '/api/health',
  });
  if (ONLY_P9) {
    // --only-p9: the flash sale alone, on the store just started.
    const p9 = await runP9(store, dbUrl, contas);
    await stopServer(store);
    printTable(['barra', 'medida', 'req/s', 'p50 ms', 'p99 ms', 'razão / valor', 'meta', 'veredito'], p9Rows(p9));
    await writeReport({
      date: new Date().toISOString(),
      machine: { cores, cpu: os.cpus()[0]?.model ?? null, node: process.version, loadAverage: loadAverage() },
      git: gitInfo(),
      postgres: pgVersion,
      data: DATA ? { ...DATA, generated } : 'demo',
      bars: { p9Clientes: P9_CLIENTES, p9Unidades: P9_UNIDADES },
      p9,
    });
    return p9.pass;
  }
  const bare = await startServer('bare', {
    log: false,
    args: [...NODE_FLAGS, ...profileArgs('bare'), path.join('bench', 'bare-server.mjs')],
    env: { DATABASE_URL: dbUrl, BARE_STATEMENTS: opts['bare-unnamed'] ? 'unnamed' : 'named' },
    readyPath: routes[0].url,
  });
  let reference = null;
  if (opts.compare) {
    const refDbUrl = await createDatabase(`${dbName}_ref`);
    console.log(`Iniciando a loja de referência (${opts.compare})…`);
    reference = await startServer('loja-ref', {
      args: [...NODE_FLAGS, path.resolve(opts.compare)],
      env: storeEnv(path.join(workDir, 'data-ref'), refDbUrl),
      readyPath: '/api/health',
    });
  }
  const logLinesAtStart = countLines(store.logFile);

  // P1
  const loadStartedAt = Date.now();
  const results = await runP1({ routes, store, bare, reference });
  const loadSeconds = (Date.now() - loadStartedAt) / 1000;

  // P7 on PostgreSQL: the median at one connection, then the throughput.
  let p7 = null;
  if (opts.p7) {
    console.log(`\nBusca (P7): ${SEARCH_TEXTS.length} textos alternados, PostgreSQL`);
    p7 = {
      texts: SEARCH_TEXTS,
      produtos: DATA?.produtos ?? null,
      postgres: await runP7('loja', store.base, SEARCH_TEXTS),
    };
  }

  // P4 on PostgreSQL: order + PIX charge by signed-in clients, a new Idempotency-Key per request.
  const p4 = opts.p4 ? await runP4(store, dbUrl, contas) : null;
  // P9 on PostgreSQL: the flash sale (it needs P9_CLIENTES generated clients).
  const p9 = opts.p9 && contas.length >= P9_CLIENTES ? await runP9(store, dbUrl, contas) : null;

  await stopServer(bare);
  await stopServer(store);
  if (reference) await stopServer(reference);
  const logLines = countLines(store.logFile) - logLinesAtStart;
  const log = {
    lines: logLines,
    bytes: fs.statSync(store.logFile).size,
    linesPerRequest:
      Math.round(median(results.flatMap((r) => r.store.runs.map((m) => m.logLinesPerRequest))) * 100) / 100,
  };

  let storeProfile = null;
  let bareProfile = null;
  if (opts.profile) {
    storeProfile = await reportProfile('loja', profileDir, `${stamp}-postgres.cpuprofile`, loadSeconds);
    bareProfile = await reportProfile('bare', profileDir, `${stamp}-bare.cpuprofile`, loadSeconds);
  }

  // P2: the store on PGlite, the same routes; and the search at one connection (P7 on the default database).
  let pglite = null;
  if (opts.pglite) {
    console.log(`\nIniciando a loja sobre PGlite (sem DATABASE_URL${DATA ? ', dados gerados' : ''})…`);
    const embedded = await startServer('loja-pglite', {
      args: [...NODE_FLAGS, ...profileArgs('pglite'), serverJs],
      env: storeEnv(dataDirPglite, ''),
      readyPath: '/api/health',
    });
    pglite = await runP2(embedded, routes, results);
    if (p7) {
      console.log(`\nBusca (P7): ${SEARCH_TEXTS.length} textos alternados, PGlite`);
      p7.pglite = await runP7('loja PGlite', embedded.base, SEARCH_TEXTS);
      p7.pglite.loaded.ratioToPostgres = p7.pglite.loaded.store.reqPerSec / p7.postgres.loaded.store.reqPerSec;
    }
    await stopServer(embedded);
  }
  const loadAtEnd = loadAverage();

  // One table, one verdict per bar.
  const rows = [...p1Rows(results), ...p2Rows(pglite), ...p4Rows(p4), ...p7Rows(p7), ...p9Rows(p9)];
  printTable(['barra', 'medida', 'req/s', 'p50 ms', 'p99 ms', 'razão / valor', 'meta', 'veredito'], rows);
  console.log(
    `\n${cores} núcleos; load average ${loadAtStart.join(' ')} no início, ${loadAtEnd.join(' ')} no fim. ` +
      `Log da loja: ${log.linesPerRequest} linha(s) por requisição (${fmt(log.lines)} linhas, ${fmt(log.bytes)} bytes). ` +
      (opts['sem-cache']
        ? 'Loja sem as respostas guardadas pela versão do catálogo (--sem-cache).'
        : 'Loja com as respostas guardadas pela versão do catálogo (ADR 021; --sem-cache para medir sem).'),
  );

  await writeReport({
    date: new Date().toISOString(),
    machine: {
      cores,
      cpu: os.cpus()[0]?.model ?? null,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      nodeFlags: NODE_FLAGS,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
    },
    git: gitInfo(),
    postgres: pgVersion,
    data: DATA ? { ...DATA, generated } : 'demo',
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      quick: QUICK,
      order: 'alternating (round 1 store first, round 2 bare first, …)',
      host: '127.0.0.1 (loopback); store, bare server, PostgreSQL and autocannon share the machine',
      store: 'apps/api/dist/server.js, NODE_ENV=production, LOG_LEVEL default (info), log to a file',
      compare: opts.compare ?? null,
      acceptEncoding: opts.comprimido ? 'br, gzip (P1 requests)' : 'none',
      catalogCache: opts['sem-cache']
        ? 'off (CATALOG_CACHE_MB=0): every read runs its statement'
        : 'on: catalogue answers kept by the catalogue version (ADR 021); P7 URLs are unique',
      bareStatements: opts['bare-unnamed']
        ? 'unnamed (parsed and planned on every call)'
        : 'named, as the store prepares them',
      profile: opts.profile,
    },
    bars: {
      p1Ratio: P1_RATIO,
      p1P99Ms: P1_P99_MS,
      p2Ratio: P2_RATIO,
      p4P95Ms: P4_P95_MS,
      p4Connections: P4_CONNECTIONS,
      p7MedianMs: P7_MEDIAN_MS,
    },
    routes: results,
    storeLog: log,
    pglite,
    p4,
    p7,
    p9,
    profile: opts.profile ? { store: storeProfile, bare: bareProfile } : null,
  });
  return (
    results.every((r) => r.p1) &&
    (pglite ?? []).every((r) => r.p2) &&
    (p4?.pass ?? true) &&
    (p9?.pass ?? true) &&
    (p7?.postgres.pass ?? true) &&
    (p7?.pglite?.pass ?? true)
  );
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
