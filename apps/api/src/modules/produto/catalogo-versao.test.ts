/**
 * ADR 021: the store's public catalogue reads are kept by the catalogue's version, which the database raises at the
 * commit of any change of what they show. These tests hold the two halves together: every table those reads read
 * has the trigger, and a change made any way (the API, plain SQL, another instance of the API) shows on the next read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import { contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';

describe.each(testDatabaseTargets())('versão do catálogo e leituras guardadas (%s)', (kind) => {
  let t: TestApp;
  let produtoId: number;

  const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => t.database.raw<T>(text, params);
  const versao = async () => Number((await sql<{ versao: number }>('SELECT versao FROM catalogo_versao'))[0]!.versao);
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  /** Every public read the version keeps, with a URL that answers 200. */
  const leituras = () => [
    '/api/produto/fisicodigital',
    '/api/produto/site/',
    '/api/produto/categoria',
    '/api/produto/buscaNomeListagem?pesquisaProduto=escova',
    '/api/produto/buscaNomeListagem?pesquisaProduto=escva',
    '/api/produto/buscaNome/escova',
    '/api/produto/produtobrinde',
    `/api/produto/${produtoId}`,
  ];

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    // A product with a review, a sheet, tags and authors: the page reads every table.
    const [row] = await sql<{ id: number }>(
      `SELECT p.id FROM produtos p WHERE p.ativo AND EXISTS (SELECT 1 FROM avaliacoes a WHERE a.produto_id = p.id)
       ORDER BY p.id LIMIT 1`,
    );
    produtoId = Number(row!.id);
  });
  afterAll(() => t?.dispose());

  it('cada tabela que as leituras guardadas leem tem o gatilho da versão, e uma escrita em cada uma a sobe', async () => {
    await sql('UPDATE catalogo_versao SET versao = versao + 1');
    const statements: string[] = [];
    for (const url of leituras()) {
      const { statements: desta, result } = await countQueries(t.database.db, () => get(url));
      expect(result.statusCode, url).toBe(200);
      statements.push(...desta);
    }
    const tabelas = new Set(
      (
        await sql<{ table_name: string }>(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
        )
      ).map((r) => r.table_name),
    );
    // PGlite's prepared reads are counted by their statement's name (test/query-count.ts): its text is in
    // pg_prepared_statements (PGlite has one connection; on PostgreSQL the driver's call carries the text).
    const preparadas = new Map(
      (await sql<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).map(
        (r) => [r.name, r.statement],
      ),
    );
    const lidas = new Set<string>();
    for (const text of statements.map((s) => preparadas.get(s.replace(/^EXECUTE /, '')) ?? s)) {
      for (const m of text.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)) {
        if (tabelas.has(m[1]!) && m[1] !== 'catalogo_versao') lidas.add(m[1]!);
      }
    }
    // The reads do read the catalogue (the regexp above found their tables).
    expect([...lidas].sort()).toEqual(
      expect.arrayContaining(['avaliacoes', 'categorias', 'clientes', 'fichas_tecnicas', 'imagens', 'produtos']),
    );
    const comGatilho = new Set(
      (
        await sql<{ relname: string }>(
          `SELECT DISTINCT c.relname FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
           JOIN pg_proc p ON p.oid = tg.tgfoid WHERE p.proname = 'f_catalogo_mudou' AND tg.tginitdeferred`,
        )
      ).map((r) => r.relname),
    );
    // The deferred row trigger (migration 0018; the TRUNCATE ones call the same function).
    expect([...lidas].filter((tabela) => !comGatilho.has(tabela))).toEqual([]);

    // A write in each table raises the version by one at its commit (clientes: the columns a review shows).
    for (const tabela of [...lidas].sort()) {
      const coluna =
        tabela === 'clientes'
          ? 'nome'
          : (
              await sql<{ column_name: string }>(
                `SELECT column_name FROM information_schema.columns
                 WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position LIMIT 1`,
                [tabela],
              )
            )[0]!.column_name;
      const antes = await versao();
      // A product's row raises it only when something changed (migration 0028, ADR 032): its update time moves.
      const mudanca = tabela === 'produtos' ? `updated_at = updated_at + interval '1 second'` : `${coluna} = ${coluna}`;
      await sql(`UPDATE ${tabela} SET ${mudanca} WHERE ctid = (SELECT ctid FROM ${tabela} LIMIT 1)`);
      expect(await versao(), tabela).toBe(antes + 1);
    }
    // A client's other columns are not shown by the catalogue: no new version.
    const antes = await versao();
    await sql('UPDATE clientes SET telefone = telefone WHERE ctid = (SELECT ctid FROM clientes LIMIT 1)');
    expect(await versao()).toBe(antes);
  });

  it('o estoque que os pedidos movem não sobe a versão, só a passagem entre à venda e esgotado (ADR 032)', async () => {
    const [p] = await sql<{ id: number }>(
      'SELECT id FROM produtos WHERE NOT digital AND vendavel AND estoque - reservado > 2 ORDER BY id LIMIT 1',
    );
    const antes = await versao();
    await sql(`UPDATE produtos SET reservado = reservado + 1 WHERE id = ${p!.id}`);
    await sql(`UPDATE produtos SET estoque = estoque - 1, reservado = reservado - 1 WHERE id = ${p!.id}`);
    expect(await versao()).toBe(antes);
    // The last units reserved: it shows 'Produto indisponível' now.
    await sql(`UPDATE produtos SET reservado = estoque WHERE id = ${p!.id}`);
    expect(await versao()).toBe(antes + 1);
    await sql(`UPDATE produtos SET reservado = 0 WHERE id = ${p!.id}`);
    expect(await versao()).toBe(antes + 2);
  });

  it('uma transação sobe a versão uma vez, no commit; a desfeita não sobe', async () => {
    const antes = await versao();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        "UPDATE produtos SET descricao = coalesce(descricao, '') WHERE id IN (SELECT id FROM produtos LIMIT 5)",
      );
      await tx.execute('UPDATE categorias SET nome = nome');
    });
    expect(await versao()).toBe(antes + 1);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute('UPDATE produtos SET preco = preco + 1');
        throw new Error('desfeita');
      }),
    ).rejects.toThrow('desfeita');
    expect(await versao()).toBe(antes + 1);
  });

  it('a leitura guardada custa só a versão (ou nada, no PGlite); uma mudança em SQL aparece na leitura seguinte', async () => {
    const url = `/api/produto/${produtoId}`;
    const primeira = await countQueries(t.database.db, () => get(url));
    const segunda = await countQueries(t.database.db, () => get(url));
    // PostgreSQL: the version's statement; PGlite: none (the process counts the catalogue's commits).
    expect(segunda.queries).toBe(kind === 'postgres' ? 1 : 0);
    expect(segunda.result.body).toBe(primeira.result.body);
    expect(segunda.result.headers.etag).toBe(primeira.result.headers.etag);
    expect(segunda.result.headers['content-type']).toBe(primeira.result.headers['content-type']);
    // The kept answer revalidates and compresses like any other.
    const revalidada = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(primeira.result.headers.etag) },
    });
    expect(revalidada.statusCode).toBe(304);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');

    await sql("UPDATE produtos SET nome = 'Nome mudado por SQL' WHERE id = $1", [produtoId]);
    expect(contentOf(produtoApi.detalhe, await get(url)).nome).toBe('Nome mudado por SQL');
    const categorias = contentOf(produtoApi.categorias, await get('/api/produto/categoria'));
    expect(categorias.flatMap((c) => c.listaProduto).find((p) => p.id === produtoId)?.nome).toBe('Nome mudado por SQL');

    // A reviewer who changes their name: the product page shows the new one (first name and initial).
    const [avaliacao] = await sql<{ cliente_id: number }>('SELECT cliente_id FROM avaliacoes WHERE produto_id = $1', [
      produtoId,
    ]);
    await sql(
      "UPDATE clientes SET nome = 'Zuleica Teixeira', razao_social = CASE WHEN juridica THEN 'Zuleica Teixeira' END WHERE id = $1",
      [avaliacao!.cliente_id],
    );
    const pagina = contentOf(produtoApi.detalhe, await get(url));
    expect(pagina.listaAvaliacao.map((a) => a.nomeCliente)).toContain('Zuleica T.');
  });

  it('duas instâncias no mesmo banco: a mudança feita por uma aparece na outra', async () => {
    const outra = await createTestApp({ kind, database: t.database });
    try {
      const admin = await outra.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      const url = '/api/produto/fisicodigital';
      const antes = contentOf(produtoApi.fisicoDigital, await get(url));
      expect(contentOf(produtoApi.fisicoDigital, await get(url))).toEqual(antes);
      const item = antes.listProdutoFisico[0]!;
      // The staff deactivates a product through the other instance's back-office.
      const produto = await outra.app.inject({
        method: 'GET',
        url: `/api/produto/admin/${item.id}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(produto.statusCode).toBe(200);
      const editado = await outra.app.inject({
        method: 'PUT',
        url: `/api/produto/editar/${item.id}`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { ...(produto.json() as { content: Record<string, unknown> }).content, ativo: false },
      });
      expect(editado.statusCode, editado.body).toBe(200);
      const depois = contentOf(produtoApi.fisicoDigital, await get(url));
      expect(depois.listProdutoFisico.map((p) => p.id)).not.toContain(item.id);
      expect((await get(`/api/produto/${item.id}`)).statusCode).toBe(404);
    } finally {
      await outra.dispose();
    }
    // The other instance closed (on PGlite, its listener stopped): this one still sees the next change.
    const url = '/api/produto/fisicodigital';
    const [primeiro] = contentOf(produtoApi.fisicoDigital, await get(url)).listProdutoFisico;
    await sql("UPDATE produtos SET nome = 'Aaa renomeado depois' WHERE id = $1", [primeiro!.id]);
    expect(contentOf(produtoApi.fisicoDigital, await get(url)).listProdutoFisico[0]!.nome).toBe('Aaa renomeado depois');
  });
});
