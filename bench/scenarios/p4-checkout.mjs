/**
 * P4 (docs/quality.md#p4-order-and-pix-charge-under-load): order + PIX creation (POST /api/pedido/create, a new Idempotency-Key per request) by
 * signed-in generated clients at 20 connections on PostgreSQL: p95 of at most 150 ms, every answer a 201.
 */
import crypto from 'node:crypto';
import { pedidoPix } from '../../scripts/pedido-pix.mjs';
import { fmtRate, measureRecorded } from '../measure.mjs';
import { ms, verdict } from '../report.mjs';
import { query } from '../run-env.mjs';

export const P4_CONNECTIONS = 20;
export const P4_P95_MS = 150;

async function api(base, method, url, { token, body } = {}) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).content;
}

/**
 * The checkouts of `contas` (generated clients, signed in once here, as
 * scripts/crash-checkout.mjs does): one of the cheapest available physical
 * products (stocked for the whole run), delivered to the client's address with the first freight option,
 * paid by PIX. Each request sends one of these bodies with a new Idempotency-Key.
 */
async function prepareCheckouts(base, dbUrl, contas) {
  const categorias = await api(base, 'GET', '/produto/categoria');
  const fisicos = categorias
    .filter((c) => !c.digital)
    .flatMap((c) => c.listaProduto)
    .filter((p) => p.disponivel)
    .sort((a, b) => a.preco - b.preco || a.id - b.id)
    .slice(0, 10);
  if (fisicos.length === 0) throw new Error('P4: nenhum produto físico disponível');
  // P4 measures the order's path, not a sell-out (that is P9): every unit the
  // run can reserve must exist (ADR 032), or the answers become 409s.
  await query('UPDATE produtos SET estoque = reservado + 1000000 WHERE id = ANY($1::int[])', dbUrl, [
    fisicos.map((p) => p.id),
  ]);
  // The store's PIX discount: the bodies carry the PIX price the server charges.
  const { pix } = await api(base, 'GET', '/condicoescomerciais/');
  const sessoes = new Map();
  const checkouts = [];
  // One body per client and at least one per product: a store's orders spread over its catalogue, so that the
  // demo's single client does not turn P4 into a flash sale of one product's row lock (that is P9).
  for (let i = 0; i < Math.max(contas.length, fisicos.length); i++) {
    const email = contas[i % contas.length];
    if (!sessoes.has(email)) {
      const login = await api(base, 'POST', '/usuario/cliente/auth', {
        body: { email, password: 'cliente123', cpf: null, cnpj: null },
      });
      const perfil = await api(base, 'GET', `/profile/${login.idUsuario}`, { token: login.acess_token });
      sessoes.set(email, { login, perfil });
    }
    const { login, perfil } = sessoes.get(email);
    const token = login.acess_token;
    const produto = fisicos[i % fisicos.length];
    const [opcao] = await api(base, 'POST', '/frete/calcular', {
      token,
      body: { cep: perfil.endereco.cep, pedidoProdutos: [{ id: produto.id, quantidade: 1 }] },
    });
    const body = pedidoPix({ idCliente: login.idCliente, email, perfil, produto, opcao, pixPercent: pix.desconto });
    checkouts.push({ token, body: JSON.stringify(body) });
  }
  return checkouts;
}

function checkoutRequests(checkouts) {
  let i = 0;
  return (req) => {
    const c = checkouts[i++ % checkouts.length];
    return {
      ...req,
      method: 'POST',
      path: '/api/pedido/create',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${c.token}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: c.body,
    };
  };
}

const countOrders = async (dbUrl) => (await query('SELECT count(*)::int AS n FROM pedidos', dbUrl)).rows[0].n;

/** The checkouts of the generated clients `contas` (the demo customer without generated data) on `store`. */
export async function runP4(store, dbUrl, contas) {
  const emails = contas.length ? contas.slice(0, 2 * P4_CONNECTIONS) : ['cliente@clinica.com.br'];
  console.log(`\nPedido + PIX (P4): ${emails.length} cliente(s), ${P4_CONNECTIONS} conexões, PostgreSQL`);
  const checkouts = await prepareCheckouts(store.base, dbUrl, emails);
  const pedidosAntes = await countOrders(dbUrl);
  const m = await measureRecorded('loja, POST /api/pedido/create', store.base, {
    connections: P4_CONNECTIONS,
    setupRequest: checkoutRequests(checkouts),
    drainPath: '/api/produto/1',
  });
  const pedidosDepois = await countOrders(dbUrl);
  return {
    clients: emails.length,
    connections: P4_CONNECTIONS,
    ordersCreated: pedidosDepois - pedidosAntes,
    ...m,
    pass: m.total > 0 && m.p95 <= P4_P95_MS && m.non2xx === 0 && m.errors === 0 && m.timeouts === 0,
  };
}

/** The line of the summary table. */
export const p4Rows = (p4) =>
  p4
    ? [
        [
          'P4',
          `pedido + PIX, ${P4_CONNECTIONS} conexões (PostgreSQL)`,
          fmtRate(p4.reqPerSec),
          ms(p4.p50),
          ms(p4.p99),
          `p95 ${p4.p95} ms`,
          `p95 ≤ ${P4_P95_MS} ms, todos 201`,
          verdict(p4.pass),
        ],
      ]
    : [];
