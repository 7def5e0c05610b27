import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseTargets, type TestApp } from '../test/harness.js';
import { staticSecurityHeaders } from './security.js';

describe('cabeçalhos de segurança calculados uma vez', () => {
  it('são os mesmos que o @fastify/helmet enviaria com as mesmas opções', async () => {
    const options = {
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'same-origin' as const },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    };
    const probe = Fastify();
    await probe.register(helmet, options);
    probe.get('/', async () => 'x');
    const res = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    const fromHelmet = Object.fromEntries(
      Object.entries(res.headers).filter(
        ([k]) => !['content-type', 'content-length', 'date', 'connection'].includes(k),
      ),
    );
    expect(staticSecurityHeaders(options)).toEqual(fromHelmet);
    expect(Object.keys(fromHelmet).length).toBeGreaterThan(8);
  });
});

describe.each(testDatabaseTargets())('cabeçalhos de segurança em toda resposta (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.dispose());

  it.each([
    ['uma leitura pública', 'GET', '/api/health', 200],
    ['uma rota protegida sem token', 'GET', '/api/usuario/1', 401],
    ['uma rota desconhecida', 'DELETE', '/api/nao-existe', 404],
    ['um corpo inválido', 'POST', '/api/usuario/cliente/auth', 400],
  ] as const)(
    'respostas da API (%s): o conjunto curto, sem cabeçalhos de página',
    async (_caso, method, url, status) => {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toBeDefined();
      for (const pageOnly of ['x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection'])
        expect(res.headers[pageOnly]).toBeUndefined();
    },
  );

  it.each([
    ['a página da documentação', 'GET', '/api/docs', 200],
    ['a SPA (sem build)', 'GET', '/loja', 200],
  ] as const)('páginas (%s): a CSP completa e os cabeçalhos de documento', async (_caso, method, url, status) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    // /contato's click-to-load Google Maps embed may be framed; nothing else from outside.
    expect(String(res.headers['content-security-policy'])).toContain("frame-src 'self' https://www.google.com;");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('CORS fechado (padrão): nenhuma origem recebe allow-origin, nem na leitura nem no preflight', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://outro.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/pedido/create',
      headers: { origin: 'https://outro.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBeLessThan(500);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});
