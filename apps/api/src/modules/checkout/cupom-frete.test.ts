/**
 * Coupons and free shipping at the order's creation and at each payment (ADR 028): the coupon evaluated again by the
 * server, its use written in the order's transaction (the race for its last uses), the gift it may exclude, the PIX
 * discount it may exclude, free shipping by state, service and spend after the coupon, and the re-pricing of a
 * method switch that keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_CUPOM } from '@clinica/shared/messages-cupom';
import { fromCents, toCents, type Cents } from '@clinica/shared/money';
import { pixDiscount } from '@clinica/shared/pix-discount';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { pedidoApi, type Pedido } from '@clinica/shared/schemas/pedido';
import { DEMO_BRINDE, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import { corpoDoPedido, cotarFretes } from '../../test/checkout-fixtures.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

const fisico = (slug: string) => DEMO_PRODUTOS_FISICOS.find((p) => p.slug === slug)!;
const ESPELHO = fisico('espelho-bucal'); // R$ 24,90
const CLAREAMENTO = fisico('kit-clareamento-caseiro'); // R$ 249,00

/** Salvador - BA: outside the demo's free-shipping states. */
const SALVADOR = {
  ufId: 29,
  municipioId: 2927408,
  bairro: 'Barra',
  logradouro: 'Avenida Oceânica',
  numero: '100',
  cep: '40140-130',
  complemento: null,
};

let seq = 0;
const novaChave = () => `cupom-frete-${process.pid}-${Date.now()}-${++seq}`;

describe.each(testDatabaseTargets())('cupom e frete grátis no pedido (%s)', (kind) => {
  let t: TestApp;
  const produto = {} as Record<'espelho' | 'clareamento' | 'brinde', { id: number; preco: Cents }>;

  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);
  const n = async (sql: string, params: unknown[] = []) => Number((await raw<{ n: string }>(sql, params))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    const de = async (nome: string) => {
      const [r] = await raw<{ id: number; preco: string }>(
        'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
        [nome],
      );
      return { id: Number(r!.id), preco: toCents(r!.preco) };
    };
    produto.espelho = await de(ESPELHO.nome);
    produto.clareamento = await de(CLAREAMENTO.nome);
    produto.brinde = await de(DEMO_BRINDE.nome);
    // The PIX discount of 5 %; the demo's free shipping (PAC from R$ 300,00 to the South and Southeast) as seeded.
    await raw('UPDATE regras_comerciais SET pix_desconto_centesimos = 500');
  });
  afterAll(() => t?.dispose());

  /** `n` new customers who never bought (a first purchase), each with a token. */
  async function novosClientes(quantos: number) {
    const lote = `${kind}-${++seq}-${Date.now()}`;
    const usuarios = await raw<{ id: number }>(
      `INSERT INTO usuarios (nome, email, senha_hash, permissao_id, ativo, confirmado)
       SELECT 'Cliente ' || g, 'cf-' || $1 || '-' || g || '@example.com', 'x', 2, true, true
       FROM generate_series(1, $2::int) AS g ORDER BY g RETURNING id`,
      [lote, quantos],
    );
    const ids = usuarios.map((u) => Number(u.id));
    const clientes = await raw<{ id: number; usuario_id: number }>(
      `INSERT INTO clientes (usuario_id, juridica, nome, cpf, telefone)
       SELECT u, false, 'Cliente ' || u, lpad(u::text, 11, '0'), '11900000000'
       FROM unnest($1::int[]) AS u ORDER BY u RETURNING id, usuario_id`,
      [`{${ids.join(',')}}`],
    );
    return Promise.all(
      clientes.map(async (c) => {
        const clienteId = Number(c.id);
        const token = await t.issueToken({ id: Number(c.usuario_id), permissao: 'CLIENTE', idCliente: clienteId });
        return { clienteId, token };
      }),
    );
  }

  /** A coupon written as the back-office would (valor in hundredths of a percent, stored /100). */
  async function cupom(codigo: string, over: Record<string, unknown> = {}) {
    const c = {
      tipo: 'PERCENTUAL',
      valor: 10,
      limite_usos: null,
      limite_por_cliente: null,
      primeira_compra: false,
      acumula_pix: true,
      acumula_brinde: true,
      ...over,
    };
    await raw(
      `INSERT INTO cupons (codigo, descricao, tipo, valor, limite_usos, limite_por_cliente, primeira_compra, escopo,
         acumula_pix, acumula_brinde, ativo)
       VALUES ($1, 'Cupom de teste', $2, $3, $4, $5, $6, 'LOJA', $7, $8, true)`,
      [
        codigo,
        c.tipo,
        c.valor,
        c.limite_usos,
        c.limite_por_cliente,
        c.primeira_compra,
        c.acumula_pix,
        c.acumula_brinde,
      ],
    );
  }

  const criar = (token: string, payload: object, chave = novaChave()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(token), 'idempotency-key': chave },
      payload: payload as Record<string, unknown>,
    });

  type Item = { id: number; preco: Cents; quantidade?: number };
  /** Freight options for the physical items to `cep` (São Paulo by default). */
  const opcoes = (itens: Item[], cep?: string) =>
    cotarFretes(
      t.app,
      itens.map((i) => ({ id: i.id, quantidade: i.quantidade ?? 1 })),
      cep,
    );

  const linhaDoPedido = async (id: number) =>
    (
      await raw<{
        valor_produtos: string;
        valor_frete: string;
        valor_total: string;
        desconto_pix: string;
        desconto_cupom: string;
        cupom_codigo: string | null;
        cupom_acumula_pix: boolean;
        frete_gratis: boolean;
      }>(
        `SELECT valor_produtos::text, valor_frete::text, valor_total::text, desconto_pix::text, desconto_cupom::text,
           cupom_codigo, cupom_acumula_pix, frete_gratis FROM pedidos WHERE id = $1`,
        [id],
      )
    )[0]!;

  describe('cupom na criação do pedido', () => {
    it('BEMVINDO10 na primeira compra: 10% dos produtos, registrado no pedido e no uso; a leitura mostra o cupom', async () => {
      const [cli] = await novosClientes(1);
      const itens = [{ ...produto.espelho, quantidade: 2 }];
      const [opcao] = await opcoes(itens);
      const res = await criar(
        cli!.token,
        corpoDoPedido({
          clienteId: cli!.clienteId,
          itens,
          opcao: opcao!,
          pagamento: { tipoPagamento: 'credit', token: null },
          cupom: { codigo: 'bem vindo10', desconto: 498, acumulaPix: false },
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const pedido = contentOf(pedidoApi.create, res);
      // 2 × R$ 24,90 = R$ 49,80; 10 % is R$ 4,98.
      expect(pedido.cupom).toEqual({ codigo: 'BEMVINDO10', desconto: 498, acumulaPix: false });
      expect(pedido.valorTotal).toBe(4980 - 498 + opcao!.custom_price);
      expect(await linhaDoPedido(pedido.id)).toMatchObject({
        cupom_codigo: 'BEMVINDO10',
        desconto_cupom: '4.98',
        cupom_acumula_pix: false,
        frete_gratis: false,
      });
      expect(
        await n(
          `SELECT count(*) AS n FROM cupom_usos u JOIN cupons c ON c.id = u.cupom_id
           WHERE u.pedido_id = $1 AND c.codigo = 'BEMVINDO10' AND u.desconto = 4.98`,
          [pedido.id],
        ),
      ).toBe(1);

      // Once per customer: a second order with it is refused with the reason, and nothing is written.
      const antes = await n('SELECT count(*) AS n FROM pedidos WHERE cliente_id = $1', [cli!.clienteId]);
      const de_novo = await criar(
        cli!.token,
        corpoDoPedido({
          clienteId: cli!.clienteId,
          itens,
          opcao: opcao!,
          pagamento: { tipoPagamento: 'credit', token: null },
          cupom: { codigo: 'BEMVINDO10', desconto: 498, acumulaPix: false },
        }),
      );
      expect(de_novo.statusCode).toBe(409);
      expect(body(de_novo).message).toBe(MSG_CUPOM.jaUsado);
      expect(await n('SELECT count(*) AS n FROM pedidos WHERE cliente_id = $1', [cli!.clienteId])).toBe(antes);
    });

    it('um cupom que não vale é 409 com o motivo (NATAL2025 expirado, código inexistente) e nada é gravado', async () => {
      const [cli] = await novosClientes(1);
      const itens = [produto.espelho];
      const [opcao] = await opcoes(itens);
      for (const [codigo, motivo] of [
        ['NATAL2025', MSG_CUPOM.expirado.replace('{fim}', '26/12/2025')],
        ['NAOEXISTE', MSG_CUPOM.invalido],
      ] as const) {
        const res = await criar(
          cli!.token,
          corpoDoPedido({
            clienteId: cli!.clienteId,
            itens,
            opcao: opcao!,
            pagamento: { tipoPagamento: 'credit', token: null },
            cupom: { codigo, desconto: 374, acumulaPix: true },
          }),
        );
        expect(res.statusCode).toBe(409);
        expect(body(res)).toMatchObject({
          message: motivo,
          content: { errors: [{ campo: 'cupom', mensagem: motivo }] },
        });
      }
      expect(await n('SELECT count(*) AS n FROM pedidos WHERE cliente_id = $1', [cli!.clienteId])).toBe(0);
    });

    it('um total adulterado com cupom é 409 (o desconto é o do servidor) e nada é gravado', async () => {
      await cupom('DEZFIXO', { tipo: 'FIXO', valor: 10 });
      const [cli] = await novosClientes(1);
      const itens = [produto.clareamento];
      const [opcao] = await opcoes(itens);
      const corpo = corpoDoPedido({
        clienteId: cli!.clienteId,
        itens,
        opcao: opcao!,
        pagamento: { tipoPagamento: 'credit', token: null },
        // The customer claims R$ 50,00 off; the coupon gives R$ 10,00.
        cupom: { codigo: 'DEZFIXO', desconto: 5000, acumulaPix: true },
      });
      const res = await criar(cli!.token, corpo);
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_API.pedidoValorDivergente);
      // Without the coupon's code, the discounted total is as tampered.
      const { cupom: _c, ...semCodigo } = corpoDoPedido({
        clienteId: cli!.clienteId,
        itens,
        opcao: opcao!,
        pagamento: { tipoPagamento: 'credit', token: null },
        cupom: { codigo: 'DEZFIXO', desconto: 1000, acumulaPix: true },
      });
      expect((await criar(cli!.token, semCodigo)).statusCode).toBe(409);
      expect(await n('SELECT count(*) AS n FROM pedidos WHERE cliente_id = $1', [cli!.clienteId])).toBe(0);
      expect(await n(`SELECT count(*) AS n FROM cupom_usos WHERE cliente_id = $1`, [cli!.clienteId])).toBe(0);
    });

    it('cupom que não acumula com o brinde: nenhum brinde no pedido; o que acumula leva o brinde', async () => {
      await cupom('SEMBRINDE', { acumula_brinde: false });
      await cupom('COMBRINDE', { acumula_brinde: true });
      const [a, b] = await novosClientes(2);
      // 2 × R$ 249,00 = R$ 498,00: above the R$ 300,00 gift threshold.
      const itens = [{ ...produto.clareamento, quantidade: 2 }];
      const ops = await opcoes(itens);
      const sedex = ops.find((o) => o.name === 'SEDEX')!;
      const comCupom = async (cli: { clienteId: number; token: string }, codigo: string) =>
        contentOf(
          pedidoApi.create,
          await criar(
            cli.token,
            corpoDoPedido({
              clienteId: cli.clienteId,
              itens,
              opcao: sedex,
              pagamento: { tipoPagamento: 'credit', token: null },
              cupom: { codigo, desconto: 4980, acumulaPix: true },
            }),
          ),
        );
      const sem = await comCupom(a!, 'SEMBRINDE');
      expect(sem.produtos.some((p) => p.brinde)).toBe(false);
      const com = await comCupom(b!, 'COMBRINDE');
      expect(com.produtos.filter((p) => p.brinde).map((p) => p.produtoId)).toEqual([produto.brinde.id]);
    });

    it('PIX com cupom: o desconto do PIX só quando o cupom acumula, sobre os produtos depois do cupom', async () => {
      await cupom('ACUMULAPIX', { acumula_pix: true });
      await cupom('NAOACUMULA', { acumula_pix: false });
      const [a, b] = await novosClientes(2);
      const itens = [{ ...produto.espelho, quantidade: 4 }]; // R$ 99,60
      const [opcao] = await opcoes(itens);
      const pix = async (cli: { clienteId: number; token: string }, codigo: string, acumulaPix: boolean) =>
        criar(
          cli.token,
          corpoDoPedido({
            clienteId: cli.clienteId,
            itens,
            opcao: opcao!,
            pagamento: { tipoPagamento: 'pix' },
            pixPercent: 5,
            cupom: { codigo, desconto: 996, acumulaPix },
          }),
        );
      const acumula = contentOf(pedidoApi.create, await pix(a!, 'ACUMULAPIX', true));
      // R$ 99,60 − R$ 9,96 = R$ 89,64; 5 % of it is R$ 4,48 (4,482 rounded).
      expect(acumula.descontoPix).toBe(448);
      expect(acumula.valorTotal).toBe(9960 - 996 - 448 + opcao!.custom_price);
      const naoAcumula = contentOf(pedidoApi.create, await pix(b!, 'NAOACUMULA', false));
      expect(naoAcumula.descontoPix).toBe(0);
      expect(naoAcumula.valorTotal).toBe(9960 - 996 + opcao!.custom_price);
      // Claiming both discounts with a coupon that does not combine is a tampered total.
      const [c] = await novosClientes(1);
      expect((await pix(c!, 'NAOACUMULA', true)).statusCode).toBe(409);
    });
  });

  it('100 pedidos simultâneos com um cupom de 10 usos: exatamente 10 pedidos com o desconto, os outros 409 sem nada gravado', async () => {
    await cupom('CORRIDA10', { limite_usos: 10, valor: 20 });
    const clientes = await novosClientes(100);
    const itens = [produto.espelho];
    const [opcao] = await opcoes(itens);
    const respostas = await Promise.all(
      clientes.map((cli) =>
        criar(
          cli.token,
          corpoDoPedido({
            clienteId: cli.clienteId,
            itens,
            opcao: opcao!,
            pagamento: { tipoPagamento: 'credit', token: null },
            cupom: { codigo: 'CORRIDA10', desconto: 498, acumulaPix: true },
          }),
        ),
      ),
    );
    const status = respostas.map((r) => r.statusCode);
    expect(status.filter((s) => s === 201)).toHaveLength(10);
    expect(status.filter((s) => s === 409)).toHaveLength(90);
    for (const r of respostas.filter((x) => x.statusCode === 409)) {
      expect(body(r).message).toBe(MSG_CUPOM.esgotado);
    }
    const ids = `{${clientes.map((c) => c.clienteId).join(',')}}`;
    expect(await n('SELECT count(*) AS n FROM pedidos WHERE cliente_id = ANY($1::int[])', [ids])).toBe(10);
    expect(
      await n(
        `SELECT count(*) AS n FROM pedidos WHERE cliente_id = ANY($1::int[]) AND cupom_codigo = 'CORRIDA10'
           AND desconto_cupom = 4.98`,
        [ids],
      ),
    ).toBe(10);
    expect(
      await n(`SELECT count(*) AS n FROM cupom_usos u JOIN cupons c ON c.id = u.cupom_id WHERE c.codigo = 'CORRIDA10'`),
    ).toBe(10);
    // Nothing half-written: every item, payment and history row belongs to one of the 10 orders.
    expect(
      await n(
        `SELECT count(*) AS n FROM pagamentos g JOIN pedidos p ON p.id = g.pedido_id WHERE p.cliente_id = ANY($1::int[])`,
        [ids],
      ),
    ).toBe(10);
  });

  describe('frete grátis', () => {
    /** An order of `itens` by card (not charged) with the option named `servico`, to SP unless `endereco`. */
    async function pedidoCom(
      itens: Item[],
      servico: 'PAC' | 'SEDEX',
      o: { freteGratis: boolean; endereco?: typeof SALVADOR; cupom?: { codigo: string; desconto: Cents } } = {
        freteGratis: false,
      },
    ) {
      const [cli] = await novosClientes(1);
      const opcao = (await opcoes(itens, o.endereco?.cep)).find((x) => x.name === servico)!;
      const res = await criar(
        cli!.token,
        corpoDoPedido({
          clienteId: cli!.clienteId,
          itens,
          opcao,
          pagamento: { tipoPagamento: 'credit', token: null },
          freteGratis: o.freteGratis,
          ...(o.endereco ? { endereco: o.endereco } : {}),
          ...(o.cupom ? { cupom: { ...o.cupom, acumulaPix: true } } : {}),
        }),
      );
      return { res, opcao, cli: cli! };
    }

    it('PAC a SP a partir de R$ 300,00: frete 0, registrado no pedido; o preço cheio enviado também é aceito', async () => {
      const itens = [{ ...produto.clareamento, quantidade: 2 }]; // R$ 498,00
      const { res, opcao } = await pedidoCom(itens, 'PAC', { freteGratis: true });
      expect(res.statusCode, res.body).toBe(201);
      const pedido = contentOf(pedidoApi.create, res);
      expect(opcao.custom_price).toBeGreaterThan(0);
      expect(pedido).toMatchObject({ valorFrete: 0, valorTotal: 49800, freteGratis: true });
      expect(await linhaDoPedido(pedido.id)).toMatchObject({ valor_frete: '0.00', frete_gratis: true });

      // The customer who saw the option's full price (a quote without the bag's subtotal) sends it: same order.
      const [cli] = await novosClientes(1);
      const corpo = corpoDoPedido({
        clienteId: cli!.clienteId,
        itens,
        opcao,
        pagamento: { tipoPagamento: 'credit', token: null },
        freteGratis: true,
      });
      corpo.entrega!.customPrice = fromCents(opcao.custom_price);
      const outro = await criar(cli!.token, corpo);
      expect(outro.statusCode).toBe(201);
      expect(contentOf(pedidoApi.create, outro)).toMatchObject({ valorFrete: 0, freteGratis: true });
    });

    it('não vale: SEDEX, um estado fora da regra (BA), ou abaixo do mínimo depois do cupom; um frete 0 adulterado é 409', async () => {
      const itens = [{ ...produto.clareamento, quantidade: 2 }];
      const sedex = await pedidoCom(itens, 'SEDEX');
      expect(sedex.res.statusCode).toBe(201);
      expect(contentOf(pedidoApi.create, sedex.res)).toMatchObject({
        valorFrete: sedex.opcao.custom_price,
        freteGratis: false,
      });
      const bahia = await pedidoCom(itens, 'PAC', { freteGratis: false, endereco: SALVADOR });
      expect(bahia.res.statusCode, bahia.res.body).toBe(201);
      expect(contentOf(pedidoApi.create, bahia.res)).toMatchObject({
        valorFrete: bahia.opcao.custom_price,
        freteGratis: false,
      });
      // R$ 324,00 of products, R$ 30,00 off with a coupon: R$ 294,00, under R$ 300,00.
      await cupom('TRINTA', { tipo: 'FIXO', valor: 30 });
      const abaixo = await pedidoCom([produto.clareamento, { ...produto.espelho, quantidade: 3 }], 'PAC', {
        freteGratis: false,
        cupom: { codigo: 'TRINTA', desconto: 3000 },
      });
      expect(abaixo.res.statusCode, abaixo.res.body).toBe(201);
      expect(contentOf(pedidoApi.create, abaixo.res)).toMatchObject({ freteGratis: false, descontoPix: 0 });
      expect(contentOf(pedidoApi.create, abaixo.res).valorFrete).toBe(abaixo.opcao.custom_price);
      // Claiming free shipping it does not get: the freight sent as 0 is refused.
      const adulterado = await pedidoCom(itens, 'SEDEX', { freteGratis: true });
      expect(adulterado.res.statusCode).toBe(409);
      expect(body(adulterado.res).message).toBe(MSG_API.pedidoFreteDivergente);
      expect(await n('SELECT count(*) AS n FROM pedidos WHERE cliente_id = $1', [adulterado.cli.clienteId])).toBe(0);
    });
  });

  it('trocar o método no pagamento mantém o cupom e o frete grátis: por PIX o desconto volta só se o cupom acumula', async () => {
    await cupom('TROCA15', { valor: 15, acumula_pix: true });
    const [cli] = await novosClientes(1);
    const itens = [{ ...produto.clareamento, quantidade: 2 }]; // R$ 498,00
    const pac = (await opcoes(itens)).find((o) => o.name === 'PAC')!;
    // 15 % of R$ 498,00 is R$ 74,70: R$ 423,30, still free shipping.
    const criado = await criar(
      cli!.token,
      corpoDoPedido({
        clienteId: cli!.clienteId,
        itens,
        opcao: pac,
        pagamento: { tipoPagamento: 'credit', token: null },
        cupom: { codigo: 'TROCA15', desconto: 7470, acumulaPix: true },
        freteGratis: true,
      }),
    );
    expect(criado.statusCode, criado.body).toBe(201);
    const pedido: Pedido = contentOf(pedidoApi.create, criado);
    expect(pedido).toMatchObject({
      valorTotal: 42330,
      valorFrete: 0,
      cupom: { codigo: 'TROCA15', desconto: 7470, acumulaPix: true },
    });

    const processar = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pagamento/processar',
        headers: { ...bearer(cli!.token), 'idempotency-key': novaChave() },
        payload,
      });
    // The amount without the coupon is refused: the order keeps it.
    const semCupom = await processar({ idPedido: pedido.id, tipoPagamento: 'pix', valor: fromCents(49800 - 2490) });
    expect(semCupom.statusCode).toBe(409);
    expect(body(semCupom).message).toBe(MSG_API.pagamentoValorDivergente);

    const pix = pixDiscount(42330, 5);
    const res = await processar({ idPedido: pedido.id, tipoPagamento: 'pix', valor: fromCents(42330 - pix) });
    expect(res.statusCode, res.body).toBe(201);
    expect(contentOf(pagamentoApi.processar, res).valor).toBe(42330 - pix);
    expect(await linhaDoPedido(pedido.id)).toMatchObject({
      valor_total: fromCents(42330 - pix).toFixed(2),
      desconto_pix: fromCents(pix).toFixed(2),
      desconto_cupom: '74.70',
      cupom_codigo: 'TROCA15',
      valor_frete: '0.00',
      frete_gratis: true,
    });
    // The use is still the one the order was created with.
    expect(await n('SELECT count(*) AS n FROM cupom_usos WHERE pedido_id = $1', [pedido.id])).toBe(1);
  });
});
