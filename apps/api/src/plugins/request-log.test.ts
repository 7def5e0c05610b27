import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.js';
import { createTestApp, memoryLog, testDatabaseTargets, type TestApp } from '../test/harness.js';

describe.each(testDatabaseTargets())('log das requisições (%s)', (kind) => {
  let t: TestApp;
  let debug: TestApp;
  const info = memoryLog();
  const detail = memoryLog();

  beforeAll(async () => {
    t = await createTestApp({ kind, logger: createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, info.stream) });
    debug = await createTestApp({
      kind,
      database: t.database,
      logger: createLogger({ LOG_LEVEL: 'debug', NODE_ENV: 'test' }, detail.stream),
    });
  });
  afterAll(async () => {
    await debug?.dispose();
    await t?.dispose();
  });

  const linesOf = (log: ReturnType<typeof memoryLog>, reqId: string) => log.lines.filter((l) => l.reqId === reqId);

  it('uma linha por requisição, com id, método, URL, status, IP e tempo', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health?x=1' });
    const reqId = String(res.headers['x-request-id']);
    const lines = linesOf(info, reqId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'Requisição atendida',
      service: 'clinica-api',
      method: 'GET',
      url: '/api/health?x=1',
      statusCode: 200,
      ip: '127.0.0.1',
    });
    expect(typeof lines[0]?.responseTime).toBe('number');
    expect(info.lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('uma recusa tem a linha do motivo e a da requisição, ambas com o id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/cliente/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
    const lines = linesOf(info, String(res.headers['x-request-id']));
    expect(lines.map((l) => l.msg)).toEqual(['Requisição recusada', 'Requisição atendida']);
    expect(lines[1]).toMatchObject({ method: 'POST', statusCode: 400 });
  });

  it('com LOG_LEVEL=debug, a chegada também é registrada', async () => {
    const res = await debug.app.inject({ method: 'GET', url: '/api/health' });
    const lines = linesOf(detail, String(res.headers['x-request-id']));
    expect(lines.map((l) => l.msg)).toEqual(['Requisição recebida', 'Requisição atendida']);
  });
});
