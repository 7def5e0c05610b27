/**
 * The private parts of drizzle-orm, PGlite and pg-protocol that db/prepared.ts and db/pglite-statements.ts lean on
 * (ADR 008): every property, method and message shape they reach for, one test each, named after the internal, and a
 * round trip through both modules on each database. The three packages are pinned to exact versions in
 * apps/api/package.json; an upgrade that moves any of these fails here, by name, instead of breaking the store's reads
 * in some subtler way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, PGlite, protocol, types } from '@electric-sql/pglite';
import * as drizzle from 'drizzle-orm';
import { Column, eq, is, Param, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';
import pg from 'pg';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT, REPO_ROOT } from '../config.js';
import { categorias } from '../modules/categoria/categoria.table.js';
import { produtos } from '../modules/produto/produto.table.js';
import { limitesRequisicao as limites } from '../modules/seguranca/seguranca.table.js';
import type { Db } from './client.js';
import { pgliteStatementClient } from './pglite-statements.js';
import { compileRowMapper, prepareRead, prepareWrite, valorDe } from './prepared.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from './test-databases.js';

/** A view of an object by the names of its private members. */
type Internals = Record<string, unknown>;
const internals = (o: unknown) => o as Internals;

const PINNED = ['drizzle-orm', '@electric-sql/pglite', 'pg-protocol'] as const;

/** Drizzle's own row mapping (`utils.js`, exported at run time, left out of its types): what compileRowMapper copies. */
const mapResultRow = (drizzle as unknown as Internals).mapResultRow as (
  fields: Parameters<typeof compileRowMapper>[0],
  row: unknown[],
  joins: Record<string, boolean> | undefined,
) => Record<string, unknown>;

describe('dependências com partes internas usadas: versões fixas', () => {
  it('drizzle-orm, @electric-sql/pglite e pg-protocol fixados em versões exatas, e instalados nelas', () => {
    const api = JSON.parse(fs.readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const name of PINNED) {
      const pinned = api.dependencies[name];
      expect(pinned, `${name} em apps/api/package.json`).toMatch(/^\d+\.\d+\.\d+$/);
      const installed = JSON.parse(
        fs.readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { version: string };
      expect(installed.version, `${name} instalado (npm ci)`).toBe(pinned);
    }
  });
});

describe.each(testDatabaseTargets())('drizzle-orm: o que db/prepared.ts lê e troca (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(() => database?.dispose());

  /** A select with a nested object, a LEFT JOINed table, a decoded column and an expression with its own decoder. */
  const select = () =>
    db
      .select({
        id: produtos.id,
        preco: produtos.preco,
        criadoEm: produtos.createdAt,
        categoria: { id: categorias.id, nome: categorias.nome },
        nomeMarcado: sql<string>`upper(${produtos.nome})`.mapWith((v: string) => `<${v}>`),
      })
      .from(produtos)
      .leftJoin(categorias, eq(categorias.id, produtos.categoriaId))
      .where(eq(produtos.id, sql.placeholder('id')));

  it('PgPreparedQuery#fields: a lista { path, field } das colunas, na ordem da resposta', () => {
    const fields = internals(select().prepare(`internos_fields_${kind}`)).fields;
    expect(Array.isArray(fields), 'PgPreparedQuery#fields').toBe(true);
    const paths = (fields as { path: unknown; field: unknown }[]).map((f) => f.path);
    expect(paths, 'PgPreparedQuery#fields[].path').toEqual([
      ['id'],
      ['preco'],
      ['criadoEm'],
      ['categoria', 'id'],
      ['categoria', 'nome'],
      ['nomeMarcado'],
    ]);
    expect(
      (fields as { field: unknown }[]).every((f) => typeof f.field === 'object' && f.field !== null),
      'PgPreparedQuery#fields[].field',
    ).toBe(true);
  });

  it('PgPreparedQuery#joinsNotNullableMap: por tabela, se o JOIN pode vir nulo', () => {
    const map = internals(select().prepare(`internos_joins_${kind}`)).joinsNotNullableMap;
    expect(map, 'PgPreparedQuery#joinsNotNullableMap').toEqual({ produtos: true, categorias: false });
  });

  it('PgPreparedQuery#customResultMapper: vazio num select; posto, execute() o chama com as linhas em arrays', async () => {
    const prepared = select().prepare(`internos_mapper_${kind}`);
    expect(internals(prepared).customResultMapper, 'PgPreparedQuery#customResultMapper').toBeUndefined();
    const recebidas: unknown[][] = [];
    internals(prepared).customResultMapper = (rows: unknown[][]) => {
      recebidas.push(...rows);
      return 'mapeado';
    };
    const [categoria] = await db
      .insert(categorias)
      .values({ nome: `Interna ${kind}`, digital: false })
      .returning();
    const [produto] = await db
      .insert(produtos)
      .values({ nome: 'Produto interno', preco: 1234, categoriaId: categoria!.id })
      .returning();
    expect(await prepared.execute({ id: produto!.id }), 'PgPreparedQuery#execute → customResultMapper').toBe('mapeado');
    expect(recebidas, 'linhas entregues ao customResultMapper (rowMode array)').toHaveLength(1);
    expect(Array.isArray(recebidas[0]) && recebidas[0].length, 'linha em array, uma posição por coluna').toBe(6);
  });

  it('PgPreparedQuery#client: o cliente do driver, e execute() chama client.query', async () => {
    const prepared = select().prepare(`internos_client_${kind}`);
    const client = internals(prepared).client;
    expect(client, 'PgPreparedQuery#client').toBeInstanceOf(kind === 'pglite' ? PGlite : pg.Pool);
    let chamadas = 0;
    const espiao = {
      query: (...args: unknown[]) => {
        chamadas++;
        return (client as { query: (...a: unknown[]) => unknown }).query(...args);
      },
    };
    const trocado = Object.create(prepared, { client: { value: espiao } }) as typeof prepared;
    await trocado.execute({ id: 0 });
    expect(chamadas, 'PgPreparedQuery#execute usa this.client.query').toBe(1);
  });

  it('PgPreparedQuery#params: Param com Placeholder (value, encoder.mapToDriverValue); Placeholder#name', () => {
    const prepared = db
      .insert(limites)
      .values({ chave: sql.placeholder('chave'), contagem: 1, expiraEm: valorDe<Date>('expira') })
      .prepare(`internos_params_${kind}`);
    const params = internals(prepared).params;
    expect(Array.isArray(params), 'PgPreparedQuery#params').toBe(true);
    const comPlaceholder = (params as unknown[]).filter((p) => is(p, Param) && is(p.value, Placeholder)) as Param[];
    expect(
      comPlaceholder.map((p) => (p.value as Placeholder).name),
      'Param#value (Placeholder#name)',
    ).toEqual(['chave', 'expira']);
    for (const p of comPlaceholder) {
      expect(typeof p.encoder?.mapToDriverValue, 'Param#encoder.mapToDriverValue').toBe('function');
    }
    // The timestamp's encoder is the column's: it writes a Date as the driver's text.
    const instante = new Date('2026-01-02T03:04:05Z');
    expect(typeof comPlaceholder[1]!.encoder.mapToDriverValue(instante), 'encoder da coluna timestamp').toBe('string');
  });

  it('SQL#decoder (mapWith), SQL.Aliased#sql e Subquery#_.sql: onde o decodificador de uma expressão fica', () => {
    const marcado = sql<string>`upper('a')`.mapWith((v: string) => `<${v}>`);
    const decoder = internals(marcado).decoder as { mapFromDriverValue: (v: unknown) => unknown };
    expect(typeof decoder?.mapFromDriverValue, 'SQL#decoder.mapFromDriverValue').toBe('function');
    expect(decoder.mapFromDriverValue('A'), 'SQL#decoder de mapWith').toBe('<A>');
    expect(typeof (internals(sql`1`).decoder as Internals)?.mapFromDriverValue, 'SQL#decoder (padrão)').toBe(
      'function',
    );
    const aliased = sql<number>`1`.mapWith(Number).as('um');
    expect(is(internals(aliased).sql, SQL), 'SQL.Aliased#sql').toBe(true);
    expect(typeof (internals(internals(aliased).sql).decoder as Internals).mapFromDriverValue).toBe('function');
    const sub = db
      .select({ n: sql<number>`1`.as('n') })
      .from(limites)
      .as('sub');
    expect(is(sub, Subquery), 'Subquery').toBe(true);
    const subSql = (internals(sub)._ as Internals).sql;
    expect(is(subSql, SQL), 'Subquery#_.sql').toBe(true);
    expect(typeof (internals(subSql).decoder as Internals).mapFromDriverValue, 'Subquery#_.sql.decoder').toBe(
      'function',
    );
  });

  it('Column.prototype.mapFromDriverValue: a identidade das colunas sem conversão; a do dinheiro é outra', () => {
    const identity = Column.prototype.mapFromDriverValue;
    expect(typeof identity, 'Column.prototype.mapFromDriverValue').toBe('function');
    expect(identity.call(produtos.id, 42), 'Column.prototype.mapFromDriverValue é a identidade').toBe(42);
    expect(produtos.nome.mapFromDriverValue, 'uma coluna de texto herda a identidade').toBe(identity);
    expect(produtos.preco.mapFromDriverValue, 'a coluna de dinheiro decodifica').not.toBe(identity);
  });

  it('mapResultRow (o mapeamento do Drizzle) e o compilado de compileRowMapper dão os mesmos objetos', () => {
    expect(typeof mapResultRow, "drizzle-orm 'mapResultRow'").toBe('function');
    const prepared = internals(select().prepare(`internos_mapa_${kind}`));
    const fields = prepared.fields as Parameters<typeof compileRowMapper>[0];
    const joins = prepared.joinsNotNullableMap as Record<string, boolean>;
    const mapper = compileRowMapper(fields, joins);
    const linhas = [
      [1, '12.34', '2026-01-02 03:04:05.123+00', 7, 'Instrumentais', 'ESCOVA'],
      [2, '0.10', '2026-05-06 07:08:09+00', null, null, 'FIO'],
      [3, '1.00', '2026-05-06 07:08:09+00', 8, null, 'PASTA'],
    ];
    for (const linha of linhas) {
      expect(mapper(linha), `linha ${String(linha[0])}`).toEqual(mapResultRow(fields, linha, joins));
    }
  });

  it('db.session.client e tx.session.client: o cliente em que uma escrita preparada roda', async () => {
    const prepared = internals(select().prepare(`internos_sessao_${kind}`));
    const session = internals(db).session as Internals;
    expect(session?.client, 'PgDatabase#session.client').toBe(prepared.client);
    await db.transaction(async (tx) => {
      const txClient = (internals(tx).session as Internals)?.client as Internals;
      expect(typeof txClient?.query, 'PgTransaction#session.client.query').toBe('function');
      expect(txClient, 'PgTransaction#session.client é o da transação').not.toBe(prepared.client);
    });
  });

  it('ida e volta: prepareWrite (também numa transação desfeita) e prepareRead dão o que o Drizzle dá', async () => {
    const gravar = prepareWrite(
      db
        .insert(limites)
        .values({
          chave: sql.placeholder('chave'),
          contagem: sql.placeholder('contagem'),
          expiraEm: valorDe<Date>('expira'),
        })
        .returning(),
      `internos_gravar_${kind}`,
    );
    const ler = prepareRead(
      db
        .select({ chave: limites.chave, contagem: limites.contagem, expiraEm: limites.expiraEm })
        .from(limites)
        .where(eq(limites.chave, sql.placeholder('chave'))),
      `internos_ler_${kind}`,
    );
    const expira = new Date('2030-01-02T03:04:05.678Z');
    await gravar.execute(db, { chave: 'internos:a', contagem: 3, expira });
    await db
      .transaction(async (tx) => {
        await gravar.execute(tx, { chave: 'internos:b', contagem: 4, expira });
        // Inside the transaction the row is there (a prepared read waits for it to end on PGlite's one connection).
        expect(await tx.select({ chave: limites.chave }).from(limites).where(eq(limites.chave, 'internos:b'))).toEqual([
          { chave: 'internos:b' },
        ]);
        throw new Error('desfaz');
      })
      .catch((e: unknown) => {
        if ((e as Error).message !== 'desfaz') throw e;
      });
    expect(await ler.execute({ chave: 'internos:a' })).toEqual([
      { chave: 'internos:a', contagem: 3, expiraEm: expira },
    ]);
    expect(await ler.execute({ chave: 'internos:a' })).toEqual(
      await db
        .select({ chave: limites.chave, contagem: limites.contagem, expiraEm: limites.expiraEm })
        .from(limites)
        .where(eq(limites.chave, 'internos:a')),
    );
    expect(await ler.execute({ chave: 'internos:b' }), 'a transação desfeita não gravou').toEqual([]);
    if (kind === 'pglite') {
      // On PGlite the read runs as a named statement of pgliteStatementClient (the client was swapped).
      expect(internals(ler).client, 'PgPreparedQuery#client trocado no PGlite').not.toBeInstanceOf(PGlite);
    }
  });
});

describe('PGlite e pg-protocol: o que db/pglite-statements.ts usa', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
  });
  afterAll(() => pglite?.close());

  const s = protocol.serialize;
  const concat = (...parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));

  /** Reads a backend answer with pg-protocol's parser. */
  function mensagens(answer: Buffer): BackendMessage[] {
    const out: BackendMessage[] = [];
    new Parser().parse(answer, (m: BackendMessage) => out.push(m));
    return out;
  }

  /** Runs Bind, Describe (portal), Execute, Sync of a parsed statement and returns the raw answer. */
  async function executar(nome: string, valores: (string | null)[]): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await pglite.execProtocolRawStream(
      concat(s.bind({ statement: nome, values: valores }), s.describe({ type: 'P' }), s.execute({}), s.sync()),
      { syncToFs: false, onRawData: (chunk: Uint8Array) => chunks.push(Buffer.from(chunk)) },
    );
    return Buffer.concat(chunks);
  }

  it('PGlite#_checkReady, #_runExclusiveTransaction, #_runExclusiveQuery: existem e devolvem o resultado', async () => {
    const p = internals(pglite);
    for (const nome of ['_checkReady', '_runExclusiveTransaction', '_runExclusiveQuery']) {
      expect(typeof p[nome], `PGlite#${nome}`).toBe('function');
    }
    await pglite._checkReady();
    expect(await pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(async () => 7))).toBe(7);
  });

  it('protocol.serialize (parse, describe, sync, bind, execute) e PGlite#execProtocol → { messages }', async () => {
    for (const nome of ['parse', 'describe', 'sync', 'bind', 'execute'] as const) {
      expect(typeof s[nome], `protocol.serialize.${nome}`).toBe('function');
    }
    const resposta = await pglite.execProtocol(
      concat(
        s.parse({ name: 'internos_um', text: 'SELECT $1::int AS n, $2::text AS t' }),
        s.describe({ type: 'S', name: 'internos_um' }),
        s.sync(),
      ),
      { syncToFs: false },
    );
    expect(Array.isArray(resposta.messages), 'PGlite#execProtocol(...).messages').toBe(true);
    expect(typeof parse.parseDescribeStatementResults, 'parse.parseDescribeStatementResults').toBe('function');
    expect(parse.parseDescribeStatementResults(resposta.messages), 'tipos dos parâmetros').toEqual([23, 25]);
  });

  it('PGlite#execProtocolRawStream(onRawData) e o Parser de pg-protocol: as mensagens e os campos que resultOf lê', async () => {
    expect(typeof Parser, "pg-protocol/dist/parser.js 'Parser'").toBe('function');
    expect(typeof new Parser().parse, 'Parser#parse').toBe('function');
    const lidas = mensagens(await executar('internos_um', ['5', null]));
    const nomes = lidas.map((m) => m.name);
    expect(nomes, 'nomes das mensagens').toEqual(
      expect.arrayContaining(['rowDescription', 'dataRow', 'commandComplete', 'readyForQuery']),
    );
    const descricao = lidas.find((m) => m.name === 'rowDescription') as unknown as {
      fields: { name: string; dataTypeID: number }[];
    };
    expect(
      descricao.fields.map((f) => [f.name, f.dataTypeID]),
      'RowDescriptionMessage#fields[].name, .dataTypeID',
    ).toEqual([
      ['n', 23],
      ['t', 25],
    ]);
    const linha = lidas.find((m) => m.name === 'dataRow') as unknown as { fields: unknown[] };
    expect(linha.fields, 'DataRowMessage#fields (texto ou null)').toEqual(['5', null]);
    const fim = lidas.find((m) => m.name === 'commandComplete') as unknown as { text: string };
    expect(fim.text, 'CommandCompleteMessage#text').toBe('SELECT 1');

    await pglite.execProtocol(concat(s.parse({ name: 'internos_div', text: 'SELECT 1 / $1::int AS q' }), s.sync()), {
      syncToFs: false,
    });
    const erro = mensagens(await executar('internos_div', ['0'])).find((m) => m.name === 'error') as unknown as {
      message: string;
      code: string;
    };
    expect(erro?.code, "DatabaseError ('error'): code").toBe('22012');
    expect(typeof erro.message, "DatabaseError ('error'): message").toBe('string');
  });

  it('PGlite#syncToFs, #parsers, #serializers e types.parsers: os leitores e escritores por tipo', async () => {
    expect(typeof pglite.syncToFs, 'PGlite#syncToFs').toBe('function');
    await pglite.syncToFs();
    expect(typeof pglite.parsers, 'PGlite#parsers').toBe('object');
    expect(typeof pglite.serializers, 'PGlite#serializers').toBe('object');
    expect(typeof types.parsers, 'types.parsers').toBe('object');
    const lerInt = (pglite.parsers[23] ?? types.parsers[23]) as (v: string, t: number) => unknown;
    expect(lerInt('42', 23), 'leitor de int4').toBe(42);
    const escreverJson = pglite.serializers[3802] as ((v: unknown) => string) | undefined;
    expect(escreverJson?.({ a: 1 }), 'escritor de jsonb').toBe('{"a":1}');
  });

  it('ida e volta: pgliteStatementClient dá o que query() dá', async () => {
    await pglite.exec("CREATE TABLE internos (id int, nome text); INSERT INTO internos VALUES (1, 'um'), (2, NULL)");
    const client = pgliteStatementClient(pglite, 'internos_todos');
    const texto = 'SELECT id, nome FROM internos WHERE id >= $1 ORDER BY id';
    for (const rowMode of ['array', 'object'] as const) {
      const esperado = await pglite.query(texto, [1], { rowMode });
      const obtido = await client.query(texto, [1], { rowMode });
      expect(obtido.rows).toEqual(esperado.rows);
      expect(obtido.fields).toEqual(esperado.fields);
    }
  });
});
