import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { setContextAccess } from './auth.js';
import { sendApiNotFound, sendEnvelope } from './errors.js';

export interface StaticWebOptions {
  /** The Vite build (apps/web/dist). */
  webDist: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * A route of the web build's dist/.vite/route-hints.json (apps/web/vite.config.ts): what the page's first render
 * fetches besides the entry. `path` is the router's pattern (`:name`, `:name?`); `data` may use its parameters.
 */
interface RouteHint {
  path: string;
  js: string[];
  css: string[];
  data: string[];
}

/** A build file or API path, as it may appear in an href (the hints come from our own build). */
const SAFE_HREF = /^\/[\w./-]*$/;

function readRouteHints(webDist: string): RouteHint[] {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'route-hints.json'), 'utf8')) as {
      routes?: RouteHint[];
    };
    return Array.isArray(parsed.routes) ? parsed.routes : [];
  } catch {
    return [];
  }
}

/** The parameters of `pathname` under the router pattern `pattern`, or null when it does not match. */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  if (got.length > want.length) return null;
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const value = got[i];
    const optional = segment.endsWith('?');
    if (value === undefined) {
      if (optional) continue;
      return null;
    }
    if (segment.startsWith(':')) params[segment.slice(1).replace(/\?$/, '')] = value;
    else if (segment !== value) return null;
  }
  return params;
}

/**
 * The `<link>`s that let a public page's own chunks, styles and API reads download alongside the entry instead
 * of after it has run (QUALITY P5). A data read is hinted only when the parameters it uses are positive integers
 * (the page itself asks for nothing otherwise).
 */
export function routeHintTags(hints: RouteHint[], url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  for (const hint of hints) {
    const params = matchRoute(hint.path, pathname);
    if (!params) continue;
    const data = hint.data.flatMap((template) => {
      let ok = true;
      const href = template.replace(/:(\w+)/g, (_m, name: string) => {
        const value = params[name] ?? '';
        if (!/^[1-9]\d{0,9}$/.test(value)) ok = false;
        return value;
      });
      return ok ? [href] : [];
    });
    const tags = [
      ...hint.css
        .filter((h) => SAFE_HREF.test(h))
        .map((h) => `<link rel="preload" as="style" crossorigin href="${h}">`),
      ...hint.js.filter((h) => SAFE_HREF.test(h)).map((h) => `<link rel="modulepreload" crossorigin href="${h}">`),
      ...data
        .filter((h) => SAFE_HREF.test(h))
        .map((h) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${h}">`),
    ];
    return tags.join('');
  }
  return '';
}

/** The encoding to send a generated page with: Brotli, gzip or none, as the request accepts. */
function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = String(acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** A client-side route ("/loja", "/details/3") rather than a missing file ("/assets/x.js"). */
const looksLikeAppRoute = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
};

/**
 * Serves the built SPA at `/`: hashed files under /assets cached for a year,
 * index.html never cached; `/` and any other GET that is not a file gets
 * index.html (client-side routing), with the route's preload links from the
 * build's route hints and compressed as the browser accepts. Unknown /api
 * paths answer the JSON 404 envelope. Without a build, `/` explains how to
 * make one.
 */
export async function staticWebRoutes(scope: FastifyInstance, { webDist }: StaticWebOptions): Promise<void> {
  setContextAccess(scope, 'public');
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);

  if (hasBuild) {
    await scope.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      // `/` is answered like every client route (sendIndex), with its preload links.
      index: false,
      setHeaders: (res, filePath) => {
        const rel = path.relative(webDist, filePath).split(path.sep).join('/');
        res.setHeader('cache-control', rel.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
      },
    });
  } else {
    scope.get('/', async (_request, reply) =>
      reply.code(200).type('text/plain; charset=utf-8').header('cache-control', NO_CACHE).send(MSG.webNaoCompilada),
    );
  }

  const hints = hasBuild ? readRouteHints(webDist) : [];
  /** Compressed pages by encoding and content: a few routes, and one per product id at most (bounded). */
  const compressed = new Map<string, Buffer>();

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    let html = await fs.promises.readFile(indexFile, 'utf8');
    const tags = routeHintTags(hints, request.url);
    if (tags) html = html.replace('</head>', `${tags}</head>`);
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    const key = `${encoding}\n${html}`;
    let body = compressed.get(key);
    if (!body) {
      body = encoding === 'br' ? zlib.brotliCompressSync(html) : zlib.gzipSync(html, { level: 9 });
      if (compressed.size >= 256) compressed.clear();
      compressed.set(key, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  };

  scope.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isApiPath(url)) return sendApiNotFound(reply);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && looksLikeAppRoute(url)) {
      if (hasBuild) return sendIndex(request, reply);
      return reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .send(MSG.webNaoCompilada);
    }
    return sendEnvelope(reply, { statusCode: 404, message: MSG.naoEncontrado, content: null });
  });
}
