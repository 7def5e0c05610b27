import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installmentOption, installmentOptions } from '@clinica/shared/installments';
import { MSG_API } from '@clinica/shared/messages-api';
import { fromCents, type Cents } from '@clinica/shared/money';
import { pixDiscount } from '@clinica/shared/pix-discount';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { pedidoApi, type Pedido } from '@clinica/shared/schemas/pedido';
import { DEMO_ACCOUNTS, DEMO_PRODUTOS_FISICOS, DEMO_REGRAS_COMERCIAIS } from '../../db/seed/demo-data.js';
import {
  corpoDoPedido,
  cotarFrete,
  parcelamentoNoFio,
  tokenDeCartao,
  type PagamentoDoCorpo,
} from '../../test/checkout-fixtures.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

const REGRA = DEMO_REGRAS_COMERCIAIS.parcelamento;
const PIX = DEMO_REGRAS_COMERCIAIS.pix.desconto;
const fisico = (slug: string) => DEMO_PRODUTOS_FISICOS.find((p) => p.slug === slug)!;
const CLAREAMENTO = fisico('kit-clareamento-caseiro'); // R$ 249,00
const ESCOVA = fisico('escova-ultramacia'); // R$ 18,90
const DEMO_NO_FIO = {
  parcelamento: { ...REGRA, parcelaMinima: fromCents(REGRA.parcelaMinima) },
  pix: DEMO_REGRAS_COMERCIAIS.pix,
  boleto: DEMO_REGRAS_COMERCIAIS.boleto,
  // Off: these orders are priced with their freight (free shipping has its own tests: cupom-frete.test.ts).
  freteGratis: {
    ...DEMO_REGRAS_COMERCIAIS.freteGratis,
    ativo: false,
    valorMinimo: fromCents(DEMO_REGRAS_COMERCIAIS.freteGratis.valorMinimo),
  },
};

let seq = 0;
const chave = () => `parcelas-${process.pid}-${Date.now()}-${++seq}`;

describe.each(testDatabaseTargets())('parcelamento no cartão e desconto no PIX (%s)', (kind) => {
  let t: TestApp;
  let maria = { id: 0, idCliente: 0 };
  let token = '';
  let admin = '';
  const ids: Record<string, number> = {};

  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);
  const cobrancasNoSandbox = async () =>
    Number((await raw<{ n: string }>('SELECT count(*) AS n FROM sandbox_pagamentos'))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    const [row] = await raw<{ id: number; cliente: number }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [DEMO_ACCOUNTS.cliente.email],
    );
    maria = { id: Number(row!.id), idCliente: Number(row!.cliente) };
    token = await t.issueToken({ ...maria, permissao: 'CLIENTE' });
    admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await raw('UPDATE regras_comerciais SET frete_gratis_ativo = false');
    for (const p of [CLAREAMENTO, ESCOVA]) {
      ids[p.slug] = Number((await raw<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [p.nome]))[0]!.id);
    }
  });
  afterAll(() => t?.dispose());
  beforeEach(async () => {
    await raw('DELETE FROM pedidos');
    await raw('DELETE FROM chaves_idempotencia');
  });

  /** An order of `quantidade` whitening kits (R$ 249,00 each) delivered by the cheapest freight. */
  async function criar(pagamento: PagamentoDoCorpo, o: { slug?: string; quantidade?: number; pix?: number } = {}) {
    const item = { id: ids[o.slug ?? CLAREAMENTO.slug]!, preco: (o.slug === ESCOVA.slug ? ESCOVA : CLAREAMENTO).preco };
    const itens = [{ ...item, quantidade: o.quantidade ?? 4 }];
    const opcao = await cotarFrete(t.app, [{ id: item.id, quantidade: o.quantidade ?? 4 }]);
    const corpo = corpoDoPedido({ clienteId: maria.idCliente, itens, opcao, pagamento, pixPercent: o.pix ?? PIX });
    return t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(token), 'idempotency-key': chave() },
      payload: corpo,
    });
  }
  const semCobrar = async (o?: { slug?: string; quantidade?: number }) =>
    contentOf(pedidoApi.create, await criar({ tipoPagamento: 'credit', token: null }, o));
  const processar = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pagamento/processar',
      headers: { ...bearer(token), 'idempotency-key': chave() },
      payload,
    });
  const cartao = async (pedido: Pedido, valor: Cents, extra: Record<string, unknown> = {}, titular = 'APRO') => {
    const tk = await tokenDeCartao(t.app, titular);
    return processar({
      idPedido: pedido.id,
      tipoPagamento: 'credit',
      token: tk.id,
      paymentMethodId: tk.payment_method_id,
      valor: fromCents(valor),
      ...extra,
    });
  };
  const ler = async (id: number) =>
    contentOf(pedidoApi.detalhe, await t.app.inject({ url: `/api/pedido/${id}`, headers: bearer(token) }));
  const linhaDoPedido = async (id: number) =>
    (
      await raw<{ valor_total: string; desconto_pix: string; parcelas: number | null; total_cobrado: string | null }>(
        'SELECT valor_total::text, desconto_pix::text, parcelas, total_cobrado::text FROM pedidos WHERE id = $1',
        [id],
      )
    )[0]!;

  it('GET /pagamento/parcelas: a regra da loja; R$ 1.000,00 em 6x a 1,99 % a.m. é R$ 178,47, total R$ 1.070,79', async () => {
    const res = await t.app.inject({ url: '/api/pagamento/parcelas?valor=1000.00', headers: bearer(token) });
    const { opcoes } = contentOf(pagamentoApi.parcelas, res);
    expect(opcoes.map((o) => o.parcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(opcoes.filter((o) => o.semJuros).map((o) => o.parcelas)).toEqual([1, 2, 3]);
    expect(opcoes[5]).toEqual({
      parcelas: 6,
      valorParcela: 17847,
      total: 107079,
      jurosMensal: 1.99,
      jurosAnual: 26.68,
      semJuros: false,
    });
    // R$ 100,00: 4x would be R$ 25,00, under the R$ 30,00 minimum installment.
    const cem = await t.app.inject({ url: '/api/pagamento/parcelas?valor=100', headers: bearer(token) });
    expect(contentOf(pagamentoApi.parcelas, cem).opcoes.map((o) => o.parcelas)).toEqual([1, 2, 3]);
    expect((await t.app.inject({ url: '/api/pagamento/parcelas?valor=0', headers: bearer(token) })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: '/api/pagamento/parcelas?valor=100' })).statusCode).toBe(401);
  });

  it('cartão em 6x com juros: pagamento e pedido guardam 6x, a parcela e o total exatos, e o pedido os mostra', async () => {
    const pedido = await semCobrar();
    const seis = installmentOption(pedido.valorTotal, REGRA, 6)!;
    expect(seis.semJuros).toBe(false);
    const res = await cartao(pedido, pedido.valorTotal, { parcelamento: parcelamentoNoFio(seis) });
    const resposta = contentOf(pagamentoApi.processar, res);
    const plano = { parcelas: 6, valorParcela: seis.valorParcela, total: seis.total };
    expect(resposta).toMatchObject({ status: 'approved', valor: pedido.valorTotal, parcelamento: plano });
    const [pagamento] = await raw<{ parcelas: number; valor_parcela: string; total_cobrado: string; valor: string }>(
      'SELECT parcelas, valor_parcela::text, total_cobrado::text, valor::text FROM pagamentos WHERE id = $1',
      [resposta.idPagamento],
    );
    expect(pagamento).toEqual({
      parcelas: 6,
      valor_parcela: fromCents(seis.valorParcela).toFixed(2),
      total_cobrado: fromCents(seis.total).toFixed(2),
      valor: fromCents(pedido.valorTotal).toFixed(2),
    });
    expect(await linhaDoPedido(pedido.id)).toMatchObject({
      parcelas: 6,
      total_cobrado: fromCents(seis.total).toFixed(2),
    });
    const [sandbox] = await raw<{ parcelas: number; total_cobrado: string }>(
      'SELECT s.parcelas, s.total_cobrado::text FROM sandbox_pagamentos s JOIN pagamentos p ON p.provider_id = s.id WHERE p.id = $1',
      [resposta.idPagamento],
    );
    expect(sandbox).toEqual({ parcelas: 6, total_cobrado: fromCents(seis.total).toFixed(2) });
    const lido = await ler(pedido.id);
    expect(lido.situacaoPedido).toBe('PAGO');
    expect(lido.pagamento?.parcelamento).toEqual(plano);
  });

  it('parcelamento adulterado ou fora da regra: 409 com o motivo, nada cobrado', async () => {
    const pedido = await semCobrar();
    const seis = parcelamentoNoFio(installmentOption(pedido.valorTotal, REGRA, 6)!);
    const pequeno = await semCobrar({ slug: ESCOVA.slug, quantidade: 1 });
    const antes = await cobrancasNoSandbox();
    const casos: Array<[Pedido, Record<string, unknown>, string]> = [
      [pedido, { ...seis, parcelas: 11 }, MSG_API.parcelamentoIndisponivel],
      [pedido, { ...seis, parcelas: 5 }, MSG_API.parcelamentoDivergente],
      [pedido, { ...seis, valorParcela: seis.valorParcela + 0.01 }, MSG_API.parcelamentoDivergente],
      [pedido, { ...seis, total: seis.total - 0.01 }, MSG_API.parcelamentoDivergente],
      [pedido, { parcelas: 1, valorParcela: seis.total, total: seis.total }, MSG_API.parcelamentoDivergente],
      // Under the R$ 30,00 minimum installment, 2x is not offered for a small order.
      [pequeno, { parcelas: 2, valorParcela: fromCents(pequeno.valorTotal) / 2, total: fromCents(pequeno.valorTotal) }, MSG_API.parcelamentoIndisponivel],
    ]; // prettier-ignore
    for (const [p, parcelamento, motivo] of casos) {
      const res = await cartao(p, p.valorTotal, { parcelamento });
      expect(res.statusCode, JSON.stringify(parcelamento)).toBe(409);
      expect(body(res).message).toBe(motivo);
    }
    expect(await cobrancasNoSandbox()).toBe(antes);
    expect((await ler(pedido.id)).situacaoPedido).toBe('PENDENTE');
    // At the order's creation the same check refuses it before anything is written.
    const tk = await tokenDeCartao(t.app, 'APRO');
    const onze = { ...installmentOption(pedido.valorTotal, REGRA, 10)!, parcelas: 11 };
    const res = await criar({ tipoPagamento: 'credit', token: tk.id, parcelamento: onze });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(MSG_API.parcelamentoIndisponivel);
    expect(Number((await raw<{ n: string }>('SELECT count(*) AS n FROM pedidos'))[0]!.n)).toBe(2);
  });

  it('a compra com cartão em 6x já na criação do pedido: o pedido nasce pago em 6x', async () => {
    const pedido = await semCobrar();
    await raw('DELETE FROM pedidos');
    const seis = installmentOption(pedido.valorTotal, REGRA, 6)!;
    const tk = await tokenDeCartao(t.app, 'APRO');
    const criado = contentOf(
      pedidoApi.create,
      await criar({ tipoPagamento: 'credit', token: tk.id, parcelamento: seis }),
    );
    expect(criado.situacaoPedido).toBe('PAGO');
    expect(criado.pagamento?.parcelamento).toEqual({ parcelas: 6, valorParcela: seis.valorParcela, total: seis.total });
  });

  it('PIX: o desconto entra no pedido; pago de novo no cartão, o total e o desconto mudam com o pagamento; valor adulterado é 409', async () => {
    const criado = contentOf(pedidoApi.create, await criar({ tipoPagamento: 'pix' }));
    const desconto = pixDiscount(criado.valorProdutos, PIX);
    const cheio = criado.valorProdutos + criado.valorFrete;
    expect(desconto).toBeGreaterThan(0);
    expect(criado).toMatchObject({ descontoPix: desconto, valorTotal: cheio - desconto });
    expect(criado.pagamento).toMatchObject({ tipoPagamento: 'pix', valor: cheio - desconto, parcelamento: null });

    // The PIX price on a card, and the full price on PIX: refused, nothing changes.
    for (const res of [
      await cartao(criado, cheio - desconto),
      await processar({ idPedido: criado.id, tipoPagamento: 'pix', valor: fromCents(cheio), origem: 'checkout' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_API.pagamentoValorDivergente);
    }
    expect(await linhaDoPedido(criado.id)).toMatchObject({ desconto_pix: fromCents(desconto).toFixed(2) });

    // A refused card at the full price: the order now costs the full price, without the discount.
    expect(contentOf(pagamentoApi.processar, await cartao(criado, cheio, {}, 'OTHE')).status).toBe('rejected');
    expect(await linhaDoPedido(criado.id)).toEqual({
      valor_total: fromCents(cheio).toFixed(2),
      desconto_pix: '0.00',
      parcelas: 1,
      total_cobrado: fromCents(cheio).toFixed(2),
    });
    // Back to PIX: the discount again.
    const pix = await processar({ idPedido: criado.id, tipoPagamento: 'pix', valor: fromCents(cheio - desconto) });
    expect(contentOf(pagamentoApi.processar, pix).valor).toBe(cheio - desconto);
    expect(await ler(criado.id)).toMatchObject({ valorTotal: cheio - desconto, descontoPix: desconto });
  });

  it('uma mudança das regras comerciais vale para o próximo pedido', async () => {
    const salvar = (regras: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/condicoescomerciais/',
        headers: bearer(admin),
        payload: regras as object,
      });
    const novas = {
      ...DEMO_NO_FIO,
      parcelamento: { maxParcelas: 12, parcelasSemJuros: 6, jurosMensal: 2.49, parcelaMinima: 50 },
      pix: { desconto: 10 },
    };
    expect((await salvar(novas)).statusCode).toBe(200);
    try {
      const pedido = contentOf(pedidoApi.create, await criar({ tipoPagamento: 'pix' }, { pix: 10 }));
      expect(pedido.descontoPix).toBe(pixDiscount(pedido.valorProdutos, 10));
      const { opcoes } = contentOf(
        pagamentoApi.parcelas,
        await t.app.inject({ url: '/api/pagamento/parcelas?valor=1000', headers: bearer(token) }),
      );
      const regra = { maxParcelas: 12, parcelasSemJuros: 6, jurosMensal: 2.49, parcelaMinima: 5000 };
      expect(opcoes.map((o) => [o.parcelas, o.total])).toEqual(
        installmentOptions(100000, regra).map((o) => [o.parcelas, o.total]),
      );
      expect(opcoes.filter((o) => o.semJuros)).toHaveLength(6);
    } finally {
      expect((await salvar(DEMO_NO_FIO)).statusCode).toBe(200);
    }
  });
});
