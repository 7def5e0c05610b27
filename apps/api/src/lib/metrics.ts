/**
 * Prometheus metrics (docs/monitoring.md, ADR 040), with prom-client on a registry of this app's own (tests build
 * several apps in one process). Off unless METRICS_TOKEN or METRICS_PORT is set: then `createMetrics` is never
 * called and every caller holds `null`, so the hot path pays nothing.
 *
 * Cheap on the hot path (docs/quality.md P1, P4): the request histogram is observed through children made once per
 * route, method and status (a route-level `onResponse` hook installed by `onRoute`, so a request allocates nothing
 * but what prom-client's `observe` does); the job queue, the realtime sessions and the process are read only when
 * scraped, the queue with one grouped statement kept for a few seconds, so scrapes cannot load the database.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One row of the queue's state: jobs of a tipo in a status (see lib/jobs queueStats). */
interface JobQueueStat {
  tipo: string;
  status: string;
  total: number;
  /** Pending jobs that already failed at least once (waiting for their next attempt). */
  retrying: number;
  /** Seconds since the oldest due pending job became due (null: none due). */
  oldestDueSeconds: number | null;
}

/** How long the queue's statement is reused between scrapes. */
const QUEUE_STATS_TTL_MS = 5_000;

/** Label of a request that matched no route (never the raw path: the label's values stay bounded). */
const NO_ROUTE = '(nenhuma)';

type Observer = { observe(value: number): void };

export interface Metrics {
  readonly registry: Registry;
  /** Registered first in buildApp: an `onRoute` hook giving each route its own request observer. */
  readonly httpPlugin: FastifyPluginAsync;
  /** A job attempt failed (retried later or dead): lib/jobs worker. */
  jobFailed(tipo: string): void;
  /** A payment's new status was written (modules/checkout/pagamento-registro.ts `registrar`). */
  payment(status: string, method: string): void;
  /** A catalogue read answered from the answers kept by version, or not (lib/versioned-reads.ts). */
  readonly catalogCache: { hit(): void; miss(): void };
  /** The realtime server's open sessions, read when scraped. */
  watchRealtime(connections: () => number): void;
  /** The queue's state, read when scraped (at most once per QUEUE_STATS_TTL_MS). */
  watchJobs(read: () => Promise<JobQueueStat[]>): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(options: { prefix?: string } = {}): Metrics {
  const prefix = options.prefix ?? 'clinica_';
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Duração das requisições HTTP, por rota (o modelo da rota, nunca o caminho), método e status.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const jobFailures = new Counter({
    name: `${prefix}job_failures_total`,
    help: 'Tentativas de tarefa que falharam nesta instância (repetidas depois ou falhas de vez), por tipo.',
    labelNames: ['tipo'] as const,
    registers: [registry],
  });
  const payments = new Counter({
    name: `${prefix}payments_total`,
    help: 'Resultados de pagamento gravados nesta instância, por situação (approved, rejected, pending…) e meio.',
    labelNames: ['status', 'method'] as const,
    registers: [registry],
  });
  const cache = new Counter({
    name: `${prefix}catalog_cache_requests_total`,
    help: 'Leituras do catálogo guardadas pela versão (ADR 021): respondidas da memória (hit) ou pelo banco (miss).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const cacheHit = cache.labels('hit');
  const cacheMiss = cache.labels('miss');

  let realtime: (() => number) | undefined;
  new Gauge({
    name: `${prefix}realtime_connections`,
    help: 'Sessões do canal em tempo real (SockJS/STOMP) abertas nesta instância.',
    registers: [registry],
    collect() {
      this.set(realtime ? realtime() : 0);
    },
  });

  let readJobs: (() => Promise<JobQueueStat[]>) | undefined;
  let cached: { at: number; stats: Promise<JobQueueStat[]> } | undefined;
  const jobStats = (): Promise<JobQueueStat[]> => {
    if (!readJobs) return Promise.resolve([]);
    const now = performance.now();
    if (!cached || now - cached.at >= QUEUE_STATS_TTL_MS) {
      const stats = readJobs();
      cached = { at: now, stats };
      // A failed read is not kept: the next scrape asks again.
      stats.catch(() => {
        if (cached?.stats === stats) cached = undefined;
      });
    }
    return cached.stats;
  };
  const jobsUp = new Gauge({
    name: `${prefix}jobs_stats_up`,
    help: '1 quando a última leitura da fila de tarefas respondeu; 0 quando o banco não respondeu.',
    registers: [registry],
  });
  new Gauge({
    name: `${prefix}jobs`,
    help: 'Tarefas na fila por tipo e situação (PENDENTE, EXECUTANDO, FALHOU), em todas as instâncias.',
    labelNames: ['tipo', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const stats = await jobStats().catch(() => undefined);
      jobsUp.set(stats ? 1 : 0);
      for (const s of stats ?? []) this.set({ tipo: s.tipo, status: s.status }, s.total);
    },
  });
  new Gauge({
    name: `${prefix}jobs_retrying`,
    help: 'Tarefas pendentes que já falharam ao menos uma vez (esperando a próxima tentativa), por tipo.',
    labelNames: ['tipo'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const stats = await jobStats().catch(() => []);
      for (const s of stats) if (s.status === 'PENDENTE') this.set({ tipo: s.tipo }, s.retrying);
    },
  });
  new Gauge({
    name: `${prefix}jobs_oldest_due_seconds`,
    help: 'Segundos desde que a tarefa pendente mais antiga ficou devida (0 sem nenhuma atrasada), em todas as instâncias.',
    registers: [registry],
    async collect() {
      const stats = await jobStats().catch(() => []);
      let oldest = 0;
      for (const s of stats)
        if (s.oldestDueSeconds !== null && s.oldestDueSeconds > oldest) oldest = s.oldestDueSeconds;
      this.set(oldest);
    },
  });

  /** A route's observers by method, then by status code: made on first use, reused by every later request. */
  const routeObserver = (route: string): onResponseHookHandler => {
    const byMethod = new Map<string, Observer[]>();
    return function observeRequest(request: FastifyRequest, reply: FastifyReply, done: () => void) {
      let byStatus = byMethod.get(request.method);
      if (!byStatus) byMethod.set(request.method, (byStatus = []));
      const status = reply.statusCode;
      const observer = (byStatus[status] ??= httpDuration.labels(route, request.method, String(status)));
      observer.observe(reply.elapsedTime / 1000);
      done();
    };
  };

  const httpPlugin = fp(
    async (app) => {
      app.addHook('onRoute', (routeOptions) => {
        const hook = routeObserver(routeOptions.url ?? NO_ROUTE);
        const own = routeOptions.onResponse;
        routeOptions.onResponse = own ? [...(Array.isArray(own) ? own : [own]), hook] : [hook];
      });
      // Requests no route matched (the 404s), one observer for them all.
      const unmatched = routeObserver(NO_ROUTE);
      app.addHook('onResponse', (request, reply, done) => {
        if (request.is404) unmatched.call(app, request, reply, done);
        else done();
      });
    },
    { name: 'clinica-metrics' },
  );

  return {
    registry,
    httpPlugin,
    jobFailed: (tipo) => jobFailures.labels(tipo).inc(),
    payment: (status, method) => payments.labels(status, method).inc(),
    catalogCache: { hit: () => cacheHit.inc(), miss: () => cacheMiss.inc() },
    watchRealtime(connections) {
      realtime = connections;
    },
    watchJobs(read) {
      readJobs = read;
      cached = undefined;
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** `Authorization: Bearer <token>` compared with METRICS_TOKEN in constant time (hashes of equal length). */
export function metricsTokenVerdict(authorization: string | undefined, token: string): 'ok' | 'missing' | 'wrong' {
  const match = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return 'missing';
  const given = crypto.createHash('sha256').update(match[1]).digest();
  const expected = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, expected) ? 'ok' : 'wrong';
}

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: a small HTTP listener of its own (no token: it listens on METRICS_HOST, the loopback by default, or
 * an address only the scraper reaches). `GET /metrics` answers the exposition; anything else 404.
 */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Não encontrado: use GET /metrics.\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) =>
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Falha ao gerar as métricas.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
