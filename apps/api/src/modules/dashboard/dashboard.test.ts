import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Cents } from '@clinica/shared/money';
import { diasNoPeriodo, hojeNaClinica, somarDias } from '@clinica/shared/clinic-day';
import { dashboardApi, SITUACOES_VENDA } from '@clinica/shared/schemas/dashboard';
import { pedidoApi, SITUACOES_PEDIDO, type PedidoResumo } from '@clinica/shared/schemas/pedido';
import { DEMO_ACCOUNTS, DEMO_BRINDE, DEMO_CURSOS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';
import { pagamentos } from '../checkout/pagamento.table.js';
import { pedidoItens, pedidos, type SituacaoPedido } from '../pedido/pedido.table.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { createDashboardService } from './dashboard.service.js';

const HORA = 3_600_000;
/** An instant given as the clinic's wall-clock time (UTC−3). */
const sp = (diaHora: string) => new Date(`${diaHora}-03:00`);
/** The clinic's calendar day of an ISO instant. */
const diaSP = (iso: string) => new Date(Date.parse(iso) - 3 * HORA).toISOString().slice(0, 10);

const porNome = (nome: string) => {
  const p = [...DEMO_PRODUTOS_FISICOS, DEMO_BRINDE, ...DEMO_CURSOS].find((x) => x.nome === nome);
  if (!p) throw new Error(nome);
  return p;
};
const ESCOVA = porNome('Escova dental ultramacia Sorriso Pleno'); // R$ 18,90
const LUVAS = porNome('Luvas de procedimento em nitrilo — caixa com 100'); // R$ 54,90
const ESPELHO = porNome('Espelho bucal plano nº 5 com cabo'); // R$ 24,90
const CURSO = porNome('Biossegurança e ergonomia no consultório'); // R$ 97,00

interface Linha {
  nome: string;
  quantidade: number;
  brinde?: boolean;
}

describe.each(testDatabaseTargets())('painel de vendas (%s)', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<'admin' | 'equipe' | 'cliente', string>;
  let clienteId: number;
  const produtoId = new Map<string, number>();

  const painel = (qs = '', token: string | null = tokens.admin) =>
    t.app.inject({ method: 'GET', url: `/api/dashboard/vendas${qs}`, headers: token ? bearer(token) : {} });

  /** An order written straight into the tables: its lines, freight, one payment (approved for a sale). */
  async function pedido(o: {
    situacao: SituacaoPedido;
    criado: Date;
    linhas: Linha[];
    frete?: Cents;
    tipo?: 'pix' | 'credit';
  }): Promise<number> {
    const itens = o.linhas.map((l) => {
      const p = porNome(l.nome);
      const unit = l.brinde ? 0 : p.preco;
      return {
        produtoId: produtoId.get(p.nome)!,
        produtoNome: p.nome,
        quantidade: l.quantidade,
        valorUnitario: unit,
        valorTotal: unit * l.quantidade,
        brinde: !!l.brinde,
        digital: 'conteudos' in p,
      };
    });
    const produtos = itens.reduce((s, i) => s + i.valorTotal, 0);
    const frete = o.frete ?? 0;
    const [row] = await t.database.db
      .insert(pedidos)
      .values({
        clienteId,
        situacao: o.situacao,
        valorProdutos: produtos,
        valorFrete: frete,
        valorTotal: produtos + frete,
        createdAt: o.criado,
        updatedAt: o.criado,
      })
      .returning({ id: pedidos.id });
    const id = row!.id;
    await t.database.db.insert(pedidoItens).values(itens.map((i) => ({ ...i, pedidoId: id })));
    const venda = (SITUACOES_VENDA as readonly string[]).includes(o.situacao);
    await t.database.db.insert(pagamentos).values({
      pedidoId: id,
      tipo: o.tipo ?? 'pix',
      status: venda ? 'approved' : o.situacao === 'RECUSADO' ? 'rejected' : 'cancelled',
      valor: produtos + frete,
      aprovadoEm: venda ? new Date(o.criado.getTime() + 60_000) : null,
      createdAt: o.criado,
    });
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    [tokens.admin, tokens.equipe, tokens.cliente] = await Promise.all([
      t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password),
      t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password),
      t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password),
    ]);
    const [maria] = await t.database.raw<{ id: number }>(
      'SELECT c.id FROM clientes c JOIN usuarios u ON u.id = c.usuario_id WHERE u.email = $1',
      [DEMO_ACCOUNTS.cliente.email],
    );
    clienteId = Number(maria!.id);
    for (const p of await t.database.raw<{ id: number; nome: string }>('SELECT id, nome FROM produtos')) {
      produtoId.set(p.nome, Number(p.id));
    }
  });
  afterAll(() => t?.dispose());

  describe('acesso: só ADMIN', () => {
    it('sem token 401, CLIENTE 403, USUARIO 403, ADMIN 200', async () => {
      expect((await painel('', null)).statusCode).toBe(401);
      const cliente = await painel('', tokens.cliente);
      expect(cliente.statusCode).toBe(403);
      expect(body(cliente).message).toBe(MSG.semPermissao);
      expect((await painel('', tokens.equipe)).statusCode).toBe(403);
      expect((await painel('', tokens.admin)).statusCode).toBe(200);
    });
  });

  describe('período', () => {
    it('sem datas: os últimos 30 dias até hoje, todos os dias presentes', async () => {
      const hoje = hojeNaClinica();
      const v = contentOf(dashboardApi.vendas, await painel());
      expect(v.periodo).toEqual({ dataInicio: somarDias(hoje, -29), dataFim: hoje });
      expect(v.receitaPorDia).toHaveLength(30);
      expect(v.receitaPorDia[0]!.dia).toBe(somarDias(hoje, -29));
      expect(v.receitaPorDia.at(-1)!.dia).toBe(hoje);
      expect(v.receitaPorDia.map((d) => d.dia)).toEqual(Array.from({ length: 30 }, (_, i) => somarDias(hoje, i - 29)));
    });

    it('só dataFim: os 30 dias que terminam nela; só dataInicio: até hoje', async () => {
      const a = contentOf(dashboardApi.vendas, await painel('?dataFim=2024-03-07'));
      expect(a.periodo).toEqual({ dataInicio: '2024-02-07', dataFim: '2024-03-07' });
      expect(a.receitaPorDia).toHaveLength(30);
      const hoje = hojeNaClinica();
      const b = contentOf(dashboardApi.vendas, await painel(`?dataInicio=${somarDias(hoje, -6)}`));
      expect(b.periodo).toEqual({ dataInicio: somarDias(hoje, -6), dataFim: hoje });
      expect(b.receitaPorDia).toHaveLength(7);
    });

    it('um dia só, e o máximo de 366 dias', async () => {
      const um = contentOf(dashboardApi.vendas, await painel('?dataInicio=2024-03-05&dataFim=2024-03-05'));
      expect(um.receitaPorDia.map((d) => d.dia)).toEqual(['2024-03-05']);
      const ano = contentOf(dashboardApi.vendas, await painel('?dataInicio=2023-01-01&dataFim=2024-01-01'));
      expect(diasNoPeriodo('2023-01-01', '2024-01-01')).toBe(366);
      expect(ano.receitaPorDia).toHaveLength(366);
    });

    it('datas inválidas: 400 com a mensagem do campo (nunca 500)', async () => {
      const casos: Array<[string, string, string]> = [
        ['?dataInicio=2024-13-01', 'dataInicio', MSG.dataInvalida],
        ['?dataInicio=2024-02-30', 'dataInicio', MSG.dataInvalida],
        ['?dataFim=05/03/2024', 'dataFim', MSG.dataInvalida],
        ['?dataInicio=', 'dataInicio', MSG.dataInvalida],
        ['?dataInicio=2024-03-10&dataFim=2024-03-01', 'dataFim', MSG.periodoInvalido],
        [`?dataInicio=${somarDias(hojeNaClinica(), 1)}`, 'dataFim', MSG.periodoInvalido],
        ['?dataInicio=2023-01-01&dataFim=2024-01-02', 'dataInicio', MSG_BO.painelPeriodoLongo],
        ['?dataInicio=2020-01-01', 'dataInicio', MSG_BO.painelPeriodoLongo],
      ];
      for (const [qs, campo, mensagem] of casos) {
        const res = await painel(qs);
        expect(res.statusCode, qs).toBe(400);
        const b = body<{ errors: Array<{ campo: string; mensagem: string }> }>(res);
        expect(b.message, qs).toBe(MSG.erroValidacao);
        expect(b.content.errors, qs).toContainEqual({ campo, mensagem });
      }
    });
  });

  describe('números calculados à mão (pedidos criados pelo teste, num período sem vendas de demonstração)', () => {
    let ids: Record<'antes' | 'depois' | 'a' | 'b' | 'c' | 'd' | 'e' | 'f', number>;

    beforeAll(async () => {
      ids = {
        // Outside the period on both sides: never counted.
        antes: await pedido({
          situacao: 'PAGO',
          criado: sp('2024-02-29T23:59:59'),
          linhas: [{ nome: LUVAS.nome, quantidade: 9 }],
        }),
        depois: await pedido({
          situacao: 'PAGO',
          criado: sp('2024-03-08T00:00:00'),
          linhas: [{ nome: LUVAS.nome, quantidade: 9 }],
        }),
        a: await pedido({
          situacao: 'PAGO',
          criado: sp('2024-03-02T10:00:00'),
          linhas: [{ nome: ESCOVA.nome, quantidade: 2 }],
          frete: 1990,
          tipo: 'pix',
        }),
        b: await pedido({
          situacao: 'ENTREGUE',
          criado: sp('2024-03-02T15:00:00'),
          linhas: [
            { nome: CURSO.nome, quantidade: 1 },
            { nome: ESCOVA.nome, quantidade: 1 },
          ],
          frete: 2490,
          tipo: 'credit',
        }),
        // 23:59:59 in São Paulo is already the next day in UTC: it counts on the 4th.
        c: await pedido({
          situacao: 'ENVIADO',
          criado: sp('2024-03-04T23:59:59'),
          linhas: [
            { nome: LUVAS.nome, quantidade: 3 },
            { nome: DEMO_BRINDE.nome, quantidade: 1, brinde: true },
          ],
          tipo: 'pix',
        }),
        d: await pedido({
          situacao: 'CANCELADO',
          criado: sp('2024-03-05T00:00:00'),
          linhas: [{ nome: ESCOVA.nome, quantidade: 5 }],
        }),
        e: await pedido({
          situacao: 'PENDENTE',
          criado: sp('2024-03-06T09:00:00'),
          linhas: [{ nome: ESPELHO.nome, quantidade: 1 }],
        }),
        f: await pedido({
          situacao: 'RECUSADO',
          criado: sp('2024-03-06T11:00:00'),
          linhas: [{ nome: ESPELHO.nome, quantidade: 2 }],
          tipo: 'credit',
        }),
      };
    });

    it('resumo, receita por dia, situações, mais vendidos e PIX × cartão', async () => {
      const v = contentOf(dashboardApi.vendas, await painel('?dataInicio=2024-03-01&dataFim=2024-03-07'));
      // a: 2 × 18,90 + 19,90 = 57,70; b: 97,00 + 18,90 + 24,90 = 140,80; c: 3 × 54,90 = 164,70.
      expect(v.resumo).toEqual({ receita: 36320, pedidosPagos: 3, ticketMedio: 12107, pedidos: 6 });
      expect(v.receitaPorDia).toEqual([
        { dia: '2024-03-01', receita: 0, pedidos: 0 },
        { dia: '2024-03-02', receita: 5770 + 14080, pedidos: 2 },
        { dia: '2024-03-03', receita: 0, pedidos: 0 },
        { dia: '2024-03-04', receita: 16470, pedidos: 1 },
        { dia: '2024-03-05', receita: 0, pedidos: 0 },
        { dia: '2024-03-06', receita: 0, pedidos: 0 },
        { dia: '2024-03-07', receita: 0, pedidos: 0 },
      ]);
      expect(v.pedidosPorSituacao).toEqual([
        { situacao: 'PENDENTE', quantidade: 1, valor: 2490 },
        { situacao: 'PAGO', quantidade: 1, valor: 5770 },
        { situacao: 'ENVIADO', quantidade: 1, valor: 16470 },
        { situacao: 'ENTREGUE', quantidade: 1, valor: 14080 },
        { situacao: 'CANCELADO', quantidade: 1, valor: 9450 },
        { situacao: 'RECUSADO', quantidade: 1, valor: 4980 },
        { situacao: 'DEVOLUCAO_SOLICITADA', quantidade: 0, valor: 0 },
      ]);
      // The gift line of c is left out; ties on units go to the larger revenue.
      expect(v.maisVendidos).toEqual([
        { produtoId: produtoId.get(LUVAS.nome), produtoNome: LUVAS.nome, quantidade: 3, receita: 16470 },
        { produtoId: produtoId.get(ESCOVA.nome), produtoNome: ESCOVA.nome, quantidade: 3, receita: 5670 },
        { produtoId: produtoId.get(CURSO.nome), produtoNome: CURSO.nome, quantidade: 1, receita: 9700 },
      ]);
      expect(v.porPagamento).toEqual([
        { tipoPagamento: 'pix', pedidos: 2, receita: 5770 + 16470 },
        { tipoPagamento: 'credit', pedidos: 1, receita: 14080 },
        { tipoPagamento: 'boleto', pedidos: 0, receita: 0 },
      ]);
    });

    it('um período sem pedidos: zeros em todos os dias, todas as situações e os três meios; nenhum mais vendido', async () => {
      const v = contentOf(dashboardApi.vendas, await painel('?dataInicio=2023-06-01&dataFim=2023-06-03'));
      expect(v.resumo).toEqual({ receita: 0, pedidosPagos: 0, ticketMedio: 0, pedidos: 0 });
      expect(v.receitaPorDia).toEqual(
        ['2023-06-01', '2023-06-02', '2023-06-03'].map((dia) => ({ dia, receita: 0, pedidos: 0 })),
      );
      expect(v.pedidosPorSituacao).toEqual(SITUACOES_PEDIDO.map((situacao) => ({ situacao, quantidade: 0, valor: 0 })));
      expect(v.maisVendidos).toEqual([]);
      expect(v.porPagamento).toEqual([
        { tipoPagamento: 'pix', pedidos: 0, receita: 0 },
        { tipoPagamento: 'credit', pedidos: 0, receita: 0 },
        { tipoPagamento: 'boleto', pedidos: 0, receita: 0 },
      ]);
    });

    it('o mesmo período na listagem de pedidos dá os mesmos números', async () => {
      const lista = contentOf(
        pedidoApi.listagemAdmin,
        await t.app.inject({
          method: 'GET',
          url: '/api/pedido/admin/listagem?dataInicio=2024-03-01&dataFim=2024-03-07&size=100',
          headers: bearer(tokens.admin),
        }),
      );
      expect(lista.pedidos.map((p) => p.id).sort((x, y) => x - y)).toEqual(
        [ids.a, ids.b, ids.c, ids.d, ids.e, ids.f].sort((x, y) => x - y),
      );
    });

    it('cada número vem de uma consulta só: 5 consultas por painel, quantos pedidos houver', async () => {
      const service = createDashboardService({ repository: createDashboardRepository(t.database.db) });
      const q = { dataInicio: '2024-03-01', dataFim: '2024-03-07' };
      const { result, queries: consultas } = await countQueries(t.database.db, () => service.vendas(q));
      expect(consultas).toBe(5);
      expect(result.resumo.pedidos).toBe(6);
      const longo = await countQueries(t.database.db, () =>
        service.vendas({ dataInicio: somarDias(hojeNaClinica(), -365), dataFim: hojeNaClinica() }),
      );
      expect(longo.queries).toBe(5);
      expect(longo.result.resumo.pedidos).toBeGreaterThan(40);
    });
  });

  describe('as vendas de demonstração', () => {
    /** Every order of the admin listing for the period, page by page. */
    async function listagem(dataInicio: string, dataFim: string): Promise<PedidoResumo[]> {
      const todos: PedidoResumo[] = [];
      for (let page = 0; ; page++) {
        const r = contentOf(
          pedidoApi.listagemAdmin,
          await t.app.inject({
            method: 'GET',
            url: `/api/pedido/admin/listagem?dataInicio=${dataInicio}&dataFim=${dataFim}&size=100&page=${page}`,
            headers: bearer(tokens.admin),
          }),
        );
        todos.push(...r.pedidos);
        if (page + 1 >= r.totalPaginas) return todos;
      }
    }

    it('dão números não nulos nos últimos 60 dias', async () => {
      const hoje = hojeNaClinica();
      const v = contentOf(dashboardApi.vendas, await painel(`?dataInicio=${somarDias(hoje, -59)}&dataFim=${hoje}`));
      expect(v.resumo.receita).toBeGreaterThan(0);
      expect(v.resumo.pedidosPagos).toBeGreaterThanOrEqual(20);
      expect(v.resumo.ticketMedio).toBeGreaterThan(0);
      expect(v.receitaPorDia.filter((d) => d.receita > 0).length).toBeGreaterThanOrEqual(10);
      expect(v.maisVendidos.length).toBe(10);
      expect(v.maisVendidos.map((m) => m.produtoNome)).not.toContain(DEMO_BRINDE.nome);
      // The demo sales are paid by card and PIX; boleto is listed with its zeros.
      for (const tipo of v.porPagamento.filter((p) => p.tipoPagamento !== 'boleto')) {
        expect(tipo.pedidos, tipo.tipoPagamento).toBeGreaterThan(0);
      }
      for (const s of v.pedidosPorSituacao) expect(s.quantidade, s.situacao).toBeGreaterThan(0);
      // None of them today: the staff's order list opens on today's orders (ADR 016).
      expect(v.receitaPorDia.at(-1)).toEqual({ dia: hoje, receita: 0, pedidos: 0 });
    });

    it('batem com GET /pedido/admin/listagem no mesmo período (com pedidos de hoje também)', async () => {
      const hoje = hojeNaClinica();
      // Two orders placed today, one paid: the default period includes them.
      await pedido({
        situacao: 'PAGO',
        criado: new Date(Date.now() - 60_000),
        linhas: [{ nome: LUVAS.nome, quantidade: 1 }],
        frete: 1990,
      });
      await pedido({
        situacao: 'PENDENTE',
        criado: new Date(Date.now() - 30_000),
        linhas: [{ nome: ESCOVA.nome, quantidade: 1 }],
      });
      for (const [inicio, fim] of [
        [somarDias(hoje, -59), hoje],
        [somarDias(hoje, -29), hoje],
        [somarDias(hoje, -20), somarDias(hoje, -10)],
      ] as const) {
        const v = contentOf(dashboardApi.vendas, await painel(`?dataInicio=${inicio}&dataFim=${fim}`));
        const todos = await listagem(inicio, fim);
        const vendas = todos.filter((p) => (SITUACOES_VENDA as readonly string[]).includes(p.situacaoPedido));
        const soma = (ps: PedidoResumo[]) => ps.reduce((s, p) => s + p.valorTotal, 0);
        const periodo = `${inicio}..${fim}`;

        expect(v.resumo.pedidos, periodo).toBe(todos.length);
        expect(v.resumo.pedidosPagos, periodo).toBe(vendas.length);
        expect(v.resumo.receita, periodo).toBe(soma(vendas));
        expect(v.resumo.ticketMedio, periodo).toBe(vendas.length ? Math.round(soma(vendas) / vendas.length) : 0);

        expect(v.pedidosPorSituacao, periodo).toEqual(
          SITUACOES_PEDIDO.map((situacao) => {
            const ps = todos.filter((p) => p.situacaoPedido === situacao);
            return { situacao, quantidade: ps.length, valor: soma(ps) };
          }),
        );
        expect(v.receitaPorDia, periodo).toEqual(
          Array.from({ length: diasNoPeriodo(inicio, fim) }, (_, i) => {
            const dia = somarDias(inicio, i);
            const ps = vendas.filter((p) => diaSP(p.dtPedido) === dia);
            return { dia, receita: soma(ps), pedidos: ps.length };
          }),
        );
        expect(v.porPagamento, periodo).toEqual(
          (['pix', 'credit', 'boleto'] as const).map((tipo) => {
            const ps = vendas.filter((p) => p.pagamento?.tipoPagamento === tipo);
            return { tipoPagamento: tipo, pedidos: ps.length, receita: soma(ps) };
          }),
        );
        // Units per product (the gift left out), as the listing's lines tell them.
        const unidades = new Map<number, number>();
        for (const p of vendas) {
          for (const l of p.produtos) {
            if (l.produtoId === produtoId.get(DEMO_BRINDE.nome)) continue;
            unidades.set(l.produtoId, (unidades.get(l.produtoId) ?? 0) + l.quantidade);
          }
        }
        for (const m of v.maisVendidos)
          expect(m.quantidade, `${periodo} ${m.produtoNome}`).toBe(unidades.get(m.produtoId));
        const ordenadas = [...unidades.values()].sort((x, y) => y - x).slice(0, 10);
        expect(
          v.maisVendidos.map((m) => m.quantidade),
          periodo,
        ).toEqual(ordenadas);
      }
      // Today's paid order is in the default period's last day.
      const padrao = contentOf(dashboardApi.vendas, await painel());
      expect(padrao.receitaPorDia.at(-1)).toEqual({ dia: hoje, receita: LUVAS.preco + 1990, pedidos: 1 });
    });
  });
});
