/**
 * The realtime endpoint (docs/behaviour/payments.md#realtime-notifications):
 * SockJS at /api/ws carrying STOMP 1.2. A client sends CONNECT with
 * `Authorization: Bearer <token>`, subscribes to its own
 * `/user/{id}/queue/notifications` and receives its payment notifications as
 * MESSAGE frames with a JSON body `{ message, statusPayment, idPedido }`.
 *
 * Nothing else is offered: SEND, transactions and other destinations are
 * refused with ERROR (and the connection is closed, as STOMP requires).
 * The token check is the HTTP guard's own (`app.authenticate`): signature,
 * expiry, revocation (logout) and an active user.
 *
 * Hardening (ADR 023): the HTTP side of SockJS goes through sockjs-gate.ts
 * (security headers, origins, transports); sessions that have not
 * authenticated yet are admitted by admission.ts (per address, with capacity
 * kept for customers) and closed at a short deadline; a session whose token
 * is revoked (logout, password change, deactivation) is closed on every
 * instance when the database tells (session-revocations.ts).
 *
 * This file is the server: SockJS on the HTTP server, admission and the
 * sessions' registry. One client's protocol is stomp-session.ts; the frames
 * are stomp-codec.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sockjs from 'sockjs';
import { HEARTBEAT_MS, REALTIME_PATH } from '@clinica/shared/realtime';
import { addressGroup, clientAddress, type ProxyTrust } from '../lib/proxy-trust.js';
import { Admission, defaultAdmissionLimits, type RefusalStatus } from './admission.js';
import type { NotificationBus } from './notification-bus.js';
import type { SessionRevocations } from './session-revocations.js';
import { installSockjsGate } from './sockjs-gate.js';
import { DEFAULT_MAX_FRAME_BYTES } from './stomp-codec.js';
import { CLOSE_GOING_AWAY, refuse, type StompFailure } from './stomp-failure.js';
import { StompSession, type SessionSettings } from './stomp-session.js';

export interface StompServerOptions {
  bus: NotificationBus;
  /** Simultaneous connections on this instance (REALTIME_MAX_CONNECTIONS); more are refused with ERROR. */
  maxConnections: number;
  /** Connections not yet authenticated, all addresses together (default a quarter of maxConnections, at least 1). */
  maxPending?: number;
  /** Connections not yet authenticated from one client address (default 32, at most maxPending). */
  maxPendingPerAddress?: number;
  /** Largest STOMP frame accepted, bytes (default 64 KiB). */
  maxFrameBytes?: number;
  /** Heart-beats offered and wanted, ms (default 4000, docs/behaviour/timings-and-limits.md#session-timings). */
  heartbeatMs?: number;
  /** A connection that is not authenticated by then is closed (default 5 s). */
  connectTimeoutMs?: number;
  /** Subscriptions per connection (a client needs one). */
  maxSubscriptions?: number;
  /** SockJS prefix (default REALTIME_PATH). */
  prefix?: string;
  /** TRUST_PROXY: the client's address and TLS behind our proxies, as Fastify reads them. */
  trustProxy?: ProxyTrust | false;
  /** CORS_ORIGINS: other origins that may use the channel (ADR 017). */
  corsOrigins?: string;
  /** PUBLIC_URL: our own origin, whatever Host a proxy passes on. */
  publicUrl?: string | undefined;
  /** Notices of ended sessions (session-revocations.ts); without them a session ends only when its token expires. */
  revocations?: SessionRevocations;
}

export interface StompServer {
  /** Open STOMP sessions on this instance. */
  connections(): number;
  /** Of which not yet authenticated. */
  pendingConnections(): number;
}

/** Why a connection is refused or displaced before it authenticated (admission.ts). */
const REFUSAL: Record<RefusalStatus, StompFailure> = {
  429: { status: 429, message: 'Conexões demais deste endereço. Tente novamente em instantes.' },
  503: { status: 503, message: 'Limite de conexões atingido. Tente novamente mais tarde.' },
};

/**
 * Installs SockJS on `app.server` (before listen). SockJS answers only
 * requests under its prefix and hands every other request to Fastify.
 */
export function installStompServer(app: FastifyInstance, options: StompServerOptions): StompServer {
  const log = app.log.child({ modulo: 'realtime' });
  const prefix = options.prefix ?? REALTIME_PATH;
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const trust = options.trustProxy ?? false;
  const sessions = new Set<StompSession>();
  const admission = new Admission<StompSession>(defaultAdmissionLimits(options.maxConnections, options), (session) =>
    session.idle(),
  );
  /** Authenticated sessions by user, for the notices of ended sessions. */
  const byUser = new Map<number, Set<StompSession>>();
  const settings: SessionSettings = {
    bus: options.bus,
    log,
    maxFrameBytes,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    maxSubscriptions: options.maxSubscriptions ?? 8,
    // The HTTP guard reads only the Authorization header: the same check, the same answers.
    authenticate: (authorization) => app.authenticate({ headers: { authorization } } as FastifyRequest),
    onAuthenticated(session, user) {
      admission.authenticate(session);
      let own = byUser.get(user.id);
      if (!own) byUser.set(user.id, (own = new Set()));
      own.add(session);
    },
    onClosed(session, user) {
      sessions.delete(session);
      admission.release(session);
      if (!user) return;
      const own = byUser.get(user.id);
      own?.delete(session);
      if (own?.size === 0) byUser.delete(user.id);
    },
  };
  let closing = false;

  const server = sockjs.createServer({
    prefix,
    // Only the transports of sockjs-gate.ts are routed; the iframe page that would load this is not served.
    sockjs_url: '/sockjs-nao-usado.js',
    // Transport-level keep-alive for proxies; STOMP heart-beats do the liveness checks.
    heartbeat_delay: 25_000,
    disconnect_delay: 5_000,
    // A streaming response is recycled (the client reopens it) after this many bytes.
    response_limit: 128 * 1024,
    log: (severity, line) => {
      if (severity === 'error') log.error({ sockjs: line }, 'Erro no SockJS');
      else log.debug({ sockjs: line }, 'SockJS');
    },
    // Not in @types/sockjs: bounds a raw/SockJS WebSocket message (faye-websocket's maxLength), and leaves CORS to
    // sockjs-gate.ts (SockJS itself would answer any Origin with itself, credentials allowed).
    ...({ faye_server_options: { maxLength: maxRequestBytes(maxFrameBytes) }, disable_cors: true } as object),
  });

  server.on('connection', (conn: sockjs.Connection | null) => {
    // SockJS emits null for a session closed before it opened.
    if (!conn) return;
    if (closing) {
      refuse(conn, { status: 503, message: 'Servidor encerrando. Tente novamente em instantes.' });
      return;
    }
    // The client's address as Fastify's request.ip would give it (TRUST_PROXY), counted per IPv4 address or IPv6 /64.
    const address = addressGroup(clientAddress(trust, conn.remoteAddress, conn.headers['x-forwarded-for']));
    const session = new StompSession(conn, settings);
    const verdict = admission.admit(session, address);
    if (!verdict.admitted) {
      log.warn(
        { endereco: address, limites: admission.limits, status: verdict.status },
        'Conexão em tempo real recusada antes da autenticação',
      );
      session.fail(REFUSAL[verdict.status]);
      return;
    }
    sessions.add(session);
    for (const { session: victim, status } of verdict.evicted) victim.fail(REFUSAL[status]);
    session.start();
  });

  const httpServer = app.server;
  server.installHandlers(httpServer, { prefix });
  installSockjsGate(httpServer, {
    prefix,
    corsOrigins: options.corsOrigins ?? '',
    publicOrigin: options.publicUrl,
    trustProxy: trust,
    maxBodyBytes: maxRequestBytes(maxFrameBytes),
    log,
  });

  // A session whose token may have been revoked checks it again; `null`: notices may have been missed, check all.
  const stopRevocations = options.revocations?.assinar((idUsuario) => {
    if (idUsuario === null) {
      for (const session of sessions) session.recheck();
      return;
    }
    for (const session of byUser.get(idUsuario) ?? []) session.recheck();
    // Their user is not known yet: checked again once authenticated, if they are this user's.
    for (const session of sessions) if (session.authenticating()) session.recheck();
  });

  // Before Fastify closes the HTTP server: open streams and WebSockets would keep it from closing.
  app.addHook('preClose', (done) => {
    closing = true;
    stopRevocations?.();
    for (const session of [...sessions]) session.close(CLOSE_GOING_AWAY, 'Servidor encerrando');
    done();
  });

  return { connections: () => admission.size, pendingConnections: () => admission.pendingCount };
}

/** A SockJS message carries a frame JSON-quoted (worst case six bytes per byte, e.g. \u0000); allow some slack. */
const maxRequestBytes = (maxFrameBytes: number) => maxFrameBytes * 2 + 4096;
