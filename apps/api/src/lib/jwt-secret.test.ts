import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret.js';

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
});
