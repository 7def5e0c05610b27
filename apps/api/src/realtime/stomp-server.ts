/**
 * The realtime endpoint (SPEC §4 "Realtime notifications", §7 "Realtime"):
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
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import sockjs from 'sockjs';
import { MSG } from '@clinica/shared/messages';
import { destinoNotificacoes, HEARTBEAT_MS, REALTIME_PATH } from '@clinica/shared/realtime';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { addressGroup, clientAddress, type ProxyTrust } from '../lib/proxy-trust.js';
import type { AuthUser } from '../plugins/auth.js';
import { Admission, defaultAdmissionLimits, type RefusalStatus } from './admission.js';
import type { NotificationBus } from './notification-bus.js';
import type { SessionRevocations } from './session-revocations.js';
import { installSockjsGate } from './sockjs-gate.js';
import {
  DEFAULT_MAX_FRAME_BYTES,
  HEARTBEAT_EOL,
  serializeFrame,
  StompParser,
  StompProtocolError,
  type StompFrame,
} from './stomp-codec.js';

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
  /** Heart-beats offered and wanted, ms (default SPEC §9's 4000). */
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

/** Versions we speak; the 1.1 framing differs from 1.2 only in details our frames never use. */
const SUPPORTED_VERSIONS = ['1.2', '1.1'];
const HEART_BEAT = /^(\d{1,9}),(\d{1,9})$/;
/** Silence tolerated from a client that promised heart-beats, in heart-beat intervals (network and timer jitter). */
const HEARTBEAT_TOLERANCE = 3;
/** Frames waiting while CONNECT is being authenticated (a client normally waits for CONNECTED). */
const MAX_PENDING_FRAMES = 16;
/** setTimeout's ceiling (~24.8 days); a later token expiry is re-armed in steps. */
const MAX_TIMER_MS = 2_147_483_647;

// faye-websocket (under SockJS) accepts only 1000 and 3000-4999 from applications.
const CLOSE_NORMAL = 1000;
const CLOSE_GOING_AWAY = 4001;
const CLOSE_POLICY = 4008;

/** A STOMP ERROR: `message` header (status first, as the web looks for 401/403 in it) and a pt-BR body. */
interface StompFailure {
  status?: 400 | 401 | 403 | 408 | 413 | 429 | 503;
  message: string;
  headers?: Record<string, string>;
}

const BEARER = /^Bearer[ ]+\S+[ ]*$/i;

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

function refuse(conn: sockjs.Connection, failure: StompFailure): void {
  conn.write(errorFrame(failure));
  closeConnection(conn, CLOSE_POLICY, failure.message);
}

/** SockJS sends the code in its close frame as given; @types/sockjs types it as a string, the protocol wants a number. */
function closeConnection(conn: sockjs.Connection, code: number, reason: string): void {
  (conn.close as (this: sockjs.Connection, code?: number, reason?: string) => boolean).call(conn, code, reason);
}

function errorFrame({ status, message, headers }: StompFailure): string {
  return serializeFrame({
    command: 'ERROR',
    headers: {
      message: status ? `${status} ${message}` : message,
      'content-type': 'text/plain;charset=utf-8',
      ...headers,
    },
    body: message,
  });
}

interface SessionSettings {
  bus: NotificationBus;
  log: FastifyBaseLogger;
  maxFrameBytes: number;
  heartbeatMs: number;
  connectTimeoutMs: number;
  maxSubscriptions: number;
  authenticate(authorization: string): Promise<AuthUser>;
  onAuthenticated(session: StompSession, user: AuthUser): void;
  /** Once, when the session ends (`user` when it had authenticated). */
  onClosed(session: StompSession, user: AuthUser | undefined): void;
}

interface Subscription {
  destination: string;
  ack: string;
  unsubscribe(): void;
}

type State = 'awaiting-connect' | 'authenticating' | 'connected' | 'closed';

/** What the client is told when its session ends because its token no longer counts (no 401: see recheck()). */
const SESSAO_ENCERRADA: StompFailure = { message: 'Sessão encerrada. Conecte-se novamente.' };

/** One client: the STOMP state machine over one SockJS connection. */
class StompSession {
  private state: State = 'awaiting-connect';
  private user: AuthUser | undefined;
  /** The Authorization of the accepted CONNECT, checked again by recheck(). */
  private authorization = '';
  /** A recheck() is running; `recheckAgain`: another notice came meanwhile; `recheckAfterConnect`: during CONNECT. */
  private rechecking = false;
  private recheckAgain = false;
  private recheckAfterConnect = false;
  private readonly parser: StompParser;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private pending: StompFrame[] = [];
  private lastReceived = Date.now();
  private lastSent = Date.now();
  private messageSeq = 0;
  private readonly log: FastifyBaseLogger;

  constructor(
    private readonly conn: sockjs.Connection,
    private readonly settings: SessionSettings,
  ) {
    this.log = settings.log.child({ conexao: conn.id });
    this.parser = new StompParser({ maxFrameBytes: settings.maxFrameBytes });
    conn.on('close', () => this.cleanup());
  }

  /** Starts reading frames, with the deadline to authenticate. */
  start(): void {
    if (this.state === 'closed') return;
    // A raw WebSocket binary message arrives as a Buffer.
    this.conn.on('data', (message: string | Buffer) => this.onData(message));
    this.after(this.settings.connectTimeoutMs, () => {
      if (this.state === 'awaiting-connect' || this.state === 'authenticating') {
        this.fail({ status: 408, message: 'Tempo esgotado aguardando CONNECT.' });
      }
    });
  }

  /** Not authenticated and no CONNECT sent yet: it may give its place to a newcomer (admission.ts). */
  idle(): boolean {
    return this.state === 'awaiting-connect';
  }

  /** Its CONNECT's token is being checked. */
  authenticating(): boolean {
    return this.state === 'authenticating';
  }

  /**
   * Sessions of this session's user may have ended (session-revocations.ts): check the token again with the
   * guard's own query, and close the session if it no longer counts. The client is not told 401: the tab that
   * changed its password holds a new token by now, and reconnects with it after RECONNECT_DELAY_MS; a client
   * still holding the revoked token is refused 401 at that CONNECT and signs out (SPEC §8).
   */
  recheck(): void {
    if (this.state === 'authenticating') {
      this.recheckAfterConnect = true;
      return;
    }
    if (this.state !== 'connected') return;
    if (this.rechecking) {
      this.recheckAgain = true;
      return;
    }
    this.rechecking = true;
    this.settings.authenticate(this.authorization).then(
      () => this.rechecked(),
      (err: unknown) => {
        const status = (err as { statusCode?: number }).statusCode;
        if (status !== 401 && status !== 403) this.log.error({ err }, 'Falha ao conferir sessão STOMP');
        this.log.debug({ idUsuario: this.user?.id }, 'Sessão STOMP encerrada: o token não vale mais');
        this.fail(SESSAO_ENCERRADA);
      },
    );
  }

  private rechecked(): void {
    this.rechecking = false;
    if (!this.recheckAgain) return;
    this.recheckAgain = false;
    this.recheck();
  }

  /** Closes the connection (idempotent). */
  close(code = CLOSE_NORMAL, reason = 'Normal closure'): void {
    if (this.state === 'closed') return;
    this.cleanup();
    closeConnection(this.conn, code, reason);
  }

  /** A method, so TypeScript does not keep a narrowing of `state` across calls that change it. */
  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private cleanup(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const sub of this.subscriptions.values()) sub.unsubscribe();
    this.subscriptions.clear();
    this.pending = [];
    this.settings.onClosed(this, this.user);
  }

  private after(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private every(ms: number, fn: () => void): void {
    const timer = setInterval(fn, ms);
    this.timers.add(timer);
  }

  private send(text: string): void {
    if (this.state === 'closed') return;
    this.lastSent = Date.now();
    this.conn.write(text);
  }

  /** STOMP: after an ERROR frame the server closes the connection. */
  fail(failure: StompFailure): void {
    if (this.state === 'closed') return;
    if (failure.status !== 401 && failure.status !== 403) this.log.debug({ motivo: failure.message }, 'Erro STOMP');
    this.send(errorFrame(failure));
    this.close(CLOSE_POLICY, failure.message);
  }

  private onData(message: string | Buffer): void {
    if (this.state === 'closed') return;
    this.lastReceived = Date.now();
    let frames: StompFrame[];
    try {
      frames = this.parser.push(message);
    } catch (err) {
      const tooLarge = err instanceof StompProtocolError && /maior que/.test(err.message);
      this.fail({
        status: tooLarge ? 413 : 400,
        message: err instanceof StompProtocolError ? err.message : 'Quadro STOMP inválido.',
      });
      return;
    }
    for (const frame of frames) {
      if (this.state === 'authenticating') {
        if (this.pending.length >= MAX_PENDING_FRAMES) {
          this.fail({ status: 400, message: 'Quadros demais antes de CONNECTED.' });
          return;
        }
        this.pending.push(frame);
        continue;
      }
      this.handle(frame);
      if (this.isClosed()) return;
    }
  }

  private handle(frame: StompFrame): void {
    if (this.state === 'awaiting-connect') {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') void this.connect(frame);
      else if (frame.command === 'DISCONNECT') this.close();
      else this.fail({ status: 400, message: 'O primeiro quadro deve ser CONNECT.' });
      return;
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        this.subscribe(frame);
        break;
      case 'UNSUBSCRIBE':
        this.unsubscribe(frame);
        break;
      case 'ACK':
      case 'NACK':
        // Notifications are not redelivered, so acknowledgements change nothing.
        this.receipt(frame);
        break;
      case 'DISCONNECT':
        this.receipt(frame);
        this.close();
        break;
      case 'CONNECT':
      case 'STOMP':
        this.fail({ status: 400, message: 'Conexão STOMP já estabelecida.' });
        break;
      case 'SEND':
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        this.fail({ status: 403, message: `${frame.command} não é permitido neste servidor.` });
        break;
      default:
        this.fail({ status: 400, message: `Comando STOMP desconhecido: ${frame.command.slice(0, 32)}` });
    }
  }

  private async connect(frame: StompFrame): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    const version = SUPPORTED_VERSIONS.find((v) => versions.includes(v));
    if (!version) {
      this.fail({
        status: 400,
        message: 'Versão do STOMP não suportada.',
        headers: { version: SUPPORTED_VERSIONS.join(',') },
      });
      return;
    }
    const beat = HEART_BEAT.exec(frame.headers['heart-beat'] ?? '0,0');
    if (!beat) {
      this.fail({ status: 400, message: 'Cabeçalho heart-beat inválido.' });
      return;
    }
    // STOMP header names are case-sensitive; the web sends `Authorization`, some clients lowercase it.
    const authorization = frame.headers.Authorization ?? frame.headers.authorization ?? '';
    if (!BEARER.test(authorization)) {
      this.fail({ status: 401, message: MSG.naoAutenticado });
      return;
    }
    this.state = 'authenticating';
    let user: AuthUser;
    try {
      user = await this.settings.authenticate(authorization.trim());
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status !== 401 && status !== 403) this.log.error({ err }, 'Falha ao autenticar conexão STOMP');
      this.fail({
        status: status === 403 ? 403 : 401,
        message: status === 401 || status === 403 ? (err as Error).message : MSG.naoAutenticado,
      });
      return;
    }
    if (this.state !== 'authenticating') return; // closed meanwhile
    this.user = user;
    this.authorization = authorization.trim();
    this.state = 'connected';
    this.settings.onAuthenticated(this, user);
    this.log.debug({ idUsuario: user.id }, 'Conexão STOMP autenticada');

    const clientSends = Number(beat[1]);
    const clientWants = Number(beat[2]);
    const { heartbeatMs } = this.settings;
    this.send(
      serializeFrame({
        command: 'CONNECTED',
        headers: { version, 'heart-beat': `${heartbeatMs},${heartbeatMs}`, 'user-name': String(user.id) },
      }),
    );
    if (clientWants > 0) {
      const out = Math.max(heartbeatMs, clientWants);
      this.every(out, () => {
        if (Date.now() - this.lastSent >= out - 50) this.send(HEARTBEAT_EOL);
      });
    }
    if (clientSends > 0) {
      const expected = Math.max(heartbeatMs, clientSends);
      this.every(expected, () => {
        if (Date.now() - this.lastReceived > expected * HEARTBEAT_TOLERANCE) {
          this.log.debug({ idUsuario: user.id }, 'Conexão STOMP sem heart-beat; encerrando');
          this.close(CLOSE_POLICY, 'Sem heart-beat');
        }
      });
    }
    this.armExpiry(user.exp);

    const queued = this.pending;
    this.pending = [];
    for (const next of queued) {
      this.handle(next);
      if (this.state !== 'connected') return;
    }
    // A notice of ended sessions came while the token was being checked: the check may have read the state before.
    if (this.recheckAfterConnect) this.recheck();
  }

  /** The session ends when its token expires: the web signs out then (SPEC §8). */
  private armExpiry(exp: number): void {
    const ms = exp * 1000 - Date.now();
    if (ms <= 0) {
      this.fail({ status: 401, message: MSG.sessaoExpirada });
      return;
    }
    this.after(Math.min(ms, MAX_TIMER_MS), () => this.armExpiry(exp));
  }

  private subscribe(frame: StompFrame): void {
    const user = this.user!;
    const { id, destination } = frame.headers;
    if (!id || !destination) {
      this.fail({ status: 400, message: 'SUBSCRIBE exige os cabeçalhos id e destination.' });
      return;
    }
    if (destination !== destinoNotificacoes(user.id)) {
      this.log.info(
        { idUsuario: user.id, destino: destination.slice(0, 200) },
        'Assinatura de destino alheio recusada',
      );
      this.fail({ status: 403, message: 'Destino não permitido.' });
      return;
    }
    if (this.subscriptions.has(id)) {
      this.fail({ status: 400, message: 'Já existe uma assinatura com este id.' });
      return;
    }
    if (this.subscriptions.size >= this.settings.maxSubscriptions) {
      this.fail({ status: 400, message: 'Assinaturas demais nesta conexão.' });
      return;
    }
    const ack = frame.headers.ack ?? 'auto';
    const unsubscribe = this.settings.bus.assinar(user.id, (notificacao) => this.deliver(id, destination, notificacao));
    this.subscriptions.set(id, { destination, ack, unsubscribe });
    this.receipt(frame);
  }

  private unsubscribe(frame: StompFrame): void {
    const id = frame.headers.id;
    if (!id) {
      this.fail({ status: 400, message: 'UNSUBSCRIBE exige o cabeçalho id.' });
      return;
    }
    this.subscriptions.get(id)?.unsubscribe();
    this.subscriptions.delete(id);
    this.receipt(frame);
  }

  private deliver(subscription: string, destination: string, notificacao: NotificacaoPagamento): void {
    const sub = this.subscriptions.get(subscription);
    if (!sub || this.state !== 'connected') return;
    const messageId = `${this.conn.id}-${++this.messageSeq}`;
    this.send(
      serializeFrame({
        command: 'MESSAGE',
        headers: {
          subscription,
          'message-id': messageId,
          destination,
          'content-type': 'application/json',
          ...(sub.ack === 'auto' ? {} : { ack: messageId }),
        },
        body: JSON.stringify(notificacao),
      }),
    );
  }

  private receipt(frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.send(serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': receipt } }));
  }
}
