import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createLogger } from '../lib/logger.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accessLineWriter, RequestLogController } from './request-log.js';
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

  it('em produção, a linha sai no fim da volta do laço, e as que restam ao fechar a app', async () => {
    const log = memoryLog();
    const producao = await createTestApp({
      kind,
      database: t.database,
      config: { NODE_ENV: 'production' },
      logger: createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, log.stream),
    });
    try {
      const res = await producao.app.inject({ method: 'GET', url: '/api/health' });
      const reqId = String(res.headers['x-request-id']);
      await new Promise((resolve) => setImmediate(resolve));
      expect(linesOf(log, reqId).map((l) => l.msg)).toEqual(['Requisição atendida']);
      // A line still held when the app closes is written by the close.
      const ultima = producao.app.inject({ method: 'GET', url: '/api/health?ultima=1' });
      const ultimoId = String((await ultima).headers['x-request-id']);
      await producao.app.close();
      expect(linesOf(log, ultimoId)).toHaveLength(1);
    } finally {
      await producao.dispose();
    }
  });

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

describe('linha de acesso escrita direto no destino do pino', () => {
  it('é a mesma linha que o pino escreveria (campos, ordem, escapes, vínculos do logger)', () => {
    const viaPino = memoryLog();
    const direct = memoryLog();
    const fields = {
      reqId: 'a"b\\c',
      method: 'GET',
      url: '/api/produto/buscaNomeListagem?pesquisaProduto=ação "x"\u2028',
      statusCode: 200,
      ip: '::ffff:127.0.0.1',
      responseTime: 1.25,
    };
    createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, viaPino.stream)
      .child({}, { redact: { paths: [] } })
      .info(fields, 'Requisição atendida');
    const controller = new RequestLogController(createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, direct.stream));
    controller.requestCompleted(
      null,
      { id: fields.reqId, method: fields.method, url: fields.url, ip: fields.ip } as unknown as FastifyRequest,
      { statusCode: 200, elapsedTime: 1.2549 } as unknown as FastifyReply,
    );
    const [expected] = viaPino.lines;
    const [line] = direct.lines;
    expect(Object.keys(line ?? {})).toEqual(Object.keys(expected ?? {}));
    expect({ ...line, time: 0 }).toEqual({ ...expected, time: 0 });
    expect(accessLineWriter(createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, direct.stream))).not.toBeNull();
  });

  it('em produção (coalesce), as linhas de uma volta do laço saem juntas, em ordem, numa escrita', async () => {
    const log = memoryLog();
    let escritas = 0;
    const write = log.stream.write.bind(log.stream);
    log.stream.write = ((chunk: unknown, ...rest: never[]) => {
      escritas++;
      return write(chunk as string, ...rest);
    }) as typeof log.stream.write;
    const controller = new RequestLogController(createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, log.stream), {
      coalesce: true,
    });
    const atender = (id: string) =>
      controller.requestCompleted(
        null,
        { id, method: 'GET', url: `/api/produto/${id}`, ip: '127.0.0.1' } as unknown as FastifyRequest,
        { statusCode: 200, elapsedTime: 1 } as unknown as FastifyReply,
      );
    atender('1');
    atender('2');
    atender('3');
    expect(log.lines).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.lines.map((l) => l.reqId)).toEqual(['1', '2', '3']);
    expect(escritas).toBe(1);
    // flush() writes what is held at once (the app's close and the process's exit call it).
    atender('4');
    controller.flush();
    expect(log.lines.map((l) => l.reqId)).toEqual(['1', '2', '3', '4']);
    expect(escritas).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(escritas).toBe(2);
  });

  it('com o nível acima de info, nada é escrito', () => {
    const log = memoryLog();
    const controller = new RequestLogController(createLogger({ LOG_LEVEL: 'warn', NODE_ENV: 'test' }, log.stream));
    controller.requestCompleted(
      null,
      { id: 'x', method: 'GET', url: '/', ip: '127.0.0.1' } as unknown as FastifyRequest,
      { statusCode: 200, elapsedTime: 1 } as unknown as FastifyReply,
    );
    expect(log.lines).toEqual([]);
  });

  it('outro logger (ou opções que mudam a linha) usa o caminho normal do pino', () => {
    const mixin = pino({ mixin: () => ({ extra: 1 }) }, memoryLog().stream);
    expect(accessLineWriter(mixin)).toBeNull();
    const isoTime = pino({ timestamp: pino.stdTimeFunctions.isoTime }, memoryLog().stream);
    expect(accessLineWriter(isoTime)).toBeNull();
    const labels = pino({ formatters: { level: (label) => ({ level: label }) } }, memoryLog().stream);
    expect(accessLineWriter(labels)).toBeNull();
    expect(accessLineWriter(pino({}, memoryLog().stream))).not.toBeNull();
  });
});
