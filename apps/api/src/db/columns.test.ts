import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { condicoesDesconto } from '../modules/desconto/desconto.table.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from './test-databases.js';

describe.each(testDatabaseTargets())('coluna de dinheiro: numeric(12,2) no banco, centavos no código (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.dispose());

  it('ida e volta exata de centavos, inclusive nos extremos de numeric(12,2)', async () => {
    const values = [0, 1, 10, 29, 1290, 123456, 999_999_999_999];
    const rows = await database.db
      .insert(condicoesDesconto)
      .values(values.map((valor, i) => ({ descricao: `teste ${i}`, valor, ativo: false })))
      .returning({ id: condicoesDesconto.id, valor: condicoesDesconto.valor });
    expect(rows.map((r) => r.valor)).toEqual(values);
    for (const row of rows) expect(Number.isInteger(row.valor)).toBe(true);
    const stored = await database.raw<{ valor: string }>(
      'SELECT valor::text AS valor FROM condicoes_desconto ORDER BY id',
    );
    expect(stored.map((r) => r.valor)).toEqual(['0.00', '0.01', '0.10', '0.29', '12.90', '1234.56', '9999999999.99']);
  });

  it('somas feitas no banco chegam exatas (0,10 + 0,20 = 0,30)', async () => {
    await database.db.insert(condicoesDesconto).values([
      { descricao: 'soma a', valor: 10, ativo: false },
      { descricao: 'soma b', valor: 20, ativo: false },
    ]);
    const [row] = await database.db
      .select({ total: sql<string>`sum(${condicoesDesconto.valor})::text` })
      .from(condicoesDesconto)
      .where(sql`${condicoesDesconto.descricao} like 'soma %'`);
    expect(row?.total).toBe('0.30');
    const [one] = await database.db
      .select({ valor: condicoesDesconto.valor })
      .from(condicoesDesconto)
      .where(eq(condicoesDesconto.descricao, 'soma b'));
    expect(one?.valor).toBe(20);
  });

  it('um valor que não é inteiro de centavos é recusado antes de chegar ao banco', async () => {
    await expect(database.db.insert(condicoesDesconto).values({ descricao: 'x', valor: 12.5 })).rejects.toThrow(
      /centavos inválido/,
    );
  });
});
