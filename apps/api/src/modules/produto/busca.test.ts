/**
 * The store search (GET /produto/buscaNomeListagem and /produto/buscaNome/:text):
 * Portuguese full text without accents, typo-tolerant, ranked; the same
 * answers on PGlite and PostgreSQL (every expectation below is a literal list,
 * checked on each database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { DEMO_BRINDE } from '../../db/seed/demo-data.js';
import { body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

const ESCOVAS = ['Escova dental ultramacia Sorriso Pleno', 'Escova interdental cônica — kit com 6'];
const HARMONIZACAO = 'Harmonização Orofacial: fundamentos e planejamento';

describe.each(testDatabaseTargets())('busca de produtos (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const listagem = async (texto: string) =>
    contentOf(
      produtoApi.buscaListagem,
      await t.app.inject({
        method: 'GET',
        url: `/api/produto/buscaNomeListagem?pesquisaProduto=${encodeURIComponent(texto)}`,
      }),
    );
  const nomes = async (texto: string) => (await listagem(texto)).map((p) => p.nome);

  it('sem acentos, com acentos, maiúsculas: "harmonizacao" acha "Harmonização"', async () => {
    for (const texto of ['harmonizacao', 'Harmonização', 'HARMONIZAÇÃO', '  harmonização  ']) {
      expect(await nomes(texto), texto).toEqual([HARMONIZACAO]);
    }
  });

  it('plural e singular: "escovas" acha as escovas, na mesma ordem de "escova"', async () => {
    expect(await nomes('escovas')).toEqual(ESCOVAS);
    expect(await nomes('escova')).toEqual(ESCOVAS);
    expect(await nomes('luva')).toEqual(['Luvas de procedimento em nitrilo — caixa com 100']);
  });

  it('erros de digitação e palavras incompletas: "escva", "harmoniz", "seringass"', async () => {
    expect(await nomes('escva')).toEqual(ESCOVAS);
    expect(await nomes('harmoniz')).toEqual([HARMONIZACAO]);
    expect(await nomes('toxina botulinca')).toEqual(['Toxina botulínica na odontologia']);
    expect(await nomes('clareammento')).toContain('Kit clareamento caseiro com moldeiras');
  });

  it('a mesma resposta em cada execução da instrução preparada (plano genérico depois da quinta)', async () => {
    const primeira = await listagem('resina');
    expect(primeira.length).toBeGreaterThan(0);
    for (let i = 0; i < 8; i++) expect(await listagem('resina')).toEqual(primeira);
    expect(await nomes('escova')).toEqual(ESCOVAS);
  });

  it('várias palavras: todas precisam estar no produto (nome ou descrição)', async () => {
    expect(await nomes('fio dental')).toEqual(['Fio dental com cera e menta 50 m']);
    expect(await nomes('resina composta')).toEqual([
      'Resina composta nanoparticulada A2 — 4 g',
      'Restaurações estéticas em resina composta',
    ]);
  });

  it('nada encontrado, texto vazio ou só espaços: lista vazia', async () => {
    for (const texto of ['xyzzy', 'qwrtpsdfg zxcvb', '', '   ', '\t']) {
      expect(await listagem(texto), JSON.stringify(texto)).toEqual([]);
    }
    // Without the parameter the request breaks the contract (it is required).
    const res = await t.app.inject({ method: 'GET', url: '/api/produto/buscaNomeListagem' });
    expect(res.statusCode).toBe(400);
  });

  it('caracteres especiais são texto, nunca operadores: %, _, aspas, barra, :, &, |, !, (', async () => {
    for (const texto of [
      '%',
      '_',
      "'",
      '\\',
      ':',
      '&',
      '|',
      '!',
      '(',
      '%%',
      "'; DROP TABLE produtos; --",
      '*:',
      '!(a|b)',
    ]) {
      expect(await listagem(texto), texto).toEqual([]);
    }
    for (const texto of ['escova%', "escova'", 'escova\\', 'escova:*', 'escova & | ! (', '(escova)', 'escova_']) {
      expect(await nomes(texto), texto).toEqual(ESCOVAS);
    }
    // As LIKE patterns, "%" would find everything and "esc_va" the escovas: here they are plain characters.
    expect(await nomes('esc_va')).toEqual([]);
    const [row] = await t.database.raw<{ n: number | string }>('SELECT count(*) AS n FROM produtos');
    expect(Number(row?.n)).toBeGreaterThan(20);
  });

  it('o nome exato vem primeiro, depois quem começa com o texto, depois o resto; nome pesa mais que descrição', async () => {
    const [cat] = await t.database.raw<{ id: number }>('SELECT id FROM categorias WHERE NOT digital LIMIT 1');
    await t.database.raw(
      `INSERT INTO produtos (nome, descricao, preco, categoria_id) VALUES
        ('Estojo com fio dental e escova', 'Kit de viagem', 30, $1),
        ('Fio dental', 'O clássico', 9.9, $1),
        ('Porta-escova de mesa', 'Acompanha fio dental extra', 15, $1)`,
      [cat?.id],
    );
    try {
      expect(await nomes('fio dental')).toEqual([
        'Fio dental',
        'Fio dental com cera e menta 50 m',
        'Estojo com fio dental e escova',
        'Porta-escova de mesa',
      ]);
      expect(await nomes('FIO DENTAL')).toEqual(await nomes('fio dental'));
    } finally {
      await t.database.raw(
        "DELETE FROM produtos WHERE nome IN ('Estojo com fio dental e escova', 'Fio dental', 'Porta-escova de mesa')",
      );
    }
  });

  it('cards completos: preço em centavos, imagem, nota; nem brinde nem inativo', async () => {
    const [escova] = await listagem('escova ultramacia');
    expect(escova).toMatchObject({
      nome: ESCOVAS[0],
      preco: 1890,
      digital: false,
      disponivel: true,
      nota: 5,
      quantidadeAvaliacoes: 1,
    });
    expect(escova!.imagemDestaque?.path).toBe(escova!.pathImgDestaque);
    expect(await nomes('necessaire')).toEqual([]);
    expect(await nomes(DEMO_BRINDE.nome)).toEqual([]);
  });

  it('no máximo 48 resultados', async () => {
    const [cat] = await t.database.raw<{ id: number }>('SELECT id FROM categorias WHERE NOT digital LIMIT 1');
    await t.database.raw(
      "INSERT INTO produtos (nome, preco, categoria_id) SELECT 'Sonda milimetrada modelo ' || i, 20, $1 FROM generate_series(1, 60) i",
      [cat?.id],
    );
    try {
      const achados = await listagem('sonda milimetrada');
      expect(achados).toHaveLength(48);
      expect(achados[0]!.nome).toBe('Sonda milimetrada modelo 1');
    } finally {
      await t.database.raw("DELETE FROM produtos WHERE nome LIKE 'Sonda milimetrada modelo %'");
    }
  });

  it('mais de 100 caracteres: 400 com a mensagem da pesquisa', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/produto/buscaNomeListagem?pesquisaProduto=${'a'.repeat(101)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(body(res).content)).toContain(MSG.pesquisaLonga);
  });

  it('GET /api/produto/buscaNome/:text: itens de menu pela mesma relevância', async () => {
    const get = async (texto: string) =>
      contentOf(
        produtoApi.buscaNome,
        await t.app.inject({ method: 'GET', url: `/api/produto/buscaNome/${encodeURIComponent(texto)}` }),
      );
    const escovas = await get('escovas');
    expect(escovas.map((p) => p.nome)).toEqual(ESCOVAS);
    expect(Object.keys(escovas[0]!).sort()).toEqual(['digital', 'id', 'nome', 'pathImgDestaque']);
    expect((await get('harmonizacao')).map((p) => p.nome)).toEqual([HARMONIZACAO]);
    expect(await get('%')).toEqual([]);
    expect(await get(' ')).toEqual([]);
    expect(await get('escva')).toHaveLength(2);
  });
});
