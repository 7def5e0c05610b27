/**
 * STOMP clients for the realtime tests (realtime/*.test.ts): a web-like client (@stomp/stompjs over sockjs-client,
 * xhr-streaming as the web asks) and a raw one over the WebSocket endpoint (/api/ws/websocket) where the exact
 * frames, the source address or the handshake headers matter.
 */
import { once } from 'node:events';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import WebSocket from 'ws';
import { destinoNotificacoes, HEARTBEAT_MS, REALTIME_PATH, WEB_REALTIME_TRANSPORTS } from '@clinica/shared/realtime';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { serializeFrame, StompParser, type StompFrame } from '../realtime/stomp-codec.js';

const WAIT_MS = 15_000;

export function withTimeout<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Tempo esgotado: ${what}`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

export async function waitFor(check: () => boolean, what: string): Promise<void> {
  await withTimeout(
    (async () => {
      while (!check()) await new Promise((r) => setTimeout(r, 20));
    })(),
    what,
  );
}

export const urlOf = (address: string) => `${address}${REALTIME_PATH}`;
export const wsUrlOf = (address: string) => `${address.replace(/^http/, 'ws')}${REALTIME_PATH}/websocket`;

export interface RawClientOptions {
  /** Source address of the TCP connection (any 127.x.y.z works on Linux loopback). */
  localAddress?: string;
  /** Handshake headers (Origin, X-Forwarded-For…). */
  headers?: Record<string, string>;
}

/** A STOMP peer over the raw WebSocket endpoint: exact frames in, exact frames out. */
export async function rawClient(address: string, options: RawClientOptions = {}) {
  const ws = new WebSocket(wsUrlOf(address), { ...options });
  const parser = new StompParser();
  const frames: StompFrame[] = [];
  const waiting: Array<(f: StompFrame) => void> = [];
  let heartbeats = 0;
  ws.on('message', (data: Buffer) => {
    const before = parser.heartbeats;
    for (const frame of parser.push(data)) {
      const waiter = waiting.shift();
      if (waiter) waiter(frame);
      else frames.push(frame);
    }
    heartbeats += parser.heartbeats - before;
  });
  let isClosed = false;
  const closed = new Promise<number>((resolve) =>
    ws.once('close', (code: number) => {
      isClosed = true;
      resolve(code);
    }),
  );
  await withTimeout(once(ws, 'open'), 'abrir WebSocket');
  const closedInTime = withTimeout(closed, 'fechamento');
  // Awaited only by the tests that expect a close.
  closedInTime.catch(() => undefined);
  return {
    send(frame: Parameters<typeof serializeFrame>[0]) {
      ws.send(serializeFrame(frame));
    },
    sendRaw(text: string) {
      ws.send(text);
    },
    next(what = 'próximo quadro'): Promise<StompFrame> {
      const ready = frames.shift();
      if (ready) return Promise.resolve(ready);
      return withTimeout(new Promise<StompFrame>((resolve) => waiting.push(resolve)), what);
    },
    closed: closedInTime,
    isClosed: () => isClosed,
    heartbeats: () => heartbeats,
    /** Frames received and not yet taken with next(). */
    unread: () => frames,
    close() {
      ws.close();
    },
  };
}

export type RawClient = Awaited<ReturnType<typeof rawClient>>;

/** CONNECT over the raw endpoint; returns the client and the server's answer. */
export async function rawConnect(address: string, headers: Record<string, string>, options: RawClientOptions = {}) {
  const client = await rawClient(address, options);
  client.send({ command: 'CONNECT', headers: { 'accept-version': '1.2,1.1,1.0', 'heart-beat': '0,0', ...headers } });
  return { client, answer: await client.next('resposta ao CONNECT') };
}

/** A web-like client: @stomp/stompjs over SockJS with the web's transports (xhr-streaming). */
export function webClient(address: string, token: string | undefined) {
  const messages: IMessage[] = [];
  const errors: IFrame[] = [];
  let onMessage: (() => void) | undefined;
  let closes = 0;
  const client = new Client({
    webSocketFactory: () => new SockJS(urlOf(address), null, { transports: [...WEB_REALTIME_TRANSPORTS] }),
    connectHeaders: token ? { Authorization: `Bearer ${token}` } : {},
    heartbeatIncoming: HEARTBEAT_MS,
    heartbeatOutgoing: HEARTBEAT_MS,
    reconnectDelay: 0,
    debug: () => undefined,
  });
  const connected = new Promise<IFrame>((resolve, reject) => {
    client.onConnect = resolve;
    client.onStompError = (frame) => {
      errors.push(frame);
      reject(new Error(`ERROR: ${frame.headers.message}`));
    };
    client.onWebSocketClose = (event: { code?: number; reason?: string }) => {
      closes += 1;
      reject(new Error(`conexão fechada antes de CONNECTED (${event.code} ${event.reason})`));
    };
  });
  connected.catch(() => undefined);
  client.activate();
  return {
    client,
    messages,
    errors,
    connected: withTimeout(connected, 'CONNECTED'),
    /** Times the transport closed (the STOMP client does not reconnect: reconnectDelay 0). */
    closes: () => closes,
    onMessage(message: IMessage) {
      messages.push(message);
      onMessage?.();
    },
    /** Resolves once `n` messages arrived. */
    async waitMessages(n: number): Promise<IMessage[]> {
      await withTimeout(
        new Promise<void>((resolve) => {
          const check = () => messages.length >= n && resolve();
          onMessage = check;
          check();
        }),
        `${n} mensagem(ns)`,
      );
      return messages;
    },
    stop: () => client.deactivate(),
  };
}

export type WebClient = ReturnType<typeof webClient>;

/** The subscription is registered when the server answers its receipt. */
export async function subscribeWithReceipt(c: WebClient, idUser: number): Promise<void> {
  const receipt = `sub-${idUser}-${Math.random()}`;
  const done = new Promise<void>((resolve) => c.client.watchForReceipt(receipt, () => resolve()));
  c.client.subscribe(destinoNotificacoes(idUser), (message) => c.onMessage(message), { receipt });
  await withTimeout(done, 'RECEIPT do SUBSCRIBE');
}

/** CONNECT, SUBSCRIBE to the user's own queue and wait for the RECEIPT, over the raw endpoint. */
export async function rawSubscriber(
  address: string,
  token: string,
  idUser: number,
  options: RawClientOptions = {},
): Promise<RawClient> {
  const { client, answer } = await rawConnect(address, { Authorization: `Bearer ${token}` }, options);
  if (answer.command !== 'CONNECTED') throw new Error(`CONNECT recusado: ${answer.headers.message}`);
  client.send({
    command: 'SUBSCRIBE',
    headers: { id: 'minha', destination: destinoNotificacoes(idUser), receipt: 'r' },
  });
  const receipt = await client.next('RECEIPT do SUBSCRIBE');
  if (receipt.command !== 'RECEIPT') throw new Error(`SUBSCRIBE: ${receipt.command} ${receipt.headers.message}`);
  return client;
}

export const notificacao = (idPedido: number, message = 'Pagamento aprovado!'): NotificacaoPagamento => ({
  id: idPedido,
  message,
  statusPayment: 'approved',
  idPedido,
});
