/**
 * Pinned dependencies: this module reads and replaces private members of drizzle-orm's prepared queries
 * (`PgPreparedQuery#fields`, `#joinsNotNullableMap`, `#customResultMapper`, `#client`, `#params`, `SQL#decoder`,
 * `Subquery#_.sql`, `Column.prototype.mapFromDriverValue`, `session.client` of a database or transaction) and copies
 * the rules of its internal `mapResultRow`. None of that is public API and any release may change it, so
 * drizzle-orm (like @electric-sql/pglite and pg-protocol, for pglite-statements.ts) is pinned to an exact version in
 * apps/api/package.json. `dependency-internals.test.ts` checks each of these internals by name and a round trip on
 * both databases: run it after any upgrade, and move the pin only when it passes.
 */
import { PGlite } from '@electric-sql/pglite';
import { Column, getTableName, is, Param, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { pgliteStatementClient } from './pglite-statements.js';

/** A column of a select as Drizzle orders them (`orderSelectedFields`): where it goes, and what decodes it. */
interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The parts of a Drizzle prepared select (pg-core `PgPreparedQuery`) this module reads and sets. */
interface PreparedSelectInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** `SQL.decoder` is internal to Drizzle (set by `.mapWith()`). */
type WithDecoder = { decoder: Decoder };

/** The decoder Drizzle's `mapResultRow` picks for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as { sql: WithDecoder }).sql.decoder;
}

const identity = Column.prototype.mapFromDriverValue;

/**
 * The row mapper of a select, compiled once for its columns: the same objects
 * as Drizzle's `mapResultRow` (nested selections, decoders, and a LEFT JOINed
 * table's object set to null when its first column is null), without the
 * class checks (`is()`), iterator and reduce that function runs for every
 * column of every row.
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }, index) => {
    const decoder = decoderOf(field);
    return {
      index,
      parents: path.slice(0, -1),
      key: path[path.length - 1]!,
      decoder: decoder.mapFromDriverValue === identity ? null : decoder,
    };
  });

  // Drizzle's rule: an object of a joined table (path [object, column]) becomes null when its first
  // column is null, unless the join cannot be null or the object mixes columns of several tables.
  const nullable: { object: string; firstKey: string }[] = [];
  if (joinsNotNullableMap) {
    const groups = new Map<string, { firstKey: string; table: string; mixed: boolean }>();
    for (const { path, field } of fields) {
      if (!is(field, Column) || path.length !== 2) continue;
      const table = getTableName(field.table);
      const group = groups.get(path[0]!);
      if (!group) groups.set(path[0]!, { firstKey: path[1]!, table, mixed: false });
      else if (group.table !== table) group.mixed = true;
    }
    for (const [object, g] of groups) {
      if (!g.mixed && !joinsNotNullableMap[g.table]) nullable.push({ object, firstKey: g.firstKey });
    }
  }

  return buildMapper(columns, nullable);
}

type Column_ = { index: number; parents: string[]; key: string; decoder: Decoder | null };
type Node = Map<string, Node | Column_>;

/**
 * The mapper as one generated function: an object literal per row, nested as
 * the selection (every row gets the same hidden class, no per-column loop).
 * Keys are written as JSON string literals; decoders are called through the
 * array passed in, never inlined.
 */
function buildMapper(
  columns: Column_[],
  nullable: { object: string; firstKey: string }[],
): (row: unknown[]) => Record<string, unknown> {
  const root: Node = new Map();
  for (const c of columns) {
    let node = root;
    for (const p of c.parents) {
      let child = node.get(p);
      if (!(child instanceof Map)) {
        child = new Map();
        node.set(p, child);
      }
      node = child;
    }
    node.set(c.key, c);
  }
  const decoders: (Decoder | null)[] = columns.map((c) => c.decoder);
  const value = (c: Column_): string =>
    c.decoder
      ? `(row[${c.index}] === null ? null : d[${c.index}].mapFromDriverValue(row[${c.index}]))`
      : `row[${c.index}]`;
  const literal = (node: Node): string =>
    `{${[...node].map(([k, v]) => `${JSON.stringify(k)}: ${v instanceof Map ? literal(v) : value(v)}`).join(', ')}}`;
  const body = [
    `const r = ${literal(root)};`,
    ...nullable.map(
      (n) =>
        `if (r[${JSON.stringify(n.object)}][${JSON.stringify(n.firstKey)}] === null) r[${JSON.stringify(n.object)}] = null;`,
    ),
    'return r;',
  ].join('\n');
  // Generated from the selection's keys (as JSON literals) and column indexes only.
  const make = new Function('d', `return function mapRow(row) {\n${body}\n};`) as (
    d: (Decoder | null)[],
  ) => (row: unknown[]) => Record<string, unknown>;
  return make(decoders);
}

/**
 * A read built once (ADR 008): `query.prepare(name)` has Drizzle build the SQL
 * text, the parameter list and the column list a single time (values vary
 * through `sql.placeholder`), and the rows are mapped by a mapper compiled for
 * its columns (compileRowMapper). The statement is a named prepared statement,
 * parsed once per connection and planned by PostgreSQL's plan cache: by
 * node-postgres on PostgreSQL, by pgliteStatementClient on PGlite. Each
 * `execute({ … })` still sends the statement: nothing is cached but the query's
 * construction and its plan.
 *
 *   const menu = prepareRead(db.select({ … }).from(t).where(eq(t.id, sql.placeholder('id'))), 'modulo_menu');
 *   await menu.execute({ id });
 *
 * The name must be unique in the application for this SQL text (node-postgres
 * refuses one name for two texts on a connection).
 */
export function prepareRead<Q extends PgPreparedQuery<PreparedQueryConfig>>(
  query: { prepare(name: string): Q },
  name: string,
): Q {
  const prepared = query.prepare(name);
  const internals = prepared as unknown as PreparedSelectInternals;
  if (!internals.fields || internals.customResultMapper) {
    throw new Error(`prepareRead(${name}): não é uma consulta select com colunas`);
  }
  const mapRow = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  internals.customResultMapper = (rows) => rows.map(mapRow);
  const client = (prepared as unknown as PreparedInternals).client;
  if (client instanceof PGlite) {
    (prepared as unknown as PreparedInternals).client = pgliteStatementClient(client, name);
  }
  return prepared;
}

/** The parts of a Drizzle prepared query (pg-core `PgPreparedQuery`) `prepareWrite` reads and sets. */
interface PreparedInternals {
  /** The driver's client the statement runs on: node-postgres' Pool or PGlite. */
  client: unknown;
  /** Bound values, and `Param`s wrapping the placeholders with the column's encoder. */
  params: unknown[];
}

/** A write built once (prepareWrite): run with `db` or inside a transaction. */
export interface PreparedWrite<Q extends PgPreparedQuery<PreparedQueryConfig>> {
  execute(q: Db | Tx, values: Record<string, unknown>): ReturnType<Q['execute']>;
}

/**
 * A write (insert, update, delete) built once, like prepareRead: Drizzle builds the SQL text and the parameter
 * list a single time, and each call binds its values. `execute(q, values)` runs it on `q`'s connection, so a
 * statement of a transaction runs inside it: the prepared query is reused with the transaction's client (the
 * pooled client on PostgreSQL, the transaction's handle on PGlite) in place of the database's.
 *
 * A placeholder's value goes through its column's encoder, as Drizzle does for a value written in place, except
 * that null stays null: Drizzle's placeholders hand null to the encoder (a timestamp's would throw, a JSON column's
 * would store the JSON `null`).
 *
 *   const criar = prepareWrite(db.insert(t).values({ nome: sql.placeholder('nome') }).returning(), 't_criar');
 *   await criar.execute(tx, { nome });
 */
export function prepareWrite<Q extends PgPreparedQuery<PreparedQueryConfig>>(
  query: { prepare(name: string): Q },
  name: string,
): PreparedWrite<Q> {
  const prepared = query.prepare(name);
  const internals = prepared as unknown as PreparedInternals;
  internals.params = internals.params.map((p) => {
    if (!is(p, Param) || !is(p.value, Placeholder)) return p;
    const encoder = p.encoder;
    return new Param(p.value, {
      mapToDriverValue: (value: unknown) =>
        value === null || value === undefined ? null : encoder.mapToDriverValue(value),
    });
  });
  return {
    execute(q, values) {
      const client = (q as unknown as { session: { client: object } }).session.client;
      const target =
        client === internals.client ? prepared : (Object.create(prepared, { client: { value: client } }) as Q);
      return target.execute(values) as ReturnType<Q['execute']>;
    },
  };
}

/**
 * A placeholder where Drizzle's types want a value (an update's `set`): at run time Drizzle wraps it, like any
 * value, in a `Param` with the column's encoder, and prepareWrite binds it on each call.
 */
export const valorDe = <T>(name: string): T => sql.placeholder(name) as unknown as T;
