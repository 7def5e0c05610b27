/**
 * The real process entry (src/server.ts) as `npm start` runs it: start-up on an
 * empty DATA_DIR (migrate, seed, print URL and demo accounts), graceful
 * shutdown on SIGTERM with a request in flight, and a restart that keeps the
 * data and the sessions (JWT secret generated once into DATA_DIR).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROOT } from './config.js';
import { freePort, TSX } from './test/processes.js';

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condição não atingida a tempo');
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
  base: string;
}

async function startServer(dataDir: string, port: number): Promise<Running> {
  const child = spawn(TSX, ['--conditions=source', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: '',
      LOG_LEVEL: 'info',
      LOGIN_MIN_DELAY_MS: '2000',
    },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 150_000;
  while (!out.includes('Clínica no ar')) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu na partida:\n${out}`);
    if (Date.now() > deadline) throw new Error(`o servidor não subiu a tempo:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => out, exited, base: `http://127.0.0.1:${port}` };
}

describe('processo do servidor (npm start)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-server-'));
  let running: Running | undefined;

  afterAll(() => {
    running?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sobe num DATA_DIR vazio, encerra com SIGTERM terminando o pedido em curso, e reinicia mantendo dados e sessões', async () => {
    const port = await freePort();
    running = await startServer(dataDir, port);
    const out = running.output();
    expect(out).toContain(`http://127.0.0.1:${port}`);
    expect(out).toContain('admin@clinica.com.br / admin123');
    expect(out).toContain('cliente@clinica.com.br / cliente123');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);

    const health = await fetch(`${running.base}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { content: { database: string } }).content.database).toBe('pglite');

    // A login takes ≥ 2 s (LOGIN_MIN_DELAY_MS): SIGTERM arrives while it is in flight.
    const login = fetch(`${running.base}/api/usuario/cliente/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cliente@clinica.com.br', password: 'cliente123' }),
    });
    // Wait until the server has logged the request as received, then stop it.
    const current = running;
    await waitFor(() => current.output().includes('"url":"/api/usuario/cliente/auth"'), 30_000);
    running.child.kill('SIGTERM');
    const answered = await login;
    expect(answered.status).toBe(200);
    const { content } = (await answered.json()) as { content: { idUsuario: number; acess_token: string } };
    const code = await running.exited;
    expect(code, running.output()).toBe(0);
    await expect(fetch(`${running.base}/api/health`)).rejects.toThrow();

    // Restart on the same DATA_DIR: same data (seed not repeated), same secret, token still valid.
    running = await startServer(dataDir, port);
    const me = await fetch(`${running.base}/api/usuario/${content.idUsuario}`, {
      headers: { authorization: `Bearer ${content.acess_token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { content: { email: string } }).content.email).toBe('cliente@clinica.com.br');
    const menu = (await (await fetch(`${running.base}/api/produto/fisicodigital`)).json()) as {
      content: { listProdutoFisico: Array<{ nome: string }> };
    };
    const nomes = menu.content.listProdutoFisico.map((p) => p.nome);
    expect(new Set(nomes).size).toBe(nomes.length);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  }, 360_000);
});
