import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';
import { produtoRelacionadosApi } from '@clinica/shared/schemas/produto-relacionados';
import { DEMO_BRINDE, DEMO_ESGOTADO, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import { contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { pedidoItens, pedidos } from '../pedido/pedido.table.js';

const nomeDe = (slug: string) => DEMO_PRODUTOS_FISICOS.find((p) => p.slug === slug)!.nome;

/** 'Quem comprou também levou' (docs/behaviour/catalogue-and-search.md#product-page), from orders written in the test. */
describe.each(testDatabaseTargets())('GET /api/produto/:id/comprados-juntos (%s)', (kind) => {
  let t: TestApp;
  let cliente: number;
  const id: Record<string, number> = {};
  /** How many related products each demo product shows with the demo's own sales (read before they are cleared). */
  const naDemonstracao = new Map<string, number>();

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const juntos = async (produtoId: number) =>
    contentOf(produtoRelacionadosApi.compradosJuntos, await get(`/api/produto/${produtoId}/comprados-juntos`));

  /** An order in `situacao` with one line per product (`brinde` lines are gifts), written directly to the tables. */
  async function pedido(situacao: SituacaoPedido, itens: (number | { brinde: number })[]) {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({ clienteId: cliente, situacao, valorProdutos: 1000, valorTotal: 1000 })
      .returning({ id: pedidos.id });
    for (const item of itens) {
      const brinde = typeof item === 'object';
      await t.database.db.insert(pedidoItens).values({
        pedidoId: p!.id,
        produtoId: brinde ? item.brinde : item,
        produtoNome: 'Produto',
        quantidade: 1,
        valorUnitario: brinde ? 0 : 1000,
        valorTotal: brinde ? 0 : 1000,
        brinde,
      });
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    for (const { id: produtoId, nome } of await t.database.raw<{ id: number; nome: string }>(
      'SELECT id, nome FROM produtos WHERE ativo AND NOT brinde',
    ))
      naDemonstracao.set(nome, (await juntos(Number(produtoId))).length);
    // Only the orders below: the demo's sales would decide the ranking otherwise.
    await t.database.raw('TRUNCATE pedidos CASCADE');
    cliente = Number((await t.database.raw<{ id: number }>('SELECT id FROM clientes ORDER BY id LIMIT 1'))[0]!.id);
    const rows = await t.database.raw<{ id: number; nome: string }>('SELECT id, nome FROM produtos');
    const porNome = new Map(rows.map((r) => [r.nome, Number(r.id)]));
    for (const slug of [
      'escova-ultramacia',
      'fio-dental-50m',
      'creme-dental-fluor',
      'espelho-bucal',
      'sonda-exploradora',
      'pinca-clinica',
      'luvas-nitrilo',
      DEMO_ESGOTADO,
    ])
      id[slug] = porNome.get(nomeDe(slug))!;
    id.brinde = porNome.get(DEMO_BRINDE.nome)!;
    // A product the store no longer shows.
    await t.database.raw('UPDATE produtos SET ativo = false WHERE id = $1', [id['pinca-clinica']]);

    const escova = id['escova-ultramacia']!;
    const fio = id['fio-dental-50m']!;
    const creme = id['creme-dental-fluor']!;
    const espelho = id['espelho-bucal']!;
    const sonda = id['sonda-exploradora']!;
    // Fio dental: in 3 paid orders with the brush (paid, shipped, delivered).
    await pedido('PAGO', [escova, fio, creme, id.brinde!]);
    await pedido('ENVIADO', [escova, fio]);
    await pedido('ENTREGUE', [escova, fio, espelho]);
    // Creme dental: many more orders with the brush, none of them bought (it would lead otherwise).
    for (const situacao of ['PENDENTE', 'CANCELADO', 'RECUSADO', 'DEVOLUCAO_SOLICITADA'] as const)
      await pedido(situacao, [escova, creme]);
    // Espelho as a gift line and the sold-out, inactive products: none of them counts or shows.
    await pedido('PAGO', [escova, { brinde: espelho }, id[DEMO_ESGOTADO]!, id['pinca-clinica']!]);
    // The brush as a gift: its order says nothing of what its buyers took.
    await pedido('PAGO', [{ brinde: escova }, sonda]);
    // Without the brush.
    await pedido('PAGO', [fio, id['luvas-nitrilo']!, creme]);
  });
  afterAll(() => t?.dispose());

  it('lista os produtos dos mesmos pedidos pagos, os que mais aparecem juntos primeiro, depois por nome', async () => {
    const lista = await juntos(id['escova-ultramacia']!);
    // Fio (3 orders), then creme dental and espelho (1 each) by name: not the brush itself, not the gift product,
    // not the sold-out nor the inactive one, nothing from unpaid orders or gift lines.
    expect(lista.map((p) => p.nome)).toEqual([
      nomeDe('fio-dental-50m'),
      nomeDe('creme-dental-fluor'),
      nomeDe('espelho-bucal'),
    ]);
    const fio = lista[0]!;
    expect(fio).toMatchObject({ id: id['fio-dental-50m'], digital: false, disponivel: true });
    expect(fio.imagemDestaque?.variantes.length).toBeGreaterThan(0);
  });

  it('conta de cada lado: o fio dental leva a escova (3 pedidos), o creme dental (2), o espelho e as luvas (1)', async () => {
    const lista = await juntos(id['fio-dental-50m']!);
    expect(lista.map((p) => p.nome)).toEqual([
      nomeDe('escova-ultramacia'),
      nomeDe('creme-dental-fluor'),
      nomeDe('espelho-bucal'),
      nomeDe('luvas-nitrilo'),
    ]);
  });

  it('as vendas de demonstração dão a vários produtos uma fileira cheia', () => {
    const cheias = [...naDemonstracao.values()].filter((n) => n >= 4);
    expect(cheias.length).toBeGreaterThanOrEqual(5);
  });

  it('um produto sem pedidos pagos com outros devolve uma lista vazia', async () => {
    expect(await juntos(id['sonda-exploradora']!)).toEqual([]);
  });

  it('guarda 5 minutos no navegador (os pedidos não mudam a versão do catálogo)', async () => {
    const res = await get(`/api/produto/${id['escova-ultramacia']}/comprados-juntos`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toBeTruthy();
  });

  it('produto desconhecido ou inativo: 404; identificador inválido: 400, em português', async () => {
    for (const produto of [999_999, id['pinca-clinica']]) {
      const res = await get(`/api/produto/${produto}/comprados-juntos`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.produtoNaoEncontrado);
    }
    for (const ruim of ['abc', '0', '-3', '1.5']) {
      const res = await get(`/api/produto/${ruim}/comprados-juntos`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[A-Za-zÀ-ú]/);
    }
  });
});
