/**
 * The header's suggestions (GET /produto/sugestoes, ADR 045): the store's search among the products that can be
 * bought now, at most six, and the categories whose name contains the text; 2 to 100 characters, else 400 in pt-BR.
 * Literal expectations, the same on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { LIMITE_SUGESTOES_PRODUTOS, MSG_SUGESTOES, sugestoesApi } from '@clinica/shared/schemas/produto-sugestoes';
import { body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

const ESCOVAS = ['Escova dental ultramacia Sorriso Pleno', 'Escova interdental cônica — kit com 6'];

describe.each(testDatabaseTargets())('sugestões da pesquisa (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const pedir = (termo: string) =>
    t.app.inject({ method: 'GET', url: `/api/produto/sugestoes?termo=${encodeURIComponent(termo)}` });
  const sugestoes = async (termo: string) => contentOf(sugestoesApi.sugestoes, await pedir(termo));

  it('produtos pela mesma busca da listagem (acentos, plural, erros de digitação), com preço e imagem', async () => {
    for (const termo of ['escova', 'ESCOVAS', 'escva']) {
      const { produtos } = await sugestoes(termo);
      expect(
        produtos.map((p) => p.nome),
        termo,
      ).toEqual(ESCOVAS);
    }
    const [escova] = (await sugestoes('escova')).produtos;
    expect(escova!.preco).toBeGreaterThan(0);
    expect(escova!.imagemDestaque?.variantes.length).toBeGreaterThan(0);
  });

  it('categorias cujo nome contém o texto, sem acentos, só as que têm produtos na loja', async () => {
    expect((await sugestoes('descartave')).categorias.map((c) => c.nome)).toEqual(['Descartáveis']);
    expect((await sugestoes('cursos')).categorias.map((c) => c.nome)).toEqual([
      'Cursos clínicos',
      'Cursos de harmonização',
    ]);
    expect((await sugestoes('harmoniza')).categorias.map((c) => c.nome)).toEqual(['Cursos de harmonização']);
    // A category with no product in the store is not offered.
    await t.database.raw("INSERT INTO categorias (nome) VALUES ('Descartáveis vazios')");
    expect((await sugestoes('descartave')).categorias.map((c) => c.nome)).toEqual(['Descartáveis']);
  });

  it('só produtos à venda agora: um produto sem estoque, desligado ou inativo some das sugestões', async () => {
    const [escova] = await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [ESCOVAS[0]]);
    await t.database.raw('UPDATE produtos SET disponivel = false WHERE id = $1', [escova!.id]);
    try {
      expect((await sugestoes('escova')).produtos.map((p) => p.nome)).toEqual([ESCOVAS[1]]);
      // The store's search still lists it (as unavailable): only the suggestions leave it out.
      const listagem = contentOf(
        produtoApi.buscaListagem,
        await t.app.inject({ method: 'GET', url: '/api/produto/buscaNomeListagem?pesquisaProduto=escova' }),
      );
      expect(listagem.map((p) => p.nome)).toEqual(ESCOVAS);
    } finally {
      await t.database.raw('UPDATE produtos SET disponivel = true WHERE id = $1', [escova!.id]);
    }
    expect((await sugestoes('brinde')).produtos).toEqual([]);
  });

  it(`no máximo ${LIMITE_SUGESTOES_PRODUTOS} produtos, os mais relevantes primeiro`, async () => {
    const { produtos } = await sugestoes('de');
    expect(produtos.length).toBeLessThanOrEqual(LIMITE_SUGESTOES_PRODUTOS);
    const { produtos: curso } = await sugestoes('toxina botulinica');
    expect(curso.map((p) => p.nome)).toEqual(['Toxina botulínica na odontologia']);
  });

  it('nada encontrado: listas vazias; caracteres especiais são texto', async () => {
    for (const termo of ['xyzzy', '%%', '__', "'; drop", 'a&b|c']) {
      expect(await sugestoes(termo), termo).toEqual({ produtos: [], categorias: [] });
    }
  });

  it('menos de 2 caracteres (depois de tirar os espaços) ou mais de 100: 400 com a mensagem em português', async () => {
    for (const [termo, mensagem] of [
      ['a', MSG_SUGESTOES.pesquisaCurta],
      ['  a  ', MSG_SUGESTOES.pesquisaCurta],
      ['', MSG_SUGESTOES.pesquisaCurta],
      ['a'.repeat(101), MSG.pesquisaLonga],
    ] as const) {
      const res = await pedir(termo);
      expect(res.statusCode, termo).toBe(400);
      expect(JSON.stringify(body(res).content), termo).toContain(mensagem);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/produto/sugestoes' })).statusCode).toBe(400);
  });

  it('guardada pela versão do catálogo como as outras leituras públicas: ETag e revalidação', async () => {
    const res = await pedir('escova');
    expect(res.headers['cache-control']).toContain('max-age=0');
    expect(res.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/produto/sugestoes?termo=escova',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
