/**
 * Counting the statements an operation sends to the database (QUALITY.md P3,
 * no N+1): the driver's `query` (`db.$client.query`, what Drizzle calls for
 * every statement outside a transaction) is wrapped while `fn` runs.
 */
import type { Db } from '../db/client.js';

interface Client {
  query: (...args: unknown[]) => unknown;
}

/** Counts the statements sent to the database while `fn` runs. */
export async function countQueries<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const client = (db as unknown as { $client: Client }).$client;
  const original = client.query;
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    queries++;
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), queries };
  } finally {
    client.query = original;
  }
}
