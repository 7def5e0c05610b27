/**
 * docs/quality.md#p3-no-n1-queries: the number of queries of each catalogue read does not grow
 * with the number of rows it returns (no N+1). Queries are counted at the
 * driver (`db.$client.query`, what Drizzle calls for every statement).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { compararNomes } from '@clinica/shared/ordem-nomes';
import { LIMITE_CARDS_POR_CATEGORIA, produtoApi } from '@clinica/shared/schemas/produto';
import { contentOf, createTestApp, ensurePermissoes, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';
import { LIMITE_MENU_POR_TIPO } from './produto.repository.js';

describe.each(testDatabaseTargets())('número de consultas por leitura do catálogo (%s)', (kind) => {
  let t: TestApp;
  let produtoId: number;
  let fisica: number;
  let digital: number;

  const sql = (text: string, params?: unknown[]) => t.database.raw<{ id: number }>(text, params);

  /** `n` products in `categoria`, each with 3 images (with sizes), a sheet, a review, tags and authors. */
  async function addProdutos(categoria: number, n: number, prefixo: string): Promise<number[]> {
    const rows = await sql(
      `INSERT INTO produtos (nome, descricao, preco, categoria_id, digital, produto_exibido_site, titulo_imagem_home, path_img_destaque)
       SELECT $2 || ' ' || i, 'Produto de teste número ' || i, 10 + i, $1, c.digital, true, 'Banner ' || i,
              '/api/arquivos/produtos/' || $2 || '-' || i || '-1.webp'
       FROM generate_series(1, $3::int) AS i, categorias c WHERE c.id = $1
       RETURNING id`,
      [categoria, prefixo, n],
    );
    const ids = rows.map((r) => Number(r.id));
    await sql(
      `INSERT INTO produto_imagens (produto_id, nome, path, imagem_site, ordem)
       SELECT p.id, 'img', replace(p.path_img_destaque, '-1.webp', '-' || k || '.webp'), k = 0, k
       FROM produtos p, generate_series(0, 3) AS k WHERE p.id = ANY($1::int[])`,
      [ids],
    );
    await sql(
      `INSERT INTO imagens (path, largura, altura, variantes)
       SELECT path, 800, 600, jsonb_build_array(jsonb_build_object('largura', 800, 'path', path))
       FROM produto_imagens WHERE produto_id = ANY($1::int[])`,
      [ids],
    );
    await sql(
      `INSERT INTO fichas_tecnicas (produto_id, descricao, valor) SELECT id, 'Peso', '10 g' FROM produtos WHERE id = ANY($1::int[])`,
      [ids],
    );
    await sql(
      `INSERT INTO avaliacoes (produto_id, cliente_id, nota, comentario)
       SELECT p.id, c.id, 4.5, 'Bom' FROM produtos p, (SELECT id FROM clientes ORDER BY id LIMIT 1) c WHERE p.id = ANY($1::int[])`,
      [ids],
    );
    return ids;
  }

  /** Many children for one product: images, sheet rows, tags, authors and reviews by many clients. */
  async function addFilhos(id: number, n: number) {
    await sql(
      `INSERT INTO produto_imagens (produto_id, nome, path, ordem)
       SELECT $1::int, 'extra', '/api/arquivos/produtos/extra-' || $1::int || '-' || k || '.webp', 10 + k FROM generate_series(1, $2::int) k`,
      [id, n],
    );
    await sql(
      `INSERT INTO imagens (path, largura, altura, variantes)
       SELECT path, 640, 480, jsonb_build_array(jsonb_build_object('largura', 640, 'path', path))
       FROM produto_imagens WHERE produto_id = $1::int AND nome = 'extra'`,
      [id],
    );
    await sql(
      `INSERT INTO fichas_tecnicas (produto_id, descricao, valor) SELECT $1::int, 'Item ' || k, 'valor' FROM generate_series(1, $2::int) k`,
      [id, n],
    );
    await sql(`INSERT INTO tags (nome) SELECT 'Tag ' || $1::int || '-' || k FROM generate_series(1, $2::int) k`, [
      id,
      n,
    ]);
    await sql(
      `INSERT INTO produto_tags (produto_id, tag_id) SELECT $1::int, id FROM tags WHERE nome LIKE 'Tag ' || $1::int || '-%'`,
      [id],
    );
    await sql(
      `INSERT INTO autores (nome, sobre) SELECT 'Autor ' || $1::int || '-' || k, 'Sobre' FROM generate_series(1, $2::int) k`,
      [id, n],
    );
    await sql(
      `INSERT INTO produto_autores (produto_id, autor_id) SELECT $1::int, id FROM autores WHERE nome LIKE 'Autor ' || $1::int || '-%'`,
      [id],
    );
    await sql(
      `INSERT INTO avaliacoes (produto_id, cliente_id, nota, comentario)
       SELECT $1::int, c.id, 3.5, 'Ok' FROM clientes c WHERE NOT EXISTS (SELECT 1 FROM avaliacoes a WHERE a.produto_id = $1::int AND a.cliente_id = c.id)`,
      [id],
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ kind });
    await ensurePermissoes(t.database);
    await sql(
      `INSERT INTO usuarios (nome, email, senha_hash, permissao_id)
       SELECT 'Cliente ' || k, 'cliente' || k || '@teste.com.br', 'x', 2 FROM generate_series(1, 40) k`,
    );
    await sql(
      `INSERT INTO clientes (usuario_id, juridica, nome, cpf, telefone)
       SELECT id, false, nome, lpad(id::text, 11, '0'), '119' || lpad(id::text, 8, '0') FROM usuarios`,
    );
    [{ id: fisica }, { id: digital }] = (await sql(
      "INSERT INTO categorias (nome, digital) VALUES ('Escovas', false), ('Cursos', true) RETURNING id",
    )) as [{ id: number }, { id: number }];
    await sql("INSERT INTO condicoes_desconto (descricao, valor, ativo) VALUES ('Brinde', 300, true)");
    await sql(
      "INSERT INTO produtos (nome, preco, categoria_id, brinde) SELECT 'Brinde', 0, id, true FROM categorias WHERE NOT digital",
    );
    produtoId = (await addProdutos(fisica, 1, 'Escova'))[0]!;
    await addProdutos(digital, 1, 'Curso');
  });
  afterAll(() => t?.dispose());

  // The catalogue's version costs a statement per read on PostgreSQL; PGlite's is counted in the process (ADR 021).
  const v = kind === 'postgres' ? 1 : 0;
  const soAVersao = { categorias: v, detalhe: v, banners: v, busca: v, nomes: v, menus: v, brinde: v };

  /** The statements of every public read, with the size of what it returned. */
  async function medir() {
    const db = t.database.db;
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const categorias = await countQueries(db, async () =>
      contentOf(produtoApi.categorias, await get('/api/produto/categoria')),
    );
    const detalhe = await countQueries(db, async () =>
      contentOf(produtoApi.detalhe, await get(`/api/produto/${produtoId}`)),
    );
    const banners = await countQueries(db, async () => contentOf(produtoApi.banners, await get('/api/produto/site/')));
    const busca = await countQueries(db, async () =>
      contentOf(produtoApi.buscaListagem, await get('/api/produto/buscaNomeListagem?pesquisaProduto=escova')),
    );
    const nomes = await countQueries(db, async () =>
      contentOf(produtoApi.buscaNome, await get('/api/produto/buscaNome/escova')),
    );
    const menus = await countQueries(db, async () =>
      contentOf(produtoApi.fisicoDigital, await get('/api/produto/fisicodigital')),
    );
    const brinde = await countQueries(db, async () =>
      contentOf(produtoApi.brinde, await get('/api/produto/produtobrinde')),
    );
    const condicao = await countQueries(db, async () =>
      contentOf(descontoApi.ativa, await get('/api/condicaodesconto/ativa')),
    );
    return {
      tamanhos: {
        categorias: categorias.result.map((c) => c.listaProduto.length),
        imagens: detalhe.result.listImagemProduto.length,
        avaliacoes: detalhe.result.listaAvaliacao.length,
        tags: detalhe.result.tags.length,
        autores: detalhe.result.autores.length,
        banners: banners.result.content.listImagemProdutoSite.length,
        busca: busca.result.length,
        menus: [menus.result.listProdutoFisico.length, menus.result.listProdutoDigital.length],
      },
      consultas: {
        categorias: categorias.queries,
        detalhe: detalhe.queries,
        banners: banners.queries,
        busca: busca.queries,
        nomes: nomes.queries,
        menus: menus.queries,
        brinde: brinde.queries,
        condicao: condicao.queries,
      },
    };
  }

  it('1 produto por categoria ou 50: as mesmas consultas (a versão do catálogo e a leitura; guardada: só a versão)', async () => {
    const pouco = await medir();
    expect(pouco.tamanhos).toEqual({
      categorias: [1, 1],
      imagens: 3,
      avaliacoes: 1,
      tags: 0,
      autores: 0,
      banners: 2,
      busca: 1,
      menus: [1, 1],
    });
    // Each catalogue read: the catalogue's version, then its statement (ADR 021). The discount condition is not kept.
    const n = v + 1;
    const esperado = { categorias: n, detalhe: n, banners: n, busca: n, nomes: n, menus: n, brinde: n, condicao: 1 };
    expect(pouco.consultas).toEqual(esperado);
    // Nothing changed: the same answers, kept, for the version alone.
    const guardado = await medir();
    expect(guardado.tamanhos).toEqual(pouco.tamanhos);
    expect(guardado.consultas).toEqual({ ...esperado, ...soAVersao });

    await addProdutos(fisica, 49, 'Escova extra');
    await addProdutos(digital, 49, 'Curso extra');
    await addFilhos(produtoId, 30);
    const muito = await medir();
    expect(muito.tamanhos).toEqual({
      // The store's front lists are bounded (ADR 018): 24 cards per category, 48 names per menu.
      categorias: [LIMITE_CARDS_POR_CATEGORIA, LIMITE_CARDS_POR_CATEGORIA],
      imagens: 33,
      avaliacoes: 40,
      tags: 30,
      autores: 30,
      banners: 100,
      busca: 48,
      menus: [LIMITE_MENU_POR_TIPO, LIMITE_MENU_POR_TIPO],
    });
    // The rows written above (plain SQL, no API) raised the version: every catalogue read ran again.
    expect(muito.consultas).toEqual(esperado);
    expect((await medir()).consultas).toEqual({ ...esperado, ...soAVersao });
  });

  it('a categoria e os menus mostram os primeiros pelo nome, em ordem pt-BR; o resto continua na busca (ADR 018)', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    // The category's products in pt-BR order ('Escova extra 9' before 'Escova extra 10'), computed here from all of
    // them: the database must pick the same first ones (nome_ordem) that the service's order puts first.
    const emOrdem = async (categoria: number) =>
      (
        (await sql('SELECT id, nome FROM produtos WHERE categoria_id = $1 AND ativo AND NOT brinde', [categoria])) as {
          id: number;
          nome: string;
        }[]
      )
        .sort((a, b) => compararNomes(a.nome, b.nome) || Number(a.id) - Number(b.id))
        .map((r) => ({ id: Number(r.id), nome: r.nome }));
    const todas = await emOrdem(fisica);
    expect(todas.length).toBeGreaterThan(LIMITE_MENU_POR_TIPO);
    const lista = contentOf(produtoApi.categorias, await get('/api/produto/categoria'));
    const escovas = lista.find((c) => c.id === fisica)!;
    expect(escovas.listaProduto.map((p) => p.nome)).toEqual(
      todas.slice(0, LIMITE_CARDS_POR_CATEGORIA).map((p) => p.nome),
    );
    const menus = contentOf(produtoApi.fisicoDigital, await get('/api/produto/fisicodigital'));
    expect(menus.listProdutoFisico.map((p) => p.id)).toEqual(todas.slice(0, LIMITE_MENU_POR_TIPO).map((p) => p.id));
    // A product past the limits is still in the store: its page and the search find it.
    const { id: fora, nome: nomeFora } = todas.at(-1)!;
    expect(escovas.listaProduto.some((p) => p.id === fora)).toBe(false);
    expect(menus.listProdutoFisico.some((p) => p.id === fora)).toBe(false);
    expect((await get(`/api/produto/${fora}`)).statusCode).toBe(200);
    const busca = contentOf(
      produtoApi.buscaListagem,
      await get(`/api/produto/buscaNomeListagem?pesquisaProduto=${encodeURIComponent(nomeFora)}`),
    );
    expect(busca.some((p) => p.id === fora)).toBe(true);
  });
});
