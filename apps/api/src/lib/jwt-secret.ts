import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';
/** Same floor as JWT_SECRET (config.ts): HS256 with a short secret is forgeable by brute force. */
const MIN_JWT_SECRET_LENGTH = 32;

/**
 * The HS256 secret: JWT_SECRET when set; otherwise 32 random bytes (hex)
 * generated once into `${dataDir}/jwt-secret` (mode 0600) and read back on
 * every later start, so tokens survive restarts. Several instances must share
 * JWT_SECRET (or the same DATA_DIR).
 *
 * A file holding fewer than 32 characters (empty, truncated, hand-edited)
 * stops the start-up with an error naming it: it is neither used (tokens
 * signed with it could be forged) nor silently replaced (that would sign every
 * user out and hide the problem).
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  const existing = readSecretFile(file);
  if (existing !== undefined) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  return createSecretFile(file);
}

/** The secret in `file`, or undefined when there is no such file. */
function readSecretFile(file: string): string | undefined {
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const secret = content.trim();
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(
      `O arquivo ${file} contém um segredo do JWT ${secret.length === 0 ? 'vazio' : `com apenas ${secret.length} caracteres`}; ` +
        `são necessários pelo menos ${MIN_JWT_SECRET_LENGTH}. Defina JWT_SECRET ou apague o arquivo para gerar um novo ` +
        '(as sessões abertas serão encerradas).',
    );
  }
  return secret;
}

/**
 * Writes a new secret atomically: the whole content goes to a private temporary
 * file (0600, flushed), which is then published under the final name with
 * link(2). Unlike rename(2), link never replaces an existing file, so when two
 * processes start together exactly one publishes and the other reads the
 * winner's secret; and nobody ever sees a partly written file.
 */
function createSecretFile(file: string): string {
  const secret = crypto.randomBytes(32).toString('hex');
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    fs.writeSync(fd, `${secret}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(tmp, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another process published first: use its secret.
    const winner = readSecretFile(file);
    if (winner === undefined) throw err;
    return winner;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
