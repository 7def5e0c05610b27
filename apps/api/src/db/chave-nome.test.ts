import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaveNome, compararNomes } from '@clinica/shared/ordem-nomes';
import { categorias, produtos } from './schema.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from './test-databases.js';

/**
 * f_chave_nome (migration 0016) is the database's copy of the shared chaveNome: the store's front lists are read in
 * the order of nome_ordem, and the service only confirms it. These tests hold the copy to the original.
 */
const NOMES = [
  'Kit 2',
  'Kit 10',
  'KIT   10',
  'Água 02',
  'agua',
  'Álcool 70%',
  'Escova-dental',
  'Escova dental',
  'Fio de sutura 4-0',
  'Resina A2 — 4 g',
  'Luva (M) c/ 100',
  'Broca 1/2"',
  "Pasta d'água",
  'Gaze 7,5 x 7,5 cm',
  'Lima K #25',
  'Ø 1,5 mm',
  'Pasta ° 3™',
  'Algodão…',
  'a_b',
  'a\\b',
  'a}b',
  '007',
  '0',
  'x 1234567890123456789 y',
  'Curso de Harmonização Orofacial',
  'Tab\taqui',
  'espaço\u00a0fino',
  'ß',
  'x²',
  '½ kit',
];

/** Names drawn from the letters, digits, spaces, punctuation and symbols of a Brazilian catalogue. */
const nomeArbitrario = fc
  .array(fc.constantFrom(...'aAáÁãâçÇéêíóôõúüñ ZzØøß0123456789 _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$°®™–—…·×\u00a0\t'), {
    maxLength: 30,
  })
  .map((c) => c.join(''));

describe.each(testDatabaseTargets())('f_chave_nome, a cópia de chaveNome no banco (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.dispose());

  const chavesDoBanco = async (nomes: string[]): Promise<string[]> => {
    const rows = await database.raw(
      'SELECT f_chave_nome(n) AS chave FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i) ORDER BY i',
      [nomes],
    );
    return rows.map((r) => String(r.chave));
  };

  it('dá a mesma chave que chaveNome aos nomes de uma loja e aos casos difíceis', async () => {
    expect(await chavesDoBanco(NOMES)).toEqual(NOMES.map(chaveNome));
  });

  it('dá a mesma chave que chaveNome a nomes gerados', async () => {
    const nomes = fc.sample(nomeArbitrario, { numRuns: 2000, seed: 20261124 });
    const chaves = await chavesDoBanco(nomes);
    const diferentes = nomes.filter((n, i) => chaves[i] !== chaveNome(n));
    expect(diferentes).toEqual([]);
  });

  it('nome_ordem é mantida pelo banco e ordena os produtos como o serviço (COLLATE "C")', async () => {
    const { db } = database;
    const [categoria] = await db.insert(categorias).values({ nome: 'Ordem', digital: false }).returning();
    // Each pair is in the other order by the name's bytes ('kit 100' < 'kit 2', '-' < '_').
    const nomes = ['Kit 1', 'kit 2', 'Fio 4-0', 'Fio 4_0', 'Álcool 70%', 'Alcool 70', 'Zinco'];
    const ids = await db
      .insert(produtos)
      .values(nomes.map((nome) => ({ nome, preco: 100, categoriaId: categoria!.id })))
      .returning({ id: produtos.id });
    await db
      .update(produtos)
      .set({ nome: 'Kit 100' })
      .where(sql`${produtos.id} = ${ids[0]!.id}`);
    const lidos = await db
      .select({ nome: produtos.nome })
      .from(produtos)
      .where(sql`${produtos.categoriaId} = ${categoria!.id}`)
      .orderBy(produtos.nomeOrdem, produtos.id);
    const esperados = ['Kit 100', ...nomes.slice(1)].sort(compararNomes);
    expect(esperados.slice(0, 4)).toEqual(['Alcool 70', 'Álcool 70%', 'Fio 4_0', 'Fio 4-0']);
    expect(lidos.map((p) => p.nome)).toEqual(esperados);
  });
});
