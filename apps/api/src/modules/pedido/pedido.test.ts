import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { fromCents, type Cents } from '@clinica/shared/money';
import type { Envelope } from '@clinica/shared/schemas/common';
import { freteApi, type OpcaoFrete } from '@clinica/shared/schemas/frete';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { DEMO_BRINDE, DEMO_CURSOS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import type { TokenSubject } from '../../lib/jwt.js';
import { semDescontoPixNemFreteGratis } from '../../test/checkout-fixtures.js';
import { contasDeDemonstracao } from '../../test/contas-demo.js';
import { contar } from '../../test/db-queries.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { createIdempotenciaService } from '../idempotencia/idempotencia.service.js';
import { chavesIdempotencia } from '../idempotencia/idempotencia.table.js';
import { pedidoHistorico, pedidoItens, pedidos, type SituacaoPedido } from './pedido.table.js';
import { VERSAO_TERMOS } from '@clinica/shared/termos';

const fisico = (slug: string) => DEMO_PRODUTOS_FISICOS.find((p) => p.slug === slug)!;
const ESCOVA = fisico('escova-ultramacia'); // R$ 18,90
const ESPELHO = fisico('espelho-bucal'); // R$ 24,90
const KIT_CURETAS = fisico('kit-curetas-gracey'); // indisponível
const CLAREAMENTO = fisico('kit-clareamento-caseiro'); // R$ 249,00
const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!; // R$ 97,00
const CURSO_2 = DEMO_CURSOS.find((c) => c.slug === 'endodontia-rotatoria')!; // R$ 397,00

const CEP = '01310-100';
const SAO_PAULO = { ufId: 35, municipioId: 3550308 };

let keySeq = 0;
const novaChave = () => `chave-${process.pid}-${Date.now()}-${++keySeq}`;

describe.each(testDatabaseTargets())('pedidos (%s)', (kind) => {
  let t: TestApp;
  const who = {} as Record<'maria' | 'empresa' | 'equipe' | 'admin', TokenSubject>;
  const tokens = {} as Record<keyof typeof who, string>;
  const produto = {} as Record<string, { id: number; preco: Cents }>;

  const count = (sql: string, params: unknown[] = []) => contar(t.database, sql, params);
  const contarPedidos = () => count('SELECT count(*) AS n FROM pedidos');

  /** Freight options for the lines, as the checkout asks for them. */
  const cotacoes = new Map<string, OpcaoFrete[]>();
  async function cotar(linhas: Array<{ id: number; quantidade: number }>): Promise<OpcaoFrete[]> {
    const k = JSON.stringify(linhas);
    if (!cotacoes.has(k)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/frete/calcular',
        payload: { cep: CEP, pedidoProdutos: linhas },
        remoteAddress: '10.77.0.1',
      });
      cotacoes.set(k, contentOf(freteApi.calcular, res));
    }
    return cotacoes.get(k)!;
  }

  interface Linha {
    slug: string;
    quantidade?: number;
    /** Unit cents the customer claims (default: the catalogue price). */
    valor?: Cents;
  }

  /** A valid creation payload for Maria: prices from the catalogue, freight from a real quote. */
  async function payload(linhas: Linha[], extra: { freteCents?: Cents | null; totalDelta?: Cents } = {}) {
    const itens = linhas.map((l) => {
      const p = produto[l.slug]!;
      const valor = l.valor ?? p.preco;
      const quantidade = l.quantidade ?? 1;
      return { produto: { id: p.id }, quantidade, valor: fromCents(valor), valorTotal: fromCents(valor * quantidade) };
    });
    const enviaveis = linhas
      .filter((l) => l.slug !== 'brinde' && !l.slug.startsWith('curso'))
      .map((l) => ({ id: produto[l.slug]!.id, quantidade: l.quantidade ?? 1 }));
    let entrega = null;
    let freteCents = 0;
    if (enviaveis.length > 0 && extra.freteCents !== null) {
      const [opcao] = await cotar(enviaveis);
      freteCents = extra.freteCents ?? opcao!.custom_price;
      entrega = {
        idMelhorEnvio: opcao!.id,
        name: opcao!.name,
        customPrice: fromCents(freteCents),
        tempoEntrega: opcao!.delivery_range.max,
        transportadora: opcao!.company.name,
      };
    }
    const itensCents = linhas.reduce(
      (s, l) => s + (l.slug === 'brinde' ? 0 : (l.valor ?? produto[l.slug]!.preco) * (l.quantidade ?? 1)),
      0,
    );
    const total = itensCents + freteCents + (extra.totalDelta ?? 0);
    return {
      valorTotal: fromCents(total),
      clienteId: who.maria.idCliente,
      nomeRecebedor: 'Maria Cliente Silva',
      telefoneRecebedor: '11987654321',
      itens,
      enderecoEntrega: {
        ...SAO_PAULO,
        bairro: 'Bela Vista',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        cep: CEP,
        complemento: 'Sala 1',
      },
      versaoTermos: VERSAO_TERMOS,
      dadosPessoais: {
        nome: 'Maria Cliente Silva',
        email: 'cliente@clinica.com.br',
        telefone: '(11) 9 8765-4321',
        documento: '529.982.247-25',
      },
      entrega,
      pagamento: {
        paymentMethodId: 'pix',
        tipoPagamento: 'pix',
        nome: 'Maria Cliente Silva',
        email: 'cliente@clinica.com.br',
        valor: fromCents(total),
        token: null,
      },
    };
  }

  const criar = (p: unknown, opts: { token?: string; chave?: string | null } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: {
        ...bearer(opts.token ?? tokens.maria),
        ...(opts.chave === null ? {} : { 'idempotency-key': opts.chave ?? novaChave() }),
      },
      payload: p as Record<string, unknown>,
    });

  /** An order written directly to the tables (for reads, cancels and lists). */
  async function pedidoDireto(
    clienteId: number,
    situacao: SituacaoPedido,
    opts: { produtoId?: number; createdAt?: Date; endereco?: boolean } = {},
  ) {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({
        clienteId,
        situacao,
        valorProdutos: 2490,
        valorTotal: 2490,
        ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
      })
      .returning({ id: pedidos.id });
    await t.database.db.insert(pedidoItens).values({
      pedidoId: p!.id,
      produtoId: opts.produtoId ?? produto[ESPELHO.slug]!.id,
      produtoNome: 'Produto',
      quantidade: 1,
      valorUnitario: 2490,
      valorTotal: 2490,
    });
    await t.database.db.insert(pedidoHistorico).values({ pedidoId: p!.id, para: situacao, quem: 'SISTEMA' });
    if (opts.endereco) {
      await t.database.raw(
        `INSERT INTO pedido_enderecos_entrega (pedido_id, cep, logradouro, numero, bairro, municipio_id, uf_id)
         VALUES ($1, '20040002', 'Rua X', '1', 'Centro', 3304557, 33)`,
        [p!.id],
      );
    }
    return p!.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    await semDescontoPixNemFreteGratis(t.database);
    const contas = await contasDeDemonstracao(t);
    Object.assign(who, contas.who);
    Object.assign(tokens, contas.tokens);
    const catalogo = [ESCOVA, ESPELHO, KIT_CURETAS, CLAREAMENTO, CURSO, CURSO_2, DEMO_BRINDE];
    for (const p of catalogo) {
      const [row] = await t.database.raw<{ id: number; preco: string }>(
        'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
        [p.nome],
      );
      produto[p.slug] = { id: Number(row!.id), preco: Math.round(Number(row!.preco) * 100) };
    }
    produto.curso = produto[CURSO.slug]!;
    produto.curso2 = produto[CURSO_2.slug]!;
    produto.brinde = produto[DEMO_BRINDE.slug]!;
  });
  afterAll(() => t?.dispose());

  beforeEach(async () => {
    await t.database.raw('DELETE FROM pedidos');
    await t.database.raw('DELETE FROM chaves_idempotencia');
    await t.database.raw('UPDATE produtos SET ativo = true WHERE id = $1', [produto[ESPELHO.slug]!.id]);
  });

  describe('POST /api/pedido/create: criação', () => {
    it('pedido físico: 201 "Pedido criado!", valores do servidor, tudo gravado numa transação', async () => {
      const p = await payload([{ slug: ESCOVA.slug, quantidade: 2 }, { slug: ESPELHO.slug }]);
      const res = await criar(p);
      const pedido = contentOf(pedidoApi.create, res);
      expect(body(res).message).toBe(MSG.pedidoCriado);
      const [opcao] = await cotar([
        { id: produto[ESCOVA.slug]!.id, quantidade: 2 },
        { id: produto[ESPELHO.slug]!.id, quantidade: 1 },
      ]);
      const itens = ESCOVA.preco * 2 + ESPELHO.preco;
      expect(pedido).toMatchObject({
        situacaoPedido: 'PENDENTE',
        cliente: { id: who.maria.idCliente, nome: 'Maria Cliente Silva' },
        valorProdutos: itens,
        valorFrete: opcao!.custom_price,
        valorTotal: itens + opcao!.custom_price,
        valor: itens + opcao!.custom_price,
        enderecoEntrega: { cep: '01310100', municipio: { id: 3550308 }, uf: { id: 35, sigla: 'SP' } },
        entrega: { idMelhorEnvio: opcao!.id, customPrice: opcao!.custom_price },
        pagamento: { tipoPagamento: 'pix', status: 'pending', valor: itens + opcao!.custom_price },
        pix: expect.objectContaining({ validadeSegundos: 600 }),
      });
      expect(pedido.produtos.map((i) => [i.produtoId, i.quantidade, i.valor, i.brinde])).toEqual([
        [produto[ESCOVA.slug]!.id, 2, ESCOVA.preco, false],
        [produto[ESPELHO.slug]!.id, 1, ESPELHO.preco, false],
      ]);
      expect(pedido.historico).toEqual([
        expect.objectContaining({ de: null, para: 'PENDENTE', quem: 'CLIENTE', quemId: who.maria.idCliente }),
      ]);
      // On the wire money is reais with two decimals.
      expect((res.json() as Envelope<{ valorProdutos: number }>).content.valorProdutos).toBe(fromCents(itens));
      expect(await count('SELECT count(*) AS n FROM pagamentos WHERE pedido_id = $1', [pedido.id])).toBe(1);
      expect(await count('SELECT count(*) AS n FROM pedido_enderecos_entrega WHERE pedido_id = $1', [pedido.id])).toBe(
        1,
      );
      const lido = contentOf(
        pedidoApi.detalhe,
        await t.app.inject({ method: 'GET', url: `/api/pedido/${pedido.id}`, headers: bearer(tokens.maria) }),
      );
      expect(lido).toEqual(pedido);
    });

    it('só produtos digitais: sem entrega nem endereço, frete 0 (mesmo que venham no corpo)', async () => {
      const p = await payload([{ slug: 'curso' }]);
      const res = await criar({
        ...p,
        entrega: { idMelhorEnvio: 1, name: 'PAC', customPrice: 0, tempoEntrega: 5, transportadora: 'Correios' },
      });
      const pedido = contentOf(pedidoApi.create, res);
      expect(pedido).toMatchObject({ valorFrete: 0, valorTotal: CURSO.preco, entrega: null, enderecoEntrega: null });
    });

    it('produto digital com quantidade 3 vira 1 (um produto digital só uma vez); total calculado com 3 é recusado', async () => {
      const tres = await payload([{ slug: 'curso', quantidade: 3 }]);
      const recusado = await criar(tres);
      expect(recusado.statusCode).toBe(409);
      expect(body(recusado).message).toBe(MSG_API.pedidoValorDivergente);
      const p = {
        ...tres,
        valorTotal: fromCents(CURSO.preco),
        pagamento: { ...tres.pagamento, valor: fromCents(CURSO.preco) },
      };
      const pedido = contentOf(pedidoApi.create, await criar(p));
      expect(pedido.produtos).toEqual([expect.objectContaining({ produtoId: produto.curso!.id, quantidade: 1 })]);
      // Two lines of one digital product are one unit too.
      await t.database.raw('DELETE FROM pedidos');
      const duas = { ...p, itens: [p.itens[0]!, { ...p.itens[0]!, quantidade: 1 }] };
      expect(contentOf(pedidoApi.create, await criar(duas)).produtos[0]!.quantidade).toBe(1);
    });
  });

  describe('POST /api/pedido/create: o servidor é a autoridade dos valores', () => {
    it('preço de item adulterado: 409 com a mensagem, nenhum pedido', async () => {
      const res = await criar(await payload([{ slug: ESCOVA.slug, valor: 100 }]));
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_API.pedidoValorDivergente);
      expect(JSON.stringify(body(res).content)).toContain('itens.0.valor');
      expect(await contarPedidos()).toBe(0);
    });

    it('total adulterado (mais de 1 centavo): 409; diferença de 1 centavo é tolerada', async () => {
      const res = await criar(await payload([{ slug: ESCOVA.slug }], { totalDelta: -2 }));
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_API.pedidoValorDivergente);
      expect(await contarPedidos()).toBe(0);
      const p = await payload([{ slug: ESCOVA.slug }], { totalDelta: -1 });
      const pedido = contentOf(pedidoApi.create, await criar(p));
      expect(pedido.valorTotal).toBe(Math.round(p.valorTotal * 100) + 1);
    });

    it('frete adulterado: 409 "O valor do frete mudou…"; opção de entrega inexistente: 409', async () => {
      const barato = await payload([{ slug: ESCOVA.slug }], { freteCents: 1 });
      const res = await criar(barato);
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_API.pedidoFreteDivergente);
      const p = await payload([{ slug: ESCOVA.slug }]);
      const outra = await criar({ ...p, entrega: { ...p.entrega!, idMelhorEnvio: 999 } });
      expect(outra.statusCode).toBe(409);
      expect(body(outra).message).toBe(MSG_API.pedidoFreteIndisponivel);
      expect(await contarPedidos()).toBe(0);
    });

    it('algo a entregar sem opção de entrega ou sem endereço: 422; cidade fora do estado: 422', async () => {
      const p = await payload([{ slug: ESCOVA.slug }]);
      const semEntrega = await criar({ ...p, entrega: null });
      expect(semEntrega.statusCode).toBe(422);
      expect(body(semEntrega).message).toBe(MSG.pedidoEntregaObrigatoria);
      const semEndereco = await criar({ ...p, enderecoEntrega: null });
      expect(semEndereco.statusCode).toBe(422);
      expect(body(semEndereco).message).toBe(MSG.pedidoEnderecoObrigatorio);
      const foraDaUf = await criar({ ...p, enderecoEntrega: { ...p.enderecoEntrega, ufId: 33 } });
      expect(foraDaUf.statusCode).toBe(422);
      expect(body(foraDaUf).message).toBe(MSG_API.municipioForaDaUf);
      expect(await contarPedidos()).toBe(0);
    });

    it('brinde: acrescentado pelo servidor quando o subtotal alcança o limite, mesmo sem ser pedido', async () => {
      const pedido = contentOf(
        pedidoApi.create,
        await criar(await payload([{ slug: CLAREAMENTO.slug, quantidade: 2 }])),
      );
      expect(pedido.produtos.at(-1)).toEqual(
        expect.objectContaining({
          produtoId: produto.brinde!.id,
          quantidade: 1,
          valor: 0,
          valorTotal: 0,
          brinde: true,
        }),
      );
      expect(pedido.valorProdutos).toBe(CLAREAMENTO.preco * 2);
    });

    it('brinde pedido sem alcançar o limite: retirado (o pedido sai sem ele); brinde com preço: 409', async () => {
      const pedido = contentOf(
        pedidoApi.create,
        await criar(await payload([{ slug: ESCOVA.slug }, { slug: 'brinde', valor: 0 }])),
      );
      expect(pedido.produtos.map((i) => i.produtoId)).toEqual([produto[ESCOVA.slug]!.id]);
      const caro = await criar(await payload([{ slug: ESCOVA.slug }, { slug: 'brinde', valor: 500 }]));
      expect(caro.statusCode).toBe(409);
      // A bag holding only the gift buys nothing.
      const soBrinde = await criar(await payload([{ slug: 'brinde', valor: 0 }], { freteCents: null }));
      expect(soBrinde.statusCode).toBe(422);
      expect(body(soBrinde).message).toBe(MSG.pedidoSemItens);
    });

    it('produto inativo, indisponível ou inexistente: 422 e nenhum pedido', async () => {
      await t.database.raw('UPDATE produtos SET ativo = false WHERE id = $1', [produto[ESPELHO.slug]!.id]);
      const p = await payload([{ slug: ESCOVA.slug }], { freteCents: 0 });
      const inativo = await criar({
        ...p,
        itens: [
          ...p.itens,
          { produto: { id: produto[ESPELHO.slug]!.id }, quantidade: 1, valor: 24.9, valorTotal: 24.9 },
        ],
      });
      expect(inativo.statusCode).toBe(422);
      expect(body(inativo).message).toContain(MSG.produtoIndisponivel);
      const curetas = await criar({
        ...p,
        itens: [{ produto: { id: produto[KIT_CURETAS.slug]!.id }, quantidade: 1, valor: 289, valorTotal: 289 }],
      });
      expect(curetas.statusCode).toBe(422);
      expect(body(curetas).message).toContain(MSG.produtoIndisponivel);
      const inexistente = await criar({
        ...p,
        itens: [{ produto: { id: 999999 }, quantidade: 1, valor: 1, valorTotal: 1 }],
      });
      expect(inexistente.statusCode).toBe(422);
      expect(body(inexistente).message).toBe(MSG.produtoNaoEncontrado);
      expect(await contarPedidos()).toBe(0);
    });

    it('produto digital já comprado (pedido pago): 409; um pedido só pendente não conta', async () => {
      await pedidoDireto(who.maria.idCliente!, 'PENDENTE', { produtoId: produto.curso!.id });
      expect((await criar(await payload([{ slug: 'curso' }]))).statusCode).toBe(201);
      await pedidoDireto(who.maria.idCliente!, 'PAGO', { produtoId: produto.curso!.id });
      const res = await criar(await payload([{ slug: 'curso' }, { slug: 'curso2' }]));
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_API.produtoDigitalJaAdquirido.replace('{nome}', CURSO.nome));
    });

    it('clienteId de outro cliente: 403 e nada gravado; equipe e gerente não compram: 403', async () => {
      const p = await payload([{ slug: ESCOVA.slug }]);
      const res = await criar({ ...p, clienteId: who.empresa.idCliente });
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe(MSG.semPermissao);
      for (const token of [tokens.equipe, tokens.admin]) expect((await criar(p, { token })).statusCode).toBe(403);
      expect(await contarPedidos()).toBe(0);
      expect(await count('SELECT count(*) AS n FROM chaves_idempotencia')).toBe(0);
    });

    it('propriedade: corpos estragados dão 400 (ou outra recusa), nunca 5xx, sempre com o envelope', async () => {
      const base = (await payload([{ slug: ESCOVA.slug }])) as unknown as Record<string, unknown>;
      const junk = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.constantFrom(null, '', '\u0000', 'x'.repeat(5000), -1, 0.001, 1e308, true, [], {}),
        fc.integer(),
        fc.jsonValue({ maxDepth: 2 }),
      );
      const paths = [
        ['valorTotal'],
        ['clienteId'],
        ['itens'],
        ['itens', '0'],
        ['itens', '0', 'produto', 'id'],
        ['itens', '0', 'quantidade'],
        ['itens', '0', 'valor'],
        ['enderecoEntrega'],
        ['enderecoEntrega', 'cep'],
        ['enderecoEntrega', 'municipioId'],
        ['dadosPessoais', 'email'],
        ['dadosPessoais', 'telefone'],
        ['entrega'],
        ['entrega', 'idMelhorEnvio'],
        ['entrega', 'customPrice'],
        ['pagamento', 'tipoPagamento'],
        ['pagamento'],
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...paths), junk), { minLength: 1, maxLength: 3 }),
          async (edits) => {
            const p = structuredClone(base);
            for (const [path, value] of edits) {
              let node = p as Record<string, unknown>;
              for (const key of path.slice(0, -1)) {
                if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
                node = node[key] as Record<string, unknown>;
              }
              node[path.at(-1)!] = structuredClone(value);
            }
            const res = await criar(p);
            expect(res.statusCode, res.body).toBeLessThan(500);
            const b = body(res);
            expect(b.statusCode).toBe(res.statusCode);
            expect(b.message.length).toBeGreaterThan(0);
          },
        ),
        { numRuns: 100 },
      );
      const naoJson = await t.app.inject({
        method: 'POST',
        url: '/api/pedido/create',
        headers: { ...bearer(tokens.maria), 'idempotency-key': novaChave(), 'content-type': 'application/json' },
        payload: '{"itens": [',
      });
      expect(naoJson.statusCode).toBe(400);
    });
  });

  describe('Idempotency-Key', () => {
    it('sem a chave, ou com chave inválida: 400 com a mensagem', async () => {
      const p = await payload([{ slug: ESCOVA.slug }]);
      for (const chave of [null, '', 'x'.repeat(256), 'com espaço', 'acentuação']) {
        const res = await criar(p, { chave });
        expect(res.statusCode, String(chave)).toBe(400);
        expect(body(res).message).toBe(MSG.idempotenciaChaveObrigatoria);
      }
      expect(await contarPedidos()).toBe(0);
    });

    it('a repetição devolve a primeira resposta (mesmo status e corpo) e não cria outro pedido', async () => {
      const p = await payload([{ slug: ESCOVA.slug }]);
      const chave = novaChave();
      const primeira = await criar(p, { chave });
      expect(primeira.statusCode).toBe(201);
      const segunda = await criar(p, { chave });
      expect(segunda.statusCode).toBe(201);
      expect(segunda.body).toBe(primeira.body);
      expect(segunda.headers['idempotent-replayed']).toBe('true');
      expect(await contarPedidos()).toBe(1);
      // Keys are per user: another client's request with the same key is a request of its own.
      const daEmpresa = await criar({ ...p, clienteId: who.empresa.idCliente }, { chave, token: tokens.empresa });
      expect(daEmpresa.statusCode).toBe(201);
      expect(await contarPedidos()).toBe(2);
    });

    it('50 pedidos simultâneos com uma chave: exatamente 1 pedido e 50 respostas idênticas', async () => {
      const p = await payload([{ slug: ESCOVA.slug }, { slug: 'curso' }]);
      const chave = novaChave();
      const respostas = await Promise.all(Array.from({ length: 50 }, () => criar(p, { chave })));
      expect(new Set(respostas.map((r) => r.statusCode))).toEqual(new Set([201]));
      expect(new Set(respostas.map((r) => r.body)).size).toBe(1);
      expect(await contarPedidos()).toBe(1);
      expect(await count('SELECT count(*) AS n FROM pagamentos')).toBe(1);
    }, 60_000);

    it('a mesma chave com outro corpo: 422, e o primeiro pedido fica como estava', async () => {
      const chave = novaChave();
      expect((await criar(await payload([{ slug: ESCOVA.slug }]), { chave })).statusCode).toBe(201);
      const res = await criar(await payload([{ slug: ESPELHO.slug }]), { chave });
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(MSG.idempotenciaOutroCorpo);
      expect(await contarPedidos()).toBe(1);
    });

    it('a chave já usada em outra rota: 422', async () => {
      const chave = novaChave();
      await t.database.db.insert(chavesIdempotencia).values({
        chave,
        usuarioId: who.maria.id,
        rota: 'POST /api/pagamento/processar',
        hashCorpo: 'x',
        status: 'CONCLUIDA',
        statusCode: 200,
        resposta: { statusCode: 200, message: 'ok', content: null },
      });
      const res = await criar(await payload([{ slug: ESCOVA.slug }]), { chave });
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(MSG_API.idempotenciaOutraRota);
      expect(await contarPedidos()).toBe(0);
    });

    it('cada conclusão apaga até 20 chaves vencidas (mais de 24 h), nunca as recentes nem as em andamento', async () => {
      const antigas = (n: number, status: string) =>
        t.database.raw(
          `INSERT INTO chaves_idempotencia (chave, usuario_id, rota, hash_corpo, status, created_at)
           SELECT 'velha-' || $3 || '-' || g, $1, 'POST /api/pedido/create', 'x', $2, now() - interval '25 hours'
           FROM generate_series(1, $4::int) g`,
          [who.maria.id, status, status, n],
        );
      await antigas(25, 'CONCLUIDA');
      await antigas(2, 'EM_ANDAMENTO');
      const restantes = async () =>
        t.database.raw<{ status: string; velha: boolean; n: number }>(
          `SELECT status, created_at < now() - interval '24 hours' AS velha, count(*)::int AS n
           FROM chaves_idempotencia GROUP BY 1, 2 ORDER BY 1, 2`,
        );
      expect((await criar(await payload([{ slug: ESCOVA.slug }]))).statusCode).toBe(201);
      expect(await restantes()).toEqual([
        { status: 'CONCLUIDA', velha: false, n: 1 },
        { status: 'CONCLUIDA', velha: true, n: 5 },
        { status: 'EM_ANDAMENTO', velha: true, n: 2 },
      ]);
      if (kind !== 'postgres') return;
      // A vencida travada por outra transação é pulada, não esperada: o pedido conclui com a trava aberta.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT id FROM chaves_idempotencia WHERE status = 'CONCLUIDA' AND created_at < now() - interval '24 hours' ORDER BY id LIMIT 1 FOR UPDATE`,
        );
        expect((await criar(await payload([{ slug: ESPELHO.slug }]))).statusCode).toBe(201);
      });
      expect(await restantes()).toContainEqual({ status: 'CONCLUIDA', velha: true, n: 1 });
    });

    it('pedido recusado (409) não fica guardado: a mesma chave, corrigida, cria o pedido', async () => {
      const chave = novaChave();
      expect((await criar(await payload([{ slug: ESCOVA.slug }], { totalDelta: 500 }), { chave })).statusCode).toBe(
        409,
      );
      expect((await criar(await payload([{ slug: ESCOVA.slug }]), { chave })).statusCode).toBe(201);
    });

    it('chave deixada em andamento por uma requisição que morreu: retomada depois do lease', async () => {
      const p = await payload([{ slug: ESCOVA.slug }]);
      const chave = novaChave();
      // A request that completes, then is made to look like one that died before committing.
      expect((await criar(p, { chave })).statusCode).toBe(201);
      const morta = async (leaseSql: string) => {
        await t.database.raw('DELETE FROM pedidos');
        await t.database.raw(
          `UPDATE chaves_idempotencia SET status = 'EM_ANDAMENTO', status_code = NULL, resposta = NULL,
             concluida_em = NULL, dono = 'morta', bloqueada_ate = ${leaseSql}`,
        );
      };
      await morta(`now() - interval '1 second'`);
      const retomada = await criar(p, { chave });
      expect(retomada.statusCode).toBe(201);
      expect(await contarPedidos()).toBe(1);

      // Still leased: the retry waits for the lease to end, then takes over.
      await morta(`now() + interval '1.5 seconds'`);
      const inicio = Date.now();
      const depois = await criar(p, { chave });
      expect(depois.statusCode).toBe(201);
      expect(Date.now() - inicio).toBeGreaterThanOrEqual(1000);
      expect(await contarPedidos()).toBe(1);
    }, 20_000);

    it('quem perdeu o lease não conclui: a sua transação é desfeita e vale a resposta de quem assumiu', async () => {
      const idem = createIdempotenciaService(t.database.db, { leaseSeconds: 1, pollMs: 20 });
      const req = { chave: novaChave(), usuarioId: who.maria.id, rota: 'POST /teste', corpo: { a: 1 } };
      const escrever = (marca: string, esperaMs: number) =>
        idem.executar<string>(req, async (concluir) => {
          await new Promise((r) => setTimeout(r, esperaMs));
          return t.database.db.transaction(async (tx) => {
            await tx.insert(chavesIdempotencia).values({
              chave: `${marca}-${req.chave}`,
              usuarioId: who.maria.id,
              rota: 'marca',
              hashCorpo: 'x',
              status: 'CONCLUIDA',
            });
            return concluir(tx, { statusCode: 201, message: marca, content: marca });
          });
        });
      const lenta = escrever('lenta', 1600);
      await new Promise((r) => setTimeout(r, 1200));
      const rapida = escrever('rapida', 0);
      const [a, b] = await Promise.all([lenta, rapida]);
      expect(a.resposta.content).toBe('rapida');
      expect(b.resposta.content).toBe('rapida');
      expect(a.repetida).toBe(true);
      const marcas = await t.database.raw<{ chave: string }>(
        "SELECT chave FROM chaves_idempotencia WHERE rota = 'marca'",
      );
      expect(marcas.map((m) => m.chave)).toEqual([`rapida-${req.chave}`]);
    }, 20_000);
  });

  describe('GET /api/pedido/{id} e PUT /api/pedido/cancelar/{id}', () => {
    const ler = (id: number, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/pedido/${id}`, headers: bearer(token) });
    const cancelar = (id: number, token: string) =>
      t.app.inject({ method: 'PUT', url: `/api/pedido/cancelar/${id}`, headers: bearer(token) });
    const situacao = async (id: number) =>
      (await t.database.raw<{ situacao: string }>('SELECT situacao FROM pedidos WHERE id = $1', [id]))[0]?.situacao;

    it('leitura: o dono e a equipe leem; outro cliente 403; inexistente 404', async () => {
      const id = await pedidoDireto(who.maria.idCliente!, 'PENDENTE');
      for (const token of [tokens.maria, tokens.equipe, tokens.admin]) {
        expect(contentOf(pedidoApi.detalhe, await ler(id, token)).id).toBe(id);
      }
      const alheio = await ler(id, tokens.empresa);
      expect(alheio.statusCode).toBe(403);
      const nada = await ler(999999, tokens.maria);
      expect(nada.statusCode).toBe(404);
      expect(body(nada).message).toBe(MSG_API.pedidoNaoEncontrado);
    });

    it('o dono cancela o pedido pendente: 200, histórico, pagamento pendente cancelado; de novo: 409', async () => {
      const pedido = contentOf(pedidoApi.create, await criar(await payload([{ slug: ESCOVA.slug }])));
      const res = await cancelar(pedido.id, tokens.maria);
      const cancelado = contentOf(pedidoApi.cancelar, res);
      expect(body(res).message).toBe(MSG.pedidoCancelado);
      expect(cancelado.situacaoPedido).toBe('CANCELADO');
      expect(cancelado.pagamento?.status).toBe('cancelled');
      expect(cancelado.historico.map((h) => [h.de, h.para, h.quem, h.quemId])).toEqual([
        [null, 'PENDENTE', 'CLIENTE', who.maria.idCliente],
        ['PENDENTE', 'CANCELADO', 'CLIENTE', who.maria.idCliente],
      ]);
      const again = await cancelar(pedido.id, tokens.maria);
      expect(again.statusCode).toBe(409);
      expect(body(again).message).toBe(MSG.pedidoJaCancelado);
    });

    it('pago por outro provedor (o sandbox dos dados de demonstração sob Mercado Pago): a equipe recebe 409 e nada é estornado', async () => {
      const pago = await pedidoDireto(who.maria.idCliente!, 'PAGO');
      await t.database.raw(
        `INSERT INTO pagamentos (pedido_id, tipo, status, provedor, provider_id, valor, aprovado_em)
         VALUES ($1, 'pix', 'approved', 'mercadopago', '123456789', 24.90, now())`,
        [pago],
      );
      const res = await cancelar(pago, tokens.equipe);
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG.pedidoPagoEstornoIndisponivel);
      expect(await situacao(pago)).toBe('PAGO');
      const [pagamento] = await t.database.raw<{ status: string }>(
        'SELECT status FROM pagamentos WHERE pedido_id = $1',
        [pago],
      );
      expect(pagamento!.status).toBe('approved');
    });

    it('recusado: o dono cancela; pago: o dono recebe 409 (fale com a clínica), a equipe, sem pagamento aprovado a estornar, 409', async () => {
      const recusado = await pedidoDireto(who.maria.idCliente!, 'RECUSADO');
      expect((await cancelar(recusado, tokens.maria)).statusCode).toBe(200);
      const pago = await pedidoDireto(who.maria.idCliente!, 'PAGO');
      const doDono = await cancelar(pago, tokens.maria);
      expect(doDono.statusCode).toBe(409);
      expect(body(doDono).message).toBe(MSG.pedidoPagoNaoCancela);
      const daEquipe = await cancelar(pago, tokens.equipe);
      expect(daEquipe.statusCode).toBe(409);
      expect(body(daEquipe).message).toBe(MSG.pedidoPagoEstornoIndisponivel);
      expect(await situacao(pago)).toBe('PAGO');
      for (const s of ['ENVIADO', 'ENTREGUE'] as const) {
        const id = await pedidoDireto(who.maria.idCliente!, s);
        const res = await cancelar(id, tokens.admin);
        expect(res.statusCode).toBe(409);
        expect(body(res).message).toBe(MSG.pedidoEnviadoNaoCancela);
      }
    });

    it('a equipe cancela um pedido pendente (histórico com o usuário); outro cliente: 403 e nada muda', async () => {
      const id = await pedidoDireto(who.maria.idCliente!, 'PENDENTE');
      const alheio = await cancelar(id, tokens.empresa);
      expect(alheio.statusCode).toBe(403);
      expect(await situacao(id)).toBe('PENDENTE');
      const res = contentOf(pedidoApi.cancelar, await cancelar(id, tokens.equipe));
      expect(res.historico.at(-1)).toMatchObject({
        de: 'PENDENTE',
        para: 'CANCELADO',
        quem: 'USUARIO',
        quemId: who.equipe.id,
      });
      expect((await cancelar(999999, tokens.admin)).statusCode).toBe(404);
    });

    it('dois cancelamentos simultâneos: um 200, o outro 409; uma só linha de histórico', async () => {
      const id = await pedidoDireto(who.maria.idCliente!, 'PENDENTE');
      const rs = await Promise.all([cancelar(id, tokens.maria), cancelar(id, tokens.equipe)]);
      expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(
        await count("SELECT count(*) AS n FROM pedido_historico WHERE pedido_id = $1 AND para = 'CANCELADO'", [id]),
      ).toBe(1);
    });
  });

  describe('listagens', () => {
    const dia = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00-03:00`);
    const listaCliente = (clientId: number, qs: string, token = tokens.maria) =>
      t.app.inject({ method: 'GET', url: `/api/pedido/listagem/cliente/${clientId}${qs}`, headers: bearer(token) });
    const listaAdmin = (qs: string, token = tokens.equipe) =>
      t.app.inject({ method: 'GET', url: `/api/pedido/admin/listagem${qs}`, headers: bearer(token) });

    let m1: number, m2: number, m3: number, e1: number;
    beforeEach(async () => {
      m1 = await pedidoDireto(who.maria.idCliente!, 'PAGO', { createdAt: dia('2026-01-10'), endereco: true });
      m2 = await pedidoDireto(who.maria.idCliente!, 'PENDENTE', { createdAt: dia('2026-01-20', 23) });
      m3 = await pedidoDireto(who.maria.idCliente!, 'CANCELADO', {
        createdAt: dia('2026-02-01', 0),
        produtoId: produto[ESCOVA.slug]!.id,
      });
      e1 = await pedidoDireto(who.empresa.idCliente!, 'PENDENTE', { createdAt: dia('2026-01-15') });
    });

    it('cliente: só os seus, do mais recente ao mais antigo, paginados (page base 0)', async () => {
      const tudo = contentOf(pedidoApi.listagemCliente, await listaCliente(who.maria.idCliente!, ''));
      expect(tudo).toMatchObject({ totalRegistros: 3, totalPaginas: 1, page: 0 });
      expect(tudo.pedidos.map((p) => p.id)).toEqual([m3, m2, m1]);
      expect(tudo.pedidos[0]!.produtos).toEqual([
        { produtoId: produto[ESCOVA.slug]!.id, produtoNome: 'Produto', quantidade: 1, digital: false },
      ]);
      const p1 = contentOf(pedidoApi.listagemCliente, await listaCliente(who.maria.idCliente!, '?page=1&size=2'));
      expect(p1).toMatchObject({ totalRegistros: 3, totalPaginas: 2, page: 1 });
      expect(p1.pedidos.map((p) => p.id)).toEqual([m1]);
    });

    it('cliente: filtros por id e por período (dias do fuso da clínica, inclusivos)', async () => {
      const porId = contentOf(pedidoApi.listagemCliente, await listaCliente(who.maria.idCliente!, `?idPedido=${m2}`));
      expect(porId.pedidos.map((p) => p.id)).toEqual([m2]);
      const alheio = contentOf(pedidoApi.listagemCliente, await listaCliente(who.maria.idCliente!, `?idPedido=${e1}`));
      expect(alheio.totalRegistros).toBe(0);
      const janeiro = contentOf(
        pedidoApi.listagemCliente,
        await listaCliente(who.maria.idCliente!, '?dataInicio=2026-01-10&dataFim=2026-01-20'),
      );
      expect(janeiro.pedidos.map((p) => p.id)).toEqual([m2, m1]);
      const fevereiro = contentOf(
        pedidoApi.listagemCliente,
        await listaCliente(who.maria.idCliente!, '?dataInicio=2026-02-01'),
      );
      expect(fevereiro.pedidos.map((p) => p.id)).toEqual([m3]);
    });

    it('cliente: a lista de outro cliente é 403; equipe também não usa esta rota', async () => {
      expect((await listaCliente(who.empresa.idCliente!, '')).statusCode).toBe(403);
      expect((await listaCliente(who.maria.idCliente!, '', tokens.equipe)).statusCode).toBe(403);
    });

    it('consultas malformadas: 400 com mensagem (nunca 500)', async () => {
      for (const qs of [
        '?page=-1',
        '?size=0',
        '?size=101',
        '?page=abc',
        '?dataInicio=2026-13-01',
        '?dataInicio=2026-02-30',
        '?dataInicio=2026-02-01&dataFim=2026-01-01',
        '?idPedido=0x1',
      ]) {
        const res = await listaCliente(who.maria.idCliente!, qs);
        expect(res.statusCode, qs).toBe(400);
        expect(body(res).message.length).toBeGreaterThan(0);
      }
      for (const qs of ['?sort=lado', '?situacao=pago', '?idUf=abc']) {
        expect((await listaAdmin(qs)).statusCode, qs).toBe(400);
      }
    });

    it('admin: todos os pedidos, com cada filtro do contrato, ordenação e paginação', async () => {
      const ids = async (qs: string) =>
        contentOf(pedidoApi.listagemAdmin, await listaAdmin(qs)).pedidos.map((p) => p.id);
      const tudo = contentOf(pedidoApi.listagemAdmin, await listaAdmin('?size=2'));
      expect(tudo).toMatchObject({ totalRegistro: 4, totalRegistroPagina: 2, totalPaginas: 2, page: 0 });
      expect(tudo.pedidos.map((p) => p.id)).toEqual([m3, m2]);
      expect(await ids('?sort=asc')).toEqual([m1, e1, m2, m3]);
      expect(await ids(`?idCliente=${who.empresa.idCliente}`)).toEqual([e1]);
      expect(await ids(`?idProduto=${produto[ESCOVA.slug]!.id}`)).toEqual([m3]);
      expect(await ids(`?idPedido=${m1}`)).toEqual([m1]);
      expect(await ids('?dataInicio=2026-01-15&dataFim=2026-01-20')).toEqual([m2, e1]);
      expect(await ids('?situacao=PENDENTE')).toEqual([m2, e1]);
      // Region: m1 ships to Rio de Janeiro; the others fall back to their client's address.
      expect(await ids('?idUf=33')).toContain(m1);
      expect(await ids('?idUf=33&idCidade=3304557')).toContain(m1);
      expect(await ids('?idUf=11')).toEqual([]);
      const admin = contentOf(pedidoApi.listagemAdmin, await listaAdmin('', tokens.admin));
      expect(admin.pedidos.find((p) => p.id === e1)?.cliente.id).toBe(who.empresa.idCliente);
    });

    it('admin: clientes não acessam (403)', async () => {
      expect((await listaAdmin('', tokens.maria)).statusCode).toBe(403);
    });
  });
});
