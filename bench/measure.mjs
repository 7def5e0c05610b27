/**
 * How the bench measures a server: autocannon at a number of connections (warm-up, then the measured run), the
 * wait for what a run left in flight, the CPU time per request from /proc, and the figures of several rounds.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION, WARMUP, opts } from './options.mjs';

/** Lines of a file, read in chunks: with the kept catalogue answers a store log passes 1 GB in a run. */
export function countLines(file) {
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
export async function measure(target, url) {
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
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const fmt = (n) => Math.round(n).toLocaleString('pt-BR');
/** req/s: one decimal below 10 (the whole-catalogue reads of a big store run at a few per second). */
export const fmtRate = (n) => (n < 10 ? n.toLocaleString('pt-BR', { maximumFractionDigits: 1 }) : fmt(n));
export const pct = (r) => (Number.isFinite(r) ? `${Math.round(r * 100)} %` : '—');

export function aggregate(runs) {
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
export async function measureRecorded(label, base, options) {
  process.stdout.write(`  ${label.padEnd(30)} aquecendo ${WARMUP}s… `);
  await loadRecorded(base, { ...options, duration: WARMUP });
  process.stdout.write(`medindo ${DURATION}s… `);
  const m = await loadRecorded(base, { ...options, duration: DURATION });
  console.log(`${fmtRate(m.reqPerSec)} req/s, p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms`);
  if (m.errors || m.timeouts || m.non2xx)
    console.log(`    ! erros ${m.errors}, timeouts ${m.timeouts}, não-2xx ${m.non2xx} ${JSON.stringify(m.statuses)}`);
  return m;
}
