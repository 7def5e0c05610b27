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
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import sockjs from 'sockjs';
import { MSG } from '@clinica/shared/messages';
import { destinoNotificacoes, HEARTBEAT_MS, REALTIME_PATH } from '@clinica/shared/realtime';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import type { AuthUser } from '../plugins/auth.js';
import type { NotificationBus } from './notification-bus.js';
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
  /** Largest STOMP frame accepted, bytes (default 64 KiB). */
  maxFrameBytes?: number;
  /** Heart-beats offered and wanted, ms (default SPEC §9's 4000). */
  heartbeatMs?: number;
  /** A connection that has not sent CONNECT by then is closed (default 10 s). */
  connectTimeoutMs?: number;
  /** Subscriptions per connection (a client needs one). */
  maxSubscriptions?: number;
  /** SockJS prefix (default REALTIME_PATH). */
  prefix?: string;
}

export interface StompServer {
  /** Open STOMP sessions on this instance. */
  connections(): number;
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
  status?: 400 | 401 | 403 | 408 | 413 | 503;
  message: string;
  headers?: Record<string, string>;
}

const BEARER = /^Bearer[ ]+\S+[ ]*$/i;

/**
 * Installs SockJS on `app.server` (before listen). SockJS answers only
 * requests under its prefix and hands every other request to Fastify.
 */
export function installStompServer(app: FastifyInstance, options: StompServerOptions): StompServer {
  const log = app.log.child({ modulo: 'realtime' });
  const prefix = options.prefix ?? REALTIME_PATH;
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const settings: SessionSettings = {
    bus: options.bus,
    log,
    maxFrameBytes,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    maxSubscriptions: options.maxSubscriptions ?? 8,
    // The HTTP guard reads only the Authorization header: the same check, the same answers.
    authenticate: (authorization) => app.authenticate({ headers: { authorization } } as FastifyRequest),
  };
  const sessions = new Set<StompSession>();
  let closing = false;

  const server = sockjs.createServer({
    prefix,
    // The client library is the web's own bundle; SockJS's iframe fallback page is never used.
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
    // Not in @types/sockjs: bounds a raw/SockJS WebSocket message (faye-websocket's maxLength).
    ...({ faye_server_options: { maxLength: maxRequestBytes(maxFrameBytes) } } as object),
  });

  server.on('connection', (conn: sockjs.Connection | null) => {
    // SockJS emits null for a session closed before it opened.
    if (!conn) return;
    if (closing) {
      refuse(conn, { status: 503, message: 'Servidor encerrando. Tente novamente em instantes.' });
      return;
    }
    if (sessions.size >= options.maxConnections) {
      log.warn({ max: options.maxConnections }, 'Limite de conexões em tempo real atingido');
      refuse(conn, { status: 503, message: 'Limite de conexões atingido. Tente novamente mais tarde.' });
      return;
    }
    const session = new StompSession(conn, settings, () => sessions.delete(session));
    sessions.add(session);
  });

  const httpServer = app.server;
  server.installHandlers(httpServer, { prefix });
  guardRequestSize(httpServer, prefix, maxRequestBytes(maxFrameBytes));

  // Before Fastify closes the HTTP server: open streams and WebSockets would keep it from closing.
  app.addHook('preClose', (done) => {
    closing = true;
    for (const session of [...sessions]) session.close(CLOSE_GOING_AWAY, 'Servidor encerrando');
    done();
  });

  return { connections: () => sessions.size };
}

/** A SockJS message carries a frame JSON-quoted (worst case six bytes per byte, e.g. \u0000); allow some slack. */
const maxRequestBytes = (maxFrameBytes: number) => maxFrameBytes * 2 + 4096;

/**
 * SockJS reads an xhr_send body whole, without a limit: refuse bodies larger
 * than a frame allows before SockJS buffers them.
 * Installed in front of SockJS's own request listener, which it wraps.
 */
function guardRequestSize(server: FastifyInstance['server'], prefix: string, maxBytes: number): void {
  const underPrefix = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([/?].*)?$`);
  const previous = server.listeners('request').slice() as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST' && underPrefix.test(req.url ?? '')) {
      if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
        res.writeHead(413, { connection: 'close', 'content-type': 'text/plain' });
        res.end();
        return;
      }
      // A chunked body (sockjs-client on Node sends one) has no declared length: count it as it comes.
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) req.socket.destroy();
      });
    }
    for (const listener of previous) listener.call(server, req, res);
  });
}

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
}

interface Subscription {
  destination: string;
  ack: string;
  unsubscribe(): void;
}

type State = 'awaiting-connect' | 'authenticating' | 'connected' | 'closed';

/** One client: the STOMP state machine over one SockJS connection. */
class StompSession {
  private state: State = 'awaiting-connect';
  private user: AuthUser | undefined;
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
    private readonly onClosed: () => void,
  ) {
    this.log = settings.log.child({ conexao: conn.id });
    this.parser = new StompParser({ maxFrameBytes: settings.maxFrameBytes });
    // A raw WebSocket binary message arrives as a Buffer.
    conn.on('data', (message: string | Buffer) => this.onData(message));
    conn.on('close', () => this.cleanup());
    this.after(settings.connectTimeoutMs, () => {
      if (this.state === 'awaiting-connect' || this.state === 'authenticating') {
        this.fail({ status: 408, message: 'Tempo esgotado aguardando CONNECT.' });
      }
    });
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
    this.onClosed();
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
  private fail(failure: StompFailure): void {
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
    this.state = 'connected';
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
