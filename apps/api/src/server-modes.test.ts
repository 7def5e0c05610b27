/**
 * The real process entry (src/server.ts, through tsx) in each mode of ADR 022: a deployment that lacks settings
 * does not start and says, in pt-BR, what to set; DEMO_MODE=true serves the demo store (its pages marked as a
 * demo's); the database it seeded is then refused to a real store; and a real store on a new database serves
 * without any sandbox or demo account. On PGlite and, with TEST_DATABASE_URL, on a new PostgreSQL database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from './db/test-databases.js';
import { freePort, spawnEntry, untilPrinted, type RunningEntry } from './test/processes.js';
import { AJUSTES_LOJA_DE_VERDADE, VARIAVEIS_DA_LOJA_DE_VERDADE } from './test/loja-de-verdade.js';

type Server = RunningEntry;

/** Starts src/server.ts with `env` and none of the variables of the test's own environment. */
const spawnServer = (env: Record<string, string>): Server =>
  spawnEntry('src/server.ts', { HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOBS_WORKER: 'false', ...env });

/** Resolves once the server says it is up; throws with its output if it exits or takes too long. */
const untilUp = (server: Server) => untilPrinted(server, 'Clínica no ar');

const JWT_SECRET = 'f'.repeat(64);

/** A real store's settings (the address of its database comes apart). */
const LOJA_DE_VERDADE = { ...AJUSTES_LOJA_DE_VERDADE, JWT_SECRET };

describe('o processo do servidor numa implantação sem os ajustes (ADR 022)', () => {
  it('sai com código 1 e diz no stderr, em pt-BR, o que definir: uma linha por variável, sem pilha de erro', async () => {
    const server = spawnServer({
      NODE_ENV: 'production',
      // Never reached: the settings are refused before any connection.
      DATABASE_URL: 'postgres://loja@127.0.0.1:9/loja',
      JWT_SECRET,
      PORT: String(await freePort()),
    });
    expect(await server.exited).toBe(1);
    const stderr = server.stderr();
    expect(stderr).toContain('O servidor não subiu. Configuração inválida:');
    for (const variavel of VARIAVEIS_DA_LOJA_DE_VERDADE) {
      expect(stderr.match(new RegExp(`^  ${variavel}: defina `, 'gm')), variavel).toHaveLength(1);
    }
    expect(stderr).toContain('defina DEMO_MODE=true');
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(server.stdout()).not.toContain('Clínica no ar');
  }, 60_000);
});

describe('o processo de tarefas (npm run worker) sem PostgreSQL nem JWT_SECRET (ADR 042)', () => {
  it('sai com código 1 e diz no stderr o que definir, sem abrir banco nem servir nada', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-worker-'));
    try {
      const worker = spawnEntry('src/worker.ts', { LOG_LEVEL: 'warn', DATA_DIR: dataDir });
      expect(await worker.exited).toBe(1);
      expect(worker.stderr()).toContain('O processo de tarefas não subiu. Configuração inválida:');
      expect(worker.stderr()).toMatch(/^ {2}DATABASE_URL: defina o PostgreSQL/m);
      expect(worker.stderr()).toMatch(/^ {2}JWT_SECRET: defina o mesmo segredo/m);
      expect(worker.stderr()).not.toMatch(/^\s+at /m);
      // Refused before opening anything: no PGlite, no generated secret.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.each(testDatabaseTargets())('o processo do servidor em cada modo (ADR 022; %s)', (kind) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-server-modes-'));
  /** A web build of one page: the server marks a demo store's pages (the notice itself: apps/web). */
  const webDist = path.join(dir, 'web');
  let databases: TestDatabase[] = [];
  const running: Server[] = [];

  beforeAll(() => {
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="pt-BR"><body><div id="root"></div>');
  });
  afterAll(async () => {
    for (const s of running) s.child.kill('SIGKILL');
    await Promise.all(databases.map((d) => d.dispose()));
    databases = [];
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A new, empty database: PGlite in its own DATA_DIR, or a new PostgreSQL database. */
  async function novoBanco(nome: string): Promise<Record<string, string>> {
    const dataDir = path.join(dir, nome);
    fs.mkdirSync(dataDir);
    if (kind === 'pglite') return { DATA_DIR: dataDir, DATABASE_URL: '' };
    const database = await createTestDatabase('postgres');
    databases.push(database);
    return { DATA_DIR: dataDir, DATABASE_URL: database.url! };
  }

  async function start(env: Record<string, string>): Promise<Server & { base: string }> {
    const port = await freePort();
    const server = spawnServer({ ...env, PORT: String(port), WEB_DIST: webDist });
    running.push(server);
    await untilUp(server);
    return { ...server, base: `http://127.0.0.1:${port}` };
  }

  it('DEMO_MODE=true serve a demonstração; o mesmo banco, depois, é recusado a uma loja de verdade', async () => {
    const banco = await novoBanco('demo');
    const demo = await start({ ...banco, NODE_ENV: 'production', JWT_SECRET, DEMO_MODE: 'true' });
    expect(demo.stdout()).toContain('Loja de demonstração: pagamentos e e-mails simulados. Contas de demonstração:');
    expect(demo.stdout()).toContain('admin@clinica.com.br / admin123');
    expect((await fetch(`${demo.base}/api/health`)).status).toBe(200);
    expect((await fetch(`${demo.base}/api/sandbox/emails?para=cliente%40clinica.com.br`)).status).toBe(200);
    const page = await fetch(`${demo.base}/loja`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html data-demo lang="pt-BR">');
    expect((await fetch(`${demo.base}/sandbox/pix`)).status).toBe(200);
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);

    // The database seeded in demo mode, started as a real store: refused, the demo accounts named.
    const real = spawnServer({ ...banco, ...LOJA_DE_VERDADE, DEMO_MODE: 'false', PORT: String(await freePort()) });
    running.push(real);
    expect(await real.exited).toBe(1);
    expect(real.stderr()).toContain('O servidor não subiu. Banco recusado fora do modo de demonstração:');
    expect(real.stderr()).toMatch(
      /entram com a senha que todos conhecem: admin@clinica\.com\.br, equipe@clinica\.com\.br/,
    );
    expect(real.stderr()).not.toMatch(/^\s+at /m);
  }, 300_000);

  it('uma loja de verdade num banco novo serve sem sandbox, sem contas de demonstração e sem o aviso', async () => {
    const banco = await novoBanco('real');
    const real = await start({ ...banco, ...LOJA_DE_VERDADE, DEMO_MODE: kind === 'pglite' ? 'false' : '' });
    expect(real.stdout()).not.toContain('Contas de demonstração');
    expect(real.stdout()).not.toContain('admin123');
    expect((await fetch(`${real.base}/api/health`)).status).toBe(200);
    expect((await fetch(`${real.base}/api/sandbox/emails?para=cliente%40clinica.com.br`)).status).toBe(404);
    expect((await fetch(`${real.base}/sandbox/pix`)).status).toBe(404);
    const page = await fetch(`${real.base}/loja`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('data-demo');
    const login = await fetch(`${real.base}/api/usuario/cliente/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@clinica.com.br', password: 'admin123' }),
    });
    expect(login.status).toBe(401);
    real.child.kill('SIGTERM');
    expect(await real.exited).toBe(0);
  }, 300_000);
});
