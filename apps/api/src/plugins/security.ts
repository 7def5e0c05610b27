import { createRequire } from 'node:module';
import cors from '@fastify/cors';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Comma-separated origins allowed by CORS (empty: CORS closed). */
  corsOrigins: string;
  /** Extra CSP sources of configured providers (e.g. a payment SDK), by directive. */
  extraSources?: Partial<Record<'scriptSrc' | 'connectSrc' | 'frameSrc' | 'imgSrc', string[]>>;
}

/** Origin of the Google Maps embed (`https://www.google.com/maps?q=…&output=embed`) that /contato frames on request. */
const GOOGLE_MAPS_EMBED_ORIGIN = 'https://www.google.com';

export const parseOrigins = (value: string): string[] =>
  value
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);

type HelmetOptions = Omit<FastifyHelmetOptions, 'enableCSPNonces' | 'global'>;
interface HeaderSink {
  setHeader(name: string, value: string): void;
  removeHeader(name: string): void;
}
type HelmetMiddleware = (req: unknown, res: HeaderSink, next: (err?: unknown) => void) => void;

/** helmet itself, as @fastify/helmet (our dependency) resolves it. */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  options: HelmetOptions,
) => HelmetMiddleware;

/**
 * The headers helmet sets for these options. They depend on nothing in the
 * request (no CSP nonces, no directive computed per request), so they are
 * computed once, at start-up, and sent as they are: @fastify/helmet would
 * rebuild helmet's middleware, re-parse the CSP and set each header on every
 * request (ADR 008).
 */
export function staticSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  helmet(options)(
    {},
    {
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = String(value);
      },
      removeHeader: (name) => {
        delete headers[name.toLowerCase()];
      },
    },
    (err) => {
      if (err) throw err;
    },
  );
  return Object.freeze(headers);
}

/**
 * HSTS (RFC 6797): a year, subdomains included. Sent only on answers to a
 * request that reached us over TLS (see `cameOverTls`); over plain HTTP a
 * browser must ignore it anyway (§8.1), and a local `http://127.0.0.1` or a
 * misconfigured proxy is not told that the host is HTTPS-only.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers of an API answer (JSON, files, media under /api, except the
 * documentation page). Such an answer is never a page a browser renders with
 * scripts, styles or frames, so it needs only what protects a response of
 * data (OWASP REST Security): no sniffing of the content type, no framing,
 * no loading of anything (`default-src 'none'`), not readable by another
 * origin's no-cors request, HTTPS only (HSTS, added over TLS). The document
 * headers (a full CSP, referrer, opener and legacy headers) matter only to
 * pages; leaving them off every API answer spares about 1 KB of headers per
 * response, which Node validates and writes header by header (ADR 008, 014).
 */
export function apiSecurityHeaders(): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  });
}

/** The same headers plus HSTS: the set of an answer to a request that came over TLS. */
export function withHsts(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze({ ...headers, 'strict-transport-security': HSTS });
}

/**
 * Did the request reach us over TLS? Directly (a TLS socket), or through a
 * trusted proxy (TRUST_PROXY, lib/proxy-trust.ts) whose `X-Forwarded-Proto`
 * says `https`: Fastify's `request.protocol` reads that header only when the
 * socket peer is one of our proxies, so a client cannot claim TLS by sending
 * it. One property read (and one header lookup behind a proxy) per request.
 */
export function cameOverTls(request: { protocol: string }): boolean {
  return request.protocol === 'https';
}

/** An answer of the API (not the SPA, not the documentation page): `/api/…` except `/api/docs…`. */
function isApiUrl(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Security headers and CORS. The CSP of pages fits a self-hosted SPA: scripts, fonts,
 * styles and media only from our origin (inline styles allowed for the UI
 * libraries and the Swagger UI), images also as data:/blob: (PIX QR code,
 * previews), frames only from our origin and Google Maps' embed, no plugins;
 * no inline script, no eval, no nonce (the built index.html has none: a test
 * checks it), and no page may be framed (frame-ancestors 'none'). API answers
 * get the short set of apiSecurityHeaders; HSTS only over TLS. Every answer
 * gets its headers, errors and 404s included (an onRequest hook of the root
 * context); the headers are computed once, only the TLS check runs per request.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app, { corsOrigins, extraSources = {} }) => {
    // Hosts only: a keyword ('unsafe-inline', a nonce…), a wildcard or a bare scheme would undo the strict script-src.
    const loose = (extraSources.scriptSrc ?? []).filter((s) => /^'|\*$|^[a-z][\w+.-]*:$|^\*/i.test(s));
    if (loose.length > 0) throw new Error(`CSP: fonte de script não permitida (${loose.join(', ')}); use um host.`);
    const pageHeaders = staticSecurityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...(extraSources.scriptSrc ?? [])],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(extraSources.imgSrc ?? [])],
          fontSrc: ["'self'", 'data:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", ...(extraSources.connectSrc ?? [])],
          workerSrc: ["'self'", 'blob:'],
          // The click-to-load Google Maps embed of /contato (mapsEmbedUrl in apps/web/src/features/site/clinic-data.ts).
          frameSrc: ["'self'", GOOGLE_MAPS_EMBED_ORIGIN, ...(extraSources.frameSrc ?? [])],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
        },
      },
      // Same-origin resources only; the SPA and /api share the origin.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The same rule as frame-ancestors 'none', for browsers that only know X-Frame-Options.
      xFrameOptions: { action: 'deny' },
      // Added per request, only over TLS (cameOverTls).
      strictTransportSecurity: false,
    });
    const apiHeaders = apiSecurityHeaders();
    const pageHeadersTls = withHsts(pageHeaders);
    const apiHeadersTls = withHsts(apiHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      const tls = cameOverTls(request);
      if (isApiUrl(request.url)) reply.headers(tls ? apiHeadersTls : apiHeaders);
      else reply.headers(tls ? pageHeadersTls : pageHeaders);
      done();
    });

    const allowed = new Set(parseOrigins(corsOrigins));
    // Closed CORS (the default): no plugin at all. Without Access-Control-* headers a browser
    // refuses every cross-origin read and preflight, and no request pays @fastify/cors' hook.
    if (allowed.size === 0) return;
    await app.register(cors, {
      // Closed unless CORS_ORIGINS lists the origin; no credentials (bearer tokens only).
      origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition'],
      maxAge: 600,
    });
  },
  { name: 'clinica-security' },
);
