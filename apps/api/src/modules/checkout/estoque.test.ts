/**
 * Stock (ADR 032): an order reserves its units in its own statement, a line asking for more than is left is refused
 * with how many remain and nothing is written, paying sells the units, every way of giving an order up releases
 * them (a refused card, an expired PIX or boleto, the customer's or the staff's cancellation, a refund before
 * shipping), each once however many notices come, the gift is left out when it has no unit, and concurrent orders
 * for the last units never oversell.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toCents, type Cents } from '@clinica/shared/money';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { pedidoApi, type Pedido } from '@clinica/shared/schemas/pedido';
import { DEMO_ACCOUNTS, DEMO_BRINDE, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import {
  corpoDoPedido,
  cotarFrete,
  semDescontoPixNemFreteGratis,
  tokenDeCartao,
  type PagamentoDoCorpo,
} from '../../test/checkout-fixtures.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  movableClock,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';

const ESCOVA = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'escova-ultramacia')!;
const CLAREAMENTO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'kit-clareamento-caseiro')!;

let seq = 0;
const novaChave = () => `estoque-${process.pid}-${Date.now()}-${++seq}`;

describe.each(testDatabaseTargets())('estoque (%s)', (kind) => {
  let t: TestApp;
  const clock = movableClock();
  const produto = {} as Record<'escova' | 'clareamento' | 'brinde', { id: number; preco: Cents; nome: string }>;
  let equipe = '';

  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);
  const one = async <T>(sql: string, params: unknown[] = []) => (await raw<T>(sql, params))[0]!;
  const n = async (sql: string, params: unknown[] = []) => Number((await one<{ n: string }>(sql, params)).n);

  const estoque = async (id: number) => {
    const r = await one<{ estoque: number; reservado: number }>(
      'SELECT estoque, reservado FROM produtos WHERE id = $1',
      [id],
    );
    return { estoque: Number(r.estoque), reservado: Number(r.reservado) };
  };
  const porEmEstoque = (id: number, unidades: number) =>
    raw('UPDATE produtos SET estoque = $2, reservado = 0 WHERE id = $1', [id, unidades]);
  const pedidoLinha = (id: number) =>
    one<{ situacao: string; estoque_situacao: string | null }>(
      'SELECT situacao, estoque_situacao FROM pedidos WHERE id = $1',
      [id],
    );
  const movimentos = async (pedidoId: number) =>
    (
      await raw<{ tipo: string; quantidade: number }>(
        'SELECT tipo, quantidade FROM estoque_movimentos WHERE pedido_id = $1 ORDER BY id',
        [pedidoId],
      )
    ).map((m) => `${m.tipo}:${m.quantidade}`);

  async function rodarTarefas() {
    for (let i = 0; i < 6; i++) await t.app.jobWorker.runOnce();
  }

  /** `quantos` new customers, each with a token. */
  async function novosClientes(quantos: number) {
    const lote = `${kind}-${++seq}-${Date.now()}`;
    const usuarios = await raw<{ id: number }>(
      `INSERT INTO usuarios (nome, email, senha_hash, permissao_id, ativo, confirmado)
       SELECT 'Cliente ' || g, 'est-' || $1 || '-' || g || '@example.com', 'x', 2, true, true
       FROM generate_series(1, $2::int) AS g ORDER BY g RETURNING id`,
      [lote, quantos],
    );
    const clientes = await raw<{ id: number; usuario_id: number }>(
      `INSERT INTO clientes (usuario_id, juridica, nome, cpf, telefone)
       SELECT u, false, 'Cliente ' || u, lpad(u::text, 11, '0'), '11900000000'
       FROM unnest($1::int[]) AS u ORDER BY u RETURNING id, usuario_id`,
      [`{${usuarios.map((u) => Number(u.id)).join(',')}}`],
    );
    return Promise.all(
      clientes.map(async (c) => ({
        clienteId: Number(c.id),
        token: await t.issueToken({ id: Number(c.usuario_id), permissao: 'CLIENTE', idCliente: Number(c.id) }),
      })),
    );
  }

  const criar = (token: string, payload: object, chave = novaChave()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(token), 'idempotency-key': chave },
      payload: payload as Record<string, unknown>,
    });

  /** An order of `quantidade` toothbrushes (and `extra` lines) for a new customer, paid with `pagamento`. */
  async function comprar(
    quantidade: number,
    pagamento: PagamentoDoCorpo = { tipoPagamento: 'pix' },
    cli?: { clienteId: number; token: string },
    itens = [{ ...produto.escova, quantidade }],
  ) {
    const c = cli ?? (await novosClientes(1))[0]!;
    const opcao = await cotarFrete(
      t.app,
      itens.map((i) => ({ id: i.id, quantidade: i.quantidade })),
    );
    const res = await criar(c.token, corpoDoPedido({ clienteId: c.clienteId, itens, opcao, pagamento }));
    return { res, cli: c };
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, clock });
    await semDescontoPixNemFreteGratis(t.database);
    await raw('UPDATE regras_comerciais SET boleto_ativo = true, boleto_dias_uteis = 3, boleto_dias_tolerancia = 2');
    const de = async (nome: string) => {
      const r = await one<{ id: number; preco: string }>(
        'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
        [nome],
      );
      return { id: Number(r.id), preco: toCents(r.preco), nome };
    };
    produto.escova = await de(ESCOVA.nome);
    produto.clareamento = await de(CLAREAMENTO.nome);
    produto.brinde = await de(DEMO_BRINDE.nome);
    const eq = await one<{ id: number }>('SELECT id FROM usuarios WHERE email = $1', [DEMO_ACCOUNTS.equipe.email]);
    equipe = await t.issueToken({ id: Number(eq.id), permissao: 'USUARIO', idCliente: null });
  });
  afterAll(() => t?.dispose());

  beforeEach(async () => {
    // Each test starts from no order holding anything, and 10 toothbrushes.
    await raw('DELETE FROM pedidos');
    await raw('DELETE FROM tarefas');
    await raw('UPDATE produtos SET reservado = 0');
    await porEmEstoque(produto.escova.id, 10);
  });

  it('a new order reserves its units; more than is left is 409 with how many remain, and nothing is written', async () => {
    const { res } = await comprar(3);
    expect(res.statusCode, res.body).toBe(201);
    const pedido = contentOf(pedidoApi.create, res);
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 3 });
    expect(await pedidoLinha(pedido.id)).toMatchObject({ situacao: 'PENDENTE', estoque_situacao: 'reservado' });
    expect(await movimentos(pedido.id)).toEqual(['reserva:3']);

    const pedidosAntes = await n('SELECT count(*) AS n FROM pedidos');
    const mais = await comprar(8);
    expect(mais.res.statusCode).toBe(409);
    expect(body(mais.res).message).toBe(`Restam apenas 7 unidades de ${ESCOVA.nome}.`);
    expect(body(mais.res).content).toEqual({
      errors: [{ campo: 'itens.0.quantidade', mensagem: `Restam apenas 7 unidades de ${ESCOVA.nome}.` }],
    });
    expect(await n('SELECT count(*) AS n FROM pedidos')).toBe(pedidosAntes);
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 3 });

    await raw('UPDATE produtos SET reservado = estoque WHERE id = $1', [produto.escova.id]);
    const esgotado = await comprar(1);
    expect(esgotado.res.statusCode).toBe(409);
    expect(body(esgotado.res).message).toBe(`${ESCOVA.nome} esgotou.`);
    // The public product shows 'Produto indisponível' (disponivel false) once nothing is left.
    const pub = await t.app.inject({ url: `/api/produto/${produto.escova.id}` });
    expect(body(pub).content).toMatchObject({ id: produto.escova.id, disponivel: false });
    // The bag's uncached read of the units left.
    const livres = await t.app.inject({
      url: `/api/produto/estoque?ids=${produto.escova.id},${produto.clareamento.id}`,
    });
    expect(body(livres).content).toEqual([
      { id: produto.escova.id, disponivel: false, restam: 0, usoProfissional: false },
      { id: produto.clareamento.id, disponivel: true, restam: expect.any(Number), usoProfissional: false },
    ]);
  });

  it('paying sells the units once, whatever the duplicate notices of the approval', async () => {
    const cli = (await novosClientes(1))[0]!;
    const token = await tokenDeCartao(t.app, 'APRO');
    const { res } = await comprar(2, { tipoPagamento: 'credit', token: token.id }, cli);
    expect(res.statusCode, res.body).toBe(201);
    const pedido = contentOf(pedidoApi.create, res);
    expect(await pedidoLinha(pedido.id)).toEqual({ situacao: 'PAGO', estoque_situacao: 'vendido' });
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 8, reservado: 0 });
    // The provider's notice of the approval, three times over (two of them together): nothing more moves.
    const { provider_id } = await one<{ provider_id: string }>(
      "SELECT provider_id FROM pagamentos WHERE pedido_id = $1 AND status = 'approved'",
      [pedido.id],
    );
    for (let i = 0; i < 3; i++) {
      await t.app.jobs.enqueue('pagamento.sincronizar', { provedor: 'sandbox', providerId: provider_id });
    }
    await Promise.all([t.app.jobWorker.runOnce(), t.app.jobWorker.runOnce()]);
    await rodarTarefas();
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 8, reservado: 0 });
    expect(await movimentos(pedido.id)).toEqual(['reserva:2', 'venda:2']);
  });

  it('a refused card releases the units; the retry reserves them again, or is 409 when they are gone', async () => {
    const cli = (await novosClientes(1))[0]!;
    const recusado = await tokenDeCartao(t.app, 'OTHE');
    const { res } = await comprar(4, { tipoPagamento: 'credit', token: recusado.id }, cli);
    expect(res.statusCode, res.body).toBe(201);
    const pedido = contentOf(pedidoApi.create, res);
    expect(await pedidoLinha(pedido.id)).toEqual({ situacao: 'RECUSADO', estoque_situacao: 'liberado' });
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 0 });

    // 'Tentar pagamento novamente' with a good card: reserved again, then sold.
    const processar = async (titular: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pagamento/processar',
        headers: { ...bearer(cli.token), 'idempotency-key': novaChave() },
        payload: {
          idPedido: pedido.id,
          tipoPagamento: 'credit',
          token: (await tokenDeCartao(t.app, titular)).id,
          paymentMethodId: 'master',
          valor: pedido.valorTotal / 100,
        },
      });
    // Meanwhile others took all but 3: the retry is refused with what is left, and nothing is charged.
    await raw('UPDATE produtos SET reservado = 7 WHERE id = $1', [produto.escova.id]);
    const curto = await processar('APRO');
    expect(curto.statusCode).toBe(409);
    expect(body(curto).message).toBe(`Restam apenas 3 unidades de ${ESCOVA.nome}.`);
    expect(
      await n("SELECT count(*) AS n FROM pagamentos WHERE pedido_id = $1 AND status = 'approved'", [pedido.id]),
    ).toBe(0);
    expect(await pedidoLinha(pedido.id)).toEqual({ situacao: 'RECUSADO', estoque_situacao: 'liberado' });

    await raw('UPDATE produtos SET reservado = 0 WHERE id = $1', [produto.escova.id]);
    const ok = await processar('APRO');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(contentOf(pagamentoApi.processar, ok).status).toBe('approved');
    expect(await pedidoLinha(pedido.id)).toEqual({ situacao: 'PAGO', estoque_situacao: 'vendido' });
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 6, reservado: 0 });
    expect(await movimentos(pedido.id)).toEqual(['reserva:4', 'liberacao:4', 'reserva:4', 'venda:4']);
  });

  it('an expired PIX releases the units; the order stays payable and a new PIX reserves them again', async () => {
    const { res, cli } = await comprar(5);
    const pedido = contentOf(pedidoApi.create, res);
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 5 });
    await raw("UPDATE pagamentos SET expira_em = now() - interval '1 second' WHERE pedido_id = $1", [pedido.id]);
    await raw("UPDATE sandbox_pagamentos SET expira_em = now() - interval '1 second'");
    await raw("UPDATE tarefas SET executar_em = now() WHERE tipo = 'pagamento.expirar-pix'");
    await rodarTarefas();
    expect(await pedidoLinha(pedido.id)).toEqual({ situacao: 'PENDENTE', estoque_situacao: 'liberado' });
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 0 });
    // The expiry's job again (a second instance, a retry): nothing more.
    await raw("UPDATE tarefas SET executar_em = now(), status = 'PENDENTE' WHERE tipo = 'pagamento.expirar-pix'");
    await rodarTarefas();
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 0 });

    const novo = await t.app.inject({
      method: 'POST',
      url: '/api/pagamento/processar',
      headers: { ...bearer(cli.token), 'idempotency-key': novaChave() },
      payload: { idPedido: pedido.id, tipoPagamento: 'pix', valor: pedido.valorTotal / 100 },
    });
    expect(novo.statusCode, novo.body).toBe(201);
    expect(await pedidoLinha(pedido.id)).toEqual({ situacao: 'PENDENTE', estoque_situacao: 'reservado' });
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 5 });
  });

  it('an expired boleto cancels the order and releases its units', async () => {
    const { res } = await comprar(2, { tipoPagamento: 'boleto' });
    expect(res.statusCode, res.body).toBe(201);
    const pedido = contentOf(pedidoApi.create, res);
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 2 });
    const dias = 12 * 24 * 3600;
    clock.advance(dias);
    try {
      await raw("UPDATE tarefas SET executar_em = now() WHERE tipo = 'pagamento.expirar-boleto'");
      await rodarTarefas();
    } finally {
      clock.advance(-dias);
    }
    expect(await pedidoLinha(pedido.id)).toEqual({ situacao: 'CANCELADO', estoque_situacao: 'liberado' });
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 0 });
  });

  it("the customer's and the staff's cancellations release the units; a refund before shipping puts them back", async () => {
    const cancelar = (id: number, token: string) =>
      t.app.inject({ method: 'PUT', url: `/api/pedido/cancelar/${id}`, headers: bearer(token) });
    const a = await comprar(1);
    const b = await comprar(2);
    const pa = contentOf(pedidoApi.create, a.res);
    const pb = contentOf(pedidoApi.create, b.res);
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 3 });
    expect((await cancelar(pa.id, a.cli.token)).statusCode).toBe(200);
    expect((await cancelar(pb.id, equipe)).statusCode).toBe(200);
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 0 });
    expect(await movimentos(pb.id)).toEqual(['reserva:2', 'liberacao:2']);
    // Twice: 409, nothing moves.
    expect((await cancelar(pa.id, a.cli.token)).statusCode).toBe(409);
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 0 });

    const token = await tokenDeCartao(t.app, 'APRO');
    const pago = await comprar(3, { tipoPagamento: 'credit', token: token.id });
    const pp = contentOf(pedidoApi.create, pago.res);
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 7, reservado: 0 });
    expect((await cancelar(pp.id, equipe)).statusCode).toBe(200);
    await rodarTarefas();
    expect(await pedidoLinha(pp.id)).toEqual({ situacao: 'CANCELADO', estoque_situacao: 'liberado' });
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 10, reservado: 0 });
    expect(await movimentos(pp.id)).toEqual(['reserva:3', 'venda:3', 'liberacao:3']);
  });

  it('a gift with no unit left: the order is created without it, never refused for it', async () => {
    await raw('UPDATE produtos SET estoque = 0, reservado = 0 WHERE id = $1', [produto.brinde.id]);
    await porEmEstoque(produto.clareamento.id, 50);
    const itens = [{ ...produto.clareamento, quantidade: 2 }];
    const { res } = await comprar(2, { tipoPagamento: 'pix' }, undefined, itens);
    expect(res.statusCode, res.body).toBe(201);
    const pedido: Pedido = contentOf(pedidoApi.create, res);
    expect(pedido.produtos.some((p) => p.brinde)).toBe(false);
    // With a unit, the gift is in the order and its unit reserved.
    await raw('UPDATE produtos SET estoque = 1 WHERE id = $1', [produto.brinde.id]);
    const com = contentOf(pedidoApi.create, (await comprar(2, { tipoPagamento: 'pix' }, undefined, itens)).res);
    expect(com.produtos.filter((p) => p.brinde).map((p) => p.produtoId)).toEqual([produto.brinde.id]);
    expect(await estoque(produto.brinde.id)).toEqual({ estoque: 1, reservado: 1 });
    await raw('UPDATE produtos SET estoque = 400, reservado = 0 WHERE id = $1', [produto.brinde.id]);
  });

  it('40 customers at once after the last 5 units: exactly 5 orders hold them, the rest 409, never negative', async () => {
    await porEmEstoque(produto.escova.id, 5);
    const clientes = await novosClientes(40);
    const opcao = await cotarFrete(t.app, [{ id: produto.escova.id, quantidade: 1 }]);
    const rs = await Promise.all(
      clientes.map((c) =>
        criar(
          c.token,
          corpoDoPedido({
            clienteId: c.clienteId,
            itens: [{ ...produto.escova, quantidade: 1 }],
            opcao,
            pagamento: { tipoPagamento: 'pix' },
          }),
        ),
      ),
    );
    const codigos = rs.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 201)).toHaveLength(5);
    expect(codigos.filter((c) => c === 409)).toHaveLength(35);
    for (const r of rs.filter((x) => x.statusCode === 409)) {
      expect(body(r).message).toBe(`${ESCOVA.nome} esgotou.`);
    }
    expect(await estoque(produto.escova.id)).toEqual({ estoque: 5, reservado: 5 });
    expect(
      await n(
        `SELECT count(*) AS n FROM pedidos o JOIN pedido_itens i ON i.pedido_id = o.id
         WHERE i.produto_id = $1 AND o.estoque_situacao = 'reservado' AND o.cliente_id = ANY($2::int[])`,
        [produto.escova.id, `{${clientes.map((c) => c.clienteId).join(',')}}`],
      ),
    ).toBe(5);
    expect(await n('SELECT count(*) AS n FROM produtos WHERE reservado < 0 OR estoque - reservado < 0')).toBe(0);
  });
});
