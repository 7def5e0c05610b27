/**
 * The realtime endpoint end to end: the real app listening on a port, clients
 * speaking STOMP over SockJS (xhr-streaming, as the web does, through
 * @stomp/stompjs and sockjs-client) or over the raw WebSocket endpoint
 * (/api/ws/websocket) where the exact frames matter.
 */
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinoNotificacoes, destinoSacola, HEARTBEAT_MS } from '@clinica/shared/realtime';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { DEMO_ACCOUNTS } from '../db/seed/demo-data.js';
import { unauthorized } from '../lib/errors.js';
import { createTokenService, type TokenSubject } from '../lib/jwt.js';
import type { AuthUser } from '../plugins/auth.js';
import { bearer, createTestApp, TEST_JWT_SECRET, testDatabaseTargets, type TestApp } from '../test/harness.js';
import {
  notificacao,
  rawClient,
  rawConnect,
  subscribeWithReceipt,
  urlOf,
  waitFor,
  webClient,
  withTimeout,
  type RawClient,
  type WebClient,
} from '../test/stomp-clients.js';
import type { NotificationBus } from './notification-bus.js';
import type { RevocationHandler, SessionRevocations } from './session-revocations.js';
import type { serializeFrame } from './stomp-codec.js';
import { installStompServer, type StompServer } from './stomp-server.js';

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

  it('a sacola guardada mudou (PUT /sacola noutro aparelho): só o próprio destino da sacola recebe a nova versão', async () => {
    const [produto] = await t.database.raw<{ id: number }>(
      'SELECT id FROM produtos WHERE ativo AND NOT digital AND NOT brinde AND estoque - reservado > 5 ORDER BY id LIMIT 1',
    );
    const { client, answer } = await rawConnect(address, { Authorization: `Bearer ${users.maria.token}` });
    track(client);
    expect(answer.command).toBe('CONNECTED');
    for (const [id, destination] of [
      ['pagamentos', destinoNotificacoes(users.maria.id)],
      ['sacola', destinoSacola(users.maria.id)],
    ]) {
      client.send({ command: 'SUBSCRIBE', headers: { id: id!, destination: destination!, receipt: id! } });
      expect((await client.next(`RECEIPT ${id}`)).command).toBe('RECEIPT');
    }
    const atual = await t.app.inject({ method: 'GET', url: '/api/sacola', headers: bearer(users.maria.token) });
    const versao = (atual.json() as { content: { versao: number } }).content.versao;
    const gravada = await t.app.inject({
      method: 'PUT',
      url: '/api/sacola',
      headers: bearer(users.maria.token),
      payload: { versao, itens: [{ produtoId: Number(produto!.id), quantidade: 2 }] },
    });
    expect(gravada.statusCode).toBe(200);
    const message = await client.next('aviso da sacola');
    expect(message.command).toBe('MESSAGE');
    expect(message.headers.subscription).toBe('sacola');
    expect(message.headers.destination).toBe(destinoSacola(users.maria.id));
    expect(JSON.parse(message.body)).toEqual({ versao: versao + 1 });
    // A payment notification still reaches only the payments' subscription.
    await t.app.notificacoes.publicar(users.maria.id, notificacao(77));
    const pagamento = await client.next('notificação de pagamento');
    expect(pagamento.headers.subscription).toBe('pagamentos');
    expect(JSON.parse(pagamento.body)).toEqual(notificacao(77));
    client.close();
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
    for (const destination of [
      destinoNotificacoes(users.empresa.id),
      destinoSacola(users.empresa.id),
      '/topic/todos',
      '/user/queue/notifications',
    ]) {
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
    // On PostgreSQL notices travel by NOTIFY: the previous test's notice to the same customer (published after its
    // UNSUBSCRIBE) may still arrive first; this test's is the one for order 77.
    let message = await client.next('MESSAGE');
    while ((JSON.parse(message.body) as { idPedido: number }).idPedido !== 77) message = await client.next('MESSAGE');
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
    publicarSacola: async () => undefined,
    assinarSacola: () => () => undefined,
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

/**
 * Notices of ended sessions against a stub authentication whose answers the test decides: the session whose
 * token stops counting is closed, others stay, and a notice that arrives while a CONNECT is being checked is
 * checked again once the session is connected (the first check may have read the state before the change).
 */
describe('STOMP: avisos de sessões encerradas', () => {
  const bus: NotificationBus = {
    publicar: async () => undefined,
    assinar: () => () => undefined,
    publicarSacola: async () => undefined,
    assinarSacola: () => () => undefined,
    close: async () => undefined,
  };
  let avisar: RevocationHandler = () => undefined;
  const revocations: SessionRevocations = {
    assinar: (handler) => ((avisar = handler), () => (avisar = () => undefined)),
    close: async () => undefined,
  };
  /** Tokens that no longer count; `segurar`: the next check of this token waits for the test. */
  const revogados = new Set<string>();
  let segurar: { token: string; soltar: Promise<void> } | undefined;
  let app: ReturnType<typeof Fastify>;
  let address: string;

  beforeAll(async () => {
    app = Fastify();
    app.decorate('authenticate', async (request: FastifyRequest): Promise<AuthUser> => {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      // What the database says when the check reads it (a held check answers from before the change).
      const revogado = revogados.has(token);
      if (segurar?.token === token) {
        const { soltar } = segurar;
        segurar = undefined;
        await soltar;
      }
      const id = Number(/^u(\d+)-/.exec(token)?.[1]);
      if (!id || revogado) throw unauthorized('Não autenticado');
      return { id, permissao: 'CLIENTE', idCliente: 1, jti: token, sid: token, exp: Date.now() / 1000 + 3600, iat: 0 };
    });
    installStompServer(app, { bus, maxConnections: 10, revocations });
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('o aviso de um usuário confere de novo só as sessões dele e fecha a que não vale mais, sem 401', async () => {
    const a1 = await rawConnect(address, { Authorization: 'Bearer u1-a' });
    const a2 = await rawConnect(address, { Authorization: 'Bearer u1-b' });
    const b = await rawConnect(address, { Authorization: 'Bearer u2-a' });
    expect([a1.answer.command, a2.answer.command, b.answer.command]).toEqual(['CONNECTED', 'CONNECTED', 'CONNECTED']);
    revogados.add('u1-a');
    revogados.add('u2-a'); // not announced: user 2's session is not checked
    avisar(1);
    const erro = await a1.client.next('ERROR');
    expect(erro.headers.message).toBe('Sessão encerrada. Conecte-se novamente.');
    await a1.client.closed;
    for (const c of [a2.client, b.client]) {
      c.send({ command: 'DISCONNECT', headers: { receipt: 'ainda' } });
      expect((await c.next('RECEIPT')).headers['receipt-id']).toBe('ainda');
    }
  });

  it('um aviso durante a conferência do CONNECT é conferido de novo depois do CONNECTED', async () => {
    let soltar: () => void = () => undefined;
    segurar = { token: 'u3-a', soltar: new Promise<void>((r) => (soltar = r)) };
    const client = await rawClient(address);
    client.send({ command: 'CONNECT', headers: { 'accept-version': '1.2', Authorization: 'Bearer u3-a' } });
    await waitFor(() => segurar === undefined, 'o CONNECT ser conferido');
    // The change commits and its notice arrives while the first check is still out.
    revogados.add('u3-a');
    avisar(3);
    soltar();
    expect((await client.next('CONNECTED')).command).toBe('CONNECTED');
    expect((await client.next('ERROR')).headers.message).toBe('Sessão encerrada. Conecte-se novamente.');
    await client.closed;
  });

  it('aviso sem usuário (avisos talvez perdidos): todas as sessões são conferidas', async () => {
    const a = await rawConnect(address, { Authorization: 'Bearer u4-a' });
    const b = await rawConnect(address, { Authorization: 'Bearer u5-a' });
    revogados.add('u4-a');
    revogados.add('u5-a');
    avisar(null);
    for (const c of [a.client, b.client]) {
      expect((await c.next('ERROR')).headers.message).toBe('Sessão encerrada. Conecte-se novamente.');
      await c.closed;
    }
  });
});
