/**
 * One realtime client: the STOMP state machine over one SockJS connection (ADR 023). It waits for CONNECT within
 * a deadline, checks the token with the HTTP guard's own check, lets the client subscribe only to its own
 * notifications, keeps the heart-beats, and ends when its token expires or stops counting.
 */
import type { FastifyBaseLogger } from 'fastify';
import type sockjs from 'sockjs';
import { MSG } from '@clinica/shared/messages';
import { destinoNotificacoes, destinoSacola } from '@clinica/shared/realtime';
import type { AuthUser } from '../plugins/auth.js';
import type { NotificationBus } from './notification-bus.js';
import { HEARTBEAT_EOL, serializeFrame, StompParser, StompProtocolError, type StompFrame } from './stomp-codec.js';
import { readConnect } from './stomp-connect.js';
import { CLOSE_NORMAL, CLOSE_POLICY, closeConnection, errorFrame, type StompFailure } from './stomp-failure.js';

/** Silence tolerated from a client that promised heart-beats, in heart-beat intervals (network and timer jitter). */
const HEARTBEAT_TOLERANCE = 3;
/** Frames waiting while CONNECT is being authenticated (a client normally waits for CONNECTED). */
const MAX_PENDING_FRAMES = 16;
/** setTimeout's ceiling (~24.8 days); a later token expiry is re-armed in steps. */
const MAX_TIMER_MS = 2_147_483_647;

export interface SessionSettings {
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
export class StompSession {
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
   * still holding the revoked token is refused 401 at that CONNECT and signs out (docs/behaviour/accounts-and-sign-in.md#session).
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
    const request = readConnect(frame);
    if ('failure' in request) {
      this.fail(request.failure);
      return;
    }
    const { version, clientSends, clientWants, authorization } = request;
    this.state = 'authenticating';
    let user: AuthUser;
    try {
      user = await this.settings.authenticate(authorization);
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
    this.authorization = authorization;
    this.state = 'connected';
    this.settings.onAuthenticated(this, user);
    this.log.debug({ idUsuario: user.id }, 'Conexão STOMP autenticada');

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

  /** The session ends when its token expires: the web signs out then (docs/behaviour/accounts-and-sign-in.md#session). */
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
    const notificacoes = destination === destinoNotificacoes(user.id);
    if (!notificacoes && destination !== destinoSacola(user.id)) {
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
    // Each destination carries its one kind of message: payment notifications, or the kept bag's version (ADR 034).
    const entregar = (mensagem: object) => this.deliver(id, destination, mensagem);
    const unsubscribe = notificacoes
      ? this.settings.bus.assinar(user.id, entregar)
      : this.settings.bus.assinarSacola(user.id, entregar);
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

  private deliver(subscription: string, destination: string, mensagem: object): void {
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
        body: JSON.stringify(mensagem),
      }),
    );
  }

  private receipt(frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.send(serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': receipt } }));
  }
}
