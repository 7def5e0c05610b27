/**
 * What stands in front of SockJS under /api/ws (ADR 023). SockJS answers on the raw HTTP server, before Fastify, so
 * none of Fastify's hooks run for it: not the security headers (plugins/security.ts), not CORS. This gate gives its
 * answers the same treatment, before SockJS sees the request:
 *  - only the routes of the transports offered (REALTIME_TRANSPORTS: WebSocket, XHR streaming and polling) and
 *    `/info` reach SockJS; JSONP, eventsource, htmlfile, the iframe page and the rest answer 404;
 *  - a request whose `Origin` is neither our own nor listed in CORS_ORIGINS is refused (403) before any session
 *    exists, WebSocket handshakes included (CORS does not cover them);
 *  - every answer carries the API's security headers, with HSTS when the request came over TLS (the same rule as
 *    `cameOverTls`, proxies trusted by TRUST_PROXY only);
 *  - only a listed origin gets CORS headers (never one taken from the request without checking it), with
 *    credentials: sockjs-client sends its cross-origin XHRs with credentials, and the API sets no cookie;
 *  - a POST body larger than a frame allows is refused (413) before SockJS buffers it.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { MSG_API } from '@clinica/shared/messages-api';
import { REALTIME_TRANSPORTS, type RealtimeTransport } from '@clinica/shared/realtime';
import { envelope } from '../lib/envelope.js';
import { requestHost, requestProtocol, type ProxyTrust } from '../lib/proxy-trust.js';
import { apiSecurityHeaders, parseOrigins, withHsts } from '../plugins/security.js';

export interface SockjsGateOptions {
  /** SockJS prefix (REALTIME_PATH). */
  prefix: string;
  /** Transports offered (default REALTIME_TRANSPORTS). */
  transports?: readonly RealtimeTransport[];
  /** CORS_ORIGINS: other origins allowed to use the channel. */
  corsOrigins?: string;
  /** PUBLIC_URL's origin: ours, whatever Host header a proxy passes on. */
  publicOrigin?: string | undefined;
  /** TRUST_PROXY: whose X-Forwarded-Proto and X-Forwarded-Host count. */
  trustProxy?: ProxyTrust | false;
  /** Largest POST body accepted. */
  maxBodyBytes: number;
  /** Refused origins are logged at debug level (a flood of them must not flood the log). */
  log?: FastifyBaseLogger;
}

/** The session routes (`/{server}/{session}/{route}`) each transport uses, as the sockjs server names them. */
const SESSION_ROUTES: Record<RealtimeTransport, readonly string[]> = {
  websocket: ['websocket'],
  'xhr-streaming': ['xhr_streaming', 'xhr_send'],
  'xhr-polling': ['xhr', 'xhr_send'],
};

export type SockjsRoute = 'http' | 'websocket';

/**
 * What a path under the prefix (query removed) is, for the transports offered: an HTTP route SockJS may answer,
 * a WebSocket endpoint, or nothing (`undefined`: 404). Segments as the sockjs server matches them (`[^/.]+`).
 */
export function sockjsRoute(path: string, transports: readonly RealtimeTransport[]): SockjsRoute | undefined {
  const websocket = transports.includes('websocket');
  if (/^\/info\/?$/.test(path)) return 'http';
  if (/^\/websocket\/?$/.test(path)) return websocket ? 'websocket' : undefined;
  const session = /^\/[^/.]+\/[^/.]+\/([a-z_]+)\/?$/.exec(path);
  if (!session) return undefined;
  const route = session[1]!;
  if (!transports.some((t) => SESSION_ROUTES[t].includes(route))) return undefined;
  return route === 'websocket' ? 'websocket' : 'http';
}

/** The security and CORS headers an answer gets, or the refusal it is. */
type Verdict =
  | { ok: true; headers: Readonly<Record<string, string>> }
  | { ok: false; status: 403 | 404; headers: Readonly<Record<string, string>> };

/**
 * Puts the gate in front of every 'request' and 'upgrade' listener of `server` (SockJS's and Fastify's).
 * Install it after SockJS's handlers; requests outside the prefix pass untouched.
 */
export function installSockjsGate(server: Server, options: SockjsGateOptions): void {
  const transports = options.transports ?? REALTIME_TRANSPORTS;
  const trust = options.trustProxy ?? false;
  const underPrefix = new RegExp(`^${options.prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([/?].*)?$`);
  const listed = new Set(parseOrigins(options.corsOrigins ?? ''));
  const ours = options.publicOrigin ? new URL(options.publicOrigin).origin : undefined;
  const plain = apiSecurityHeaders();
  const overTls = withHsts(plain);

  const isOurs = (origin: string, req: IncomingMessage): boolean => {
    if (origin === ours) return true;
    try {
      // Same host (and port); the scheme is not compared: behind a TLS proxy not listed in TRUST_PROXY we see
      // http while the page is https, and both schemes of our own host are ours.
      return new URL(origin).host === requestHost(trust, req).toLowerCase();
    } catch {
      return false; // 'null' (a sandboxed frame, a file) or garbage
    }
  };

  const judge = (req: IncomingMessage, upgrade: boolean): Verdict => {
    const security = requestProtocol(trust, req) === 'https' ? overTls : plain;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = (query < 0 ? url : url.slice(0, query)).slice(options.prefix.length);
    const route = sockjsRoute(path, transports);
    // A plain GET of a WebSocket endpoint goes on to SockJS, which answers it 400.
    if (route === undefined || (upgrade && route !== 'websocket')) {
      return { ok: false, status: 404, headers: security };
    }
    const origin = req.headers.origin;
    if (origin === undefined || isOurs(origin, req)) return { ok: true, headers: security };
    if (!listed.has(origin)) {
      options.log?.debug({ origem: origin.slice(0, 200), host: requestHost(trust, req) }, 'Origem recusada no canal');
      return { ok: false, status: 403, headers: security };
    }
    return {
      ok: true,
      headers: {
        ...security,
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
        ...(req.method === 'OPTIONS' ? { 'access-control-allow-headers': 'Content-Type' } : {}),
      },
    };
  };

  const previousRequest = server.listeners('request').slice() as Array<
    (req: IncomingMessage, res: ServerResponse) => void
  >;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (underPrefix.test(req.url ?? '') && !admitRequest(req, res)) return;
    for (const listener of previousRequest) listener.call(server, req, res);
  });

  const previousUpgrade = server.listeners('upgrade').slice() as Array<
    (req: IncomingMessage, socket: Duplex, head: Buffer) => void
  >;
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (underPrefix.test(req.url ?? '')) {
      const verdict = judge(req, true);
      if (!verdict.ok) {
        refuseOnSocket(socket, verdict.status, verdict.headers);
        return;
      }
    }
    for (const listener of previousUpgrade) listener.call(server, req, socket, head);
  });

  function admitRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const verdict = judge(req, false);
    for (const [name, value] of Object.entries(verdict.headers)) res.setHeader(name, value);
    if (!verdict.ok) {
      sendRefusal(res, verdict.status);
      return false;
    }
    if (req.method === 'POST') {
      if (Number(req.headers['content-length'] ?? 0) > options.maxBodyBytes) {
        res.setHeader('connection', 'close');
        sendRefusal(res, 413);
        return false;
      }
      // A chunked body (sockjs-client on Node sends one) has no declared length: count it as it comes.
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > options.maxBodyBytes) req.socket.destroy();
      });
    }
    return true;
  }
}

const REFUSALS: Record<403 | 404 | 413, string> = {
  403: MSG_API.origemNaoPermitida,
  404: MSG_API.rotaNaoEncontrada,
  413: MSG_API.corpoMuitoGrande,
};

/** The API's JSON envelope, written on the raw response (the security headers are already set). */
function sendRefusal(res: ServerResponse, status: 403 | 404 | 413): void {
  const body = JSON.stringify(envelope(status, REFUSALS[status], null));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

/** The same refusal for a WebSocket handshake, written on its socket, which is then closed. */
function refuseOnSocket(socket: Duplex, status: 403 | 404, security: Readonly<Record<string, string>>): void {
  const body = JSON.stringify(envelope(status, REFUSALS[status], null));
  const headers = Object.entries({
    ...security,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
}
