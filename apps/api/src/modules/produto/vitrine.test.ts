/**
 * The category pages and the search grid (GET /produto/vitrine, ADR 044): each filter, each order, the pages, the
 * total and the facets, filters together, bad input (400 in Portuguese), and the 'Últimas unidades' flag; on PGlite
 * and PostgreSQL. The demo's catalogue (db/seed/demo-data.ts) plus a category of 30 burs written here, for the pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_VITRINE } from '@clinica/shared/messages-vitrine';
import { compararNomes } from '@clinica/shared/ordem-nomes';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { vitrineApi, type Vitrine } from '@clinica/shared/schemas/vitrine';
import { DEMO_ESGOTADO, DEMO_MARCA_SKU, DEMO_PRODUTOS_FISICOS, DEMO_CURSOS } from '../../db/seed/demo-data.js';
import { body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

/** The bur category written by the tests: 30 products, prices 10,00 to 39,00, two brands, one a minute newer. */
const BROCAS = 30;

describe.each(testDatabaseTargets())('vitrine: páginas de categoria e busca (%s)', (kind) => {
  let t: TestApp;
  const categoria: Record<string, number> = {};
  let brocas: number;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    for (const c of await t.database.raw<{ id: number; nome: string }>('SELECT id, nome FROM categorias')) {
      categoria[c.nome] = Number(c.id);
    }
    const [cat] = await t.database.raw<{ id: number }>(
      `INSERT INTO categorias (nome, digital) VALUES ('Brocas', false) RETURNING id`,
    );
    brocas = Number(cat!.id);
    // Broca 01 … 30: price 10 + i reais, 'KG Sorensen' for the odd ones, one minute newer each, 10 units but the
    // last three (sold out).
    await t.database.raw(
      `INSERT INTO produtos (nome, preco, categoria_id, marca, sku, estoque, estoque_minimo, created_at)
       SELECT 'Broca diamantada ' || lpad(i::text, 2, '0'), 9 + i, $1,
              CASE WHEN i % 2 = 1 THEN 'KG Sorensen' ELSE 'Microdont' END, 'BRC-' || i,
              CASE WHEN i > 27 THEN 0 ELSE 10 END, 2, now() - ((40 - i) * interval '1 minute')
       FROM generate_series(1, ${BROCAS}) i`,
      [brocas],
    );
  });
  afterAll(() => t?.dispose());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/produto/vitrine?${query}` });
  const vitrine = async (query: string): Promise<Vitrine> => contentOf(vitrineApi.vitrine, await get(query));
  const nomes = async (query: string) => (await vitrine(query)).produtos.map((p) => p.nome);
  const fisicosDaDemo = DEMO_PRODUTOS_FISICOS.filter((p) => !p.brinde);

  it('todos os físicos: só produtos físicos da loja (sem o brinde), por nome, com o total', async () => {
    const v = await vitrine('tipo=fisicos');
    expect(v.total).toBe(fisicosDaDemo.length + BROCAS);
    expect(v.produtos.every((p) => !p.digital)).toBe(true);
    expect(v.produtos).toHaveLength(24);
    expect(v.categoria).toBeNull();
    const esperados = [
      ...fisicosDaDemo.map((p) => p.nome),
      ...Array.from({ length: BROCAS }, (_, i) => `Broca diamantada ${String(i + 1).padStart(2, '0')}`),
    ]
      .sort(compararNomes)
      .slice(0, 24);
    expect(v.produtos.map((p) => p.nome)).toEqual(esperados);
  });

  it('todos os digitais: os cursos, por nome, sem marcas', async () => {
    const v = await vitrine('tipo=digitais');
    expect(v.produtos.map((p) => p.nome)).toEqual(DEMO_CURSOS.map((c) => c.nome).sort(compararNomes));
    expect(v.total).toBe(DEMO_CURSOS.length);
    expect(v.marcas).toEqual([]);
  });

  it('categoria: só os seus produtos, o seu nome; categoria desconhecida 404', async () => {
    const v = await vitrine(`categoria=${categoria['Escovas e higiene']}`);
    expect(v.categoria).toEqual({ id: categoria['Escovas e higiene'], nome: 'Escovas e higiene', digital: false });
    const daDemo = fisicosDaDemo.filter((p) => p.categoria === 'higiene').map((p) => p.nome);
    expect(v.produtos.map((p) => p.nome)).toEqual([...daDemo].sort(compararNomes));
    expect(v.total).toBe(daDemo.length);
    const res = await get('categoria=999999');
    expect([res.statusCode, body(res).message]).toEqual([404, MSG_VITRINE.categoriaNaoEncontrada]);
  });

  it('facetas: marcas com contagens (por nome) e faixa de preço da categoria', async () => {
    const v = await vitrine(`categoria=${categoria['Escovas e higiene']}`);
    expect(v.marcas).toEqual([
      { nome: 'Colgate', quantidade: 3 },
      { nome: 'Oral-B', quantidade: 2 },
    ]);
    expect([v.precoMinimo, v.precoMaximo]).toEqual([1250, 3290]);
  });

  it('preço mínimo e máximo (reais, com vírgula ou ponto): só os preços na faixa; a faixa da faceta não muda', async () => {
    for (const q of ['precoMin=15&precoMax=30', 'precoMin=15,00&precoMax=29.90', 'precoMin=15.0&precoMax=30,00']) {
      const v = await vitrine(`categoria=${categoria['Escovas e higiene']}&${q}`);
      expect(
        v.produtos.map((p) => p.preco).sort((a, b) => a - b),
        q,
      ).toEqual([1890, 2990]);
      expect(v.total).toBe(2);
      expect([v.precoMinimo, v.precoMaximo]).toEqual([1250, 3290]);
      // The brands' counts follow the price.
      expect(v.marcas).toEqual([
        { nome: 'Colgate', quantidade: 1 },
        { nome: 'Oral-B', quantidade: 1 },
      ]);
    }
    // By name: 'Kit clareamento…' before 'Kit de curetas…'.
    expect((await vitrine('tipo=fisicos&precoMin=249')).produtos.map((p) => p.preco)).toEqual([24900, 28900]);
  });

  it('em estoque: sem o esgotado', async () => {
    const esgotado = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === DEMO_ESGOTADO)!;
    const cat = `categoria=${categoria['Materiais restauradores']}`;
    expect(await nomes(cat)).toContain(esgotado.nome);
    const v = await vitrine(`${cat}&emEstoque=true`);
    expect(v.produtos.map((p) => p.nome)).not.toContain(esgotado.nome);
    expect(v.produtos.every((p) => p.disponivel)).toBe(true);
    expect(v.total).toBe((await vitrine(cat)).total - 1);
    expect((await vitrine(`${cat}&emEstoque=false`)).total).toBe((await vitrine(cat)).total);
  });

  it('marca (uma ou várias, separadas por vírgula): só as suas; as contagens das marcas não dependem dela', async () => {
    const cat = `categoria=${categoria['Escovas e higiene']}`;
    const colgate = await vitrine(`${cat}&marca=Colgate`);
    const comMarca = Object.entries(DEMO_MARCA_SKU);
    const slugsColgate = comMarca.filter(([, m]) => m.marca === 'Colgate').map(([s]) => s);
    expect(colgate.produtos.map((p) => p.nome).sort(compararNomes)).toEqual(
      fisicosDaDemo
        .filter((p) => slugsColgate.includes(p.slug))
        .map((p) => p.nome)
        .sort(compararNomes),
    );
    expect(colgate.total).toBe(3);
    expect(colgate.marcas).toEqual([
      { nome: 'Colgate', quantidade: 3 },
      { nome: 'Oral-B', quantidade: 2 },
    ]);
    expect((await vitrine(`${cat}&marca=Colgate,Oral-B`)).total).toBe(5);
    expect((await vitrine(`${cat}&marca=Marca%20inexistente`)).total).toBe(0);
    // The faceted price range follows the brand.
    expect([colgate.precoMinimo, colgate.precoMaximo]).toEqual([1490, 3290]);
  });

  it('texto: a mesma busca da loja (palavras, acentos, erros de digitação), ordenada por relevância', async () => {
    const busca = async (texto: string) =>
      contentOf(
        produtoApi.buscaListagem,
        await t.app.inject({
          method: 'GET',
          url: `/api/produto/buscaNomeListagem?pesquisaProduto=${encodeURIComponent(texto)}`,
        }),
      ).map((p) => p.nome);
    for (const texto of ['escova', 'escovas', 'escva', 'harmonizacao', 'resina composta', 'broca']) {
      expect(await nomes(`pesquisaProduto=${encodeURIComponent(texto)}`), texto).toEqual(
        (await busca(texto)).slice(0, 24),
      );
    }
    expect(await nomes('pesquisaProduto=xyzzy')).toEqual([]);
    // With a kind: only that kind among the results.
    const resina = await vitrine('pesquisaProduto=resina&tipo=digitais');
    expect(resina.produtos.map((p) => p.nome)).toEqual(['Restaurações estéticas em resina composta']);
  });

  it('ordens: menor preço, maior preço, mais bem avaliados, novidades', async () => {
    const precos = async (ordem: string) => (await vitrine(`tipo=fisicos&ordem=${ordem}`)).produtos.map((p) => p.preco);
    const menor = await precos('menor-preco');
    expect(menor).toEqual([...menor].sort((a, b) => a - b));
    expect(menor[0]).toBe(1000);
    const maior = await precos('maior-preco');
    expect(maior).toEqual([...maior].sort((a, b) => b - a));
    expect(maior[0]).toBe(28900);

    const avaliados = (await vitrine('ordem=avaliacao')).produtos;
    const chave = (p: (typeof avaliados)[number]) => (p.quantidadeAvaliacoes > 0 ? p.nota : -1);
    expect(avaliados[0]!.quantidadeAvaliacoes).toBeGreaterThan(0);
    for (let i = 1; i < avaliados.length; i++)
      expect(chave(avaliados[i - 1]!)).toBeGreaterThanOrEqual(chave(avaliados[i]!));

    // The newest burs first (Broca 30 is the newest).
    expect((await nomes(`categoria=${brocas}&ordem=novidades`)).slice(0, 3)).toEqual([
      'Broca diamantada 30',
      'Broca diamantada 29',
      'Broca diamantada 28',
    ]);
    // A text with another order: the matches in that order.
    const escovas = await vitrine('pesquisaProduto=escova&ordem=maior-preco');
    expect(escovas.produtos.map((p) => p.preco)).toEqual([2990, 1890]);
  });

  it('páginas de 24: a segunda traz o resto, sem repetir; além da última, vazia com o total', async () => {
    const p1 = await vitrine(`categoria=${brocas}`);
    const p2 = await vitrine(`categoria=${brocas}&pagina=2`);
    expect([p1.produtos.length, p2.produtos.length, p1.total, p2.total, p1.porPagina]).toEqual([24, 6, 30, 30, 24]);
    expect(p2.pagina).toBe(2);
    const todos = [...p1.produtos, ...p2.produtos].map((p) => p.nome);
    expect(new Set(todos).size).toBe(30);
    expect(todos).toEqual([...todos].sort(compararNomes));
    const p3 = await vitrine(`categoria=${brocas}&pagina=3`);
    expect([p3.produtos.length, p3.total]).toEqual([0, 30]);
    // The pages of an order by price.
    const barata = await vitrine(`categoria=${brocas}&ordem=menor-preco&pagina=2`);
    expect(barata.produtos.map((p) => p.preco)).toEqual([3400, 3500, 3600, 3700, 3800, 3900]);
  });

  it('filtros juntos: categoria, faixa de preço, marca, em estoque e ordem', async () => {
    const v = await vitrine(
      `categoria=${brocas}&precoMin=20&precoMax=38&marca=KG%20Sorensen&emEstoque=true&ordem=maior-preco`,
    );
    // Odd burs (KG Sorensen) priced 20..38 reais (i = 11..29) and in stock (i ≤ 27): 27, 25, …, 11.
    expect(v.produtos.map((p) => p.nome)).toEqual(
      [27, 25, 23, 21, 19, 17, 15, 13, 11].map((i) => `Broca diamantada ${i}`),
    );
    expect(v.total).toBe(9);
    expect(v.marcas).toEqual([
      { nome: 'KG Sorensen', quantidade: 9 },
      // Even burs priced 20..38 reais and in stock: 12, 14, …, 26.
      { nome: 'Microdont', quantidade: 8 },
    ]);
    // The price range of the facet: every filter but the price (KG Sorensen in stock: 10 … 36 reais).
    expect([v.precoMinimo, v.precoMaximo]).toEqual([1000, 3600]);
  });

  it.each([
    ['precoMin=abc', MSG_VITRINE.precoInvalido],
    ['precoMax=-5', MSG_VITRINE.precoInvalido],
    ['precoMin=1.999', MSG_VITRINE.precoInvalido],
    ['precoMin=50&precoMax=10', MSG_VITRINE.faixaDePrecoInvertida],
    ['tipo=todos', MSG_VITRINE.tipoInvalido],
    ['ordem=preco', MSG_VITRINE.ordemInvalida],
    ['pagina=0', MSG.paginaInvalida],
    ['pagina=51', MSG.paginaInvalida],
    ['pagina=1.5', MSG.paginaInvalida],
    ['emEstoque=sim', MSG_VITRINE.emEstoqueInvalido],
    ['categoria=0', MSG.identificadorInvalido],
    ['categoria=abc', MSG.identificadorInvalido],
    [`marca=${Array.from({ length: 21 }, (_, i) => `M${i}`).join(',')}`, MSG_VITRINE.marcasDemais],
    [`pesquisaProduto=${'a'.repeat(101)}`, MSG.pesquisaLonga],
    ['precoMin=1&precoMin=2', MSG_VITRINE.precoInvalido],
  ])('%s: 400 com a mensagem em português', async (query, mensagem) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    const errors = body<{ errors?: { mensagem: string }[] }>(res).content.errors ?? [];
    expect(errors.map((e) => e.mensagem)).toContain(mensagem);
  });

  it("'Últimas unidades': só a bandeira (nunca as unidades), e muda com o estoque na resposta guardada", async () => {
    const cat = `categoria=${categoria['Descartáveis']}`;
    const flags = async () => Object.fromEntries((await vitrine(cat)).produtos.map((p) => [p.nome, p.ultimasUnidades]));
    const mascara = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'mascara-tripla')!.nome;
    const antes = await flags();
    expect(Object.entries(antes).filter(([, v]) => v)).toEqual([[mascara, true]]);
    const res = await get(cat);
    expect(res.body).not.toMatch(/"estoque"|"restam"|"reservado"/);
    // The categories' carousels carry the same flag.
    const carrossel = contentOf(
      produtoApi.categorias,
      await t.app.inject({ method: 'GET', url: '/api/produto/categoria' }),
    );
    expect(carrossel.flatMap((c) => c.listaProduto).find((p) => p.nome === mascara)?.ultimasUnidades).toBe(true);

    await t.database.raw(`UPDATE produtos SET estoque = estoque + 100 WHERE nome = $1`, [mascara]);
    expect((await flags())[mascara]).toBe(false);
    await t.database.raw(`UPDATE produtos SET estoque = estoque - 100 WHERE nome = $1`, [mascara]);
    expect((await flags())[mascara]).toBe(true);
  });
});
