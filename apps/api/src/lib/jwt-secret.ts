import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The HS256 secret: JWT_SECRET when set; otherwise 32 random bytes (hex)
 * generated once into `${dataDir}/jwt-secret` (mode 0600) and read back on
 * every later start, so tokens survive restarts. Several instances must share
 * JWT_SECRET (or the same DATA_DIR).
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  try {
    // 'wx': never overwrite a secret another process wrote meanwhile.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}
