/**
 * P9 (docs/quality.md#p9-flash-sale): 200 signed-in customers ordering the last 20 units of one product at once on
 * PostgreSQL (ADR 032). Each sends POST /api/pedido/create with a new Idempotency-Key, all together; exactly 20
 * orders must hold units, the others get a 409 with how many remain, no quantity may go negative; the p95 of an
 * order's creation is reported.
 */
import crypto from 'node:crypto';
import { pedidoPix } from '../../scripts/pedido-pix.mjs';
import { verdict } from '../report.mjs';
import { query } from '../run-env.mjs';

export const P9_CLIENTES = 200;
export const P9_UNIDADES = 20;

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

const percentil = (valores, p) => {
  const v = [...valores].sort((a, b) => a - b);
  return v.length ? Math.round(v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)]) : null;
};

/** The flash sale on `store` by the generated clients `contas` (at least P9_CLIENTES of them). */
export async function runP9(store, dbUrl, contas) {
  if (contas.length < P9_CLIENTES) {
    throw new Error(
      `P9 precisa de ${P9_CLIENTES} clientes gerados (há ${contas.length}): use --clientes ${P9_CLIENTES}`,
    );
  }
  const emails = contas.slice(0, P9_CLIENTES);
  console.log(`\nVenda relâmpago (P9): ${emails.length} clientes, ${P9_UNIDADES} unidades de um produto, PostgreSQL`);
  const categorias = await api(store.base, 'GET', '/produto/categoria');
  const produto = categorias
    .filter((c) => !c.digital)
    .flatMap((c) => c.listaProduto)
    .filter((p) => p.disponivel)
    .sort((a, b) => a.preco - b.preco || a.id - b.id)[0];
  if (!produto) throw new Error('P9: nenhum produto físico disponível');
  const { pix } = await api(store.base, 'GET', '/condicoescomerciais/');
  // Signed in and priced first, a few at a time (the sign-in hashes the password): only the orders race.
  const corpos = [];
  for (let i = 0; i < emails.length; i += 10) {
    corpos.push(
      ...(await Promise.all(
        emails.slice(i, i + 10).map(async (email) => {
          const login = await api(store.base, 'POST', '/usuario/cliente/auth', {
            body: { email, password: 'cliente123', cpf: null, cnpj: null },
          });
          const token = login.acess_token;
          const perfil = await api(store.base, 'GET', `/profile/${login.idUsuario}`, { token });
          const [opcao] = await api(store.base, 'POST', '/frete/calcular', {
            token,
            body: { cep: perfil.endereco.cep, pedidoProdutos: [{ id: produto.id, quantidade: 1 }] },
          });
          const body = pedidoPix({
            idCliente: login.idCliente,
            email,
            perfil,
            produto,
            opcao,
            pixPercent: pix.desconto,
          });
          return { token, body: JSON.stringify(body) };
        }),
      )),
    );
  }
  // The last 20 units, set as the staff would count them.
  await query('UPDATE produtos SET estoque = reservado + $2 WHERE id = $1', dbUrl, [produto.id, P9_UNIDADES]);
  const antes = (await query('SELECT coalesce(max(id), 0)::int AS id FROM pedidos', dbUrl)).rows[0].id;

  const tempos = [];
  const respostas = await Promise.all(
    corpos.map(async (c) => {
      const t0 = performance.now();
      const res = await fetch(`${store.base}/api/pedido/create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${c.token}`,
          'idempotency-key': crypto.randomUUID(),
        },
        body: c.body,
      });
      const text = await res.text();
      tempos.push(performance.now() - t0);
      return { status: res.status, mensagem: res.status === 409 ? JSON.parse(text).message : null };
    }),
  );
  const criados = respostas.filter((r) => r.status === 201).length;
  const recusas = respostas.filter((r) => r.status === 409).length;
  const outros = respostas.length - criados - recusas;
  const comUnidades = (
    await query(
      `SELECT count(DISTINCT o.id)::int AS n FROM pedidos o JOIN pedido_itens i ON i.pedido_id = o.id
       WHERE o.id > $1 AND i.produto_id = $2 AND o.estoque_situacao IN ('reservado', 'vendido')`,
      dbUrl,
      [antes, produto.id],
    )
  ).rows[0].n;
  const linha = (await query('SELECT estoque, reservado FROM produtos WHERE id = $1', dbUrl, [produto.id])).rows[0];
  const negativos = (
    await query('SELECT count(*)::int AS n FROM produtos WHERE reservado < 0 OR estoque - reservado < 0', dbUrl)
  ).rows[0].n;
  const p95 = percentil(tempos, 95);
  const resultado = {
    clientes: emails.length,
    unidades: P9_UNIDADES,
    produtoId: produto.id,
    criados,
    recusas,
    outros,
    comUnidades,
    livresDepois: linha.estoque - linha.reservado,
    negativos,
    p50: percentil(tempos, 50),
    p95,
    max: Math.round(Math.max(...tempos)),
    mensagens: [...new Set(respostas.map((r) => r.mensagem).filter(Boolean))],
  };
  resultado.pass =
    comUnidades === P9_UNIDADES &&
    criados === P9_UNIDADES &&
    recusas === emails.length - P9_UNIDADES &&
    negativos === 0;
  console.log(
    `P9: ${criados} pedidos criados (${comUnidades} com unidades), ${recusas} recusas 409, ${outros} outras respostas; ` +
      `livres depois ${resultado.livresDepois}; negativos ${negativos}; criação p50 ${resultado.p50} ms, p95 ${p95} ms, ` +
      `máx ${resultado.max} ms; ${resultado.mensagens.join(' | ')}`,
  );
  return resultado;
}

/** The line of the summary table. */
export const p9Rows = (p9) =>
  p9
    ? [
        [
          'P9',
          `${p9.clientes} clientes, ${p9.unidades} unidades (PostgreSQL)`,
          '',
          String(p9.p50),
          '',
          `${p9.comUnidades} com unidades, ${p9.recusas} × 409, p95 ${p9.p95} ms`,
          `exatamente ${p9.unidades}, nunca negativo`,
          verdict(p9.pass),
        ],
      ]
    : [];
