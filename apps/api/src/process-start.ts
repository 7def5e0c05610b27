/**
 * What both process entries do before they build the app (server.ts serves the store, worker.ts runs the background
 * jobs; README "Várias instâncias", ADR 042): open the database (PGlite under DATA_DIR unless DATABASE_URL) and the
 * file store (local or S3, ADR 039), apply the migrations, refuse a demo database outside demo mode (ADR 022) and
 * seed. Several processes starting together on
 * one empty PostgreSQL database take turns: the migrations and the demo data each run under an advisory lock
 * (db/client.ts, db/seed/index.ts).
 */
import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { createFileStorage, initFileStorage, type FileStorage } from './integrations/files/index.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import type { Logger } from 'pino';

export async function openStore(config: Config, logger: Logger): Promise<{ database: Database; storage: FileStorage }> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  });
  logger.info({ database: database.kind }, 'Banco de dados aberto; aplicando migrações');
  // The file store first (ADR 039): the demo seed writes its media there, and S3 creates its bucket when missing.
  try {
    const storage = await initFileStorage(createFileStorage({ dataDir: config.DATA_DIR, ...config }));
    if (config.STORAGE === 's3') logger.info({ bucket: config.S3_BUCKET }, 'Arquivos no bucket S3');
    await prepareDatabase(database, config, (m) => logger.info(m), storage);
    return { database, storage };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** The settings with the JWT secret decided: JWT_SECRET, or the one generated in DATA_DIR (lib/jwt-secret.ts). */
export function withJwtSecret(config: Config, logger: Logger): Config {
  if (!config.JWT_SECRET) {
    logger.info(
      { file: path.join(config.DATA_DIR, 'jwt-secret') },
      'JWT_SECRET ausente: usando o segredo gerado em DATA_DIR',
    );
  }
  return { ...config, JWT_SECRET: resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR) };
}
