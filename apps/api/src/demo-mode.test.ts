/**
 * A real store and a demo store (ADR 022), each built as the server builds it: the configuration from the
 * environment (loadConfig), the database prepared by prepareDatabase (migrations, the refusal of known passwords,
 * the seed of SEED_DEMO), then buildApp. A real store has no sandbox route or page and no account of the demo data;
 * a database that still holds the demo accounts with their passwords is refused outside demo mode.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { ConfiguracaoRecusada, loadConfig, type Config } from './config.js';
import { prepareDatabase } from './db/prepare.js';
import { DEMO_ACCOUNTS } from './db/seed/index.js';
import { SENHAS_CONHECIDAS, contasComSenhaConhecida } from './db/seed/senhas-conhecidas.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from './db/test-databases.js';
import { hashPassword } from './lib/password.js';
import { usuarios } from './modules/usuario/usuario.table.js';
import { TEST_JWT_SECRET, createTestApp } from './test/harness.js';
import { AJUSTES_LOJA_DE_VERDADE } from './test/loja-de-verdade.js';

/** A real store's environment: production with its PostgreSQL, real mail, Mercado Pago, its public address. */
const LOJA_DE_VERDADE = {
  ...AJUSTES_LOJA_DE_VERDADE,
  DATABASE_URL: 'postgres://loja@db.interno:5432/loja',
  JWT_SECRET: TEST_JWT_SECRET,
};

/** The same server with DEMO_MODE=true: a public demo on its PostgreSQL. */
const DEMONSTRACAO_PUBLICA = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://loja@db.interno:5432/demo',
  JWT_SECRET: TEST_JWT_SECRET,
  DEMO_MODE: 'true',
};

/** The configuration of `env`, on the test's DATA_DIR and a web build of one index.html (the static plugin's 404s). */
function configuracao(env: Record<string, string>, database: TestDatabase): Config {
  const webDist = path.join(database.dataDir, 'web');
  fs.mkdirSync(webDist, { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="pt-BR"><body><div id="root"></div>');
  return loadConfig(
    { ...env, LOG_LEVEL: 'silent', LOGIN_MIN_DELAY_MS: '0' },
    { DATA_DIR: database.dataDir, WEB_DIST: webDist },
  );
}

/** The routes of the sandboxes (ADR 022), with a request each would answer in demo mode. */
const ROTAS_DO_SANDBOX = [
  { method: 'GET', url: '/api/sandbox/emails?para=cliente%40clinica.com.br' },
  { method: 'POST', url: '/api/sandbox/pix/pagar', payload: { codigo: 'x'.repeat(40) } },
  { method: 'POST', url: '/api/sandbox/pix/consultar', payload: { codigo: 'x'.repeat(40) } },
  {
    method: 'POST',
    url: '/api/sandbox/cartao/token',
    payload: {
      cardNumber: '4235647728025682',
      cardholderName: 'APRO',
      securityCode: '123',
      cardExpirationMonth: '11',
      cardExpirationYear: '2030',
      identificationType: 'CPF',
      identificationNumber: '52998224725',
    },
  },
  { method: 'GET', url: '/api/sandbox/cartao/metodos?bin=42356477' },
] as const;

const login = (app: App, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/usuario/cliente/auth', payload: { email, password } });

describe.each(testDatabaseTargets())('loja de verdade e loja de demonstração (ADR 022; %s)', (kind) => {
  describe('loja de verdade num banco novo', () => {
    let database: TestDatabase;
    let app: App;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const config = configuracao(LOJA_DE_VERDADE, database);
      expect(config.DEMO_MODE).toBe(false);
      await prepareDatabase(database, config);
      app = await buildApp({ config, database, startJobWorker: false });
    });
    afterAll(async () => {
      await app?.close();
      await database?.dispose();
    });

    it('nenhuma rota /api/sandbox/* existe: 404', async () => {
      for (const rota of ROTAS_DO_SANDBOX) {
        const res = await app.inject(rota);
        expect(res.statusCode, rota.url).toBe(404);
        expect(res.json(), rota.url).toMatchObject({ statusCode: 404 });
      }
    });

    it('a página /sandbox/pix não existe (404) e nenhuma página vai marcada como demonstração', async () => {
      expect((await app.inject({ method: 'GET', url: '/sandbox/pix' })).statusCode).toBe(404);
      const home = await app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).not.toContain('data-demo');
    });

    it('nenhuma conta de demonstração: o login do Gerente de demonstração falha e a tabela não tem nenhuma delas', async () => {
      const res = await login(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      expect(res.statusCode).toBe(401);
      expect(res.json().content).toBeNull();
      const emails = [...SENHAS_CONHECIDAS.keys()];
      const contas = await database.db
        .select({ email: usuarios.email })
        .from(usuarios)
        .where(sql`lower(${usuarios.email}) IN ${emails}`);
      expect(contas).toEqual([]);
      expect(await database.raw('SELECT 1 FROM usuarios')).toEqual([]);
      // The base data is there: the permissions and the geography.
      expect(await database.raw('SELECT id FROM permissoes ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    });
  });

  it('as rotas do sandbox dependem do modo, não só do provedor: DEMO_MODE=false com os sandboxes não tem nenhuma', async () => {
    // loadConfig refuses this combination; buildApp does not rely on it.
    const t = await createTestApp({ kind, config: { DEMO_MODE: false } });
    try {
      expect(t.config.MAIL_TRANSPORT).toBe('outbox');
      expect(t.config.PAYMENT_PROVIDER).toBe('sandbox');
      for (const rota of ROTAS_DO_SANDBOX) expect((await t.app.inject(rota)).statusCode, rota.url).toBe(404);
    } finally {
      await t.dispose();
    }
  });

  describe('um banco carregado antes no modo de demonstração', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind, { seed: true });
    });
    afterAll(() => database?.dispose());

    it('fora do modo de demonstração é recusado, com as contas de senha conhecida numa linha em pt-BR', async () => {
      const config = configuracao(LOJA_DE_VERDADE, database);
      const recusa = await prepareDatabase(database, config).then(
        () => null,
        (err: unknown) => err,
      );
      expect(recusa).toBeInstanceOf(ConfiguracaoRecusada);
      const linhas = (recusa as Error).message.split('\n');
      expect(linhas[0]).toBe('Banco recusado fora do modo de demonstração:');
      expect(linhas[1]).toContain('Estas contas de demonstração entram com a senha que todos conhecem: ');
      for (const email of SENHAS_CONHECIDAS.keys()) expect(linhas[1]).toContain(email);
      expect(linhas[2]).toMatch(/Use um banco novo.*npm run admin:create.*DEMO_MODE=true/);
    });

    it('com DEMO_MODE=true é a demonstração pública: sobe, com os sandboxes e as contas de demonstração', async () => {
      const config = configuracao(DEMONSTRACAO_PUBLICA, database);
      await prepareDatabase(database, config);
      const app = await buildApp({ config, database, startJobWorker: false });
      try {
        expect((await app.inject(ROTAS_DO_SANDBOX[0])).statusCode).toBe(200);
        expect((await app.inject(ROTAS_DO_SANDBOX[4])).statusCode).toBe(200);
        const pix = await app.inject({ method: 'GET', url: '/sandbox/pix' });
        expect(pix.statusCode).toBe(200);
        expect(pix.body).toContain('<html data-demo lang="pt-BR">');
        expect((await login(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('uma conta de demonstração com senha própria não conta; depois de trocadas todas as senhas, o banco sobe', async () => {
      const [admin, ...resto] = [...SENHAS_CONHECIDAS.keys()];
      const novaSenha = await hashPassword('uma senha que ninguém conhece');
      await database.db
        .update(usuarios)
        .set({ senhaHash: novaSenha })
        .where(sql`lower(${usuarios.email}) = ${admin}`);
      expect(await contasComSenhaConhecida(database.db)).toEqual(resto);

      await database.db
        .update(usuarios)
        .set({ senhaHash: novaSenha })
        .where(sql`lower(${usuarios.email}) IN ${resto}`);
      expect(await contasComSenhaConhecida(database.db)).toEqual([]);
      await expect(prepareDatabase(database, configuracao(LOJA_DE_VERDADE, database))).resolves.toBeUndefined();
    });
  });
});
