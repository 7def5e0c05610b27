import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ROOT } from '../config.js';
import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret.js';

const TSX = path.resolve(API_ROOT, '../../node_modules/.bin/tsx');

const ROUNDS = 15;

/**
 * In a new process, for each round r: waits for the clock to reach
 * `startAt + r * 25 ms`, then resolves the secret of `${base}/r`. Several such
 * processes race on each directory at the same moment.
 */
function resolveInChild(base: string, startAt: number): Promise<string[]> {
  const script = `
    import path from 'node:path';
    import { resolveJwtSecret } from './src/lib/jwt-secret.ts';
    const out = [];
    for (let r = 0; r < ${ROUNDS}; r++) {
      while (Date.now() < ${startAt} + r * 25) {}
      out.push(resolveJwtSecret(undefined, path.join(${JSON.stringify(base)}, String(r))));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['--input-type=module', '-e', script], { cwd: API_ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`saiu com ${code}: ${err}`)),
    );
  });
}

describe('segredo do JWT', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-jwt-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('usa JWT_SECRET quando definido, sem criar arquivo', () => {
    const dir = tmp();
    expect(resolveJwtSecret('s'.repeat(40), dir)).toBe('s'.repeat(40));
    expect(fs.existsSync(path.join(dir, JWT_SECRET_FILE))).toBe(false);
  });

  it('sem JWT_SECRET gera 32 bytes aleatórios (hex) em DATA_DIR/jwt-secret, modo 0600, e relê no reinício', () => {
    const dir = path.join(tmp(), 'dados');
    const first = resolveJwtSecret(undefined, dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, JWT_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(resolveJwtSecret(undefined, tmp())).not.toBe(first);
  });

  it.each([
    ['curto', 'abc\n', /com apenas 3 caracteres/],
    ['vazio', '', /vazio/],
    ['só espaços', '   \n\n', /vazio/],
  ])(
    'um arquivo %s impede a partida com um erro que nomeia o arquivo, sem sobrescrevê-lo',
    (_caso, content, reason) => {
      const dir = tmp();
      const file = path.join(dir, JWT_SECRET_FILE);
      fs.writeFileSync(file, content, { mode: 0o600 });
      expect(() => resolveJwtSecret(undefined, dir)).toThrow(reason);
      expect(() => resolveJwtSecret(undefined, dir)).toThrow(file);
      expect(() => resolveJwtSecret(undefined, dir)).toThrow(/pelo menos 32/);
      expect(fs.readFileSync(file, 'utf8')).toBe(content);
      // JWT_SECRET still wins over a bad file.
      expect(resolveJwtSecret('s'.repeat(40), dir)).toBe('s'.repeat(40));
    },
  );

  it('processos que sobem juntos num DATA_DIR vazio chegam ao mesmo segredo, sem deixar temporários', async () => {
    const base = tmp();
    const startAt = Date.now() + 2_500;
    const results = await Promise.all(Array.from({ length: 6 }, () => resolveInChild(base, startAt)));
    for (let r = 0; r < ROUNDS; r++) {
      const dir = path.join(base, String(r));
      const secrets = results.map((perProcess) => perProcess[r]);
      expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(new Set(secrets).size, `rodada ${r}`).toBe(1);
      expect(fs.readFileSync(path.join(dir, JWT_SECRET_FILE), 'utf8').trim()).toBe(secrets[0]);
      expect(fs.statSync(path.join(dir, JWT_SECRET_FILE)).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(dir)).toEqual([JWT_SECRET_FILE]);
    }
  }, 30_000);
});
