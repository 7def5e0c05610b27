import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/demo-data.js';
import { bearer, createTestApp, testDatabaseTargets, type TestApp } from '../test/harness.js';
import { CACHE_CATALOGO } from '../modules/produto/produto.routes.js';
import { etagOf, matchesIfNoneMatch } from './http-cache.js';

describe('If-None-Match', () => {
  const etag = etagOf('{"a":1}');

  it('um ETag forte, estável e diferente para outro corpo', () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf(Buffer.from('{"a":1}'))).toBe(etag);
    expect(etagOf('{"a":2}')).not.toBe(etag);
  });

  it('casa com a própria tag, numa lista, fraca ou *; não casa com outra nem com nada', () => {
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"x", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(' * ', etag)).toBe(true);
    expect(matchesIfNoneMatch('"outra"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    expect(matchesIfNoneMatch('', etag)).toBe(false);
  });
});

describe.each(testDatabaseTargets())('cache HTTP das leituras públicas (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const menus = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/produto/fisicodigital', headers });

  it('200 com ETag e Cache-Control curto; 304 sem corpo com o mesmo ETag; 200 com outro ETag depois da mudança', async () => {
    const first = await menus();
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toBe(etagOf(first.body));
    // The catalogue revalidates every read (modules/produto CACHE_CATALOGO: a saved change shows at once).
    expect(first.headers['cache-control']).toBe(`public, max-age=${CACHE_CATALOGO.maxAge}`);

    const again = await menus({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers['cache-control']).toBe(`public, max-age=${CACHE_CATALOGO.maxAge}`);
    // The security headers go with a 304 too.
    expect(again.headers['x-content-type-options']).toBe('nosniff');

    const [produto] = await t.database.raw<{ id: number; nome: string }>(
      'SELECT id, nome FROM produtos WHERE ativo AND NOT brinde ORDER BY id LIMIT 1',
    );
    await t.database.raw('UPDATE produtos SET nome = $1 WHERE id = $2', [`${produto?.nome} (novo)`, produto?.id]);
    try {
      const changed = await menus({ 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toContain('(novo)');
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.headers.etag).toBe(etagOf(changed.body));
    } finally {
      await t.database.raw('UPDATE produtos SET nome = $1 WHERE id = $2', [produto?.nome, produto?.id]);
    }
  });

  it('comprime a leitura pública para quem aceita (Brotli, senão gzip), com ETag próprio, Vary e 304', async () => {
    const plain = await menus();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await menus({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // A strong ETag names one representation (RFC 9110 §8.8.3): the compressed one has its own.
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);

    const gzip = await menus({ 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);

    const notModified = await menus({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(br.headers.etag);
    // The identity copy's ETag does not validate the compressed one, nor the reverse.
    expect((await menus({ 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(
      200,
    );
    expect((await menus({ 'if-none-match': String(br.headers.etag) })).statusCode).toBe(200);
  });

  it('um corpo pequeno segue sem compressão', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/condicaodesconto/ativa',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.etag).toBe(etagOf(small.body));
  });

  it('HEAD traz o mesmo ETag do GET', async () => {
    const get = await menus();
    const head = await t.app.inject({ method: 'HEAD', url: '/api/produto/fisicodigital' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('respostas autenticadas nunca são marcadas públicas nem ganham ETag', async () => {
    const [row] = await t.database.raw<{ id: number }>('SELECT id FROM usuarios WHERE email = $1', [
      DEMO_ACCOUNTS.cliente.email,
    ]);
    const token = await t.issueToken({ id: Number(row?.id), permissao: 'CLIENTE', idCliente: null });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/usuario/${row?.id}`,
      headers: { ...bearer(token), 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    // Nor compressed: a private answer is not mixed with what a page may reflect (ADR 020).
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers['cache-control'] ?? '')).not.toContain('public');
  });

  it('a saúde do serviço nunca é guardada; erros de rotas públicas não são marcados cacheáveis', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers.etag).toBeUndefined();

    const invalid = await t.app.inject({ method: 'GET', url: '/api/municipio/estado/abc' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers.etag).toBeUndefined();
    expect(String(invalid.headers['cache-control'] ?? '')).not.toContain('public');
  });

  it('um Cache-Control escolhido pela rota é mantido (listas estáveis de UFs)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/uf/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toBe(etagOf(res.body));
  });
});
