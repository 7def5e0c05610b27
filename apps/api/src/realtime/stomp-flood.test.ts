/**
 * A flood of unauthenticated SockJS sessions (ADR 023, admission.ts): sessions that open and never send CONNECT,
 * one after another from one address, as fast as they open, for as long as the test needs. Before admission control
 * they filled REALTIME_MAX_CONNECTIONS and every customer's CONNECT was refused until they timed out. Now a customer
 * from another address connects and gets the notification, sessions of a third address are left alone, and the
 * flood only ever displaces its own sessions. The client's address is TRUST_PROXY's (X-Forwarded-For only from a
 * trusted proxy). Sources are loopback addresses bound by the test (127.0.0.x).
 */
import { cpf } from 'cpf-cnpj-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Config } from '../config.js';
import { createTestApp, createUser, testDatabaseTargets, type TestApp } from '../test/harness.js';
import {
  notificacao,
  rawClient,
  rawSubscriber,
  subscribeWithReceipt,
  waitFor,
  webClient,
  withTimeout,
  wsUrlOf,
} from '../test/stomp-clients.js';
import { StompParser } from './stomp-codec.js';

/** REALTIME_MAX_CONNECTIONS of these apps: a quarter (10) may be pending, 10 from one address. */
const MAX = 40;

/**
 * Opens idle sessions (no CONNECT) one after another, each as soon as the previous one opened or failed, until
 * stopped. Counts what was opened and the STOMP ERROR statuses the server sent to flood sessions.
 */
function flood(address: string, options: { localAddress?: string; headers?: () => Record<string, string> }) {
  let running = true;
  let opened = 0;
  const statuses: string[] = [];
  const sockets = new Set<WebSocket>();
  const one = () =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(wsUrlOf(address), {
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: options.headers?.() ?? {},
      });
      sockets.add(ws);
      const parser = new StompParser();
      ws.on('open', () => {
        opened += 1;
        resolve();
      });
      ws.on('message', (data: Buffer) => {
        for (const frame of parser.push(data)) statuses.push(frame.headers.message?.slice(0, 3) ?? '');
      });
      ws.on('close', () => {
        sockets.delete(ws);
        resolve();
      });
      ws.on('error', () => resolve());
    });
  const loop = (async () => {
    while (running) await one();
  })();
  return {
    opened: () => opened,
    statuses,
    /** Flood sessions the server has not closed (yet). */
    open: () => [...sockets].filter((ws) => ws.readyState === WebSocket.OPEN).length,
    async stop() {
      running = false;
      await loop;
      for (const ws of sockets) ws.terminate();
    },
  };
}

describe.each(testDatabaseTargets())('enxurrada de conexões não autenticadas (%s)', (kind) => {
  const apps: TestApp[] = [];
  let seq = 0;

  const app = async (config: Partial<Config>) => {
    const t = await createTestApp({
      kind,
      ...(apps[0] ? { database: apps[0].database } : {}),
      config: { REALTIME_MAX_CONNECTIONS: MAX, ...config },
    });
    apps.push(t);
    return { t, address: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
  };

  const cliente = async (t: TestApp) => {
    const email = `enxurrada-${++seq}@exemplo.com.br`;
    const { id, idCliente } = await createUser(t.database, {
      email,
      password: 'senha-123',
      permissao: 'CLIENTE',
      cpf: cpf.generate(),
    });
    return { id, token: await t.issueToken({ id, permissao: 'CLIENTE', idCliente }) };
  };

  let base: Awaited<ReturnType<typeof app>>;

  beforeAll(async () => {
    base = await app({});
  });

  afterAll(async () => {
    for (const t of apps.reverse()) await t.dispose();
  });

  it('um cliente de outro endereço conecta e recebe a notificação; as conexões de um terceiro endereço não são punidas', async () => {
    const { t, address } = base;
    const maria = await cliente(t);
    const vizinho = await cliente(t);
    const ataque = flood(address, { localAddress: '127.0.0.2' });
    try {
      // More sessions than the instance has slots: before admission control, the flood held them all.
      await waitFor(() => ataque.opened() > MAX, 'a enxurrada passar do limite de conexões');

      // A customer, with the web's client (xhr-streaming), from the test's own address.
      const web = webClient(address, maria.token);
      try {
        await web.connected;
        await subscribeWithReceipt(web, maria.id);
        await t.app.notificacoes.publicar(maria.id, notificacao(7001, 'Pagamento aprovado durante a enxurrada'));
        const [message] = await web.waitMessages(1);
        expect(JSON.parse(message!.body)).toEqual(notificacao(7001, 'Pagamento aprovado durante a enxurrada'));
      } finally {
        await web.stop();
      }

      // Another address opens two sessions and stays idle while the flood goes on; they are not displaced.
      const quietos = [
        await rawClient(address, { localAddress: '127.0.0.3' }),
        await rawClient(address, { localAddress: '127.0.0.3' }),
      ];
      const antes = ataque.opened();
      await waitFor(() => ataque.opened() > antes + 2 * MAX, 'mais duas voltas da enxurrada');
      for (const c of quietos) {
        c.send({ command: 'CONNECT', headers: { 'accept-version': '1.2', Authorization: `Bearer ${vizinho.token}` } });
        expect((await c.next('CONNECTED do vizinho')).command).toBe('CONNECTED');
        c.close();
      }

      // The flood was turned away by its own address's bound (429) and by the instance's (503), nothing else.
      expect(ataque.statuses).toContain('429');
      expect(ataque.statuses.filter((s) => s !== '429' && s !== '503' && s !== '408')).toEqual([]);
      await waitFor(() => ataque.open() <= MAX / 4, 'a enxurrada ocupar no máximo as vagas pendentes');
    } finally {
      await ataque.stop();
    }
  });

  it('atrás de um proxy confiável (TRUST_PROXY) conta o X-Forwarded-For; sem ele, o X-Forwarded-For não disfarça a origem', async () => {
    // Behind our proxy (127.0.0.1): the flood comes from one client address, the customer from another.
    const proxied = await app({ TRUST_PROXY: ['127.0.0.1'] });
    const maria = await cliente(proxied.t);
    const ataque = flood(proxied.address, { headers: () => ({ 'x-forwarded-for': '203.0.113.66' }) });
    try {
      await waitFor(() => ataque.opened() > MAX, 'a enxurrada passar do limite de conexões');
      const conta = await withTimeout(
        rawSubscriber(proxied.address, maria.token, maria.id, { headers: { 'x-forwarded-for': '198.51.100.20' } }),
        'cliente atrás do proxy',
      );
      await proxied.t.app.notificacoes.publicar(maria.id, notificacao(7002));
      const message = await conta.next('MESSAGE');
      expect(JSON.parse(message.body)).toEqual(notificacao(7002));
      conta.close();
      expect(ataque.statuses).toContain('429');
    } finally {
      await ataque.stop();
    }

    // No trusted proxy: a new X-Forwarded-For on every session does not make one address many.
    const direct = await app({ TRUST_PROXY: false });
    let n = 0;
    const disfarce = flood(direct.address, {
      localAddress: '127.0.0.4',
      headers: () => ({ 'x-forwarded-for': `198.51.100.${++n % 250}` }),
    });
    try {
      await waitFor(() => disfarce.opened() > MAX, 'a enxurrada passar do limite de conexões');
      expect(disfarce.statuses).toContain('429');
    } finally {
      await disfarce.stop();
    }
  });
});
