import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { freteApi, melhorEnvioApi } from '@clinica/shared/schemas/frete';
import { createLocalFreightProvider } from '../../integrations/freight/local-freight-provider.js';
import { produtos } from '../produto/produto.table.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { createFreteRepository } from './frete.repository.js';
import { createFreteService } from './frete.service.js';

/** Origin of the demo company: 01310-100, São Paulo/SP. */
const SP = '04538-133';
const RJ = '20040020';
const PR = '80010000';
const DF = '70040010';
const BA = '40020000';
const AM = '69005000';

/** The free-shipping rule turned off, for the service built by hand. */
const semFreteGratis = async () => ({ ativo: false, valorMinimo: 0, ufs: [], servicos: [] });

describe.each(testDatabaseTargets())('frete pela tabela local (%s)', (kind) => {
  let t: TestApp;
  /** 500 g in a 10 cm cube (cubed 167 g): the real weight counts. */
  let leve: number;
  /** 200 g in 40 × 30 × 30 cm (cubed 6 kg): the cubed weight counts. */
  let volumoso: number;
  /** No measures at all: 16 × 11 × 2 cm and 100 g. */
  let semMedidas: number;
  let inativo: number;
  let digital: number;
  let admin: string;
  let usuario: string;
  let cliente: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    const [fisica] = await t.database.raw<{ id: number }>('SELECT id FROM categorias WHERE digital = false LIMIT 1');
    const [curso] = await t.database.raw<{ id: number }>('SELECT id FROM categorias WHERE digital = true LIMIT 1');
    const base = { categoriaId: Number(fisica?.id), preco: 5000, digital: false };
    const novos = await t.database.db
      .insert(produtos)
      .values([
        { ...base, nome: 'Frete leve', peso: '0.500', altura: '10.00', largura: '10.00', comprimento: '10.00' },
        { ...base, nome: 'Frete volumoso', peso: '0.200', altura: '40.00', largura: '30.00', comprimento: '30.00' },
        { ...base, nome: 'Frete sem medidas' },
        { ...base, nome: 'Frete inativo', ativo: false, peso: '0.100' },
        { ...base, nome: 'Frete curso', digital: true, categoriaId: Number(curso?.id) },
      ])
      .returning({ id: produtos.id });
    [leve, volumoso, semMedidas, inativo, digital] = novos.map((p) => p.id) as [number, number, number, number, number];
    const ids = async (email: string) => {
      const [row] = await t.database.raw<{ id: number; permissao_id: number; cliente: number | null }>(
        'SELECT u.id, u.permissao_id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
        [email],
      );
      return { id: Number(row?.id), idCliente: row?.cliente == null ? null : Number(row.cliente) };
    };
    admin = await t.issueToken({ ...(await ids('admin@clinica.com.br')), permissao: 'ADMIN' });
    usuario = await t.issueToken({ ...(await ids('equipe@clinica.com.br')), permissao: 'USUARIO' });
    cliente = await t.issueToken({ ...(await ids('cliente@clinica.com.br')), permissao: 'CLIENTE' });
  });
  afterAll(() => t?.dispose());

  const calcular = (app: TestApp, payload: unknown, remoteAddress = '127.0.0.1') =>
    app.app.inject({ method: 'POST', url: '/api/frete/calcular', payload: payload as object, remoteAddress });
  const cotar = async (cep: string, pedidoProdutos: Array<{ id: number; quantidade: number }>) =>
    contentOf(freteApi.calcular, await calcular(t, { cep, pedidoProdutos }));
  /** [id, price in cents, max days] per option, as the checkout reads them. */
  const resumo = (opcoes: Awaited<ReturnType<typeof cotar>>) =>
    opcoes.map((o) => [o.id, o.name, o.custom_price, o.delivery_range.max, o.company.name]);

  describe('preços da tabela', () => {
    it('mesmo estado da clínica (SP), 500 g: PAC R$ 19,90 em até 5 dias e SEDEX R$ 29,90 em até 2, no formato do Melhor Envio', async () => {
      const res = await calcular(t, { cep: SP, pedidoProdutos: [{ id: leve, quantidade: 1 }] });
      const opcoes = contentOf(freteApi.calcular, res);
      expect(opcoes).toEqual([
        {
          id: 1,
          name: 'PAC',
          custom_price: 1990,
          delivery_time: 5,
          delivery_range: { min: 3, max: 5 },
          company: { id: 1, name: 'Correios', picture: null },
        },
        {
          id: 2,
          name: 'SEDEX',
          custom_price: 2990,
          delivery_time: 2,
          delivery_range: { min: 1, max: 2 },
          company: { id: 1, name: 'Correios', picture: null },
        },
      ]);
      // Reais with two decimals on the wire.
      expect(body<Array<{ custom_price: number }>>(res).content[0]?.custom_price).toBe(19.9);
    });

    it('outras regiões: Sudeste (RJ), Sul (PR), Centro-Oeste (DF), Nordeste (BA), Norte (AM)', async () => {
      const item = [{ id: leve, quantidade: 1 }];
      expect(resumo(await cotar(RJ, item))).toEqual([
        [1, 'PAC', 2490, 7, 'Correios'],
        [2, 'SEDEX', 3790, 3, 'Correios'],
      ]);
      expect(resumo(await cotar(PR, item)).map((o) => o[2])).toEqual([2790, 4290]);
      expect(resumo(await cotar(DF, item)).map((o) => o[2])).toEqual([2990, 4690]);
      expect(resumo(await cotar(BA, item)).map((o) => o[2])).toEqual([3490, 5490]);
      expect(resumo(await cotar(AM, item))).toEqual([
        [1, 'PAC', 3990, 13, 'Correios'],
        [2, 'SEDEX', 6290, 6, 'Correios'],
      ]);
    });

    it('peso cubado maior que o real: 40 × 30 × 30 cm com 200 g pesa 6 kg (5 kg adicionais)', async () => {
      // Norte: PAC 39,90 + 5 × 6,50; SEDEX 62,90 + 5 × 11,00.
      expect(resumo(await cotar(AM, [{ id: volumoso, quantidade: 1 }])).map((o) => o[2])).toEqual([7240, 11790]);
    });

    it('várias linhas e quantidades formam um só volume: 2 × leve + 1 × volumoso', async () => {
      // Real 1,2 kg; cubed (2 × 1000 + 36000) cm³ ÷ 6000 = 6,334 kg → 6 kg beyond the first. Nordeste.
      const opcoes = await cotar(BA, [
        { id: leve, quantidade: 2 },
        { id: volumoso, quantidade: 1 },
      ]);
      expect(resumo(opcoes).map((o) => o[2])).toEqual([3490 + 6 * 550, 5490 + 6 * 950]);
    });

    it('quantidade soma peso real: 3 × 500 g = 1,5 kg, um kg adicional (Sul)', async () => {
      expect(resumo(await cotar(PR, [{ id: leve, quantidade: 3 }])).map((o) => o[2])).toEqual([2790 + 400, 4290 + 700]);
    });

    it('linhas repetidas do mesmo produto somam as quantidades', async () => {
      const juntas = await cotar(PR, [{ id: leve, quantidade: 3 }]);
      const separadas = await cotar(PR, [
        { id: leve, quantidade: 1 },
        { id: leve, quantidade: 2 },
      ]);
      expect(separadas).toEqual(juntas);
    });

    it('produto sem medidas conta com a menor caixa dos Correios e 100 g', async () => {
      expect(resumo(await cotar(SP, [{ id: semMedidas, quantidade: 1 }])).map((o) => o[2])).toEqual([1990, 2990]);
    });

    it('produtos digitais são ignorados: o preço é o dos físicos', async () => {
      const soFisico = await cotar(RJ, [{ id: leve, quantidade: 1 }]);
      const comCurso = await cotar(RJ, [
        { id: digital, quantidade: 1 },
        { id: leve, quantidade: 1 },
      ]);
      expect(comCurso).toEqual(soFisico);
    });

    it('o CEP aceita hífen ou não', async () => {
      expect(await cotar('20040-020', [{ id: leve, quantidade: 1 }])).toEqual(
        await cotar('20040020', [{ id: leve, quantidade: 1 }]),
      );
    });

    it('produtos do catálogo de demonstração têm frete', async () => {
      const [escova] = await t.database.raw<{ id: number }>(
        "SELECT id FROM produtos WHERE digital = false AND ativo AND nome LIKE 'Escova dental%' LIMIT 1",
      );
      const opcoes = await cotar(SP, [{ id: Number(escova?.id), quantidade: 2 }]);
      expect(opcoes.map((o) => o.name)).toEqual(['PAC', 'SEDEX']);
    });
  });

  describe('pedidos recusados: 400 ou 422, nunca 500', () => {
    const campos = (res: { json(): unknown }) =>
      (res.json() as { content: { errors?: Array<{ campo: string; mensagem: string }> } }).content.errors ?? [];

    it('CEP malformado: 400 com a mensagem do campo CEP', async () => {
      for (const cep of ['123', '0131010', '01310-1000', 'abcdefgh', '', null, 1310100]) {
        const res = await calcular(t, { cep, pedidoProdutos: [{ id: leve, quantidade: 1 }] });
        expect(res.statusCode, String(cep)).toBe(400);
        expect(campos(res)[0]?.campo, String(cep)).toBe('cep');
      }
      const res = await calcular(t, { cep: '123', pedidoProdutos: [{ id: leve, quantidade: 1 }] });
      expect(campos(res)[0]?.mensagem).toBe(MSG.cep);
    });

    it('CEP fora das faixas dos estados: 422 CEP não encontrado', async () => {
      for (const cep of ['00000001', '78950000']) {
        const res = await calcular(t, { cep, pedidoProdutos: [{ id: leve, quantidade: 1 }] });
        expect(res.statusCode, cep).toBe(422);
        expect(body(res)).toEqual({
          statusCode: 422,
          message: MSG.cepNaoEncontrado,
          content: { errors: [{ campo: 'cep', mensagem: MSG.cepNaoEncontrado }] },
        });
      }
    });

    it('lista vazia, ausente ou que não é lista: 400', async () => {
      for (const pedidoProdutos of [[], undefined, null, 'x', {}]) {
        const res = await calcular(t, { cep: SP, pedidoProdutos });
        expect(res.statusCode, JSON.stringify(pedidoProdutos)).toBe(400);
        expect(campos(res)[0]?.campo).toBe('pedidoProdutos');
      }
      const res = await calcular(t, { cep: SP, pedidoProdutos: [] });
      expect(campos(res)[0]?.mensagem).toBe(MSG.freteSemProdutos);
      expect((await calcular(t, undefined)).statusCode).toBe(400);
    });

    it('mais de 100 linhas: 400', async () => {
      const pedidoProdutos = Array.from({ length: 101 }, () => ({ id: leve, quantidade: 1 }));
      expect((await calcular(t, { cep: SP, pedidoProdutos })).statusCode).toBe(400);
    });

    it('quantidade 0, negativa, fracionária, texto ou acima de 999: 400 com a mensagem da quantidade', async () => {
      const casos: Array<[unknown, string]> = [
        [0, MSG.quantidadeMaiorQueZero],
        [-1, MSG.quantidadeMaiorQueZero],
        [1.5, MSG.quantidadeMaiorQueZero],
        ['2', MSG.quantidadeMaiorQueZero],
        [null, MSG.quantidadeMaiorQueZero],
        [1000, MSG.quantidadeMaxima],
      ];
      for (const [quantidade, mensagem] of casos) {
        const res = await calcular(t, { cep: SP, pedidoProdutos: [{ id: leve, quantidade }] });
        expect(res.statusCode, String(quantidade)).toBe(400);
        expect(campos(res)[0], String(quantidade)).toEqual({ campo: 'pedidoProdutos.0.quantidade', mensagem });
      }
      expect((await calcular(t, { cep: SP, pedidoProdutos: [{ id: leve, quantidade: 999 }] })).statusCode).toBe(200);
    });

    it('id de produto malformado: 400', async () => {
      for (const id of [0, -3, 'abc', 1.5, 2_147_483_648]) {
        const res = await calcular(t, { cep: SP, pedidoProdutos: [{ id, quantidade: 1 }] });
        expect(res.statusCode, String(id)).toBe(400);
        expect(campos(res)[0]?.campo).toBe('pedidoProdutos.0.id');
      }
    });

    it('produto inexistente: 422 apontando a linha', async () => {
      const res = await calcular(t, {
        cep: SP,
        pedidoProdutos: [
          { id: leve, quantidade: 1 },
          { id: 987654, quantidade: 1 },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(body(res)).toEqual({
        statusCode: 422,
        message: MSG.produtoNaoEncontrado,
        content: { errors: [{ campo: 'pedidoProdutos.1.id', mensagem: MSG.produtoNaoEncontrado }] },
      });
    });

    it('produto inativo: 422 Produto indisponível', async () => {
      const res = await calcular(t, { cep: SP, pedidoProdutos: [{ id: inativo, quantidade: 1 }] });
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(MSG.produtoIndisponivel);
      expect(campos(res)).toEqual([{ campo: 'pedidoProdutos.0.id', mensagem: MSG.produtoIndisponivel }]);
    });

    it('só produtos digitais: 422, nada a entregar', async () => {
      const res = await calcular(t, { cep: SP, pedidoProdutos: [{ id: digital, quantidade: 1 }] });
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(MSG_API.freteSemProdutoFisico);
    });
  });

  describe('frete grátis na cotação da sacola (subtotal)', () => {
    // The demo rule: PAC (service 1) from R$ 300,00 to ES, MG, PR, RJ, RS, SC and SP.
    const comSubtotal = async (cep: string, subtotal?: number) =>
      contentOf(
        freteApi.calcular,
        await calcular(t, { cep, pedidoProdutos: [{ id: leve, quantidade: 1 }], ...(subtotal ? { subtotal } : {}) }),
      );

    it('PAC a SP com R$ 300,00 em produtos: Grátis (0) com o preço original; SEDEX com o seu preço', async () => {
      const [pac, sedex] = await comSubtotal(SP, 300);
      expect(pac).toMatchObject({ name: 'PAC', custom_price: 0, freteGratis: true, precoOriginal: 1990 });
      expect(sedex).toMatchObject({ name: 'SEDEX', custom_price: 2990, freteGratis: false });
      expect(sedex!.precoOriginal).toBeUndefined();
    });

    it('abaixo do mínimo, um estado fora da regra (BA) ou sem o subtotal: nada grátis', async () => {
      expect((await comSubtotal(SP, 299.99)).map((o) => o.freteGratis)).toEqual([false, false]);
      expect((await comSubtotal(PR, 500)).map((o) => o.freteGratis)).toEqual([true, false]);
      expect((await comSubtotal(BA, 500)).map((o) => o.freteGratis)).toEqual([false, false]);
      const sem = await comSubtotal(SP);
      expect(sem.map((o) => [o.custom_price, o.freteGratis])).toEqual([
        [1990, undefined],
        [2990, undefined],
      ]);
    });
  });

  describe('serviço usado pelos pedidos', () => {
    const service = () =>
      createFreteService({
        repository: createFreteRepository(t.database.db),
        provider: createLocalFreightProvider(),
        melhorEnvio: null,
        regraFreteGratis: semFreteGratis,
      });

    it('cotar e precoDaOpcao recalculam do banco; opção não oferecida → null', async () => {
      const s = service();
      const itens = [{ id: volumoso, quantidade: 1 }];
      expect((await s.cotar('69005-000', itens)).map((o) => o.custom_price)).toEqual([7240, 11790]);
      expect(await s.precoDaOpcao('69005000', itens, 2)).toBe(11790);
      expect(await s.precoDaOpcao('69005000', itens, 1)).toBe(7240);
      expect(await s.precoDaOpcao('69005000', itens, 17)).toBeNull();
      expect((await s.opcao('69005000', itens, 1))?.name).toBe('PAC');
    });

    it('com os produtos e o CEP da empresa já lidos pelo pedido: a mesma opção, sem ler o banco', async () => {
      const repository = createFreteRepository(t.database.db);
      const itens = [
        { id: volumoso, quantidade: 2 },
        { id: leve, quantidade: 1 },
      ];
      const lidos = {
        produtos: await repository.produtos([volumoso, leve, digital]),
        cepDaEmpresa: await repository.cepDaEmpresa(),
      };
      const semBanco = createFreteService({
        repository: {
          produtos: () => Promise.reject(new Error('leu os produtos')),
          cepDaEmpresa: () => Promise.reject(new Error('leu o CEP da empresa')),
        },
        provider: createLocalFreightProvider(),
        melhorEnvio: null,
        regraFreteGratis: semFreteGratis,
      });
      for (const id of [1, 2]) {
        expect(await semBanco.opcao(AM, itens, id, lidos)).toEqual(await service().opcao(AM, itens, id));
      }
      // The same refusals: an inactive product, no company CEP.
      const comInativo = { ...lidos, produtos: await repository.produtos([inativo]) };
      await expect(semBanco.opcao(SP, [{ id: inativo, quantidade: 1 }], 1, comInativo)).rejects.toMatchObject({
        statusCode: 422,
      });
      await expect(semBanco.opcao(SP, itens, 1, { ...lidos, cepDaEmpresa: null })).rejects.toMatchObject({
        statusCode: 503,
      });
    });

    it('recusa o que a rota recusa: produto inexistente → 422', async () => {
      await expect(service().precoDaOpcao(SP, [{ id: 987654, quantidade: 1 }], 1)).rejects.toMatchObject({
        statusCode: 422,
      });
    });

    it('sem CEP da empresa nem FREIGHT_ORIGIN_CEP: 503 (e o motivo no log)', async () => {
      const s = createFreteService({
        repository: { ...createFreteRepository(t.database.db), cepDaEmpresa: async () => null },
        provider: createLocalFreightProvider(),
        melhorEnvio: null,
        regraFreteGratis: semFreteGratis,
      });
      await expect(s.cotar(SP, [{ id: leve, quantidade: 1 }])).rejects.toMatchObject({
        statusCode: 503,
        message: MSG_API.freteIndisponivel,
      });
    });
  });

  describe('FREIGHT_ORIGIN_CEP e limite por IP', () => {
    let curitiba: TestApp;
    beforeAll(async () => {
      curitiba = await createTestApp({
        kind,
        database: t.database,
        config: { FREIGHT_ORIGIN_CEP: '80010000', RATE_LIMIT_FREIGHT_IP: 3 },
      });
    });
    afterAll(() => curitiba?.dispose());

    it('a origem da configuração vale sobre a da empresa: PR vira mesmo estado, SP vira Sudeste', async () => {
      const item = [{ id: leve, quantidade: 1 }];
      const pr = contentOf(
        freteApi.calcular,
        await calcular(curitiba, { cep: PR, pedidoProdutos: item }, '198.51.100.1'),
      );
      expect(pr.map((o) => o.custom_price)).toEqual([1990, 2990]);
      const sp = contentOf(
        freteApi.calcular,
        await calcular(curitiba, { cep: SP, pedidoProdutos: item }, '198.51.100.2'),
      );
      expect(sp.map((o) => o.custom_price)).toEqual([2490, 3790]);
    });

    it('acima do limite por IP por hora: 429 com retry-after', async () => {
      const payload = { cep: SP, pedidoProdutos: [{ id: leve, quantidade: 1 }] };
      const ip = '203.0.113.9';
      for (let i = 0; i < 3; i++) expect((await calcular(curitiba, payload, ip)).statusCode).toBe(200);
      const ultimo = await calcular(curitiba, payload, ip);
      expect(ultimo.statusCode).toBe(429);
      expect(body(ultimo).message).toBe(MSG.muitasTentativas);
      // Another address is not held up.
      expect((await calcular(curitiba, payload, '203.0.113.10')).statusCode).toBe(200);
      expect(ultimo.headers['retry-after']).toBeDefined();
    });
  });

  describe('GET /melhorenvio/auth e o retorno com a tabela local', () => {
    it('equipe (ADMIN, USUARIO): nada a conectar', async () => {
      for (const token of [admin, usuario]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/melhorenvio/auth', headers: bearer(token) });
        expect(contentOf(melhorEnvioApi.auth, res)).toEqual({ autenticar: false, urlAutheticar: null });
      }
    });

    it('anônimo 401, cliente 403', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/melhorenvio/auth' })).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'GET', url: '/api/melhorenvio/auth', headers: bearer(cliente) });
      expect(res.statusCode).toBe(403);
    });

    it('o retorno do OAuth2 não existe sem o Melhor Envio: 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/melhorenvio/callback?code=x&state=y' });
      expect(res.statusCode).toBe(404);
      expect(body(res).message).toBe(MSG_API.melhorEnvioInativo);
    });
  });
});
