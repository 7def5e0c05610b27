import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_API } from '@clinica/shared/messages-api';
import { buildApp } from './app.js';
import { markDemo } from './plugins/static-web.js';
import { body, createTestApp, testConfig, testDatabaseTargets, type TestApp } from './test/harness.js';

const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><head><title>Clínica</title></head><body><div id="root"></div></body></html>';

function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync('console.log("app")'));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe.each(testDatabaseTargets())('aplicação: cabeçalhos, CORS, documentação, saúde e web estática (%s)', (kind) => {
  let t: TestApp;
  const webDist = fakeWebDist();

  beforeAll(async () => {
    t = await createTestApp({ kind, config: { WEB_DIST: webDist, CORS_ORIGINS: 'https://parceiro.example.com' } });
  });
  afterAll(async () => {
    await t?.dispose();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('envia os cabeçalhos de segurança com uma CSP sem terceiros (só o mapa do Google num frame)', async () => {
    // A page (the SPA); API answers carry the short set (plugins/security.test.ts).
    const res = await t.app.inject({ method: 'GET', url: '/loja' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The only third party: the click-to-load map of /contato, in a frame; never scripts, styles or connections.
    expect(csp).toContain("frame-src 'self' https://www.google.com");
    expect(csp.replace("frame-src 'self' https://www.google.com", '')).not.toMatch(/https?:\/\//);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Plain HTTP: no HSTS (only over TLS, plugins/security.ts).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('CORS: origem estranha não recebe allow-origin; origem da lista recebe', async () => {
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://malicioso.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/usuario/cliente/auth',
      headers: { origin: 'https://malicioso.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/usuario/cliente/auth',
      headers: { origin: 'https://parceiro.example.com', 'access-control-request-method': 'POST' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://parceiro.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('/api/docs/json é um documento OpenAPI 3.1 com as rotas, os esquemas e a segurança bearer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown; description?: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/usuario/cliente/auth',
        '/api/usuario/auth/atualizatoken/{idUser}',
        '/api/usuario/logout/{userId}',
        '/api/usuario/{id}',
        '/api/empresa/',
        '/api/produto/fisicodigital',
      ]),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
    expect(doc.paths['/api/usuario/cliente/auth']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/usuario/cliente/auth']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/usuario/{id}']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/usuario/{id}']?.get?.description).toContain('ADMIN');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('/api/docs serve a página do Swagger UI e seus arquivos pelo próprio servidor', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      const asset = await t.app.inject({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname });
      expect(asset.statusCode).toBe(200);
    }
  });

  it('GET /api/health responde 200 com o tipo de banco', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      statusCode: 200,
      message: MSG_API.servicoDisponivel,
      content: { status: 'ok', database: kind },
    });
  });

  it('serve a SPA: assets com cache longo, index.html sem cache, rotas do cliente caem no index.html', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    // The tests' store is the demo store (ADR 022): its pages are marked so.
    expect(root.body).toBe(markDemo(INDEX_HTML));
    expect(root.body).toContain('<html data-demo');
    expect(root.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe('console.log("app")');

    // The build's precompressed copy is sent to browsers that accept it.
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');

    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');

    for (const url of ['/loja', '/details/12', '/orders/3?page=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(markDemo(INDEX_HTML));
    }

    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/nao-existe.js' });
    expect(missingAsset.statusCode).toBe(404);
    const apiUnknown = await t.app.inject({ method: 'GET', url: '/api/loja' });
    expect(apiUnknown.statusCode).toBe(404);
    expect(body(apiUnknown).message).toBe(MSG_API.rotaNaoEncontrada);
  });

  it('sem a build da web, / explica em português como gerá-la', async () => {
    const noWeb = await createTestApp({ kind, database: t.database });
    try {
      const res = await noWeb.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toBe(MSG_API.webNaoCompilada);
      expect(res.body).toContain('npm run build');
    } finally {
      await noWeb.dispose();
    }
  });

  it('banco fora do ar: /api/health responde 503 em envelope', async () => {
    const down = await buildApp({
      config: testConfig(t.database.dataDir),
      database: { ...t.database, raw: () => Promise.reject(new Error('conexão recusada')) },
    });
    try {
      const res = await down.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({
        statusCode: 503,
        message: MSG_API.servicoIndisponivel,
        content: { database: kind },
      });
    } finally {
      await down.close();
    }
  });
});
