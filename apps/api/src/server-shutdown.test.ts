/**
 * Graceful shutdown of the real process (src/server.ts through tsx; ADR 040): checkouts the server has accepted
 * (it answered `100 Continue` to their headers) are sent their bodies after SIGTERM and all answer 201, none a 5xx
 * or a reset; the job whose handler is still running (a mail stuck on an SMTP server that never finishes its
 * greeting) is given back to the queue (PENDENTE, no lease, its attempt not counted) instead of waiting for its
 * lease to end; a connected realtime client sees its session closed with the going-away code, so it reconnects
 * elsewhere; the METRICS_PORT listener answers while the server runs; the process exits 0. No timing is asserted:
 * every step waits for what it needs. On PGlite and, with TEST_DATABASE_URL, on a PostgreSQL database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freteApi } from '@clinica/shared/schemas/frete';
import { API_ROOT } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PRODUTOS_FISICOS } from './db/seed/demo-data.js';
import {
  createTestDatabase,
  seededPgliteDataDir,
  testDatabaseTargets,
  type TestDatabase,
} from './db/test-databases.js';
import { corpoDoPedido } from './test/checkout-fixtures.js';
import { childEnv, freePort } from './test/processes.js';
import { CLOSE_GOING_AWAY } from './realtime/stomp-failure.js';
import { rawConnect } from './test/stomp-clients.js';

const CHECKOUTS = 6;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Tempo esgotado: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An SMTP server that greets, then answers EHLO with continuation lines forever (one every 300 ms): the client
 * never times out (the socket is never idle) and never gets to send, so a mail job's handler stays running.
 */
async function endlessSmtp() {
  const sockets = new Set<net.Socket>();
  let ehlos = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    let timer: NodeJS.Timeout | undefined;
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
    });
    socket.write('220 smtp.teste ESMTP\r\n');
    socket.once('data', () => {
      ehlos += 1;
      timer = setInterval(() => socket.write('250-ainda pensando\r\n'), 300);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    ehlos: () => ehlos,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A raw HTTP/1.1 connection: keeps everything it receives, and whether it ended cleanly or was reset. */
async function rawHttp(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  let error: Error | undefined;
  let ended = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (data += chunk));
  socket.on('error', (err) => (error = err));
  socket.on('close', () => (ended = true));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    data: () => data,
    error: () => error,
    ended: () => ended,
    /** Every status line received so far (100 Continue included; a body without a final newline runs into the next). */
    statuses: () => [...data.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1])),
  };
}

describe.each(testDatabaseTargets())('encerramento gracioso do processo (ADR 040; %s)', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-shutdown-'));
  let database: TestDatabase | undefined;
  let kill: (() => void) | undefined;
  const cleanups: Array<() => Promise<void>> = [];

  afterAll(async () => {
    kill?.();
    for (const c of cleanups) await c().catch(() => undefined);
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM: os pedidos aceitos terminam, a tarefa em curso volta à fila, o tempo real fecha, sai com 0', async () => {
    const smtp = await endlessSmtp();
    cleanups.push(smtp.close);
    // A database already seeded, as after a first start: the process starts in seconds.
    if (kind === 'postgres') database = await createTestDatabase('postgres', { seed: true });
    else await seededPgliteDataDir(dataDir);
    const [port, metricsPort] = [await freePort(), await freePort()];
    // Node itself with tsx's loader, not the tsx command: that one relays SIGTERM to its child and, when the child
    // does not acknowledge it within 30 ms (a busy event loop), kills it with SIGKILL.
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/server.ts'], {
      cwd: API_ROOT,
      env: childEnv({
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        ...(database?.url ? { DATABASE_URL: database.url } : {}),
        DEMO_MODE: 'true',
        LOG_LEVEL: 'info',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        METRICS_PORT: String(metricsPort),
        SHUTDOWN_GRACE_MS: '8000',
      }),
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    kill = () => child.kill('SIGKILL');
    await until(() => output.includes('Clínica no ar') || child.exitCode !== null, 'o servidor subir');
    expect(child.exitCode, output).toBeNull();
    const base = `http://127.0.0.1:${port}`;
    const api = async <T>(method: string, url: string, opts: { token?: string; body?: unknown; key?: string } = {}) => {
      const res = await fetch(`${base}/api${url}`, {
        method,
        headers: {
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.key ? { 'idempotency-key': opts.key } : {}),
        },
        body: opts.body === undefined ? null : JSON.stringify(opts.body),
      });
      return { status: res.status, json: (await res.json()) as { content: T } };
    };

    // The demo customer, the cheapest physical product in stock, a freight quote, the store's PIX discount.
    const login = await api<{ acess_token: string; idUsuario: number; idCliente: number }>(
      'POST',
      '/usuario/cliente/auth',
      { body: { email: DEMO_ACCOUNTS.cliente.email, password: DEMO_ACCOUNTS.cliente.password, cpf: null, cnpj: null } },
    );
    expect(login.status).toBe(200);
    const { acess_token: token, idCliente } = login.json.content;
    // A product anyone may buy (no CRO asked: ADR 037).
    const espelho = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
    const categorias = await api<Array<{ listaProduto: Array<{ id: number; nome: string; preco: number }> }>>(
      'GET',
      '/produto/categoria',
    );
    const produto = categorias.json.content.flatMap((c) => c.listaProduto).find((p) => p.nome === espelho.nome)!;
    const frete = await api<unknown>('POST', '/frete/calcular', {
      token,
      body: { cep: '01310-100', pedidoProdutos: [{ id: produto.id, quantidade: 1 }] },
    });
    expect(frete.status).toBe(200);
    const comercial = await api<{ pix: { desconto: number } }>('GET', '/condicoescomerciais/');
    const pedido = JSON.stringify(
      corpoDoPedido({
        clienteId: idCliente,
        itens: [{ id: produto.id, preco: Math.round(produto.preco * 100) }],
        // Read through the contract, as the web reads it (money in cents).
        opcao: freteApi.calcular.response.parse(frete.json.content)[0]!,
        pagamento: { tipoPagamento: 'pix' },
        pixPercent: comercial.json.content.pix.desconto,
      }),
    );

    // One checkout before: its e-mail job is claimed and hangs on the SMTP server.
    const primeiro = await api('POST', '/pedido/create', { token, body: JSON.parse(pedido), key: `antes-${kind}` });
    expect(primeiro.status, JSON.stringify(primeiro.json)).toBe(201);
    await until(() => smtp.ehlos() > 0, 'a tarefa de e-mail falar com o SMTP');

    // The separate metrics listener answers, and has counted that payment.
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^clinica_payments_total\{status="pending",method="pix"\} 1$/m);

    // A realtime session of the customer.
    const { client: realtime, answer } = await rawConnect(base, { Authorization: `Bearer ${token}` });
    expect(answer.command).toBe('CONNECTED');

    // The checkouts: kept-alive connections (one request answered on each), then each checkout's headers, until
    // the server has taken every one (100 Continue); their bodies go after SIGTERM.
    const conexoes = await Promise.all(Array.from({ length: CHECKOUTS }, () => rawHttp(port)));
    for (const c of conexoes) c.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await until(() => conexoes.every((c) => c.statuses().length === 1), 'as conexões responderem');
    expect(conexoes.flatMap((c) => c.statuses())).toEqual(conexoes.map(() => 200));
    const corpo = Buffer.from(pedido);
    conexoes.forEach((c, i) =>
      c.socket.write(
        [
          'POST /api/pedido/create HTTP/1.1',
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          `Content-Length: ${corpo.length}`,
          `Authorization: Bearer ${token}`,
          `Idempotency-Key: durante-${kind}-${i}`,
          'Expect: 100-continue',
          '',
          '',
        ].join('\r\n'),
      ),
    );
    await until(() => conexoes.every((c) => c.statuses().includes(100)), 'o servidor aceitar os pedidos');

    child.kill('SIGTERM');
    for (const c of conexoes) c.socket.write(corpo);

    const fechamento = await realtime.closed.catch((err: unknown) => String(err));
    const code = await exited;
    kill = undefined;
    await until(() => conexoes.every((c) => c.ended()), 'as conexões fecharem');
    expect(
      conexoes.map((c) => ({ erro: c.error()?.message, statuses: c.statuses() })),
      `saída ${code}\n${output.slice(-3000)}`,
    ).toEqual(conexoes.map(() => ({ erro: undefined, statuses: [200, 100, 201] })));
    expect(code, output).toBe(0);
    expect(fechamento, output).toBe(CLOSE_GOING_AWAY);
    expect(output).toContain('Tarefa devolvida à fila no encerramento');

    // The database after the process: every order there, no job left leased, the stuck mail job back in the queue.
    let db: Database | undefined = database;
    if (!db) {
      const opened = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      cleanups.push(() => opened.close());
      db = opened;
    }
    const ids = conexoes.map((c) => {
      const resposta = c.data().slice(c.data().lastIndexOf('HTTP/1.1 201'));
      return (JSON.parse(resposta.slice(resposta.indexOf('\r\n\r\n') + 4)) as { content: { id: number } }).content.id;
    });
    expect(new Set(ids).size).toBe(CHECKOUTS);
    const gravados = await db.raw<{ n: number }>(
      `SELECT count(*)::int AS n FROM pedidos p WHERE p.id IN (${ids.map(Number).join(',')})
         AND EXISTS (SELECT 1 FROM pagamentos g WHERE g.pedido_id = p.id)`,
    );
    expect(Number(gravados[0]!.n)).toBe(CHECKOUTS);
    const presos = await db.raw<{ n: number }>(
      "SELECT count(*)::int AS n FROM tarefas WHERE status = 'EXECUTANDO' OR bloqueada_por IS NOT NULL AND status = 'PENDENTE'",
    );
    expect(Number(presos[0]!.n)).toBe(0);
    const emails = await db.raw<{ status: string; tentativas: number; bloqueada_ate: Date | null }>(
      "SELECT status, tentativas, bloqueada_ate FROM tarefas WHERE tipo LIKE 'email%' ORDER BY id",
    );
    expect(emails.length).toBeGreaterThan(0);
    // The one that was running, given back: pending, its interrupted attempt not counted, no lease.
    expect(emails[0]).toMatchObject({ status: 'PENDENTE', tentativas: 0, bloqueada_ate: null });
  }, 240_000);
});
