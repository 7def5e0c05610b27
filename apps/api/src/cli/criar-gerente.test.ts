import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from '../db/test-databases.js';
import { ensurePermissoes } from '../test/harness.js';
import { criarGerente, RecusaDoComando, SENHA_DE_DEMONSTRACAO } from './criar-gerente.js';

describe.each(testDatabaseTargets())('criarGerente (npm run admin:create; %s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await ensurePermissoes(database);
  });
  afterAll(() => database?.dispose());

  it('dois comandos ao mesmo tempo com o mesmo e-mail: um Gerente, e o outro recusado com a mensagem da API', async () => {
    const dados = { email: 'mesmo@minhaclinica.com.br', nome: 'Gerente Um', password: 'senha-forte-1' };
    // Both check the e-mail before either inserts: the unique index decides, and its refusal reads like the check's.
    const resultados = await Promise.allSettled([
      criarGerente(database.db, dados),
      criarGerente(database.db, { ...dados, email: 'MESMO@minhaclinica.com.br', nome: 'Gerente Dois' }),
    ]);
    expect(resultados.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [recusa] = resultados.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(recusa!.reason).toBeInstanceOf(RecusaDoComando);
    expect((recusa!.reason as Error).message).toBe(MSG_API.emailEmUso);
    expect(await database.raw("SELECT 1 FROM usuarios WHERE lower(email) = 'mesmo@minhaclinica.com.br'")).toHaveLength(
      1,
    );
  });

  it('recusa cada campo fora das regras, todos de uma vez, sem gravar nada', async () => {
    const recusa = await criarGerente(database.db, { email: 'x', nome: 'Jo', password: 'admin123' }).catch(
      (err: unknown) => err,
    );
    expect(recusa).toBeInstanceOf(RecusaDoComando);
    expect((recusa as Error).message.split('\n')).toEqual([MSG.email, MSG.min3, SENHA_DE_DEMONSTRACAO]);
    expect(await database.raw('SELECT 1 FROM usuarios')).toHaveLength(1);
  });
});
