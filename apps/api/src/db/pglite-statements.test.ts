/**
 * db/pglite-statements.ts: a read on PGlite as a named prepared statement gives
 * what PGlite's own query() gives, is parsed once, leaves the connection ready
 * after an error, and never runs inside another caller's transaction.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteStatementClient } from './pglite-statements.js';

describe('instruções nomeadas no PGlite', () => {
  let pglite: PGlite;

  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`
      CREATE TABLE itens (id int PRIMARY KEY, nome text NOT NULL, ativo boolean NOT NULL, dados jsonb, criado timestamptz);
      INSERT INTO itens VALUES
        (1, 'Escova', true, '{"cor": "azul"}', '2026-01-02T03:04:05Z'),
        (2, 'Fio', false, NULL, NULL),
        (3, 'Pasta', true, '[1, 2]', '2026-05-06T07:08:09Z');`);
  });
  afterAll(() => pglite?.close());

  /** Counts the protocol messages of kind `letter` ('P' Parse, 'B' Bind) sent while `fn` runs. */
  async function counting<T>(letter: string, fn: () => Promise<T>): Promise<{ result: T; count: number }> {
    const original = pglite.execProtocol.bind(pglite);
    let count = 0;
    pglite.execProtocol = (message, options) => {
      if (message[0] === letter.charCodeAt(0)) count++;
      return original(message, options);
    };
    try {
      return { result: await fn(), count };
    } finally {
      pglite.execProtocol = original;
    }
  }

  const TEXTO = 'SELECT id, nome, ativo, dados, criado FROM itens WHERE ativo = $1 AND id >= $2 ORDER BY id';

  it('dá as mesmas linhas e colunas que query(), nos dois modos de linha, analisando o texto uma vez', async () => {
    const client = pgliteStatementClient(pglite, 'itens_ativos');
    for (const rowMode of ['array', 'object'] as const) {
      const esperado = await pglite.query(TEXTO, [true, 1], { rowMode });
      const obtido = await client.query(TEXTO, [true, 1], { rowMode });
      expect(obtido.rows).toEqual(esperado.rows);
      expect(obtido.fields).toEqual(esperado.fields);
    }
    const { result, count } = await counting('P', async () => [
      await client.query(TEXTO, [false, 0]),
      await client.query(TEXTO, [true, 3]),
    ]);
    expect(count).toBe(0);
    expect(result.map((r) => r.rows.map((row) => (row as { id: number }).id))).toEqual([[2], [3]]);
    const { rows } = await pglite.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
    expect(rows.map((r) => r.name)).toContain('itens_ativos');
  });

  it('uma resposta grande (várias escritas do PGlite, texto com acentos e emoji) sai igual à de query()', async () => {
    const client = pgliteStatementClient(pglite, 'serie_grande');
    const texto = `SELECT g AS id, repeat('Água ç 😀 ', $1::int) || g AS nome, g % 3 = 0 AS multiplo,
      jsonb_build_object('n', g, 'nome', 'Pasta ' || g) AS dados, CASE WHEN g % 2 = 0 THEN NULL ELSE g * 1.5 END AS metade,
      timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute' AS quando
      FROM generate_series(1, $2::int) g`;
    for (const rowMode of ['array', 'object'] as const) {
      const esperado = await pglite.query(texto, [20, 5000], { rowMode });
      const obtido = await client.query(texto, [20, 5000], { rowMode });
      expect(obtido.rows).toHaveLength(5000);
      expect(obtido.rows).toEqual(esperado.rows);
      expect(obtido.fields).toEqual(esperado.fields);
      expect(obtido.affectedRows).toBe(esperado.affectedRows);
    }
  });

  it('passa null como NULL e usa os parsers pedidos pelo chamador', async () => {
    const client = pgliteStatementClient(pglite, 'itens_por_nome');
    const texto = 'SELECT id, criado FROM itens WHERE nome IS NOT DISTINCT FROM $1 OR id = $2 ORDER BY id';
    const { rows } = await client.query<[number, string | null]>(texto, [null, 1], {
      rowMode: 'array',
      parsers: { 1184: (v: string) => v },
    });
    expect(rows).toEqual([[1, '2026-01-02 03:04:05+00']]);
  });

  it('um erro na execução sobe como o do PostgreSQL e a conexão continua pronta', async () => {
    const client = pgliteStatementClient(pglite, 'itens_divisao');
    const texto = 'SELECT id / $1::int AS q FROM itens WHERE id = 3';
    const esperado = await pglite.query(texto, [0]).then(
      () => new Error('sem erro'),
      (e: unknown) => e as Error,
    );
    await expect(client.query(texto, [0])).rejects.toMatchObject({ code: '22012', message: esperado.message });
    expect((await client.query<{ q: number }>(texto, [3])).rows).toEqual([{ q: 1 }]);
    expect((await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM itens')).rows).toEqual([{ n: 3 }]);
  });

  it('um texto inválido não fica preparado; o mesmo nome com outro texto é recusado', async () => {
    const ruim = pgliteStatementClient(pglite, 'itens_ruim');
    await expect(ruim.query('SELEC id FROM itens')).rejects.toMatchObject({ code: '42601' });
    expect((await ruim.query<{ id: number }>('SELECT 7 AS id')).rows).toEqual([{ id: 7 }]);
    await expect(pgliteStatementClient(pglite, 'itens_ruim').query('SELECT 8 AS id')).rejects.toThrow(
      /já preparada com outro texto/,
    );
  });

  it('espera a transação aberta de outro chamador terminar e não vê o que ela desfez', async () => {
    const client = pgliteStatementClient(pglite, 'itens_contagem');
    let liberar!: () => void;
    const aberta = new Promise<void>((resolve) => (liberar = resolve));
    let inseriu!: () => void;
    const dentro = new Promise<void>((resolve) => (inseriu = resolve));
    const transacao = pglite
      .transaction(async (tx) => {
        await tx.query("INSERT INTO itens VALUES (9, 'Provisório', true, NULL, NULL)");
        inseriu();
        await aberta;
        await tx.rollback();
      })
      .catch(() => undefined);
    await dentro;
    let respondeu = false;
    const leitura = client.query<{ n: number }>('SELECT count(*)::int AS n FROM itens WHERE id = $1', [9]).then((r) => {
      respondeu = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(respondeu).toBe(false);
    liberar();
    await transacao;
    expect((await leitura).rows).toEqual([{ n: 0 }]);
  });
});
