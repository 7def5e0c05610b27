/**
 * db/prepared.ts: a write built once binds its values on each call (null stays SQL NULL) and runs on the connection
 * it is given, a transaction's included; a read built once gives exactly the rows Drizzle's own
 * select gives (same objects, decoders, LEFT JOIN nulls), and each execution
 * binds its own values and sees the data as it is now.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avaliacoes } from '../modules/avaliacao/avaliacao.table.js';
import { categorias } from '../modules/categoria/categoria.table.js';
import { imagens, produtos } from '../modules/produto/produto.table.js';
import { auditoria } from '../modules/auditoria/auditoria.table.js';
import { prepareRead, prepareWrite, valorDe } from './prepared.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from './test-databases.js';

describe.each(testDatabaseTargets())('leituras preparadas (%s)', (kind) => {
  let database: TestDatabase;
  let semImagem: number;
  let semDescricao: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: true });
    // Edge cases of the mapping: a product without a card image (LEFT JOIN of imagens finds nothing),
    // one without description (the first column of a LEFT JOINed object is null), neither with reviews.
    const [a] = await database.raw<{ id: number }>(
      `INSERT INTO produtos (nome, descricao, preco, categoria_id, path_img_destaque)
       SELECT 'Produto sem imagem', 'Sem foto', 12.34, id, NULL FROM categorias ORDER BY id LIMIT 1 RETURNING id`,
    );
    const [b] = await database.raw<{ id: number }>(
      `INSERT INTO produtos (nome, descricao, preco, categoria_id, path_img_destaque)
       SELECT 'Produto sem descrição', NULL, 0.1, id, '/api/arquivos/produtos/inexistente.webp' FROM categorias ORDER BY id LIMIT 1 RETURNING id`,
    );
    semImagem = Number(a!.id);
    semDescricao = Number(b!.id);
  });
  afterAll(() => database?.dispose());

  /** Every kind of column the mapping handles, over every product (with and without image, reviews, description). */
  function consultaCompleta(nome: string) {
    const db = database.db;
    const notas = db
      .select({
        produtoId: avaliacoes.produtoId,
        media: sql<number | null>`round(avg(${avaliacoes.nota}), 2)::float8`.as('media'),
        quantidade: sql<number>`count(*)::int`.as('quantidade'),
      })
      .from(avaliacoes)
      .groupBy(avaliacoes.produtoId)
      .as('notas');
    const query = db
      .select({
        id: produtos.id,
        preco: produtos.preco,
        criadoEm: produtos.createdAt,
        // A nested object of the FROM table, an INNER JOINed one, and a LEFT JOINed one.
        produto: { nome: produtos.nome, digital: produtos.digital },
        categoria: { id: categorias.id, nome: categorias.nome },
        imagem: { path: imagens.path, largura: imagens.largura, variantes: imagens.variantes },
        // An object mixing two tables is never set to null.
        misto: { path: imagens.path, id: produtos.id },
        // Aliased expressions of a joined subquery, and an expression with its own decoder.
        media: notas.media,
        quantidade: notas.quantidade,
        nomeMaiusculo: sql<string>`upper(${produtos.nome})`.mapWith((v: string) => `<${v}>`),
      })
      .from(produtos)
      .innerJoin(categorias, eq(categorias.id, produtos.categoriaId))
      .leftJoin(imagens, eq(imagens.path, produtos.pathImgDestaque))
      .leftJoin(notas, eq(notas.produtoId, produtos.id))
      .orderBy(asc(produtos.id));
    return { query, prepared: prepareRead(query, nome) };
  }

  it('dá as mesmas linhas que o select do Drizzle: objetos, decodificadores, nulos do LEFT JOIN', async () => {
    const { query, prepared } = consultaCompleta('teste_completa');
    const esperado = await query;
    const linhas = await prepared.execute();
    expect(linhas).toEqual(esperado);

    // The cases are there: the comparison above covers them.
    const porId = new Map(linhas.map((l) => [l.id, l]));
    expect(porId.get(semImagem)).toMatchObject({ imagem: null, misto: { path: null, id: semImagem }, media: null });
    expect(porId.get(semImagem)!.preco).toBe(1234);
    expect(porId.get(semImagem)!.criadoEm).toBeInstanceOf(Date);
    expect(porId.get(semImagem)!.nomeMaiusculo).toBe('<PRODUTO SEM IMAGEM>');
    const comImagemEAvaliacao = linhas.find((l) => l.imagem !== null && l.media !== null)!;
    expect(comImagemEAvaliacao.imagem!.variantes.length).toBeGreaterThan(0);
    expect(comImagemEAvaliacao.quantidade).toBeGreaterThan(0);
  });

  it('um objeto de LEFT JOIN cuja primeira coluna é nula sai null, como no Drizzle', async () => {
    const db = database.db;
    const query = db
      .select({ categoria: categorias.nome, produto: { descricao: produtos.descricao, id: produtos.id } })
      .from(categorias)
      .leftJoin(produtos, eq(produtos.categoriaId, categorias.id))
      .where(eq(produtos.id, sql.placeholder('id')));
    const prepared = prepareRead(query, 'teste_primeira_nula');
    const [linha] = await prepared.execute({ id: semDescricao });
    expect(linha).toEqual((await query.prepare('teste_primeira_nula_drizzle').execute({ id: semDescricao }))[0]);
    expect(linha!.produto).toBeNull();
  });

  it('cada execução usa os seus valores e vê os dados atuais (nada fica guardado além da consulta)', async () => {
    const db = database.db;
    const prepared = prepareRead(
      db
        .select({ id: produtos.id, nome: produtos.nome, avaliacoes: count(avaliacoes.clienteId) })
        .from(produtos)
        .leftJoin(avaliacoes, eq(avaliacoes.produtoId, produtos.id))
        .where(and(eq(produtos.id, sql.placeholder('id')), eq(produtos.ativo, true)))
        .groupBy(produtos.id),
      'teste_valores',
    );
    expect(await prepared.execute({ id: semImagem })).toEqual([
      { id: semImagem, nome: 'Produto sem imagem', avaliacoes: 0 },
    ]);
    expect((await prepared.execute({ id: semDescricao }))[0]?.nome).toBe('Produto sem descrição');
    await database.raw('UPDATE produtos SET nome = $2 WHERE id = $1', [semImagem, 'Renomeado']);
    expect((await prepared.execute({ id: semImagem }))[0]?.nome).toBe('Renomeado');
    await database.raw('UPDATE produtos SET ativo = false WHERE id = $1', [semImagem]);
    expect(await prepared.execute({ id: semImagem })).toEqual([]);
  });

  it('recusa o que não é um select de colunas', () => {
    const db = database.db;
    expect(() => prepareRead(db.update(produtos).set({ nome: 'x' }).where(eq(produtos.id, 0)), 'teste_update')).toThrow(
      /não é uma consulta select/,
    );
  });
});

describe.each(testDatabaseTargets())('escritas preparadas (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.dispose());

  const registrar = () =>
    prepareWrite(
      database.db
        .insert(auditoria)
        .values({
          usuarioId: sql.placeholder('usuarioId'),
          permissao: 'ADMIN',
          entidade: 'produto',
          entidadeId: sql.placeholder('entidadeId'),
          acao: 'EDITAR',
          antes: sql.placeholder('antes'),
          depois: sql.placeholder('depois'),
          quando: sql.placeholder('quando'),
        })
        .returning({ id: auditoria.id, depois: auditoria.depois, quando: auditoria.quando }),
      'teste_auditoria_registrar',
    );

  const linha = async (id: number) =>
    (
      await database.raw<{ antes_nulo: boolean; depois: string | null; quando: string }>(
        `SELECT antes IS NULL AS antes_nulo, depois::text AS depois, to_char(quando AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS quando
         FROM auditoria WHERE id = $1`,
        [id],
      )
    )[0];

  it('cada chamada grava os seus valores pelo codificador da coluna; null fica NULL do SQL, não o null do JSON', async () => {
    const registro = registrar();
    const quando = new Date('2026-03-04T05:06:07Z');
    const [a] = await registro.execute(database.db, {
      usuarioId: 1,
      entidadeId: 10,
      antes: null,
      depois: { nome: 'Escova' },
      quando,
    });
    expect(a).toMatchObject({ depois: { nome: 'Escova' }, quando });
    expect(await linha(a!.id)).toEqual({
      antes_nulo: true,
      depois: '{"nome": "Escova"}',
      quando: '2026-03-04 05:06:07',
    });
    const [b] = await registro.execute(database.db, {
      usuarioId: 2,
      entidadeId: 11,
      antes: { nome: 'Escova' },
      depois: null,
      quando: new Date('2026-03-05T00:00:00Z'),
    });
    expect(await linha(b!.id)).toEqual({ antes_nulo: false, depois: null, quando: '2026-03-05 00:00:00' });
  });

  it('numa transação roda na conexão dela: desfeita com ela, gravada quando ela confirma', async () => {
    const registro = registrar();
    const valores = (entidadeId: number) => ({
      usuarioId: 3,
      entidadeId,
      antes: null,
      depois: null,
      quando: new Date(),
    });
    await expect(
      database.db.transaction(async (tx) => {
        await registro.execute(tx, valores(901));
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    await database.db.transaction(async (tx) => {
      await registro.execute(tx, valores(902));
    });
    const gravados = await database.raw<{ entidade_id: number }>(
      'SELECT entidade_id FROM auditoria WHERE entidade_id IN (901, 902) ORDER BY entidade_id',
    );
    expect(gravados.map((r) => Number(r.entidade_id))).toEqual([902]);
  });

  it('uma atualização com valorDe no set', async () => {
    const [a] = await registrar().execute(database.db, {
      usuarioId: 4,
      entidadeId: 20,
      antes: null,
      depois: null,
      quando: new Date(),
    });
    const renomear = prepareWrite(
      database.db
        .update(auditoria)
        .set({ depois: valorDe<Record<string, unknown> | null>('depois') })
        .where(eq(auditoria.id, sql.placeholder('id')))
        .returning({ depois: auditoria.depois }),
      'teste_auditoria_depois',
    );
    expect(await renomear.execute(database.db, { id: a!.id, depois: { nome: 'Fio' } })).toEqual([
      { depois: { nome: 'Fio' } },
    ]);
    expect(await renomear.execute(database.db, { id: a!.id, depois: null })).toEqual([{ depois: null }]);
    expect((await linha(a!.id))!.depois).toBeNull();
  });
});
