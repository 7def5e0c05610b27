import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from './client.js';
import { createEmptyPostgresDatabase } from './test-databases.js';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrações no PostgreSQL', () => {
  it('instâncias que sobem juntas num banco vazio migram uma de cada vez e todas concluem', async () => {
    const empty = await createEmptyPostgresDatabase();
    const instances = await Promise.all(Array.from({ length: 3 }, () => openDatabase({ url: empty.url, poolSize: 2 })));
    try {
      await Promise.all(instances.map((d) => d.migrate()));
      const [first] = instances;
      const [applied] = await first!.raw<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(applied?.n).toBe(journal.entries.length);
      const ext = await first!.raw<{ extname: string }>(
        "SELECT extname FROM pg_extension WHERE extname IN ('unaccent', 'pg_trgm') ORDER BY extname",
      );
      expect(ext.map((e) => e.extname)).toEqual(['pg_trgm', 'unaccent']);
      // The lock was released: migrating again neither waits nor changes anything.
      await Promise.all(instances.map((d) => d.migrate()));
      const locks = await first!.raw<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      );
      expect(locks[0]?.n).toBe(0);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await empty.dispose();
    }
  });
});
