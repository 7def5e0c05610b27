/**
 * The realtime channel itself (docs/behaviour/payments.md#realtime-notifications):
 * STOMP 1.2 over SockJS (xhr-streaming) at /api/ws. Loaded with a
 * dynamic import by the provider, so @stomp/stompjs and sockjs-client reach
 * only signed-in users.
 */
import './global-shim';
import {
  destinoNotificacoes,
  destinoSacola,
  HEARTBEAT_MS,
  MAX_RECONNECT_ATTEMPTS,
  REALTIME_PATH,
  RECONNECT_DELAY_MS,
  WEB_REALTIME_TRANSPORTS,
} from '@clinica/shared/realtime';
import { notificacaoPagamentoSchema, type NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { avisoSacolaSchema, type AvisoSacola } from '@clinica/shared/schemas/sacola';
import { Client, type IFrame, type IMessage, type TickerStrategy } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
// No binding used: every page already loads the API client's chunk with zod and the shared contract; without this
// import the bundler splits that chunk in two for this one, and every public page pays for it (docs/quality.md#p6-javascript-of-the-public-pages).
import '../api-client';
import { session } from '../session';
import { realtimeStore } from './realtime-store';
import { checkRealtimeToken } from './token-check';
import type { RealtimeStatus } from './types';

interface RealtimeConnectionOptions {
  idUser: number;
  /** The current token, read again before every (re)connection: a renewed token is picked up. */
  getToken: () => string | null;
  onStatus: (status: RealtimeStatus) => void;
  onNotificacao: (notificacao: NotificacaoPagamento) => void;
  /** The customer's kept bag changed on another tab or device (ADR 034). */
  onSacola: (aviso: AvisoSacola) => void;
  /** The token can no longer be used (expired, or the server answered 401/403): sign out. */
  onUnauthorized: () => void;
  /** The SockJS endpoint; defaults to REALTIME_PATH on this site. */
  url?: string;
}

/** A STOMP ERROR frame whose message speaks of 401 or 403 (the session has ended). */
const UNAUTHORIZED = /\b40[13]\b/;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Parses a MESSAGE body with `schema`; `null` (logged) when it does not follow it. */
function parseMessage<T>(
  body: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: unknown } },
): T | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    console.warn('Notificação em tempo real ilegível (JSON inválido); ignorada.', body);
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.warn('Notificação em tempo real fora do contrato; ignorada.', parsed.error);
    return null;
  }
  return parsed.data;
}

/**
 * One user's connection. `start()` opens it; `stop()` shuts it down for good
 * (no more reconnects). A closed socket is retried after RECONNECT_DELAY_MS
 * by the STOMP client, at most MAX_RECONNECT_ATTEMPTS times in a row; a
 * successful CONNECT resets the count.
 */
class RealtimeConnection {
  private readonly client: Client;
  private failedReconnects = 0;
  private stopped = false;

  constructor(private readonly options: RealtimeConnectionOptions) {
    const url = options.url ?? new URL(REALTIME_PATH, window.location.href).toString();
    const token = options.getToken();
    this.client = new Client({
      // SockJS's xhr transports cannot send custom HTTP headers: the token travels in CONNECT only. Only transports
      // the server offers (ADR 023), so sockjs-client never asks for the iframe page or a JSONP script.
      webSocketFactory: () => new SockJS(url, null, { transports: [...WEB_REALTIME_TRANSPORTS] }),
      connectHeaders: token ? bearer(token) : {},
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      // Timers of a hidden tab are throttled; a worker keeps the heart-beats on time so the server does not drop us.
      heartbeatStrategy: 'worker' as TickerStrategy, // TickerStrategy.Worker
      reconnectDelay: RECONNECT_DELAY_MS,
      debug: () => {},
      beforeConnect: (client) => this.beforeConnect(client),
      onConnect: () => this.onConnect(),
      onStompError: (frame) => this.onStompError(frame),
      onWebSocketError: () => this.setStatus('ERROR'),
      onWebSocketClose: () => this.onClose(),
    });
  }

  start(): void {
    if (this.stopped) return;
    this.client.activate();
  }

  /** Shuts the connection down; no reconnection follows. Safe to call twice. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.client.deactivate().catch((error: unknown) => console.warn('Falha ao fechar o canal em tempo real.', error));
  }

  /** Before each attempt: only with a decodable, unexpired token, which goes in the CONNECT frame. */
  private beforeConnect(client: Client): void {
    if (this.stopped) return;
    const token = this.options.getToken();
    const verdict = checkRealtimeToken(token);
    if (verdict !== 'ok' || !token) {
      this.stop();
      if (verdict === 'expired') {
        console.warn('Token expirado: a sessão foi encerrada.');
        this.options.onUnauthorized();
      } else {
        console.warn('Token ilegível: o canal em tempo real não será aberto.');
      }
      return;
    }
    client.connectHeaders = bearer(token);
  }

  private onConnect(): void {
    if (this.stopped) return;
    this.failedReconnects = 0;
    this.setStatus('CONNECTED');
    this.client.subscribe(destinoNotificacoes(this.options.idUser), (message: IMessage) => {
      const notificacao = parseMessage(message.body, notificacaoPagamentoSchema);
      if (notificacao && !this.stopped) this.options.onNotificacao(notificacao);
    });
    this.client.subscribe(destinoSacola(this.options.idUser), (message: IMessage) => {
      const aviso = parseMessage(message.body, avisoSacolaSchema);
      if (aviso && !this.stopped) this.options.onSacola(aviso);
    });
  }

  private onStompError(frame: IFrame): void {
    if (this.stopped) return;
    this.setStatus('ERROR');
    const text = `${frame.headers.message ?? ''} ${frame.body ?? ''}`;
    if (UNAUTHORIZED.test(text)) {
      console.warn('Canal em tempo real recusado (401/403): a sessão foi encerrada.', frame.headers.message);
      this.stop();
      this.options.onUnauthorized();
    } else {
      console.warn('Erro no canal em tempo real.', frame.headers.message);
    }
  }

  private onClose(): void {
    if (this.stopped) return;
    this.setStatus('DISCONNECTED');
    if (this.failedReconnects >= MAX_RECONNECT_ATTEMPTS) {
      console.warn(`Canal em tempo real: ${MAX_RECONNECT_ATTEMPTS} reconexões falharam; desistindo.`);
      this.stop();
      return;
    }
    this.failedReconnects += 1; // the STOMP client reconnects after RECONNECT_DELAY_MS
  }

  private setStatus(status: RealtimeStatus): void {
    if (!this.stopped) this.options.onStatus(status);
  }
}

/**
 * Opens the channel of `idUser`: only with a token that decodes and
 * has not expired; an expired one signs the user out instead (with the
 * session-expired dialog, as a 401 does). Status and notifications go to the
 * realtime store. Returns the teardown, which also empties the store.
 */
export function openRealtimeChannel(idUser: number): () => void {
  if (session.getSnapshot().user?.idUser !== idUser) return () => {}; // the session moved on while this chunk loaded
  const verdict = checkRealtimeToken(session.getSnapshot().token);
  if (verdict !== 'ok') {
    console.warn(`Canal em tempo real não aberto: token ${verdict === 'expired' ? 'expirado' : 'ilegível'}.`);
    if (verdict === 'expired') session.expire();
    return () => {};
  }
  const connection = new RealtimeConnection({
    idUser,
    getToken: () => session.getSnapshot().token,
    onStatus: realtimeStore.setStatus,
    onNotificacao: realtimeStore.push,
    onSacola: realtimeStore.pushSacola,
    onUnauthorized: () => session.expire(),
  });
  connection.start();
  return () => {
    connection.stop();
    realtimeStore.reset();
  };
}
