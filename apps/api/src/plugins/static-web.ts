import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { CompressedBodies, pickEncoding, varyOnAcceptEncoding } from '../lib/compression.js';
import { escapeHtml } from '../lib/escape-html.js';
import { setContextAccess } from './auth.js';
import { etagOf } from './http-cache.js';
import { sendApiNotFound, sendEnvelope } from './errors.js';

export interface StaticWebOptions {
  /** The Vite build (apps/web/dist). */
  webDist: string;
  /**
   * The server renderer of the public pages (apps/web/dist-ssr/entry-server.js, ADR 019). Without it, or without
   * the file, every page is rendered in the browser.
   */
  ssrEntry?: string;
  /**
   * The site's public origin (`https://loja.example`, from PUBLIC_URL) for the absolute links of rendered pages
   * (canonical, JSON-LD). Without it, the request's protocol and Host header.
   */
  publicOrigin?: string;
  /**
   * A demo store (DEMO_MODE, ADR 022): every page is marked `<html data-demo>`, which the web reads to show its
   * 'Loja de demonstração' notice (apps/web/src/lib/demo-mode.ts). Outside demo mode the sandbox pages (`/sandbox/…`)
   * answer 404.
   */
  demo?: boolean;
}

/** An answer of the API read in-process for a server render: its status and JSON body. */
interface PageAnswer {
  status: number;
  body: unknown;
}

/** The head a rendered page's components declared (apps/web/src/lib/page-head.ts). */
export interface PageHead {
  title?: string;
  description?: string;
  canonical?: string;
  image?: string;
}

/** apps/web/src/entry-server.tsx. */
interface PageRenderer {
  render(
    url: string,
    fetchApi: (path: string) => Promise<PageAnswer>,
    origin: string,
    options: { demo: boolean },
  ): Promise<{ html: string; answers: Record<string, PageAnswer>; head?: PageHead } | null>;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * JSON inside a `<script type="application/json">`: `<`, `>`, `&` and the two JavaScript line separators are
 * escaped, so no text the staff wrote (a product's name, a description) can close the script or open another.
 */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const TITLE_RE = /<title>[^<]*<\/title>/;
const DESCRIPTION_RE = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/**
 * index.html with a rendered page's head: its title and description replace the site's, and its canonical address
 * and the Open Graph tags of link previews (title, description, address, picture) are added. Every value is
 * escaped: they hold texts the staff wrote.
 */
export function withPageHead(html: string, head: PageHead): string {
  let out = html;
  const tags: string[] = [];
  const meta = (property: string, content: string) =>
    tags.push(`<meta property="${property}" content="${escapeHtml(content)}" />`);
  if (head.title) {
    out = out.replace(TITLE_RE, () => `<title>${escapeHtml(head.title!)}</title>`);
    meta('og:title', head.title);
  }
  if (head.description) {
    out = out.replace(DESCRIPTION_RE, () => `<meta name="description" content="${escapeHtml(head.description!)}" />`);
    meta('og:description', head.description);
  }
  if (head.canonical) {
    tags.unshift(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
    meta('og:url', head.canonical);
  }
  if (tags.length === 0) return out;
  meta('og:type', 'website');
  meta('og:locale', 'pt_BR');
  if (head.image) meta('og:image', head.image);
  return out.replace('</head>', () => `${tags.join('')}</head>`);
}

async function loadRenderer(file: string): Promise<PageRenderer | null> {
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
  return typeof mod.render === 'function' ? (mod as PageRenderer) : null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The pages of the sandboxes (`/sandbox/pix`): they exist only in demo mode (ADR 022). */
const isSandboxPage = (url: string): boolean => /^\/sandbox(?:[/?#]|$)/i.test(url);

/** The attribute that marks a demo store's page (apps/web/src/lib/demo-mode.ts reads it). */
const DEMO_ATTRIBUTE = 'data-demo';

/** index.html marked as a demo store's page: `<html data-demo lang="pt-BR">`. */
export const markDemo = (html: string): string => html.replace(/<html(?=[\s>])/i, `<html ${DEMO_ATTRIBUTE}`);

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

/** The build's hints: the script that starts a server-rendered page (apps/web/src/boot.ts) and the pages' files. */
interface BuildHints {
  boot: string | null;
  routes: RouteHint[];
}

function readRouteHints(webDist: string): BuildHints {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'route-hints.json'), 'utf8')) as {
      boot?: unknown;
      routes?: RouteHint[];
    };
    return {
      boot: typeof parsed.boot === 'string' && SAFE_HREF.test(parsed.boot) ? parsed.boot : null,
      routes: Array.isArray(parsed.routes) ? parsed.routes : [],
    };
  } catch {
    return { boot: null, routes: [] };
  }
}

/** The build's entry script in index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/** A modulepreload or stylesheet link of the build (index.html's and routeHintTags'). */
const MODULE_LINK = /<link rel="modulepreload" crossorigin href="(\/[\w./-]*)">\s*/g;
const STYLE_LINK = /<link rel="stylesheet" crossorigin href="(\/[\w./-]*)">\s*/g;

/**
 * A page rendered on the server starts with apps/web/src/boot.ts instead of the entry (ADR 019). Its modules (the
 * entry, its imports and the route's, once each) go into `<template id="modulos-da-pagina">`, which the browser does
 * not fetch: boot.ts moves them into the head once the page has loaded, so the app's code never competes with the
 * styles, fonts and pictures of the first paint, and evaluates them in the template's order. That order is the
 * links' (the route's modules come each after those it imports: apps/web/vite.config.ts); the entry goes last when
 * no link names it. Each stylesheet is linked once. Without a boot script (an older build) the page is left as is.
 */
export function startAfterPaint(html: string, boot: string | null): string {
  if (!boot) return html;
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const modules = new Set<string>();
  const sheets = new Set<string>();
  const out = html
    .replace(MODULE_LINK, (_m, href: string) => {
      modules.add(href);
      return '';
    })
    .replace(STYLE_LINK, (link: string, href: string) => {
      if (sheets.has(href)) return '';
      sheets.add(href);
      return link;
    })
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="${boot}" data-entry="${entry}"></script>`);
  modules.add(entry);
  const links = [...modules].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  return out.replace('</head>', () => `<template id="modulos-da-pagina">${links}</template></head>`);
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
 * of after it has run (docs/quality.md P5). A data read is hinted only when the parameters it uses are positive
 * integers
 * (the page itself asks for nothing otherwise).
 */
export function routeHintTags(hints: RouteHint[], url: string, { rendered = false } = {}): string {
  const withData = !rendered;
  const pathname = url.split('?')[0] ?? '/';
  for (const hint of hints) {
    const params = matchRoute(hint.path, pathname);
    if (!params) continue;
    const data = (withData ? hint.data : []).flatMap((template) => {
      let ok = true;
      const href = template.replace(/:(\w+)/g, (_m, name: string) => {
        const value = params[name] ?? '';
        if (!/^[1-9]\d{0,9}$/.test(value)) ok = false;
        return value;
      });
      return ok ? [href] : [];
    });
    // A page rendered on the server needs its styles before its first paint: they are the page's stylesheets.
    const cssRel = withData ? 'preload" as="style' : 'stylesheet';
    const tags = [
      ...hint.css.filter((h) => SAFE_HREF.test(h)).map((h) => `<link rel="${cssRel}" crossorigin href="${h}">`),
      ...hint.js.filter((h) => SAFE_HREF.test(h)).map((h) => `<link rel="modulepreload" crossorigin href="${h}">`),
      ...data
        .filter((h) => SAFE_HREF.test(h))
        .map((h) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${h}">`),
    ];
    return tags.join('');
  }
  return '';
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
export async function staticWebRoutes(
  scope: FastifyInstance,
  { webDist, ssrEntry, publicOrigin, demo = false }: StaticWebOptions,
): Promise<void> {
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
      reply.code(200).type('text/plain; charset=utf-8').header('cache-control', NO_CACHE).send(MSG_API.webNaoCompilada),
    );
  }

  const { boot, routes: hints } = hasBuild ? readRouteHints(webDist) : { boot: null, routes: [] };
  const renderer = hasBuild && ssrEntry ? await loadRenderer(ssrEntry) : null;
  const fetchApi = async (apiPath: string): Promise<PageAnswer> => {
    const res = await scope.inject({ method: 'GET', url: `/api${apiPath}`, headers: { accept: 'application/json' } });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = null; // not JSON: the page treats it as a failed read
    }
    return { status: res.statusCode, body };
  };

  /** The page rendered on the server, or null (not such a page, a read failed, or the render threw: logged). */
  const renderPage = (request: FastifyRequest) => {
    if (!renderer) return Promise.resolve(null);
    const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
    return renderer.render(request.url, fetchApi, origin, { demo }).catch((error: unknown) => {
      request.log.error({ err: error }, 'Falha ao renderizar a página no servidor; enviada sem renderização.');
      return null;
    });
  };
  /** Compressed pages by a hash of their text: a few routes, and one per product id at most (bounded). */
  const compressed = new CompressedBodies(32 * 1024 * 1024);

  /** index.html for a client route: rendered on the server when it is such a page; 404 for a page that does not exist. */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status = 200): Promise<FastifyReply> => {
    let html = await fs.promises.readFile(indexFile, 'utf8');
    if (demo) html = markDemo(html);
    const page = status === 200 ? await renderPage(request) : null;
    // A rendered page carries its data: its code is hinted and its styles are linked.
    const tags = routeHintTags(hints, request.url, { rendered: page !== null });
    if (tags) html = html.replace('</head>', `${tags}</head>`);
    if (page) {
      html = startAfterPaint(html, boot);
      if (page.head) html = withPageHead(html, page.head);
      html = html.replace(
        ROOT_ELEMENT,
        `<div id="root">${page.html}</div>` +
          `<script type="application/json" id="respostas-da-pagina">${jsonForScript(page.answers)}</script>`,
      );
    }
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', NO_CACHE);
    varyOnAcceptEncoding(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compressed.get(encoding, etagOf(html), () => html));
  };

  scope.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isApiPath(url)) return sendApiNotFound(reply);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && looksLikeAppRoute(url)) {
      // Outside demo mode a sandbox page does not exist: 404, and the app shows 'Página não encontrada!'.
      const exists = demo || !isSandboxPage(url);
      if (hasBuild) return sendIndex(request, reply, exists ? 200 : 404);
      if (exists)
        return reply
          .code(200)
          .type('text/plain; charset=utf-8')
          .header('cache-control', NO_CACHE)
          .send(MSG_API.webNaoCompilada);
    }
    return sendEnvelope(reply, { statusCode: 404, message: MSG.naoEncontrado, content: null });
  });
}
