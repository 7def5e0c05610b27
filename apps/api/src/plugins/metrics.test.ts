/**
 * Prometheus metrics (ADR 040, docs/monitoring.md): GET /api/metrics only with METRICS_TOKEN and only to its bearer
 * token; the families an operator alerts on, each moved by what it counts (a request by its route template, a job
 * failure and the queue's state, a payment written, a realtime session, the catalogue's kept answers); the
 * METRICS_PORT listener; nothing at all when neither is set. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_API } from '@clinica/shared/messages-api';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { DEMO_ACCOUNTS, DEMO_CURSOS } from '../db/seed/demo-data.js';
import { createMetrics, startMetricsServer } from '../lib/metrics.js';
import { corpoDoPedido, tokenDeCartao } from '../test/checkout-fixtures.js';
import { idsDaConta } from '../test/db-queries.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../test/harness.js';
import { rawConnect } from '../test/stomp-clients.js';

const TOKEN = 'token-das-metricas-de-teste-0123456789';
const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;

/** The value of one sample of the exposition (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]] as const),
    );
    if (Object.entries(labels).every(([k, v]) => own[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe.each(testDatabaseTargets())('métricas Prometheus (ADR 040; %s)', (kind) => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, config: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.dispose());

  it('GET /api/metrics: 401 sem token, 403 com outro, 200 em texto do Prometheus com o certo', async () => {
    const sem = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(sem.statusCode).toBe(401);
    expect(body(sem).message).toBe(MSG_API.metricasSemToken);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Basic ${TOKEN}` },
    });
    expect(basic.statusCode).toBe(401);
    for (const outro of [`${TOKEN}x`, TOKEN.slice(0, -1), 'curto']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(outro) });
      expect(res.statusCode, outro).toBe(403);
      expect(body(res).message).toBe(MSG_API.metricasTokenInvalido);
      expect(res.body).not.toContain('clinica_');
    }
    const ok = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['cache-control']).toBe('no-store');
    for (const family of [
      'clinica_http_request_duration_seconds',
      'clinica_jobs',
      'clinica_jobs_retrying',
      'clinica_jobs_oldest_due_seconds',
      'clinica_jobs_stats_up',
      'clinica_job_failures_total',
      'clinica_payments_total',
      'clinica_realtime_connections',
      'clinica_catalog_cache_requests_total',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(ok.body, family).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    }
  });

  it('a duração das requisições é contada pelo modelo da rota, nunca pelo caminho', async () => {
    const antes = await scrape();
    const route = { route: '/api/produto/:id', method: 'GET', status_code: '200' };
    const idRow = await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE ativo ORDER BY id LIMIT 1');
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/produto/${idRow[0]!.id}?i=${i}` })).statusCode).toBe(200);
    }
    const perdido = await t.app.inject({ method: 'GET', url: '/api/caminho-que-nao-existe/12345' });
    expect(perdido.statusCode).toBe(404);
    const depois = await scrape();
    const count = 'clinica_http_request_duration_seconds_count';
    expect((sample(depois, count, route) ?? 0) - (sample(antes, count, route) ?? 0)).toBe(3);
    const semRota = { route: '(nenhuma)', method: 'GET', status_code: '404' };
    expect((sample(depois, count, semRota) ?? 0) - (sample(antes, count, semRota) ?? 0)).toBe(1);
    expect(depois).not.toContain('caminho-que-nao-existe');
    expect(depois).not.toContain(`/api/produto/${idRow[0]!.id}`);
    // The scrape itself is a request of its route.
    expect(sample(depois, count, { route: '/api/metrics', method: 'GET', status_code: '200' })).toBeGreaterThan(0);
  });

  it('as leituras do catálogo guardadas pela versão contam acertos e faltas', async () => {
    const antes = await scrape();
    const url = `/api/produto/buscaNomeListagem?pesquisaProduto=metricas${Date.now()}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const depois = await scrape();
    const name = 'clinica_catalog_cache_requests_total';
    for (const result of ['hit', 'miss']) {
      expect((sample(depois, name, { result }) ?? 0) - (sample(antes, name, { result }) ?? 0), result).toBe(1);
    }
  });

  it('a fila: tarefas por tipo e situação, as que repetem, a mais atrasada e as falhas (lida a cada poucos segundos)', async () => {
    await t.database.raw('DELETE FROM tarefas');
    // A job no handler knows fails, and waits for its next attempt; another is due for a minute already.
    await t.app.jobs.enqueue('teste.sem-handler', {});
    expect(await t.app.jobWorker.runOnce()).toBe(1);
    await t.app.jobs.enqueue('teste.atrasada', {}, { runAt: new Date(Date.now() - 60_000) });
    // The queue's state of an earlier scrape is kept a few seconds: scrape until this state shows.
    let texto = await scrape();
    while (sample(texto, 'clinica_jobs', { tipo: 'teste.atrasada', status: 'PENDENTE' }) === undefined) {
      await new Promise((r) => setTimeout(r, 250));
      texto = await scrape();
    }
    expect(sample(texto, 'clinica_job_failures_total', { tipo: 'teste.sem-handler' })).toBe(1);
    expect(sample(texto, 'clinica_jobs', { tipo: 'teste.sem-handler', status: 'PENDENTE' })).toBe(1);
    expect(sample(texto, 'clinica_jobs_retrying', { tipo: 'teste.sem-handler' })).toBe(1);
    expect(sample(texto, 'clinica_jobs', { tipo: 'teste.atrasada', status: 'PENDENTE' })).toBe(1);
    expect(sample(texto, 'clinica_jobs_retrying', { tipo: 'teste.atrasada' })).toBe(0);
    expect(sample(texto, 'clinica_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(59);
    expect(sample(texto, 'clinica_jobs_stats_up')).toBe(1);
    // A scrape right after reads the state kept from the last one: scrapes do not load the database.
    await t.app.jobs.enqueue('teste.atrasada', {});
    expect(sample(await scrape(), 'clinica_jobs', { tipo: 'teste.atrasada', status: 'PENDENTE' })).toBe(1);
    await t.database.raw('DELETE FROM tarefas');
  });

  it('um pagamento gravado conta pela situação e pelo meio', async () => {
    const maria = await idsDaConta(t.database, DEMO_ACCOUNTS.cliente.email);
    const [curso] = await t.database.raw<{ id: number; preco: string }>(
      'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
      [CURSO.nome],
    );
    const token = await t.issueToken({ id: maria.id, permissao: 'CLIENTE', idCliente: maria.idCliente });
    const antes = await scrape();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(token), 'idempotency-key': `metricas-${kind}-${Date.now()}` },
      payload: corpoDoPedido({
        clienteId: maria.idCliente!,
        itens: [{ id: Number(curso!.id), preco: Math.round(Number(curso!.preco) * 100) }],
        opcao: null,
        pagamento: { tipoPagamento: 'credit', token: (await tokenDeCartao(t.app, 'APRO')).id },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(contentOf(pedidoApi.create, res).situacaoPedido).toBe('PAGO');
    const depois = await scrape();
    const aprovado = { status: 'approved', method: 'credit' };
    expect(
      (sample(depois, 'clinica_payments_total', aprovado) ?? 0) -
        (sample(antes, 'clinica_payments_total', aprovado) ?? 0),
    ).toBe(1);
  });

  it('uma sessão em tempo real aberta conta enquanto está aberta', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const maria = await idsDaConta(t.database, DEMO_ACCOUNTS.cliente.email);
    const token = await t.issueToken({ id: maria.id, permissao: 'CLIENTE', idCliente: maria.idCliente });
    expect(sample(await scrape(), 'clinica_realtime_connections')).toBe(0);
    const { client, answer } = await rawConnect(address, { Authorization: `Bearer ${token}` });
    expect(answer.command).toBe('CONNECTED');
    expect(sample(await scrape(), 'clinica_realtime_connections')).toBe(1);
    client.close();
    await client.closed;
    // The server sees the close a moment after the client: poll the scrape.
    let aberto = 1;
    for (let i = 0; i < 300 && aberto !== 0; i++) {
      aberto = sample(await scrape(), 'clinica_realtime_connections') ?? -1;
      if (aberto !== 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(aberto).toBe(0);
  });
});

describe('métricas desligadas e a porta separada (ADR 040)', () => {
  it('sem METRICS_TOKEN nem METRICS_PORT: nenhuma métrica, e /api/metrics não existe', async () => {
    const t = await createTestApp({ kind: 'pglite' });
    try {
      expect(t.app.metrics).toBeNull();
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.dispose();
    }
  });

  it('METRICS_PORT: o servidor próprio responde GET /metrics sem token, e 404 ao resto', async () => {
    const t = await createTestApp({ kind: 'pglite', config: { METRICS_PORT: 9 } });
    const server = await startMetricsServer(t.app.metrics!, '127.0.0.1', 0);
    try {
      // Only METRICS_PORT: the main port has no /api/metrics.
      expect((await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
      await t.app.inject({ method: 'GET', url: '/api/health' });
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      const texto = await res.text();
      expect(sample(texto, 'clinica_http_request_duration_seconds_count', { route: '/api/health' })).toBe(1);
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
      await t.dispose();
    }
  });

  it('duas instâncias de métricas no mesmo processo não se misturam (registro próprio)', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.jobFailed('x');
    expect(await a.render().then((r) => sample(r.body, 'clinica_job_failures_total', { tipo: 'x' }))).toBe(1);
    expect(await b.render().then((r) => sample(r.body, 'clinica_job_failures_total', { tipo: 'x' }))).toBeUndefined();
  });
});
