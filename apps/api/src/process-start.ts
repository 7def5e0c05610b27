/**
 * What both process entries do before they build the app (server.ts serves the store, worker.ts runs the background
 * jobs; README "Várias instâncias", ADR 042): open the database (PGlite under DATA_DIR unless DATABASE_URL), apply
 * the migrations, refuse a demo database outside demo mode (ADR 022) and seed. Several processes starting together on
 * one empty PostgreSQL database take turns: the migrations and the demo data each run under an advisory lock
 * (db/client.ts, db/seed/index.ts).
 */
import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import type { Logger } from 'pino';

export async function openPreparedDatabase(config: Config, logger: Logger): Promise<Database> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  });
  logger.info({ database: database.kind }, 'Banco de dados aberto; aplicando migrações');
  try {
    await prepareDatabase(database, config, (m) => logger.info(m));
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
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
