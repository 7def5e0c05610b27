import { parse, type PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** A statement this PGlite has parsed under a name: its text, and the types of its parameters. */
interface Parsed {
  text: string;
  paramTypes: number[];
}

const parsedBy = new WeakMap<PGlite, Map<string, Parsed>>();
const serialize = protocol.serialize;

/** The client a Drizzle PGlite prepared query calls (`client.query(text, params, options)`). */
export interface PgliteStatementClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * Runs a query on PGlite as a named prepared statement, as node-postgres does on
 * PostgreSQL (ADR 008): the first call parses it under `name` (Parse, Describe,
 * Sync), every call binds the values and executes it (Bind, Describe, Execute,
 * Sync), each group sent to PGlite in one call.
 * PGlite's own `query()` parses and plans the text on every call, and on its one
 * connection, in the same thread as the server, that planning was most of the
 * cost of a read like the product page (≈ 1.7–3.5 ms of ≈ 2–4 ms on the
 * 10,000-product bench; named: ≈ 0.4 ms).
 *
 * It holds the same two locks as `PGlite.query()`, so it never runs inside
 * another caller's transaction. Each group ends with Sync, which the backend
 * runs even after an error (PGlite throws the error once the whole group has
 * run), so an error leaves the connection ready. A name belongs to one text:
 * a second text under the same name is refused.
 */
export function pgliteStatementClient(pglite: PGlite, name: string): PgliteStatementClient {
  let parsed = parsedBy.get(pglite);
  if (!parsed) parsedBy.set(pglite, (parsed = new Map()));
  const statements = parsed;
  /** Sends protocol messages in one call: the backend runs them all, Sync last, then the first error is thrown. */
  const send = async (...parts: Uint8Array[]) => {
    const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      message.set(part, offset);
      offset += part.length;
    }
    return (await pglite.execProtocol(message, { syncToFs: false })).messages;
  };

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(async () => {
          let statement = statements.get(name);
          if (statement && statement.text !== text) {
            throw new Error(`Instrução "${name}" já preparada com outro texto`);
          }
          if (!statement) {
            const parsed = await send(
              serialize.parse({ name, text, types: options?.paramTypes }),
              serialize.describe({ type: 'S', name }),
              serialize.sync(),
            );
            statement = { text, paramTypes: parse.parseDescribeStatementResults(parsed) };
            statements.set(name, statement);
          }
          const types = statement.paramTypes;
          const values = params.map((param, i) => {
            if (param === null || param === undefined) return null;
            const oid = types[i]!;
            const serializer = options?.serializers?.[oid] ?? pglite.serializers[oid];
            return serializer ? serializer(param) : String(param);
          });
          const messages = await send(
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          );
          // As PGlite's query() does outside a transaction (a no-op for a data directory on disk).
          await pglite.syncToFs();
          return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
        }),
      );
    },
  };
}
