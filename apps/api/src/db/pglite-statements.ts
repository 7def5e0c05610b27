/**
 * Pinned dependencies: this module calls PGlite's internal locks and protocol entry points (`_checkReady`,
 * `_runExclusiveTransaction`, `_runExclusiveQuery`, `execProtocol`, `execProtocolRawStream`, `syncToFs`, its `parsers`
 * and `serializers`, `parse.parseDescribeStatementResults`, `protocol.serialize`) and reads answers with pg-protocol's
 * `Parser` from `pg-protocol/dist/parser.js`, a path outside that package's public entry, relying on the names and
 * fields of its messages. None of that is promised across releases, so @electric-sql/pglite and pg-protocol (like
 * drizzle-orm, for prepared.ts) are pinned to exact versions in apps/api/package.json. `dependency-internals.test.ts`
 * checks each of these internals by name and a round trip through this client: run it after any upgrade, and move
 * the pin only when it passes.
 */
import { parse, type PGlite, protocol, type QueryOptions, type Results, types } from '@electric-sql/pglite';
import type {
  BackendMessage,
  CommandCompleteMessage,
  DatabaseError,
  DataRowMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/** A statement this PGlite has parsed under a name: its text, and the types of its parameters. */
interface Parsed {
  text: string;
  paramTypes: number[];
}

const parsedBy = new WeakMap<PGlite, Map<string, Parsed>>();
const serialize = protocol.serialize;

/** Protocol messages as one message to send. */
function concat(...parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

type TypeParser = (text: string, typeId: number) => unknown;

/**
 * The result of an execution (Bind, Describe, Execute, Sync) from the backend's
 * answer, as PGlite's `parse.parseResults` gives it: the rows (objects, or
 * arrays with `rowMode: 'array'`) with each value read by the type's parser
 * (the query's, then the instance's, then PGlite's defaults), the fields, the
 * command, `affectedRows` and `rowCount`. The first error the backend reported
 * is thrown instead (node-postgres's DatabaseError, as on PostgreSQL).
 *
 * Why not PGlite's own reading (`execProtocol`): its parser copies every field
 * into a new ArrayBuffer before decoding it, and looks the type's parser up for
 * every value. On the store's menus (96 rows) that reading was about 60 % of
 * the process's CPU under load (bench/README.md); node-postgres's parser
 * decodes each field from the one buffer, and each column's parser is looked
 * up once.
 */
function resultOf<T>(answer: Buffer, pglite: PGlite, options: QueryOptions | undefined): Results<T> {
  let description: RowDescriptionMessage | undefined;
  let columnParsers: (TypeParser | undefined)[] = [];
  const rows: unknown[] = [];
  let error: DatabaseError | undefined;
  let command: string | undefined;
  let rowCount: number | undefined;
  let affectedRows = 0;
  const asArrays = options?.rowMode === 'array';
  new Parser().parse(answer, (message: BackendMessage) => {
    switch (message.name) {
      case 'rowDescription':
        description = message as RowDescriptionMessage;
        columnParsers = description.fields.map(
          (f) =>
            (options?.parsers?.[f.dataTypeID] ?? pglite.parsers[f.dataTypeID] ?? types.parsers[f.dataTypeID]) as
              TypeParser | undefined,
        );
        break;
      case 'dataRow': {
        const values = (message as DataRowMessage).fields as (string | null)[];
        const fields = description!.fields;
        if (asArrays) {
          const row = new Array<unknown>(values.length);
          for (let i = 0; i < values.length; i++) {
            const v = values[i]!;
            const read = columnParsers[i];
            row[i] = v === null || !read ? v : read(v, fields[i]!.dataTypeID);
          }
          rows.push(row);
        } else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < values.length; i++) {
            const v = values[i]!;
            const read = columnParsers[i];
            row[fields[i]!.name] = v === null || !read ? v : read(v, fields[i]!.dataTypeID);
          }
          rows.push(row);
        }
        break;
      }
      case 'commandComplete': {
        const words = (message as CommandCompleteMessage).text.split(' ');
        command = words[0];
        const n = Number.parseInt(words.at(-1)!, 10);
        if (!Number.isNaN(n)) rowCount = n;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command!)) affectedRows += n;
        break;
      }
      case 'error':
        error ??= message as DatabaseError;
        break;
    }
  });
  if (error) throw error;
  const fields = (description?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
  return {
    rows: rows as T[],
    fields,
    affectedRows,
    ...(command ? { command } : {}),
    ...(rowCount === undefined ? {} : { rowCount }),
  } as Results<T>;
}

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
 * The answer of an execution is read by node-postgres's protocol parser
 * (`pg-protocol`, see `resultOf`), not PGlite's.
 *
 * It holds the same two locks as `PGlite.query()`, so it never runs inside
 * another caller's transaction. Each group ends with Sync, which the backend
 * runs even after an error (the error is thrown once the whole group has
 * run), so an error leaves the connection ready. A name belongs to one text:
 * a second text under the same name is refused.
 */
export function pgliteStatementClient(pglite: PGlite, name: string): PgliteStatementClient {
  let parsed = parsedBy.get(pglite);
  if (!parsed) parsedBy.set(pglite, (parsed = new Map()));
  const statements = parsed;
  /** Sends protocol messages in one call: the backend runs them all, Sync last, then the first error is thrown. */
  const send = async (...parts: Uint8Array[]) =>
    (await pglite.execProtocol(concat(...parts), { syncToFs: false })).messages;

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
          const chunks: Buffer[] = [];
          await pglite.execProtocolRawStream(
            concat(
              serialize.bind({ statement: name, values }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ),
            // The chunk is a view of PGlite's memory, reused by the next write: copied.
            { syncToFs: false, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) },
          );
          // As PGlite's query() does outside a transaction (a no-op for a data directory on disk).
          await pglite.syncToFs();
          return resultOf<T>(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), pglite, options);
        }),
      );
    },
  };
}
