/**
 * `npm run admin:create` run for real (the command's entry, src/cli/admin-create.ts, through tsx as `npm run dev`
 * runs the server; `npm run admin:create` runs the same file built) against a real database: a PGlite DATA_DIR and,
 * with TEST_DATABASE_URL, a new PostgreSQL database. The account it creates signs in to the API as the Gerente.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { buildApp } from '../app.js';
import { API_ROOT } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from '../db/test-databases.js';
import { verifyPassword } from '../lib/password.js';
import { auditoria } from '../modules/auditoria/auditoria.table.js';
import { usuarios } from '../modules/usuario/usuario.table.js';
import { contentOf, loginToken, testConfig } from '../test/harness.js';
import { childEnv, TSX } from '../test/processes.js';
import { SENHA_DE_DEMONSTRACAO } from './criar-gerente.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command with `env` (nothing else of the server's settings) and `input` on stdin (then closed). */
function adminCreate(env: Record<string, string>, input = ''): Promise<Run> {
  const child = spawn(TSX, ['--conditions=source', 'src/cli/admin-create.ts'], {
    cwd: API_ROOT,
    env: childEnv(env, { dropPrefix: 'ADMIN_' }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe.each(testDatabaseTargets())('npm run admin:create (%s)', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-admin-create-'));
  let postgres: TestDatabase | undefined;
  /** Where the command finds the database: PGlite in DATA_DIR, or the new PostgreSQL database. */
  let where: Record<string, string>;

  beforeAll(async () => {
    if (kind === 'postgres') postgres = await createTestDatabase('postgres');
    where = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url! } : {}) };
  });
  afterAll(async () => {
    await postgres?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The database, opened after the command ended (a PGlite directory has one process at a time). */
  async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
    if (postgres) return use(postgres);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  }

  const gerentes = (database: Database) =>
    database.db
      .select({ id: usuarios.id, email: usuarios.email, nome: usuarios.nome, senhaHash: usuarios.senhaHash })
      .from(usuarios)
      .where(eq(usuarios.permissaoId, 1))
      .orderBy(usuarios.id);

  it('das variáveis de ambiente: migra o banco novo e cria o Gerente, que entra na loja como ADMIN', async () => {
    const run = await adminCreate({
      ...where,
      ADMIN_EMAIL: 'Gerente@MinhaClinica.com.br',
      ADMIN_NOME: 'Ana Lima',
      ADMIN_PASSWORD: 'uma senha longa de verdade',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Gerente criado: Ana Lima <gerente@minhaclinica.com.br>');

    await withDatabase(async (database) => {
      const [gerente, ...outros] = await gerentes(database);
      expect(outros).toEqual([]);
      expect(gerente).toMatchObject({ email: 'gerente@minhaclinica.com.br', nome: 'Ana Lima' });
      // The API's hashing: argon2id.
      expect(gerente!.senhaHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword('uma senha longa de verdade', gerente!.senhaHash)).toBe(true);
      // Only the base data: the permissions and the geography, never the demo data.
      const [{ n }] = (await database.raw<{ n: number }>('SELECT count(*)::int AS n FROM usuarios')) as [{ n: number }];
      expect(n).toBe(1);
      expect(await database.raw('SELECT 1 FROM municipios LIMIT 1')).toHaveLength(1);
      // The creation is in the audit log, as the API's is.
      const log = await database.db
        .select({ acao: auditoria.acao, depois: auditoria.depois })
        .from(auditoria)
        .where(sql`${auditoria.entidade} = 'usuario' AND ${auditoria.entidadeId} = ${gerente!.id}`);
      expect(log).toEqual([
        {
          acao: 'CRIAR',
          depois: expect.objectContaining({ email: gerente!.email, permissao: { id: 1, nome: 'ADMIN' } }),
        },
      ]);

      const app = await buildApp({ config: testConfig(dataDir), database, startJobWorker: false });
      try {
        const token = await loginToken(app, {
          email: 'gerente@minhaclinica.com.br',
          password: 'uma senha longa de verdade',
        });
        const me = contentOf(
          usuarioApi.get,
          await app.inject({
            method: 'GET',
            url: `/api/usuario/${gerente!.id}`,
            headers: { authorization: `Bearer ${token}` },
          }),
        );
        expect(me.permissao.nome).toBe('ADMIN');
      } finally {
        await app.close();
      }
    });
  }, 120_000);

  it('recusa um e-mail já cadastrado (sem diferenciar maiúsculas), com a mensagem da API e código 1', async () => {
    const run = await adminCreate({
      ...where,
      ADMIN_EMAIL: 'GERENTE@minhaclinica.com.br',
      ADMIN_NOME: 'Outra Pessoa',
      ADMIN_PASSWORD: 'outra senha qualquer',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Gerente não criado. ADMIN_EMAIL: ${MSG_API.emailEmUso}`);
    await withDatabase(async (database) => expect(await gerentes(database)).toHaveLength(1));
  }, 120_000);

  it('no terminal: pergunta de novo o que as regras recusam e a senha que não confere, e cria o Gerente', async () => {
    const respostas = [
      'nao-e-email',
      'gerente@minhaclinica.com.br', // in use
      'segundo@minhaclinica.com.br',
      'Bo', // too short
      'Bruno Souza',
      'abc', // too short
      'abc',
      'admin123', // a demo account's password
      'admin123',
      'senha-do-bruno',
      'senha-diferente',
      'senha-do-bruno',
      'senha-do-bruno',
    ];
    const run = await adminCreate(where, `${respostas.join('\n')}\n`);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('E-mail: ');
    expect(run.stdout).toContain('Repita a senha: ');
    expect(run.stderr.split('\n').map((l) => l.trim())).toEqual([
      MSG.email,
      MSG_API.emailEmUso,
      MSG.min3,
      MSG.senhaMin4,
      SENHA_DE_DEMONSTRACAO,
      'As senhas não conferem; digite de novo.',
      '',
    ]);
    await withDatabase(async (database) => {
      const criados = await gerentes(database);
      expect(criados.map((g) => g.email)).toEqual(['gerente@minhaclinica.com.br', 'segundo@minhaclinica.com.br']);
      expect(await verifyPassword('senha-do-bruno', criados[1]!.senhaHash)).toBe(true);
    });
  }, 120_000);

  it('sem terminal e sem as variáveis, diz como rodar e sai com código 1; uma senha fraca do ambiente é recusada', async () => {
    const semRespostas = await adminCreate(where);
    expect(semRespostas.code).toBe(1);
    expect(semRespostas.stderr).toContain('Rode num terminal ou defina ADMIN_EMAIL, ADMIN_NOME, ADMIN_PASSWORD.');

    const fraca = await adminCreate({
      ...where,
      ADMIN_EMAIL: 'terceiro@minhaclinica.com.br',
      ADMIN_NOME: 'Carla Dias',
      ADMIN_PASSWORD: 'cliente123',
    });
    expect(fraca.code).toBe(1);
    expect(fraca.stderr).toContain(`ADMIN_PASSWORD: ${SENHA_DE_DEMONSTRACAO}`);
    await withDatabase(async (database) => expect(await gerentes(database)).toHaveLength(2));
  }, 120_000);
});
