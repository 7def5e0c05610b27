import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Logger as DrizzleLogger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../config.js';
import * as schema from './schema.js';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbKind = 'pglite' | 'postgres';

export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');

export interface Database {
  db: Db;
  kind: DbKind;
  migrate(): Promise<void>;
  /** Runs a statement and returns rows, for health checks and tests. */
  raw<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * PostgreSQL only (absent on PGlite, whose database lives in one process):
   * `LISTEN channel` on a dedicated connection outside the pool (a pooled
   * connection would be handed to queries and lose the subscription). A lost
   * connection is re-opened with backoff; NOTIFYs sent while it is down are
   * lost. Resolves once listening; the returned function stops it.
   * `onReconnect` runs each time listening starts again after a lost
   * connection, so a listener can look for what it may have missed.
   */
  listen?(
    channel: string,
    onPayload: (payload: string) => void,
    onError?: (err: Error) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` (or omitted) keeps it in memory. */
  pgliteDir?: string | undefined;
  /** Optional query logger (tests count queries with it). */
  logger?: DrizzleLogger | undefined;
  poolSize?: number;
}

/**
 * Key of the session-level advisory lock held while migrating a PostgreSQL
 * database (advisory locks are per database, so other databases on the same
 * server are not held up). Any 64-bit constant unique to this application.
 */
const MIGRATION_LOCK_KEY = '7321400950281137';

/**
 * Applies the migrations while holding the advisory lock on one dedicated
 * connection, so instances starting together on an empty database migrate one
 * after the other: the later ones find the work done (without the lock both
 * would run `CREATE EXTENSION` and the second would fail on pg_extension).
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let unlocked = false;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).then(
        () => (unlocked = true),
        () => undefined,
      );
    }
  } finally {
    // A connection that may still hold the lock is closed (which frees it), not returned to the pool.
    client.release(!unlocked);
  }
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const LISTEN_RETRY_MS = { initial: 500, max: 30_000 };

/** LISTEN on its own pg.Client, re-connecting after a lost connection (see Database.listen). */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onError?: (err: Error) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  // The channel is an identifier in the statement (LISTEN takes no parameters).
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Canal LISTEN inválido: ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS.initial;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    // Without a listener an 'error' (server restart, terminated backend) would crash the process; 'end' follows it.
    c.on('error', (err) => onError?.(err));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    c.once('end', () => {
      if (client !== c) return;
      client = undefined;
      if (!stopped) reconnectLater();
    });
  };
  const reconnectLater = (): void => {
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          delay = LISTEN_RETRY_MS.initial;
          if (!stopped) onReconnect?.();
        },
        (err: unknown) => {
          onError?.(err instanceof Error ? err : new Error(String(err)));
          delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
          if (!stopped) reconnectLater();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const logger = opts.logger ?? false;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    // An idle connection lost (the server restarted, the network cut: ADR 040) is dropped by the pool, which then
    // emits 'error'; without a listener that would end the process. The next query opens a new connection, and
    // GET /api/ready answers 503 until one succeeds.
    pool.on('error', () => undefined);
    // Numeric and bigint come back as strings by default; dates stay Date.
    const db = drizzleNodePg(pool, { schema, logger }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    const url = opts.url;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(pool),
      raw: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
      listen: async (channel, onPayload, onError, onReconnect) => {
        const stop = await listenPostgres(url, channel, onPayload, onError, onReconnect);
        const unlisten = async () => {
          listeners.delete(unlisten);
          await stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
      close: async () => {
        await Promise.all([...listeners].map((unlisten) => unlisten()));
        await pool.end();
      },
    };
  }
  const dir = opts.pgliteDir && opts.pgliteDir !== 'memory://' ? opts.pgliteDir : undefined;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm, unaccent } });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    raw: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}
