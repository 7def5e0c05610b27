/**
 * `npm run bench`: QUALITY.md P1, P2, P4 and P7 in one run, on a generated
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
 * Options: --duration 20 --warmup 10 --connections 50 --rounds 2 --only <name>
 *          --quick (small data, 1 s warm-up + 3 s per measure, 1 round: checks the script in minutes)
 *          --produtos 10000 --clientes 2000 --pedidos 20000 (the generated data)
 *          --demo (only the demo data, no generated rows) --no-pglite (skip P2) --no-p4 --no-p7
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
import { execFileSync } from 'node:child_process';
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
import { NODE_FLAGS, startServer as startServer_, stopServer } from './lib.mjs';

const { values: opts } = parseArgs({
  allowNegative: true,
  options: {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string' },
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    produtos: { type: 'string' },
    clientes: { type: 'string' },
    pedidos: { type: 'string' },
    pglite: { type: 'boolean', default: true },
    p4: { type: 'boolean', default: true },
    p7: { type: 'boolean', default: true },
    profile: { type: 'boolean', default: false },
    build: { type: 'boolean', default: true },
    compare: { type: 'string' },
    'bare-unnamed': { type: 'boolean', default: false },
    'sem-cache': { type: 'boolean', default: false },
    comprimido: { type: 'boolean', default: false },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const QUICK = opts.quick;
const DURATION = Number(opts.duration ?? (QUICK ? 3 : 20));
const WARMUP = Number(opts.warmup ?? (QUICK ? 1 : 10));
const CONNECTIONS = Number(opts.connections);
const ROUNDS = Number(opts.rounds ?? (QUICK ? 1 : 2));
const DATA = opts.demo
  ? null
  : {
      produtos: Number(opts.produtos ?? (QUICK ? 1000 : 10_000)),
      clientes: Number(opts.clientes ?? (QUICK ? 200 : 2000)),
      pedidos: Number(opts.pedidos ?? (QUICK ? 2000 : 20_000)),
    };
const P1_RATIO = 0.8;
const P1_P99_MS = 50;
const P2_RATIO = 0.4;
/** P4: order + PIX creation, p95 at 20 concurrent customers on PostgreSQL. */
const P4_CONNECTIONS = 20;
const P4_P95_MS = 150;
/** P7: search median at one connection. */
const P7_MEDIAN_MS = 20;

// NODE_FLAGS (bench/lib.mjs): the store runs as deployed, and the bare server gets the same flags, so neither
// gets a runtime the other lacks.

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

/** A statement on another database of the server (the bench's own database, to count rows). */
async function adminQueryOn(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
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

async function cleanup() {
  for (const child of children) child.proc.kill('SIGTERM');
  await Promise.all([...children].map((c) => c.exited));
  try {
    keepLogTails();
  } catch (err) {
    console.error(`Não consegui guardar os logs: ${err.message}`);
  }
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

/** Starts a server process (bench/lib.mjs), known to cleanup() until it ends. */
async function startServer(name, { args, env, readyPath, log = true }) {
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

/** Lines of a file, read in chunks: with the kept catalogue answers a store log passes 1 GB in a run. */
function countLines(file) {
  const fd = fs.openSync(file, 'r');
  const chunk = Buffer.allocUnsafe(16 * 1024 * 1024);
  let lines = 0;
  try {
    for (let n; (n = fs.readSync(fd, chunk, 0, chunk.length, null)) > 0;) {
      for (let i = chunk.indexOf(10); i !== -1 && i < n; i = chunk.indexOf(10, i + 1)) lines++;
    }
  } finally {
    fs.closeSync(fd);
  }
  return lines;
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

/**
 * autocannon's own limit is 10 s per request; the whole-catalogue reads of a
 * 10,000-product store take longer than that at 50 connections on a busy 2-core machine.
 */
const REQUEST_TIMEOUT_S = 60;
/** How long the wait for a backlog may take (PGlite answers one whole-catalogue read at a time). */
const DRAIN_TIMEOUT_S = 600;

/**
 * Waits for what the last load left in flight (autocannon stops at its
 * duration; the server still answers the requests it had): one more request
 * queues behind them (PGlite runs one statement at a time), so the next
 * measure does not start with a backlog.
 */
async function drain(url) {
  const started = Date.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(DRAIN_TIMEOUT_S * 1000) });
    await res.arrayBuffer();
  } catch {
    console.log(`\n    ! o servidor não esvaziou a fila em ${DRAIN_TIMEOUT_S} s`);
    return;
  }
  const seconds = (Date.now() - started) / 1000;
  if (seconds > 5) process.stdout.write(`(fila de ${seconds.toFixed(0)} s esvaziada) `);
}

async function load(url, duration) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    pipelining: 1,
    timeout: REQUEST_TIMEOUT_S,
    // --comprimido: as a browser asks (the store compresses its public reads, ADR 020; the bare server does not).
    ...(opts.comprimido ? { headers: { 'accept-encoding': 'br, gzip' } } : {}),
  });
  await drain(url);
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
  console.log(`${fmtRate(m.reqPerSec)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${cpu}`);
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
/** req/s: one decimal below 10 (the whole-catalogue reads of a big store run at a few per second). */
const fmtRate = (n) => (n < 10 ? n.toLocaleString('pt-BR', { maximumFractionDigits: 1 }) : fmt(n));
const pct = (r) => (Number.isFinite(r) ? `${Math.round(r * 100)} %` : '—');

function aggregate(runs) {
  return {
    reqPerSec: Math.round(mean(runs.map((r) => r.reqPerSec)) * 100) / 100,
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

function printTable(header, rows) {
  const lines = [header, ...rows.map((row) => row.map((c) => String(c ?? '')))];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  const numeric = (i) => i >= 2 && i <= 5;
  const render = (l) => l.map((c, i) => (numeric(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\n${render(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines.slice(1)) console.log(render(l).trimEnd());
}

function gitInfo() {
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain').length > 0 };
  } catch {
    return { commit: null, dirty: null };
  }
}

const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

/**
 * Fills a database with bench/generate-data.mjs (migrations, demo data, then
 * the generated rows); returns what it wrote, with the generated clients' e-mails.
 */
function generateData(label, args) {
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

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : null;
const round2 = (n) => (n === null ? null : Math.round(n * 100) / 100);

/**
 * autocannon with a request made per call (`setupRequest`), recording every
 * response's latency: exact median and p95 (autocannon's histogram has no p95).
 */
async function loadRecorded(base, { connections, duration, setupRequest, drainPath }) {
  const latencies = [];
  const statuses = {};
  const instance = autocannon({
    url: base,
    connections,
    duration,
    pipelining: 1,
    timeout: REQUEST_TIMEOUT_S,
    requests: [{ setupRequest }],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const r = await instance;
  await drain(`${base}${drainPath}`);
  latencies.sort((a, b) => a - b);
  return {
    connections,
    reqPerSec: r.requests.average,
    total: latencies.length,
    p50: round2(percentile(latencies, 0.5)),
    p95: round2(percentile(latencies, 0.95)),
    p99: round2(percentile(latencies, 0.99)),
    max: round2(latencies.at(-1) ?? null),
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statuses,
  };
}

/** Warm-up (discarded), then the measured run, with the line printed as `measure` does. */
async function measureRecorded(label, base, options) {
  process.stdout.write(`  ${label.padEnd(30)} aquecendo ${WARMUP}s… `);
  await loadRecorded(base, { ...options, duration: WARMUP });
  process.stdout.write(`medindo ${DURATION}s… `);
  const m = await loadRecorded(base, { ...options, duration: DURATION });
  console.log(`${fmtRate(m.reqPerSec)} req/s, p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms`);
  if (m.errors || m.timeouts || m.non2xx)
    console.log(`    ! erros ${m.errors}, timeouts ${m.timeouts}, não-2xx ${m.non2xx} ${JSON.stringify(m.statuses)}`);
  return m;
}

/**
 * P7: the search route, one text after another from SEARCH_TEXTS. Each URL is new (`&n=…`, a parameter the route
 * ignores), so every request runs the search: the store keeps answers by URL and catalogue version (ADR 021), and a
 * search repeated fourteen texts apart would measure that, not the search.
 */
function searchRequests(texts) {
  let i = 0;
  return (req) => {
    const text = texts[i % texts.length];
    i += 1;
    return {
      ...req,
      method: 'GET',
      path: `/api/produto/buscaNomeListagem?pesquisaProduto=${encodeURIComponent(text)}&n=${i}`,
    };
  };
}

async function api(base, method, url, { token, body } = {}) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).content;
}

/**
 * P4: the checkouts of `contas` (generated clients, signed in once here, as
 * scripts/crash-checkout.mjs does): one of the cheapest available physical
 * products, delivered to the client's address with the first freight option,
 * paid by PIX. Each request sends one of these bodies with a new Idempotency-Key.
 */
async function prepareCheckouts(base, contas) {
  const categorias = await api(base, 'GET', '/produto/categoria');
  const fisicos = categorias
    .filter((c) => !c.digital)
    .flatMap((c) => c.listaProduto)
    .filter((p) => p.disponivel)
    .sort((a, b) => a.preco - b.preco || a.id - b.id)
    .slice(0, 10);
  if (fisicos.length === 0) throw new Error('P4: nenhum produto físico disponível');
  const checkouts = [];
  for (const [i, email] of contas.entries()) {
    const login = await api(base, 'POST', '/usuario/cliente/auth', {
      body: { email, password: 'cliente123', cpf: null, cnpj: null },
    });
    const token = login.acess_token;
    const perfil = await api(base, 'GET', `/profile/${login.idUsuario}`, { token });
    const produto = fisicos[i % fisicos.length];
    const e = perfil.endereco;
    const [opcao] = await api(base, 'POST', '/frete/calcular', {
      token,
      body: { cep: e.cep, pedidoProdutos: [{ id: produto.id, quantidade: 1 }] },
    });
    const total = Math.round((produto.preco + opcao.custom_price) * 100) / 100;
    const nome = perfil.nome ?? perfil.razaoSocial;
    const body = {
      valorTotal: total,
      clienteId: login.idCliente,
      nomeRecebedor: null,
      telefoneRecebedor: null,
      itens: [{ produto: { id: produto.id }, quantidade: 1, valor: produto.preco, valorTotal: produto.preco }],
      enderecoEntrega: {
        ufId: e.uf.id,
        municipioId: e.municipio.id,
        bairro: e.bairro,
        logradouro: e.logradouro,
        numero: e.numero,
        cep: e.cep,
        complemento: e.complemento,
      },
      dadosPessoais: { nome, email, telefone: perfil.telefone, documento: perfil.cpf ?? perfil.cnpj },
      entrega: {
        idMelhorEnvio: opcao.id,
        name: opcao.name,
        customPrice: opcao.custom_price,
        tempoEntrega: opcao.delivery_range.max,
        transportadora: opcao.company.name,
      },
      pagamento: { paymentMethodId: 'pix', tipoPagamento: 'pix', nome, email, valor: total, token: null },
    };
    checkouts.push({ token, body: JSON.stringify(body) });
  }
  return checkouts;
}

function checkoutRequests(checkouts) {
  let i = 0;
  return (req) => {
    const c = checkouts[i++ % checkouts.length];
    return {
      ...req,
      method: 'POST',
      path: '/api/pedido/create',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${c.token}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: c.body,
    };
  };
}

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
  await adminQuery(`CREATE DATABASE "${dbName}"`);
  dbCreated = true;
  const pgVersion = (await adminQuery('SHOW server_version')).rows[0].server_version;

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

  // P1
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
    console.log(`\n${route.url}  (${fmt(JSON.stringify(a.body).length)} bytes por resposta)`);
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
      p1:
        loja.reqPerSec > 0 &&
        loja.reqPerSec / bareAgg.reqPerSec >= P1_RATIO &&
        loja.p99 <= P1_P99_MS &&
        loja.errors === 0,
      ...(refAgg
        ? { reference: { server: opts.compare, ...refAgg, ratio: refAgg.reqPerSec / bareAgg.reqPerSec } }
        : {}),
    });
  }
  const loadSeconds = (Date.now() - loadStartedAt) / 1000;

  // P7 on PostgreSQL: the median at one connection, then the throughput against the bare server.
  let p7 = null;
  if (opts.p7) {
    console.log(`\nBusca (P7): ${SEARCH_TEXTS.length} textos alternados, PostgreSQL`);
    const um = await measureRecorded('loja, 1 conexão', store.base, {
      connections: 1,
      setupRequest: searchRequests(SEARCH_TEXTS),
      drainPath: `/api/produto/buscaNomeListagem?pesquisaProduto=${SEARCH_TEXTS[0]}`,
    });
    const loja50 = await measureRecorded(`loja, ${CONNECTIONS} conexões`, store.base, {
      connections: CONNECTIONS,
      setupRequest: searchRequests(SEARCH_TEXTS),
      drainPath: `/api/produto/buscaNomeListagem?pesquisaProduto=${SEARCH_TEXTS[0]}`,
    });
    p7 = {
      texts: SEARCH_TEXTS,
      produtos: DATA?.produtos ?? null,
      postgres: {
        oneConnection: um,
        loaded: { store: loja50 },
        pass: um.total > 0 && um.p50 <= P7_MEDIAN_MS && um.non2xx === 0 && um.errors === 0,
      },
    };
  }

  // P4 on PostgreSQL: order + PIX charge by signed-in clients, a new Idempotency-Key per request.
  let p4 = null;
  if (opts.p4) {
    const emails = contas.length ? contas.slice(0, 2 * P4_CONNECTIONS) : ['cliente@clinica.com.br'];
    console.log(`\nPedido + PIX (P4): ${emails.length} cliente(s), ${P4_CONNECTIONS} conexões, PostgreSQL`);
    const checkouts = await prepareCheckouts(store.base, emails);
    const [{ n: pedidosAntes }] = (await adminQueryOn(dbUrl, 'SELECT count(*)::int AS n FROM pedidos')).rows;
    const m = await measureRecorded('loja, POST /api/pedido/create', store.base, {
      connections: P4_CONNECTIONS,
      setupRequest: checkoutRequests(checkouts),
      drainPath: '/api/produto/1',
    });
    const [{ n: pedidosDepois }] = (await adminQueryOn(dbUrl, 'SELECT count(*)::int AS n FROM pedidos')).rows;
    p4 = {
      clients: emails.length,
      connections: P4_CONNECTIONS,
      ordersCreated: pedidosDepois - pedidosAntes,
      ...m,
      pass: m.total > 0 && m.p95 <= P4_P95_MS && m.non2xx === 0 && m.errors === 0 && m.timeouts === 0,
    };
  }

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
    if (p7) {
      console.log(`\nBusca (P7): ${SEARCH_TEXTS.length} textos alternados, PGlite`);
      const um = await measureRecorded('loja PGlite, 1 conexão', embedded.base, {
        connections: 1,
        setupRequest: searchRequests(SEARCH_TEXTS),
        drainPath: `/api/produto/buscaNomeListagem?pesquisaProduto=${SEARCH_TEXTS[0]}`,
      });
      const loja50 = await measureRecorded(`loja PGlite, ${CONNECTIONS} conexões`, embedded.base, {
        connections: CONNECTIONS,
        setupRequest: searchRequests(SEARCH_TEXTS),
        drainPath: `/api/produto/buscaNomeListagem?pesquisaProduto=${SEARCH_TEXTS[0]}`,
      });
      p7.pglite = {
        oneConnection: um,
        loaded: { store: loja50, ratioToPostgres: loja50.reqPerSec / p7.postgres.loaded.store.reqPerSec },
        pass: um.total > 0 && um.p50 <= P7_MEDIAN_MS && um.non2xx === 0 && um.errors === 0,
      };
    }
    await stopServer(embedded);
  }
  const loadAtEnd = loadAverage();

  // One table, one verdict per bar.
  const verdict = (ok) => (ok ? 'ok' : 'ABAIXO');
  const rows = [];
  const ms = (n) => (n === null || n === undefined ? '' : String(n));
  for (const r of results) {
    rows.push([
      'P1',
      `${r.name}: loja (PostgreSQL)`,
      fmtRate(r.store.reqPerSec),
      ms(r.store.p50),
      ms(r.store.p99),
      '',
      '',
      '',
    ]);
    if (r.reference) {
      const ref = r.reference;
      rows.push([
        '',
        `${r.name}: loja de referência`,
        fmtRate(ref.reqPerSec),
        ms(ref.p50),
        ms(ref.p99),
        pct(ref.ratio),
        'da bare',
        '',
      ]);
    }
    rows.push([
      '',
      `${r.name}: bare Fastify + pg`,
      fmtRate(r.bare.reqPerSec),
      ms(r.bare.p50),
      ms(r.bare.p99),
      '',
      '',
      '',
    ]);
    rows.push([
      '',
      `${r.name}: loja/bare`,
      '',
      '',
      '',
      pct(r.ratio),
      `≥ ${pct(P1_RATIO)}, p99 ≤ ${P1_P99_MS} ms`,
      verdict(r.p1),
    ]);
  }
  for (const r of pglite ?? []) {
    rows.push([
      'P2',
      `${r.name}: loja (PGlite)`,
      fmtRate(r.store.reqPerSec),
      ms(r.store.p50),
      ms(r.store.p99),
      pct(r.ratioToPostgres),
      `≥ ${pct(P2_RATIO)} do PostgreSQL, sem erros`,
      verdict(r.p2),
    ]);
  }
  if (p4) {
    rows.push([
      'P4',
      `pedido + PIX, ${P4_CONNECTIONS} conexões (PostgreSQL)`,
      fmtRate(p4.reqPerSec),
      ms(p4.p50),
      ms(p4.p99),
      `p95 ${p4.p95} ms`,
      `p95 ≤ ${P4_P95_MS} ms, todos 201`,
      verdict(p4.pass),
    ]);
  }
  if (p7) {
    for (const [db, label] of [
      ['postgres', 'PostgreSQL'],
      ['pglite', 'PGlite'],
    ]) {
      const x = p7[db];
      if (!x) continue;
      rows.push([
        'P7',
        `busca, 1 conexão (${label})`,
        fmtRate(x.oneConnection.reqPerSec),
        ms(x.oneConnection.p50),
        ms(x.oneConnection.p99),
        `mediana ${x.oneConnection.p50} ms`,
        `≤ ${P7_MEDIAN_MS} ms`,
        verdict(x.pass),
      ]);
      rows.push([
        '',
        `busca, ${CONNECTIONS} conexões (${label})`,
        fmtRate(x.loaded.store.reqPerSec),
        ms(x.loaded.store.p50),
        ms(x.loaded.store.p99),
        db === 'postgres' ? '' : `${pct(x.loaded.ratioToPostgres)} do PG`,
        '',
        '',
      ]);
    }
  }
  printTable(['barra', 'medida', 'req/s', 'p50 ms', 'p99 ms', 'razão / valor', 'meta', 'veredito'], rows);
  console.log(
    `\n${cores} núcleos; load average ${loadAtStart.join(' ')} no início, ${loadAtEnd.join(' ')} no fim. ` +
      `Log da loja: ${log.linesPerRequest} linha(s) por requisição (${fmt(log.lines)} linhas, ${fmt(log.bytes)} bytes). ` +
      (opts['sem-cache']
        ? 'Loja sem as respostas guardadas pela versão do catálogo (--sem-cache).'
        : 'Loja com as respostas guardadas pela versão do catálogo (ADR 021; --sem-cache para medir sem).'),
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
    profile: opts.profile ? { store: storeProfile, bare: bareProfile } : null,
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${stamp}.json`);
  const json = await prettier.format(JSON.stringify(report), { parser: 'json', ...(await prettierConfig()) });
  fs.writeFileSync(file, json);
  console.log(`Resultados em ${path.relative(ROOT, file)}`);
  return (
    results.every((r) => r.p1) &&
    (pglite ?? []).every((r) => r.p2) &&
    (p4?.pass ?? true) &&
    (p7?.postgres.pass ?? true) &&
    (p7?.pglite?.pass ?? true)
  );
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
