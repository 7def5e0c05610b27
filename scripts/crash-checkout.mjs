/**
 * docs/quality.md#r6-no-lost-orders: checkouts survive a crash. Starts the built store on a fresh
 * PostgreSQL database, runs 50 concurrent checkouts (order + PIX charge) while
 * earlier PIX charges are being paid (payment jobs and e-mails in the queue),
 * kills the server with SIGKILL mid-way, starts it again and retries, as a
 * client would, every request that got no answer (same Idempotency-Key). Then:
 *
 *  - every order that got a 201 exists once and is complete (items, totals,
 *    delivery address, history, its PIX charge); no other order exists;
 *  - no Idempotency-Key is left in progress, none answered twice differently;
 *  - every job in flight at the kill finished after the restart (nothing pending
 *    or failed); every paid PIX made its order PAGO.
 *
 * Usage: node scripts/crash-checkout.mjs [--pg postgres://postgres@127.0.0.1:5432] [--checkouts 50] [--keep]
 * PostgreSQL server: --pg, else the server of TEST_DATABASE_URL, else 127.0.0.1:5432 (user postgres).
 * Called by .ci/run after `npm test`. Listens only on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT, buildIfNeeded } from './build-if-needed.mjs';
import { pedidoPix } from './pedido-pix.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const CHECKOUTS = Number(flag('checkouts', '50'));
const PORT = Number(flag('port', '3190'));
const BASE = `http://127.0.0.1:${PORT}`;
const serverUrl = (() => {
  const explicit = flag('pg');
  if (explicit) return explicit.replace(/\/+$/, '');
  if (process.env.TEST_DATABASE_URL) {
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = '';
    return u.toString().replace(/\/+$/, '');
  }
  return 'postgres://postgres@127.0.0.1:5432';
})();
const DB_NAME = `clinica_r6_${Date.now()}_${process.pid}`;
const DATABASE_URL = `${serverUrl}/${DB_NAME}`;

const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
  return ok;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (m) => console.log(`[R6] ${m}`);

// ---------------------------------------------------------------------------
// The server

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-r6-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  // The demo store on PostgreSQL (ADR 022): its accounts and the sandbox bank pay the PIX of the checkouts.
  DEMO_MODE: 'true',
  HOST: '127.0.0.1',
  PORT: String(PORT),
  DATA_DIR: dataDir,
  DATABASE_URL,
  JWT_SECRET: 'r6-crash-checkout-secret-0123456789abcdef0123456789abcdef',
  LOG_LEVEL: 'warn',
  LOGIN_MIN_DELAY_MS: '0',
  RATE_LIMIT_LOGIN_IP: '100000',
  RATE_LIMIT_LOGIN_ACCOUNT: '100000',
  // A job whose worker died is taken again after 3 s instead of a minute.
  JOBS_LEASE_SECONDS: '3',
};
let server;

function startServer() {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.exited = new Promise((resolve) => child.once('exit', resolve));
  return child;
}

async function waitHealthy(timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('o servidor não ficou saudável a tempo');
}

async function api(method, url, { token, body, key } = {}) {
  const res = await fetch(`${BASE}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text };
}

// ---------------------------------------------------------------------------

const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
await admin.connect();
await admin.query(`CREATE DATABASE "${DB_NAME}"`);
const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
// A connection of ours still open when the cleanup drops the database WITH (FORCE) is terminated by PostgreSQL;
// that error (emitted on the pool, or the client) is expected then, and without a listener it would crash the script
// after the checks passed. Errors of the checks themselves come through the awaited queries, not these events.
db.on('error', () => undefined);
admin.on('error', () => undefined);

async function cleanup() {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await server.exited;
  }
  await db.end().catch(() => undefined);
  if (!args.includes('--keep')) {
    await admin.query(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`).catch(() => undefined);
  }
  await admin.end().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  buildIfNeeded();
  log(`banco ${DB_NAME}; servidor em ${BASE}`);
  server = startServer();
  await waitHealthy();

  // The demo customer, the cheapest physical product in stock, the customer's address and a freight option.
  const login = await api('POST', '/usuario/cliente/auth', {
    body: { email: 'cliente@clinica.com.br', password: 'cliente123', cpf: null, cnpj: null },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const { acess_token: token, idUsuario, idCliente } = login.json.content;
  const perfil = (await api('GET', `/profile/${idUsuario}`, { token })).json.content;
  const categorias = (await api('GET', '/produto/categoria')).json.content;
  const fisicos = categorias
    .filter((c) => !c.digital)
    .flatMap((c) => c.listaProduto)
    .filter((p) => p.disponivel)
    .sort((a, b) => a.preco - b.preco);
  const produto = fisicos[0];
  if (!produto) throw new Error('nenhum produto físico disponível');
  const e = perfil.endereco;
  const frete = await api('POST', '/frete/calcular', {
    token,
    body: { cep: e.cep, pedidoProdutos: [{ id: produto.id, quantidade: 1 }] },
  });
  if (frete.status !== 200) throw new Error(`frete: ${frete.status} ${frete.text}`);
  const opcao = frete.json.content[0];
  const { pix } = (await api('GET', '/condicoescomerciais/')).json.content;
  const pedido = pedidoPix({
    idCliente,
    email: 'cliente@clinica.com.br',
    perfil,
    produto,
    opcao,
    pixPercent: pix.desconto,
  });
  const total = pedido.valorTotal;
  log(`produto ${produto.id} (R$ ${produto.preco}) + frete ${opcao.name} (R$ ${opcao.custom_price}) = R$ ${total}`);

  /** Resolves at the first answer of the second phase: the kill lands while the rest are still in flight. */
  let firstAnswer;
  const answeredOnce = new Promise((resolve) => (firstAnswer = resolve));
  let phase2 = false;

  /** One checkout: its key and, once answered, its status and order. */
  const checkouts = Array.from({ length: CHECKOUTS }, () => ({ key: randomUUID(), status: null, order: null }));
  const create = async (c) => {
    try {
      const r = await api('POST', '/pedido/create', { token, body: pedido, key: c.key });
      c.status = r.status;
      c.order = r.status === 201 ? r.json.content : null;
      if (phase2) firstAnswer();
      if (r.status !== 201) c.error = r.text.slice(0, 200);
    } catch {
      c.status = null; // no answer: the connection died with the server
    }
  };

  // Phase 1: half the checkouts complete before the crash.
  const half = Math.floor(CHECKOUTS / 2);
  await Promise.all(checkouts.slice(0, half).map(create));
  check(
    checkouts.slice(0, half).every((c) => c.status === 201),
    `antes da queda, nem todo pedido teve 201: ${JSON.stringify(checkouts.slice(0, half).map((c) => c.status))}`,
  );

  // Phase 2: the other half are created while the first half's PIX charges are paid (jobs and e-mails queued),
  // and the server is killed in the middle of it.
  const payments = checkouts.slice(0, half).map((c) => ({ codigo: c.order?.pix?.qrCode, status: null }));
  const pay = async (p) => {
    if (!p.codigo) return;
    try {
      p.status = (await api('POST', '/sandbox/pix/pagar', { body: { codigo: p.codigo } })).status;
      if (phase2) firstAnswer();
    } catch {
      p.status = null;
    }
  };
  phase2 = true;
  const inFlight = [...checkouts.slice(half).map(create), ...payments.map(pay)];
  await Promise.race([answeredOnce, sleep(3000)]);
  await sleep(Number(flag('kill-after-ms', '20')));
  server.kill('SIGKILL');
  await server.exited;
  await Promise.all(inFlight);
  const answered = checkouts.filter((c) => c.status !== null).length;
  const [{ n: queued }] = (
    await db.query("SELECT count(*)::int AS n FROM tarefas WHERE status IN ('PENDENTE', 'EXECUTANDO')")
  ).rows;
  log(
    `SIGKILL: ${answered}/${CHECKOUTS} checkouts respondidos, ${payments.filter((p) => p.status !== null).length}/${payments.length} pagamentos; ${queued} tarefas pendentes ou em execução`,
  );

  // Restart, then retry what got no answer, as a client would (same key, same body).
  server = startServer();
  await waitHealthy();
  const retryUntil = Date.now() + 60_000;
  for (const c of checkouts.filter((x) => x.status !== 201)) {
    for (;;) {
      await create(c);
      // 409 while the dead attempt's lease on the key runs out (ADR 010).
      if (c.status === 201 || Date.now() > retryUntil) break;
      await sleep(500);
    }
    check(c.status === 201, `checkout ${c.key} não concluiu após o reinício: ${c.status} ${c.error ?? ''}`);
  }
  // A payer whose bank showed nothing pays again: paid now (200), or already paid before the crash (409).
  for (const p of payments.filter((x) => x.status !== 200)) {
    await pay(p);
    check(p.status === 200 || p.status === 409, `pagamento PIX recusado após o reinício: ${p.status}`);
  }

  // Jobs in flight at the kill finish after the restart (their lease runs out and they are claimed again).
  const jobsUntil = Date.now() + 60_000;
  let pendentes = -1;
  while (Date.now() < jobsUntil) {
    [{ n: pendentes }] = (
      await db.query(
        "SELECT count(*)::int AS n FROM tarefas WHERE status IN ('PENDENTE', 'EXECUTANDO') AND executar_em <= now() + interval '5 seconds'",
      )
    ).rows;
    if (pendentes === 0) break;
    await sleep(500);
  }
  check(pendentes === 0, `${pendentes} tarefas ainda pendentes um minuto após o reinício`);
  const falhas = (await db.query("SELECT tipo, ultimo_erro FROM tarefas WHERE status = 'FALHOU'")).rows;
  check(falhas.length === 0, `tarefas falharam: ${JSON.stringify(falhas)}`);

  // ---------------------------------------------------------------------------
  // The database after the crash.
  const ids = checkouts.map((c) => c.order?.id).filter((id) => id !== undefined);
  check(
    new Set(ids).size === CHECKOUTS,
    `esperados ${CHECKOUTS} pedidos distintos com 201, vieram ${new Set(ids).size}`,
  );
  const pedidos = (
    await db.query(
      `SELECT p.id, p.situacao, p.valor_produtos, p.valor_frete, p.desconto_pix, p.valor_total,
              (SELECT count(*)::int FROM pedido_itens i WHERE i.pedido_id = p.id) AS itens,
              (SELECT coalesce(sum(i.valor_total), 0) FROM pedido_itens i WHERE i.pedido_id = p.id AND NOT i.brinde) AS soma_itens,
              (SELECT count(*)::int FROM pedido_enderecos_entrega a WHERE a.pedido_id = p.id) AS enderecos,
              (SELECT count(*)::int FROM pedido_historico h WHERE h.pedido_id = p.id AND h.de IS NULL) AS criacoes,
              (SELECT count(*)::int FROM pagamentos g WHERE g.pedido_id = p.id) AS pagamentos,
              (SELECT count(*)::int FROM pagamentos g WHERE g.pedido_id = p.id AND g.status = 'approved') AS aprovados
         FROM pedidos p JOIN clientes c ON c.id = p.cliente_id
        WHERE c.id = $1`,
      [idCliente],
    )
  ).rows;
  check(
    pedidos.length === CHECKOUTS,
    `o cliente tem ${pedidos.length} pedidos; esperados ${CHECKOUTS} (nenhum a mais)`,
  );
  const pagos = new Set(checkouts.slice(0, half).map((c) => c.order?.id));
  for (const p of pedidos) {
    const where = `pedido ${p.id}`;
    check(ids.includes(p.id), `${where} existe sem ter respondido 201 a ninguém`);
    check(p.itens === 1, `${where}: ${p.itens} itens`);
    check(
      Number(p.soma_itens) === Number(p.valor_produtos),
      `${where}: soma dos itens ${p.soma_itens} ≠ ${p.valor_produtos}`,
    );
    check(
      Math.round((Number(p.valor_produtos) - Number(p.desconto_pix) + Number(p.valor_frete)) * 100) ===
        Math.round(Number(p.valor_total) * 100),
      `${where}: total ${p.valor_total} ≠ produtos − desconto PIX + frete`,
    );
    check(p.enderecos === 1, `${where}: ${p.enderecos} endereços de entrega`);
    check(p.criacoes === 1, `${where}: ${p.criacoes} registros de criação no histórico`);
    check(p.pagamentos >= 1, `${where}: sem cobrança PIX`);
    if (pagos.has(p.id)) {
      check(
        p.situacao === 'PAGO' && p.aprovados === 1,
        `${where}: PIX pago mas o pedido está ${p.situacao} (${p.aprovados} aprovados)`,
      );
    } else {
      check(p.situacao === 'PENDENTE' && p.aprovados === 0, `${where}: esperado PENDENTE, está ${p.situacao}`);
    }
  }
  const [{ n: orfaos }] = (
    await db.query(
      `SELECT (SELECT count(*) FROM pedido_itens i WHERE NOT EXISTS (SELECT 1 FROM pedidos p WHERE p.id = i.pedido_id))
            + (SELECT count(*) FROM pagamentos g WHERE NOT EXISTS (SELECT 1 FROM pedidos p WHERE p.id = g.pedido_id)) AS n`,
    )
  ).rows;
  check(Number(orfaos) === 0, `${orfaos} itens ou pagamentos sem pedido`);
  const [{ n: emAndamento }] = (
    await db.query("SELECT count(*)::int AS n FROM chaves_idempotencia WHERE status = 'EM_ANDAMENTO'")
  ).rows;
  check(emAndamento === 0, `${emAndamento} chaves de idempotência ficaram em andamento`);
  // A replay of every key answers the same order.
  for (const c of checkouts.slice(0, 5)) {
    const again = await api('POST', '/pedido/create', { token, body: pedido, key: c.key });
    check(
      again.status === 201 && again.json?.content?.id === c.order?.id,
      `repetição de ${c.key} respondeu outro pedido`,
    );
  }
  const [{ n: emails }] = (
    await db.query("SELECT count(*)::int AS n FROM emails_saida WHERE status <> 'ENVIADO'")
  ).rows.map((r) => r);
  check(emails === 0, `${emails} e-mails não enviados`);

  log(
    `${pedidos.length} pedidos completos (${pedidos.filter((p) => p.situacao === 'PAGO').length} pagos), ` +
      `${answered} respondidos antes da queda, nenhuma tarefa pendente`,
  );
} catch (err) {
  failures.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
} finally {
  await cleanup();
}

if (failures.length) {
  console.error(`[R6] FALHOU:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('[R6] ok: nenhum pedido pela metade, nenhuma tarefa perdida.');
