/**
 * R11 under load (docs/quality.md): 200 STOMP connections across two app instances
 * on one database, each a different signed-in client subscribed to its own
 * queue, and notifications for every client published on both instances.
 * Every client must get exactly its own notifications: none lost, none
 * duplicated, none delivered to someone else.
 *
 * Clients speak STOMP over the raw WebSocket endpoint (/api/ws/websocket). No
 * fixed waits: after the notifications, one last notification per client is
 * published; delivery on each instance follows publication order (one LISTEN
 * stream per instance on PostgreSQL, a synchronous emitter on PGlite), so once
 * every client has its last one, any duplicate or stray copy would have
 * arrived before it.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { destinoNotificacoes, REALTIME_PATH } from '@clinica/shared/realtime';
import { PERMISSAO } from '@clinica/shared/schemas/common';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { hashPassword } from '../lib/password.js';
import { usuarios } from '../modules/usuario/usuario.table.js';
import { createTestApp, ensurePermissoes, testDatabaseTargets, type TestApp } from '../test/harness.js';
import { serializeFrame, StompParser, type StompFrame } from './stomp-codec.js';

const CLIENTES = 200;
/** Notifications per client before the last one: on the other instance, the same one, the other again. */
const ROTEIRO = ['outra', 'mesma', 'outra'] as const;
const WAIT_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Tempo esgotado: ${what}`)), WAIT_MS);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/** idPedido carries who the notification is for and which one it is. */
const idPedidoDe = (cliente: number, seq: number) => cliente * 10 + seq + 1;
const FINAL = ROTEIRO.length;

interface Conexao {
  indice: number;
  idUsuario: number;
  instancia: 0 | 1;
  ws: WebSocket;
  /** Every frame after the RECEIPT of the subscription. */
  quadros: StompFrame[];
  /** Resolves when the last notification (seq FINAL) arrives. */
  final: Promise<void>;
}

/** Connects, authenticates and subscribes to the user's own queue (registered once the RECEIPT comes). */
async function conectar(url: string, token: string, idUsuario: number, indice: number, instancia: 0 | 1) {
  const ws = new WebSocket(url);
  const parser = new StompParser();
  const quadros: StompFrame[] = [];
  let proximo: ((f: StompFrame) => void) | undefined;
  let chegouFinal: () => void = () => undefined;
  const final = new Promise<void>((resolve) => (chegouFinal = resolve));
  let inscrito = false;
  ws.on('message', (data: Buffer) => {
    for (const frame of parser.push(data)) {
      if (!inscrito) {
        proximo?.(frame);
        continue;
      }
      quadros.push(frame);
      const corpo = frame.command === 'MESSAGE' ? (JSON.parse(frame.body) as NotificacaoPagamento) : undefined;
      if (corpo?.idPedido === idPedidoDe(indice, FINAL)) chegouFinal();
    }
  });
  const quadro = () => new Promise<StompFrame>((resolve) => (proximo = resolve));
  await once(ws, 'open');
  let resposta = quadro();
  ws.send(
    serializeFrame({
      command: 'CONNECT',
      headers: { 'accept-version': '1.2', 'heart-beat': '0,0', Authorization: `Bearer ${token}` },
    }),
  );
  const connected = await resposta;
  if (connected.command !== 'CONNECTED') throw new Error(`cliente ${indice}: ${connected.headers.message}`);
  resposta = quadro();
  ws.send(
    serializeFrame({
      command: 'SUBSCRIBE',
      headers: { id: 'minha', destination: destinoNotificacoes(idUsuario), receipt: `r-${indice}` },
    }),
  );
  const receipt = await resposta;
  if (receipt.command !== 'RECEIPT') throw new Error(`cliente ${indice}: ${receipt.command}`);
  inscrito = true;
  return { indice, idUsuario, instancia, ws, quadros, final } satisfies Conexao;
}

describe.each(testDatabaseTargets())('STOMP sob carga: 200 conexões em duas instâncias (%s)', (kind) => {
  const apps: TestApp[] = [];
  const enderecos: string[] = [];
  const conexoes: Conexao[] = [];

  beforeAll(async () => {
    // Room for everyone on each instance whatever the default limit.
    const config = { REALTIME_MAX_CONNECTIONS: CLIENTES };
    apps.push(await createTestApp({ kind, config }));
    apps.push(await createTestApp({ kind, database: apps[0]!.database, config }));
    for (const t of apps) enderecos.push(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  }, 60_000);

  afterAll(async () => {
    for (const c of conexoes) c.ws.terminate();
    for (const t of apps.reverse()) await t.dispose();
  });

  it('cada cliente recebe exatamente as próprias notificações, publicadas na outra instância e na mesma', async () => {
    const t = apps[0]!;
    await ensurePermissoes(t.database);
    const senhaHash = await hashPassword('carga-stomp-123');
    const criados = await t.database.db
      .insert(usuarios)
      .values(
        Array.from({ length: CLIENTES }, (_, i) => ({
          nome: `Cliente de carga ${i}`,
          email: `carga-stomp-${i}@exemplo.com.br`,
          senhaHash,
          permissaoId: PERMISSAO.CLIENTE,
          ativo: true,
          confirmado: true,
        })),
      )
      .returning({ id: usuarios.id, email: usuarios.email });
    const ids = criados
      .sort((a, b) => Number(/-(\d+)@/.exec(a.email)![1]) - Number(/-(\d+)@/.exec(b.email)![1]))
      .map((u) => u.id);
    expect(new Set(ids).size).toBe(CLIENTES);

    // Half on each instance, alternating; connected in parallel batches.
    const ws = (instancia: 0 | 1) => `${enderecos[instancia]!.replace(/^http/, 'ws')}${REALTIME_PATH}/websocket`;
    for (let inicio = 0; inicio < CLIENTES; inicio += 50) {
      const lote = ids.slice(inicio, inicio + 50).map(async (id, j) => {
        const indice = inicio + j;
        const instancia = (indice % 2) as 0 | 1;
        const token = await t.issueToken({ id, permissao: 'CLIENTE', idCliente: null });
        return conectar(ws(instancia), token, id, indice, instancia);
      });
      conexoes.push(...(await withTimeout(Promise.all(lote), `conectar o lote ${inicio}`)));
    }
    expect(conexoes.filter((c) => c.instancia === 0)).toHaveLength(CLIENTES / 2);
    expect(conexoes.filter((c) => c.instancia === 1)).toHaveLength(CLIENTES / 2);

    const notificacao = (indice: number, seq: number): NotificacaoPagamento => ({
      id: seq + 1,
      message: `Pagamento ${seq} do cliente ${indice} aprovado`,
      statusPayment: 'approved',
      idPedido: idPedidoDe(indice, seq),
    });
    const publicar = (c: Conexao, seq: number, onde: 'outra' | 'mesma') => {
      const instancia = onde === 'mesma' ? c.instancia : 1 - c.instancia;
      return apps[instancia]!.app.notificacoes.publicar(c.idUsuario, notificacao(c.indice, seq));
    };
    // Interleaved across clients and instances, a few at a time.
    for (let seq = 0; seq < ROTEIRO.length; seq++) {
      for (let inicio = 0; inicio < CLIENTES; inicio += 25) {
        await Promise.all(conexoes.slice(inicio, inicio + 25).map((c) => publicar(c, seq, ROTEIRO[seq]!)));
      }
    }
    // The last one, published after every other one committed, alternately on each instance.
    for (let inicio = 0; inicio < CLIENTES; inicio += 25) {
      await Promise.all(
        conexoes.slice(inicio, inicio + 25).map((c) => publicar(c, FINAL, c.indice % 4 < 2 ? 'outra' : 'mesma')),
      );
    }
    await withTimeout(Promise.all(conexoes.map((c) => c.final)), 'as últimas notificações');

    const esperado = (c: Conexao) =>
      Array.from({ length: FINAL + 1 }, (_, seq) => ({
        command: 'MESSAGE',
        destination: destinoNotificacoes(c.idUsuario),
        subscription: 'minha',
        corpo: notificacao(c.indice, seq),
      }));
    const recebido = (c: Conexao) =>
      c.quadros
        .map((f) => ({
          command: f.command,
          destination: f.headers.destination,
          subscription: f.headers.subscription,
          corpo: f.command === 'MESSAGE' ? (JSON.parse(f.body) as NotificacaoPagamento) : f.body,
        }))
        .sort((a, b) => (a.corpo as NotificacaoPagamento).idPedido - (b.corpo as NotificacaoPagamento).idPedido);
    const errados = conexoes.filter((c) => JSON.stringify(recebido(c)) !== JSON.stringify(esperado(c)));
    expect(errados.map((c) => ({ cliente: c.indice, recebido: recebido(c) }))).toEqual([]);
    // Each delivery carries its own message-id within the connection.
    const messageIds = conexoes.flatMap((c) => c.quadros.map((f) => `${c.indice}:${f.headers['message-id']}`));
    expect(new Set(messageIds).size).toBe(CLIENTES * (FINAL + 1));
  }, 120_000);
});
