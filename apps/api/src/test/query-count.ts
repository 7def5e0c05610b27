/**
 * Counting the statements an operation sends to the database (docs/quality.md P3,
 * no N+1; P4, statements per order): every statement is counted at the
 * driver, inside transactions too.
 *
 *  - outside a transaction Drizzle calls the driver's `query`
 *    (`db.$client.query`: the pg Pool or the PGlite instance);
 *  - a transaction on PostgreSQL runs on a client taken with `pool.connect()`
 *    (BEGIN, its statements and COMMIT/ROLLBACK through that client's `query`);
 *  - a transaction on PGlite runs through the handle `transaction()` passes to
 *    its callback, BEGIN and COMMIT/ROLLBACK being sent by PGlite itself: they
 *    are counted here too, so both databases give the same figure;
 *  - the prepared reads on PGlite (db/pglite-statements.ts) send the protocol's
 *    messages themselves: each Bind of a named statement is one statement.
 */
import type { Db } from '../db/client.js';

type QueryFn = (...args: unknown[]) => unknown;

interface PgPoolLike {
  query: QueryFn;
  connect: (...args: unknown[]) => unknown;
}

interface PgliteLike {
  query: QueryFn;
  execProtocol: (message: Uint8Array, ...rest: unknown[]) => unknown;
  execProtocolRawStream: (message: Uint8Array, ...rest: unknown[]) => unknown;
  transaction: (callback: (tx: object) => Promise<unknown>) => Promise<unknown>;
}

interface PooledClient {
  query: QueryFn;
  release: (...args: unknown[]) => unknown;
}

/** The statement name of a protocol message if it is a Bind ('B') of a named statement, else null. */
function namedBind(message: Uint8Array): string | null {
  if (message[0] !== 0x42) return null;
  const portalEnd = message.indexOf(0, 5);
  const nameEnd = message.indexOf(0, portalEnd + 1);
  if (portalEnd < 0 || nameEnd <= portalEnd + 1) return null;
  return new TextDecoder().decode(message.subarray(portalEnd + 1, nameEnd));
}

const textOf = (args: unknown[]): string => {
  const [first] = args;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return String(first);
};

/**
 * Counts the statements sent to the database while `fn` runs (BEGIN and
 * COMMIT included); `statements` holds their texts, in order.
 */
export async function countQueries<T>(
  db: Db,
  fn: () => Promise<T>,
): Promise<{ result: T; queries: number; statements: string[] }> {
  const client = (db as unknown as { $client: PgPoolLike | PgliteLike }).$client;
  const statements: string[] = [];
  const counted = (original: QueryFn): QueryFn =>
    function (this: unknown, ...args: unknown[]) {
      statements.push(textOf(args));
      return original.apply(this, args);
    };
  const restore: Array<() => void> = [];
  const patch = <K extends string>(target: Record<K, unknown>, key: K, value: unknown) => {
    const own = Object.prototype.hasOwnProperty.call(target, key);
    const before = target[key];
    target[key] = value;
    restore.push(() => {
      if (own) target[key] = before;
      else delete target[key];
    });
  };

  const query = client.query;
  patch(client as unknown as Record<string, unknown>, 'query', counted(query));
  if ('connect' in client) {
    // PostgreSQL: a client taken for a transaction counts its statements until it is released.
    const connect = client.connect;
    patch(client as unknown as Record<string, unknown>, 'connect', function (this: unknown, ...args: unknown[]) {
      // pool.query takes its client with a callback: that statement is already counted above.
      if (args.length > 0) return connect.apply(this, args);
      return (connect.apply(this, args) as Promise<PooledClient>).then((pooled) => {
        const own = Object.prototype.hasOwnProperty.call(pooled, 'query');
        const before = pooled.query;
        const release = pooled.release;
        pooled.query = counted(before);
        pooled.release = function (this: unknown, ...releaseArgs: unknown[]) {
          if (own) pooled.query = before;
          else delete (pooled as Partial<PooledClient>).query;
          pooled.release = release;
          return release.apply(this, releaseArgs);
        };
        return pooled;
      });
    });
  } else {
    // The named statements of db/pglite-statements.ts: parsed through execProtocol, executed through
    // execProtocolRawStream. Each Bind of a named statement is one statement run.
    for (const method of ['execProtocol', 'execProtocolRawStream'] as const) {
      const send = client[method];
      patch(
        client as unknown as Record<string, unknown>,
        method,
        function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
          const name = namedBind(message);
          if (name !== null) statements.push(`EXECUTE ${name}`);
          return send.call(this, message, ...rest);
        },
      );
    }
    // PGlite: the transaction's handle, plus the BEGIN and COMMIT/ROLLBACK PGlite sends itself.
    const transaction = client.transaction;
    patch(
      client as unknown as Record<string, unknown>,
      'transaction',
      function (this: unknown, callback: (tx: object) => Promise<unknown>) {
        return transaction.call(this, async (tx: object) => {
          statements.push('BEGIN');
          const handle = new Proxy(tx, {
            get(target, prop, receiver) {
              const value: unknown = Reflect.get(target, prop, receiver);
              return (prop === 'query' || prop === 'exec') && typeof value === 'function'
                ? counted(value as QueryFn)
                : value;
            },
          });
          try {
            const result = await callback(handle);
            statements.push('COMMIT');
            return result;
          } catch (err) {
            statements.push('ROLLBACK');
            throw err;
          }
        });
      },
    );
  }
  try {
    const result = await fn();
    return { result, queries: statements.length, statements };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}
