import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseTargets, type TestApp } from '../test/harness.js';
import { HSTS, securityPlugin, staticSecurityHeaders } from './security.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.resolve(here, '../../../web');

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

/** The directives of a CSP header, by name. */
function cspDirectives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/**
 * A page CSP that allows no inline script: script-src (or default-src, its
 * fallback) present, without 'unsafe-inline', 'unsafe-eval', 'unsafe-hashes',
 * 'wasm-unsafe-eval', nonces, hashes or 'strict-dynamic'; no inline event
 * handler (script-src-attr 'none'); the page may not be framed.
 */
function expectStrictPageCsp(header: unknown): void {
  const csp = cspDirectives(header);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc, 'script-src').toBeDefined();
  expect(scriptSrc).toContain("'self'");
  for (const source of scriptSrc ?? []) {
    expect(source).not.toMatch(/^'(unsafe-|wasm-unsafe-eval|nonce-|sha(256|384|512)-|strict-dynamic)/);
    expect(source).not.toBe('*');
    expect(source).not.toMatch(/^(https?|data|blob):?$/);
  }
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
}

/** Inline scripts and inline event handlers of an HTML document (a strict CSP would block them). */
function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    // A data block (JSON-LD) is never executed; everything else without src is an inline script.
    if (type === 'application/ld+json' || type === 'application/json') continue;
    if (!/\bsrc\s*=/i.test(attrs) || (m[2] ?? '').trim() !== '') found.push(m[0].slice(0, 80));
  }
  for (const m of html.matchAll(/<[a-z][^>]*?\s(on[a-z]+)\s*=/gi)) found.push(`atributo ${m[1]}`);
  for (const m of html.matchAll(/\b(?:href|src|action)\s*=\s*["']?\s*javascript:/gi)) found.push(m[0]);
  return found;
}

describe('index.html sem script inline (a CSP das páginas não permite)', () => {
  it('o detector acha script inline, importmap, handler de evento e javascript:', () => {
    expect(inlineScripts('<script>alert(1)</script>')).toHaveLength(1);
    expect(inlineScripts('<script type="module">import "/x.js"</script>')).toHaveLength(1);
    expect(inlineScripts('<script type="importmap">{"imports":{}}</script>')).toHaveLength(1);
    expect(inlineScripts('<script src="/a.js">alert(1)</script>')).toHaveLength(1);
    expect(inlineScripts('<img src="x" onerror="alert(1)">')).toEqual(['atributo onerror']);
    expect(inlineScripts('<body ONLOAD=go()>')).toEqual(['atributo ONLOAD']);
    expect(inlineScripts('<a href="javascript:alert(1)">x</a>')).toHaveLength(1);
    expect(inlineScripts('<script type="module" crossorigin src="/assets/index-1.js"></script>')).toEqual([]);
    expect(inlineScripts('<script type="application/ld+json">{"@type":"Dentist"}</script>')).toEqual([]);
    expect(inlineScripts('<meta name="description" content="Compre online: fácil">')).toEqual([]);
  });

  it('apps/web/index.html (fonte)', () => {
    const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
    expect(html).toMatch(/<script\b[^>]*\bsrc=/);
    expect(inlineScripts(html)).toEqual([]);
  });

  it('apps/web/dist: todo .html do build (quando há build)', () => {
    const dist = path.join(WEB, 'dist');
    const pages = fs.existsSync(dist)
      ? (fs.readdirSync(dist, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'))
      : [];
    for (const page of pages) {
      expect(inlineScripts(fs.readFileSync(path.join(dist, page), 'utf8')), page).toEqual([]);
    }
  });
});

describe('o plugin recusa fontes de script que abririam a CSP', () => {
  it.each(["'unsafe-inline'", "'unsafe-eval'", "'nonce-abc'", "'strict-dynamic'", '*', 'https:'])('%s', async (src) => {
    const app = Fastify();
    await expect(
      app.register(securityPlugin, { corsOrigins: '', extraSources: { scriptSrc: [src] } }).ready(),
    ).rejects.toThrow(/script/i);
    await app.close();
  });
});

/** A self-signed certificate for localhost, made by openssl for this run (nothing secret is committed). */
function selfSignedCert(): { key: string; cert: string } | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } catch {
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const tls = selfSignedCert();

describe.skipIf(!tls)('HSTS numa conexão TLS direta (sem proxy)', () => {
  it('a resposta por HTTPS traz HSTS; o mesmo servidor por HTTP não', async () => {
    const headersOf = async (useTls: boolean) => {
      const app: FastifyInstance = useTls && tls ? Fastify({ https: tls }) : Fastify();
      await app.register(securityPlugin, { corsOrigins: '' });
      app.get('/api/health', async () => ({ ok: true }));
      app.get('/pagina', async () => 'x');
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const get = (url: string) =>
        useTls
          ? new Promise<Record<string, unknown>>((resolve, reject) => {
              https
                .get({ host: '127.0.0.1', port, path: url, rejectUnauthorized: false }, (res) => {
                  res.resume();
                  res.on('end', () => resolve(res.headers));
                })
                .on('error', reject);
            })
          : (fetch(`http://127.0.0.1:${port}${url}`).then((r) => Object.fromEntries(r.headers)) as Promise<
              Record<string, unknown>
            >);
      try {
        return { api: await get('/api/health'), page: await get('/pagina') };
      } finally {
        await app.close();
      }
    };
    const secure = await headersOf(true);
    expect(secure.api['strict-transport-security']).toBe(HSTS);
    expect(secure.page['strict-transport-security']).toBe(HSTS);
    const plain = await headersOf(false);
    expect(plain.api['strict-transport-security']).toBeUndefined();
    expect(plain.page['strict-transport-security']).toBeUndefined();
  });
});

/** A minimal Vite build: index.html, a hashed script, a favicon. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

describe.each(testDatabaseTargets())('cabeçalhos de segurança em toda resposta (%s)', (kind) => {
  let t: TestApp;
  const webDist = fakeWebDist();
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t?.dispose();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** Another app on the same database, with other settings (TRUST_PROXY, CORS_ORIGINS). */
  const withApp = async (config: Parameters<typeof createTestApp>[0]['config'], run: (o: TestApp) => Promise<void>) => {
    const other = await createTestApp({ kind, database: t.database, config: { WEB_DIST: webDist, ...config } });
    try {
      await run(other);
    } finally {
      await other.dispose();
    }
  };

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
      expect(res.headers['content-security-policy']).toBe(API_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toBeDefined();
      for (const pageOnly of ['x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection'])
        expect(res.headers[pageOnly]).toBeUndefined();
    },
  );

  it.each([
    ['a página da documentação', '/api/docs/', /text\/html/],
    ['a SPA na raiz', '/', /text\/html/],
    ['uma rota da SPA (index.html)', '/loja', /text\/html/],
    ['um script do build', '/assets/index-abc123.js', /javascript/],
    ['um arquivo estático', '/favicon.svg', /svg/],
    ['um arquivo estático que não existe', '/assets/nao-existe.js', /json/],
  ] as const)('páginas e arquivos (%s): CSP sem script inline, sem frame por terceiros', async (_caso, url, type) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toMatch(type);
    expectStrictPageCsp(res.headers['content-security-policy']);
    // /contato's click-to-load Google Maps embed may be framed; nothing else from outside.
    expect(cspDirectives(res.headers['content-security-policy']).get('frame-src')).toEqual([
      "'self'",
      'https://www.google.com',
    ]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toBeDefined();
    if (String(res.headers['content-type']).includes('html')) expect(inlineScripts(res.body)).toEqual([]);
  });

  it('com Mercado Pago, a CSP ganha o SDK por host, e continua sem script inline', async () => {
    await withApp(
      {
        PAYMENT_PROVIDER: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'TEST-x',
        MERCADOPAGO_PUBLIC_KEY: 'TEST-y',
        MERCADOPAGO_WEBHOOK_SECRET: 'segredo',
      },
      async (o) => {
        const res = await o.app.inject({ method: 'GET', url: '/loja' });
        expectStrictPageCsp(res.headers['content-security-policy']);
        expect(cspDirectives(res.headers['content-security-policy']).get('script-src')).toEqual([
          "'self'",
          'https://sdk.mercadopago.com',
        ]);
      },
    );
  });

  describe('HSTS só atrás de TLS', () => {
    const urls = ['/api/health', '/loja'];

    it('HTTP direto: sem HSTS (páginas e API)', async () => {
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['strict-transport-security'], url).toBeUndefined();
      }
    });

    it('X-Forwarded-Proto: https sem proxy confiável (TRUST_PROXY desligado): sem HSTS', async () => {
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers['strict-transport-security'], url).toBeUndefined();
      }
    });

    it('TRUST_PROXY=10.0.0.0/8: https dito pelo proxy traz HSTS; dito por um cliente direto, ou http, não', async () => {
      await withApp({ TRUST_PROXY: ['10.0.0.0/8'] }, async (o) => {
        for (const url of urls) {
          const viaProxy = await o.app.inject({
            method: 'GET',
            url,
            remoteAddress: '10.0.0.2',
            headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
          });
          const hsts = String(viaProxy.headers['strict-transport-security']);
          expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
          expect(hsts).toMatch(/;\s*includeSubDomains/);

          const direct = await o.app.inject({
            method: 'GET',
            url,
            remoteAddress: '198.51.100.7',
            headers: { 'x-forwarded-proto': 'https' },
          });
          expect(direct.headers['strict-transport-security'], url).toBeUndefined();

          const plainBehindProxy = await o.app.inject({
            method: 'GET',
            url,
            remoteAddress: '10.0.0.2',
            headers: { 'x-forwarded-proto': 'http' },
          });
          expect(plainBehindProxy.headers['strict-transport-security'], url).toBeUndefined();
        }
      });
    });

    it('TRUST_PROXY=1: vale o X-Forwarded-Proto do proxy (o último valor)', async () => {
      await withApp({ TRUST_PROXY: 1 }, async (o) => {
        const https = await o.app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(https.headers['strict-transport-security']).toBe(HSTS);
        // A client's own "https" before the proxy's "http" does not count.
        const forged = await o.app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { 'x-forwarded-proto': 'https, http' },
        });
        expect(forged.headers['strict-transport-security']).toBeUndefined();
      });
    });
  });

  describe('CORS', () => {
    const corsHeaders = (headers: Record<string, unknown>) =>
      Object.keys(headers).filter((h) => h.startsWith('access-control-'));
    const read = (app: TestApp['app'], origin: string) =>
      app.inject({ method: 'GET', url: '/api/produto/categoria', headers: { origin } });
    const preflight = (app: TestApp['app'], origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/pedido/create',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });

    it('fechado (padrão): nenhuma origem recebe Access-Control-*, nem na leitura nem no preflight de escrita', async () => {
      const get = await read(t.app, 'https://evil.example');
      expect(get.statusCode).toBe(200);
      expect(corsHeaders(get.headers)).toEqual([]);
      const options = await preflight(t.app, 'https://evil.example');
      expect(options.statusCode).toBeLessThan(500);
      expect(corsHeaders(options.headers)).toEqual([]);
    });

    it('CORS_ORIGINS=https://parceiro.example: só essa origem, sem credenciais', async () => {
      await withApp({ CORS_ORIGINS: 'https://parceiro.example/' }, async (o) => {
        const evilGet = await read(o.app, 'https://evil.example');
        expect(evilGet.statusCode).toBe(200);
        expect(corsHeaders(evilGet.headers)).toEqual([]);
        const evilPreflight = await preflight(o.app, 'https://evil.example');
        expect(evilPreflight.headers['access-control-allow-origin']).toBeUndefined();
        expect(evilPreflight.headers['access-control-allow-methods']).toBeUndefined();
        // A look-alike origin is another origin.
        const lookAlike = await read(o.app, 'https://parceiro.example.evil.example');
        expect(corsHeaders(lookAlike.headers)).toEqual([]);

        const okGet = await read(o.app, 'https://parceiro.example');
        expect(okGet.headers['access-control-allow-origin']).toBe('https://parceiro.example');
        expect(okGet.headers['access-control-allow-credentials']).toBeUndefined();
        const okPreflight = await preflight(o.app, 'https://parceiro.example');
        expect(okPreflight.statusCode).toBe(204);
        expect(okPreflight.headers['access-control-allow-origin']).toBe('https://parceiro.example');
        expect(String(okPreflight.headers['access-control-allow-methods'])).toContain('POST');
        expect(String(okPreflight.headers['access-control-allow-headers'])).toMatch(/authorization/i);
        expect(okPreflight.headers['access-control-allow-credentials']).toBeUndefined();
      });
    });
  });
});
