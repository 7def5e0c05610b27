import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

describe.each(testDatabaseTargets())('sitemap.xml e robots.txt (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  it('o sitemap lista as páginas públicas e cada produto ativo, com URLs absolutas da origem pedida', async () => {
    const [inativo] = await t.database.raw<{ id: number }>(
      'UPDATE produtos SET ativo = false WHERE id = (SELECT min(id) FROM produtos WHERE NOT brinde) RETURNING id',
    );
    const ativos = await t.database.raw<{ id: number }>(
      'SELECT id FROM produtos WHERE ativo AND NOT brinde ORDER BY id',
    );
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'loja.exemplo.com.br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.headers['cache-control']).toMatch(/public/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.slice(0, 6)).toEqual([
      'http://loja.exemplo.com.br/',
      'http://loja.exemplo.com.br/loja',
      'http://loja.exemplo.com.br/contato',
      'http://loja.exemplo.com.br/artigos',
      'http://loja.exemplo.com.br/termos',
      'http://loja.exemplo.com.br/privacidade',
    ]);
    expect(locs.slice(6)).toEqual(ativos.map((p) => `http://loja.exemplo.com.br/details/${p.id}`));
    expect(locs).not.toContain(`http://loja.exemplo.com.br/details/${inativo!.id}`);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('robots.txt fecha as áreas privadas e aponta o sitemap; PUBLIC_URL vale sobre o host', async () => {
    const withUrl = await createTestApp({
      kind,
      database: t.database,
      config: { ...t.config, PUBLIC_URL: 'https://sorrisopleno.com.br' },
    });
    try {
      const res = await withUrl.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'interno:3000' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      for (const line of [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /checkout',
        'Disallow: /user/',
        'Disallow: /products',
      ]) {
        expect(res.body.split('\n')).toContain(line);
      }
      expect(res.body).toContain('Sitemap: https://sorrisopleno.com.br/sitemap.xml');
      expect(res.body).not.toMatch(/Disallow: \/loja\b/);
      const sitemap = await withUrl.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.body).toContain('<loc>https://sorrisopleno.com.br/loja</loc>');
    } finally {
      await withUrl.dispose();
    }
  });
});
