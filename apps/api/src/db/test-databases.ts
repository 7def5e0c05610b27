/**
 * Fresh, migrated databases for tests: PGlite in memory always, and a real
 * PostgreSQL database when TEST_DATABASE_URL is set (e.g.
 * postgres://postgres@127.0.0.1:5432/postgres). Each PostgreSQL test database
 * gets a unique name and is dropped by dispose().
 *
 * With `{ seed: true }` the database holds the geography and the demo data
 * (docs/architecture.md#demo-mode), and `dataDir/files` holds the demo media. Seeding is
 * made cheap: the media is generated once per machine into a cache directory
 * and copied; PostgreSQL databases are cloned from a seeded template database
 * (created once, under an advisory lock); PGlite databases are restored from a
 * seeded data-directory dump made once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../config.js';
import { MIGRATIONS_DIR, openDatabase, type Database, type Db, type DbKind } from './client.js';
import * as schema from './schema.js';
import { SEED_DATA_DIR } from './seed/paths.js';

export interface TestDatabase extends Database {
  /** A private temporary DATA_DIR for this database (file storage lives in `${dataDir}/files`). */
  dataDir: string;
  /** Closes the connection, drops the PostgreSQL database and removes dataDir. */
  dispose(): Promise<void>;
  /** PostgreSQL only: the database's address, for a process of its own (a command's test). */
  url?: string;
}

export interface CreateTestDatabaseOptions {
  /** Load geography + demo data (and copy the demo media into dataDir). Default false. */
  seed?: boolean;
  /**
   * PostgreSQL only: a new database without even the migrations, for processes that apply them at their own start
   * (several-instances.test.ts: two of them at once). Not with `seed`.
   */
  empty?: boolean;
}

/** Which databases the test suites should run against. */
export function testDatabaseTargets(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function createTestDatabase(kind: DbKind, opts: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-test-'));
  try {
    if (opts.seed) await copySeedMedia(dataDir);
    if (opts.empty && (kind !== 'postgres' || opts.seed)) throw new Error('empty: só PostgreSQL, sem seed');
    const database =
      kind === 'postgres' ? await createPostgres(!!opts.seed, !opts.empty) : await createPglite(!!opts.seed);
    let disposed = false;
    return {
      ...database,
      dataDir,
      dispose: async () => {
        if (disposed) return;
        disposed = true;
        try {
          await database.dispose();
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

// ---------------------------------------------------------------------------
// Fingerprint of everything that shapes a seeded database: a change to the
// migrations, the seed code or the seed data invalidates the caches.

let fingerprintMemo: string | undefined;

function fingerprint(): string {
  if (fingerprintMemo) return fingerprintMemo;
  const hash = crypto.createHash('sha256');
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.test.ts')) {
        hash.update(path.relative(API_ROOT, full));
        hash.update(fs.readFileSync(full));
      }
    }
  };
  walk(MIGRATIONS_DIR);
  walk(path.join(API_ROOT, 'src', 'db', 'seed'));
  hash.update(fs.readFileSync(path.join(API_ROOT, 'src', 'lib', 'password.ts')));
  // The seed draws its images through the responsive-image pipeline.
  hash.update(fs.readFileSync(path.join(API_ROOT, 'src', 'integrations', 'files', 'images.ts')));
  walk(SEED_DATA_DIR);
  fingerprintMemo = hash.digest('hex').slice(0, 16);
  return fingerprintMemo;
}

const STALE_MS = 60 * 60_000;

function cacheRoot(): string {
  const parent = path.join(os.tmpdir(), 'clinica-test-cache');
  const dir = path.join(parent, fingerprint());
  if (!fs.existsSync(dir)) {
    // Caches of other fingerprints untouched for an hour are left over from older code.
    for (const entry of fs.existsSync(parent) ? fs.readdirSync(parent) : []) {
      const other = path.join(parent, entry);
      try {
        if (Date.now() - fs.statSync(other).mtimeMs > STALE_MS) fs.rmSync(other, { recursive: true, force: true });
      } catch {
        /* another process removed it */
      }
    }
    fs.mkdirSync(dir, { recursive: true });
  }
  return dir;
}

/** Runs `fn` once per machine for `name`, guarded by an exclusive lock file. */
async function onceWithFileLock(name: string, done: () => boolean, fn: () => Promise<void>): Promise<void> {
  if (done()) return;
  const lock = path.join(cacheRoot(), `${name}.lock`);
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than 5 minutes is left over from a killed run.
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        /* raced with its owner */
      }
      if (Date.now() - started > 10 * 60_000) throw new Error(`Timeout waiting for ${lock}`);
      await new Promise((r) => setTimeout(r, 100));
      if (done()) return;
    }
  }
  try {
    if (!done()) await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------
// Demo media: generated once into the cache, copied into each dataDir.

/**
 * Copies the demo media (drawn once per machine) into `${dataDir}/files`, where the seed finds them and draws nothing:
 * also for processes that seed their own database (several-instances.test.ts).
 */
export async function copySeedMedia(dataDir: string): Promise<void> {
  const cache = path.join(cacheRoot(), 'media');
  const marker = path.join(cache, '.complete');
  await onceWithFileLock(
    'media',
    () => fs.existsSync(marker),
    async () => {
      const { generateSeedMedia } = await import('./seed/media.js');
      fs.mkdirSync(cache, { recursive: true });
      await generateSeedMedia(cache);
      fs.writeFileSync(marker, new Date().toISOString());
    },
  );
  fs.cpSync(path.join(cache, 'files'), path.join(dataDir, 'files'), { recursive: true });
}

type InnerDatabase = Database & { dispose(): Promise<void>; url?: string };

// ---------------------------------------------------------------------------
// PGlite

/** Same as openDatabase() for PGlite, plus restoring a dumped data directory. */
async function openPglite(loadDataDir?: Blob): Promise<Database & { client: PGlite }> {
  const client = await PGlite.create({ extensions: { pg_trgm, unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    raw: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

/**
 * A fresh in-memory PGlite restored from a dump made once per fingerprint
 * (migrated, or migrated and seeded): restoring skips initdb, so it is faster
 * than creating an empty PGlite and migrating it.
 */
async function createPglite(seed: boolean): Promise<InnerDatabase> {
  const dump = await pgliteDump(seed);
  const database = await openPglite(new Blob([fs.readFileSync(dump)], { type: 'application/x-gzip' }));
  return withoutClient(database);
}

/**
 * A PGlite data directory on disk, migrated and seeded with the demo data, with the demo media in `dataDir/files`:
 * what `npm start` leaves in DATA_DIR after its first start, for tests that run the real process (server.ts)
 * without waiting for a whole seed.
 */
export async function seededPgliteDataDir(dataDir: string): Promise<void> {
  await copySeedMedia(dataDir);
  const dump = await pgliteDump(true);
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { pg_trgm, unaccent },
    loadDataDir: new Blob([fs.readFileSync(dump)], { type: 'application/x-gzip' }),
  });
  await client.close();
}

/** The dump of a migrated (and seeded) PGlite, made once per fingerprint. */
async function pgliteDump(seed: boolean): Promise<string> {
  const name = seed ? 'pglite-seeded' : 'pglite-migrated';
  const dump = path.join(cacheRoot(), `${name}.tar.gz`);
  await onceWithFileLock(
    name,
    () => fs.existsSync(dump),
    async () => {
      const database = await openPglite();
      try {
        await database.migrate();
        if (seed) {
          const { seedDatabase } = await import('./seed/index.js');
          await seedDatabase(database, { dataDir: os.tmpdir(), demo: true, media: false });
        }
        const blob = await database.client.dumpDataDir('gzip');
        const tmp = `${dump}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
        fs.renameSync(tmp, dump);
      } finally {
        await database.close();
      }
    },
  );
  return dump;
}

function withoutClient({ client: _client, ...database }: Database & { client: PGlite }): InnerDatabase {
  return { ...database, dispose: () => database.close() };
}

// ---------------------------------------------------------------------------
// PostgreSQL

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

function urlFor(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * pg's Pool.end() resolves before its sockets are closed; dropping or renaming
 * the database at once would kill those backends (an unhandled error in the
 * pool). Wait until the server has seen them go.
 */
async function waitForNoConnections(admin: pg.Client, database: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    if (!rows[0]?.n || Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function ensurePostgresTemplate(): Promise<string> {
  const template = `clinica_tpl_${fingerprint()}`;
  await withAdmin(async (admin) => {
    // One creator at a time across processes; the others wait and then find it.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['clinica_test_template']);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (exists.rowCount) return;
      const building = `${template}_wip`;
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(building)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${quoteIdent(building)}`);
      const database = await openDatabase({ url: urlFor(building), poolSize: 2 });
      try {
        await database.migrate();
        const { seedDatabase } = await import('./seed/index.js');
        await seedDatabase(database, { dataDir: os.tmpdir(), demo: true, media: false });
      } finally {
        await database.close();
      }
      await waitForNoConnections(admin, building);
      await admin.query(`ALTER DATABASE ${quoteIdent(building)} RENAME TO ${quoteIdent(template)}`);
      await admin.query(`COMMENT ON DATABASE ${quoteIdent(template)} IS 'clinica-test-template ${Date.now()}'`);
      // Templates of other fingerprints (older code) are dropped once unused for an hour;
      // a concurrent run of other code may still be cloning a newer one.
      const stale = await admin.query<{ datname: string; comentario: string | null }>(
        "SELECT datname, shobj_description(oid, 'pg_database') AS comentario FROM pg_database WHERE datname LIKE 'clinica\\_tpl\\_%' AND datname <> $1",
        [template],
      );
      for (const row of stale.rows) {
        const criado = Number(/clinica-test-template (\d+)/.exec(row.comentario ?? '')?.[1] ?? 0);
        if (Date.now() - criado < STALE_MS) continue;
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(row.datname)}`).catch(() => undefined);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['clinica_test_template']);
    }
  });
  return template;
}

/**
 * A new, empty PostgreSQL database (not migrated) on TEST_DATABASE_URL's
 * server, for tests of the migration itself; dispose() drops it.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  const name = `clinica_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}`));
  return {
    url: urlFor(name),
    dispose: () =>
      withAdmin(async (admin) => {
        await waitForNoConnections(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      }),
  };
}

async function createPostgres(seed: boolean, migrate = true): Promise<InnerDatabase> {
  const name = `clinica_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const template = seed ? await ensurePostgresTemplate() : undefined;
  await withAdmin(async (admin) => {
    if (!template) {
      await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
      return;
    }
    // A clone fails while another session is briefly connected to the template: retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
        return;
      } catch (err) {
        if (attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  const drop = () =>
    withAdmin(async (admin) => {
      await waitForNoConnections(admin, name);
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    });
  try {
    const database = await openDatabase({ url: urlFor(name), poolSize: 5 });
    if (!seed && migrate) await database.migrate();
    return {
      ...database,
      url: urlFor(name),
      dispose: async () => {
        try {
          await database.close();
        } finally {
          await drop();
        }
      },
    };
  } catch (err) {
    await drop();
    throw err;
  }
}
