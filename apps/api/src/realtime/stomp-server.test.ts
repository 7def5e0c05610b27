/**
 * The realtime endpoint end to end: the real app listening on a port, clients
 * speaking STOMP over SockJS (xhr-streaming, as the web does, through
 * @stomp/stompjs and sockjs-client) or over the raw WebSocket endpoint
 * (/api/ws/websocket) where the exact frames matter.
 */
import { once } from 'node:events';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import Fastify, { type FastifyRequest } from 'fastify';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { destinoNotificacoes, HEARTBEAT_MS, REALTIME_PATH } from '@clinica/shared/realtime';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { DEMO_ACCOUNTS } from '../db/seed/demo-data.js';
import { unauthorized } from '../lib/errors.js';
import { createTokenService, type TokenSubject } from '../lib/jwt.js';
import type { AuthUser } from '../plugins/auth.js';
import { bearer, createTestApp, TEST_JWT_SECRET, testDatabaseTargets, type TestApp } from '../test/harness.js';
import type { NotificationBus } from './notification-bus.js';
import { serializeFrame, StompParser, type StompFrame } from './stomp-codec.js';
import { installStompServer, type StompServer } from './stomp-server.js';

const WAIT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Tempo esgotado: ${what}`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

const urlOf = (address: string) => `${address}${REALTIME_PATH}`;
const wsUrlOf = (address: string) => `${address.replace(/^http/, 'ws')}${REALTIME_PATH}/websocket`;

/** A STOMP peer over the raw WebSocket endpoint: exact frames in, exact frames out. */
async function rawClient(address: string) {
  const ws = new WebSocket(wsUrlOf(address));
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
  const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
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
    heartbeats: () => heartbeats,
    /** Frames received and not yet taken with next(). */
    unread: () => frames,
    close() {
      ws.close();
    },
  };
}

type RawClient = Awaited<ReturnType<typeof rawClient>>;

/** CONNECT over the raw endpoint; returns the client and the server's answer. */
async function rawConnect(address: string, headers: Record<string, string>) {
  const client = await rawClient(address);
  client.send({ command: 'CONNECT', headers: { 'accept-version': '1.2,1.1,1.0', 'heart-beat': '0,0', ...headers } });
  return { client, answer: await client.next('resposta ao CONNECT') };
}

/** A web-like client: @stomp/stompjs over SockJS xhr-streaming. */
function webClient(address: string, token: string | undefined) {
  const messages: IMessage[] = [];
  const errors: IFrame[] = [];
  let onMessage: (() => void) | undefined;
  const client = new Client({
    webSocketFactory: () => new SockJS(urlOf(address), null, { transports: ['xhr-streaming'] }),
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
    client.onWebSocketClose = (event: { code?: number; reason?: string }) =>
      reject(new Error(`conexão fechada antes de CONNECTED (${event.code} ${event.reason})`));
  });
  connected.catch(() => undefined);
  client.activate();
  return {
    client,
    messages,
    errors,
    connected: withTimeout(connected, 'CONNECTED'),
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

type WebClient = ReturnType<typeof webClient>;

/** The subscription is registered when the server answers its receipt. */
async function subscribeWithReceipt(c: WebClient, idUser: number): Promise<void> {
  const receipt = `sub-${idUser}-${Math.random()}`;
  const done = new Promise<void>((resolve) => c.client.watchForReceipt(receipt, () => resolve()));
  c.client.subscribe(destinoNotificacoes(idUser), (message) => c.onMessage(message), { receipt });
  await withTimeout(done, 'RECEIPT do SUBSCRIBE');
}

const notificacao = (idPedido: number, message = 'Pagamento aprovado!'): NotificacaoPagamento => ({
  message,
  statusPayment: 'approved',
  idPedido,
});

async function waitFor(check: () => boolean, what: string): Promise<void> {
  await withTimeout(
    (async () => {
      while (!check()) await new Promise((r) => setTimeout(r, 20));
    })(),
    what,
  );
}

describe.each(testDatabaseTargets())('STOMP sobre SockJS (%s)', (kind) => {
  let t: TestApp;
  let address: string;
  const users = {} as Record<'maria' | 'empresa', TokenSubject & { token: string }>;
  const opened: Array<{ close(): void } | WebClient> = [];
  const track = <T extends { close(): void } | WebClient>(c: T): T => (opened.push(c), c);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const [key, account] of [
      ['maria', DEMO_ACCOUNTS.cliente],
      ['empresa', DEMO_ACCOUNTS.empresa],
    ] as const) {
      const [row] = await t.database.raw<{ id: number }>('SELECT id FROM usuarios WHERE email = $1', [account.email]);
      const token = await t.login(account.email, account.password);
      users[key] = { id: Number(row!.id), permissao: 'CLIENTE', idCliente: null, token };
    }
  });

  afterAll(async () => {
    for (const c of opened) {
      if ('stop' in c) await c.stop();
      else c.close();
    }
    await t?.dispose();
  });

  it('SockJS atende o próprio prefixo; o resto continua com o Fastify', async () => {
    const info = await fetch(`${urlOf(address)}/info`);
    expect(info.status).toBe(200);
    expect(((await info.json()) as { websocket: boolean }).websocket).toBe(true);
    const api404 = await fetch(`${address}/api/nao-existe`);
    expect(api404.status).toBe(404);
    expect(((await api404.json()) as { statusCode: number }).statusCode).toBe(404);
    const health = await fetch(`${address}/api/wsx/info`);
    expect(health.status).toBe(404);
  });

  it('POST de transporte maior que um quadro permite é recusado antes do SockJS (413)', async () => {
    const res = await fetch(`${urlOf(address)}/000/abcdefgh/xhr_send`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(1024 * 1024),
    });
    expect(res.status).toBe(413);
  });

  it('cliente web (xhr-streaming): CONNECTED com versão 1.2 e heart-beat 4000,4000; recebe a própria notificação', async () => {
    const maria = track(webClient(address, users.maria.token));
    const frame = await maria.connected;
    expect(frame.headers.version).toBe('1.2');
    expect(frame.headers['heart-beat']).toBe(`${HEARTBEAT_MS},${HEARTBEAT_MS}`);
    await subscribeWithReceipt(maria, users.maria.id);
    await t.app.notificacoes.publicar(users.maria.id, notificacao(41, 'Pagamento aprovado, ção!'));
    const [message] = await maria.waitMessages(1);
    expect(JSON.parse(message!.body)).toEqual(notificacao(41, 'Pagamento aprovado, ção!'));
    expect(message!.headers.destination).toBe(destinoNotificacoes(users.maria.id));
    expect(message!.headers['content-type']).toBe('application/json');
    expect(message!.headers['message-id']).toBeTruthy();
    await maria.stop();
  });

  it('outro cliente nunca recebe a notificação de A', async () => {
    const maria = track(webClient(address, users.maria.token));
    const empresa = track(webClient(address, users.empresa.token));
    await Promise.all([maria.connected, empresa.connected]);
    await subscribeWithReceipt(maria, users.maria.id);
    await subscribeWithReceipt(empresa, users.empresa.id);
    await t.app.notificacoes.publicar(users.maria.id, notificacao(1));
    // Published after A's: once B has its own, A's would have reached B already.
    await t.app.notificacoes.publicar(users.empresa.id, notificacao(2));
    await maria.waitMessages(1);
    await empresa.waitMessages(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(empresa.messages.map((m) => JSON.parse(m.body) as NotificacaoPagamento)).toEqual([notificacao(2)]);
    expect(maria.messages.map((m) => JSON.parse(m.body) as NotificacaoPagamento)).toEqual([notificacao(1)]);
    await Promise.all([maria.stop(), empresa.stop()]);
  });

  it('CONNECT sem Authorization: ERROR 401 e a conexão fecha', async () => {
    const { client, answer } = await rawConnect(address, {});
    expect(answer.command).toBe('ERROR');
    expect(answer.headers.message).toMatch(/^401 /);
    await client.closed;
  });

  it('token inválido: ERROR 401 (também pelo cliente web)', async () => {
    const { client, answer } = await rawConnect(address, { Authorization: 'Bearer nao.e.token' });
    expect(answer.command).toBe('ERROR');
    expect(answer.headers.message).toMatch(/^401 /);
    await client.closed;

    const web = track(webClient(address, 'abc.def.ghi'));
    await expect(web.connected).rejects.toThrow(/401/);
    expect(web.errors[0]?.headers.message).toMatch(/401/);
    await web.stop();
  });

  it('token expirado: ERROR 401', async () => {
    const expired = await createTokenService(TEST_JWT_SECRET, -60).sign(users.maria);
    const { client, answer } = await rawConnect(address, { Authorization: `Bearer ${expired.token}` });
    expect(answer.command).toBe('ERROR');
    expect(answer.headers.message).toMatch(/^401 /);
    expect(answer.body).toMatch(/expirou/);
    await client.closed;
  });

  it('token revogado (logout): ERROR 401', async () => {
    const token = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    const logout = await t.app.inject({
      method: 'POST',
      url: `/api/usuario/logout/${users.maria.id}`,
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    const { client, answer } = await rawConnect(address, { Authorization: `Bearer ${token}` });
    expect(answer.command).toBe('ERROR');
    expect(answer.headers.message).toMatch(/^401 /);
    await client.closed;
  });

  it('a sessão termina quando o token expira durante a conexão: ERROR 401', async () => {
    const shortLived = await createTokenService(TEST_JWT_SECRET, 2).sign(users.maria);
    const { client, answer } = await rawConnect(address, { Authorization: `Bearer ${shortLived.token}` });
    expect(answer.command).toBe('CONNECTED');
    const error = await client.next('ERROR de expiração');
    expect(error.command).toBe('ERROR');
    expect(error.headers.message).toMatch(/^401 /);
    await client.closed;
  });

  it('SUBSCRIBE a destino de outro usuário (ou qualquer outro): ERROR 403 e fecha', async () => {
    for (const destination of [destinoNotificacoes(users.empresa.id), '/topic/todos', '/user/queue/notifications']) {
      const { client, answer } = await rawConnect(address, { Authorization: `Bearer ${users.maria.token}` });
      expect(answer.command).toBe('CONNECTED');
      client.send({ command: 'SUBSCRIBE', headers: { id: 'sub-0', destination } });
      const error = await client.next();
      expect(error.command).toBe('ERROR');
      expect(error.headers.message).toMatch(/^403 /);
      await client.closed;
    }
  });

  it('protocolo: primeiro quadro não-CONNECT, comando desconhecido, SEND, quadro grande demais, versão 1.0', async () => {
    const first = await rawClient(address);
    first.send({ command: 'SUBSCRIBE', headers: { id: '1', destination: '/x' } });
    expect((await first.next()).command).toBe('ERROR');
    await first.closed;

    const frames: Array<Parameters<typeof serializeFrame>[0]> = [
      { command: 'FOO' },
      { command: 'SEND', headers: { destination: destinoNotificacoes(users.maria.id) }, body: '{}' },
      { command: 'CONNECT', headers: { Authorization: `Bearer ${users.maria.token}` } },
    ];
    for (const frame of frames) {
      const { client, answer } = await rawConnect(address, { Authorization: `Bearer ${users.maria.token}` });
      expect(answer.command).toBe('CONNECTED');
      client.send(frame);
      expect((await client.next()).command).toBe('ERROR');
      await client.closed;
    }

    const big = await rawClient(address);
    big.sendRaw(`SEND\ndestination:/x\n\n${'x'.repeat(70 * 1024)}\0`);
    const tooBig = await big.next();
    expect(tooBig.command).toBe('ERROR');
    expect(tooBig.headers.message).toMatch(/^413 /);
    await big.closed;

    const old = await rawClient(address);
    old.send({
      command: 'CONNECT',
      headers: { 'accept-version': '1.0', Authorization: `Bearer ${users.maria.token}` },
    });
    const refused = await old.next();
    expect(refused.command).toBe('ERROR');
    expect(refused.headers.version).toBe('1.2,1.1');
    await old.closed;
  });

  it('DISCONNECT com receipt: RECEIPT e fecha; UNSUBSCRIBE para a entrega', async () => {
    const { client, answer } = await rawConnect(address, { Authorization: `Bearer ${users.maria.token}` });
    expect(answer.command).toBe('CONNECTED');
    client.send({
      command: 'SUBSCRIBE',
      headers: { id: 's1', destination: destinoNotificacoes(users.maria.id), receipt: 'r1' },
    });
    expect((await client.next()).headers['receipt-id']).toBe('r1');
    client.send({ command: 'UNSUBSCRIBE', headers: { id: 's1', receipt: 'r2' } });
    expect((await client.next()).headers['receipt-id']).toBe('r2');
    await t.app.notificacoes.publicar(users.maria.id, notificacao(9));
    client.send({ command: 'DISCONNECT', headers: { receipt: 'tchau' } });
    const receipt = await client.next();
    expect(receipt.command).toBe('RECEIPT');
    expect(receipt.headers['receipt-id']).toBe('tchau');
    await client.closed;
    expect(client.unread()).toEqual([]);
  });

  it('mensagem pelo WebSocket cru: cabeçalhos subscription, message-id, destination', async () => {
    const { client } = await rawConnect(address, { Authorization: `Bearer ${users.maria.token}` });
    track(client);
    client.send({
      command: 'SUBSCRIBE',
      headers: { id: 'minha', destination: destinoNotificacoes(users.maria.id), receipt: 'ok' },
    });
    await client.next();
    await t.app.notificacoes.publicar(users.maria.id, notificacao(77));
    const message = await client.next('MESSAGE');
    expect(message.command).toBe('MESSAGE');
    expect(message.headers.subscription).toBe('minha');
    expect(message.headers.destination).toBe(destinoNotificacoes(users.maria.id));
    expect(JSON.parse(message.body)).toEqual(notificacao(77));
  });

  it('uma notificação publicada numa instância chega ao cliente conectado em outra instância do mesmo banco', async () => {
    const t2 = await createTestApp({ kind, database: t.database });
    try {
      const address2 = await t2.app.listen({ port: 0, host: '127.0.0.1' });
      const maria = track(webClient(address2, users.maria.token));
      await maria.connected;
      await subscribeWithReceipt(maria, users.maria.id);
      await t.app.notificacoes.publicar(users.maria.id, notificacao(500, 'Pagamento via PIX aprovado'));
      const [message] = await maria.waitMessages(1);
      expect(JSON.parse(message!.body)).toEqual(notificacao(500, 'Pagamento via PIX aprovado'));
      await maria.stop();
    } finally {
      await t2.dispose();
    }
  });

  it('fechar o app com conexões abertas não trava e as fecha', async () => {
    const t3 = await createTestApp({ kind, database: t.database });
    const address3 = await t3.app.listen({ port: 0, host: '127.0.0.1' });
    const { client, answer } = await rawConnect(address3, { Authorization: `Bearer ${users.maria.token}` });
    expect(answer.command).toBe('CONNECTED');
    const web = webClient(address3, users.maria.token);
    await web.connected;
    await withTimeout(t3.dispose(), 'app.close()');
    await client.closed;
    await web.stop();
  });
});

/** The server alone on a bare Fastify, with a stub authentication: limits and timers, fast. */
describe('STOMP: limites e temporizadores', () => {
  const handlers = new Map<number, (n: NotificacaoPagamento) => void>();
  const bus: NotificationBus = {
    publicar: async (id, n) => handlers.get(id)?.(n),
    assinar: (id, handler) => (handlers.set(id, handler), () => handlers.delete(id)),
    close: async () => undefined,
  };
  let app: ReturnType<typeof Fastify>;
  let server: StompServer;
  let address: string;
  const clients: RawClient[] = [];

  beforeAll(async () => {
    app = Fastify();
    app.decorate('authenticate', async (request: FastifyRequest): Promise<AuthUser> => {
      if (request.headers.authorization !== 'Bearer bom') throw unauthorized('Não autenticado');
      return { id: 5, permissao: 'CLIENTE', idCliente: 1, jti: 'j', sid: 's', exp: Date.now() / 1000 + 3600, iat: 0 };
    });
    server = installStompServer(app, { bus, maxConnections: 2, connectTimeoutMs: 300, heartbeatMs: 100 });
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await app?.close();
  });

  it('conexão que não envia CONNECT a tempo é fechada com ERROR', async () => {
    const client = await rawClient(address);
    const error = await client.next();
    expect(error.command).toBe('ERROR');
    expect(error.headers.message).toMatch(/^408 /);
    await client.closed;
  });

  it('conexões acima do limite são recusadas com ERROR', async () => {
    const a = await rawConnect(address, { Authorization: 'Bearer bom' });
    const b = await rawConnect(address, { Authorization: 'Bearer bom' });
    clients.push(a.client, b.client);
    expect([a.answer.command, b.answer.command]).toEqual(['CONNECTED', 'CONNECTED']);
    const third = await rawClient(address);
    const refused = await third.next();
    expect(refused.command).toBe('ERROR');
    expect(refused.headers.message).toMatch(/^503 /);
    await third.closed;
    a.client.close();
    b.client.close();
    await Promise.all([a.client.closed, b.client.closed]);
  });

  it('heart-beats: o servidor envia EOL e fecha o cliente que prometeu heart-beats e silenciou', async () => {
    await waitFor(() => server.connections() === 0, 'vagas livres');
    const client = await rawClient(address);
    client.send({
      command: 'CONNECT',
      headers: { 'accept-version': '1.2', 'heart-beat': '100,100', Authorization: 'Bearer bom' },
    });
    const connected = await client.next();
    expect(connected.command).toBe('CONNECTED');
    expect(connected.headers['heart-beat']).toBe('100,100');
    await client.closed;
    expect(client.heartbeats()).toBeGreaterThan(0);
  });

  it('cliente que envia heart-beats continua conectado', async () => {
    const client = await rawClient(address);
    clients.push(client);
    client.send({
      command: 'CONNECT',
      headers: { 'accept-version': '1.2', 'heart-beat': '100,0', Authorization: 'Bearer bom' },
    });
    expect((await client.next()).command).toBe('CONNECTED');
    const beat = setInterval(() => client.sendRaw('\n'), 100);
    try {
      await new Promise((r) => setTimeout(r, 700));
      client.send({ command: 'SUBSCRIBE', headers: { id: 'x', destination: destinoNotificacoes(5), receipt: 'r' } });
      expect((await client.next()).command).toBe('RECEIPT');
    } finally {
      clearInterval(beat);
    }
  });
});
