import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';

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

  return (row) => {
    const result: Record<string, unknown> = {};
    for (const c of columns) {
      let node = result;
      for (const p of c.parents) node = (node[p] ??= {}) as Record<string, unknown>;
      const raw = row[c.index];
      node[c.key] = raw === null ? null : c.decoder ? c.decoder.mapFromDriverValue(raw) : raw;
    }
    for (const n of nullable) {
      if ((result[n.object] as Record<string, unknown>)[n.firstKey] === null) result[n.object] = null;
    }
    return result;
  };
}

/**
 * A read built once (ADR 008): `query.prepare(name)` has Drizzle build the SQL
 * text, the parameter list and the column list a single time (values vary
 * through `sql.placeholder`), and the rows are mapped by a mapper compiled for
 * its columns (compileRowMapper). On PostgreSQL the statement is a named
 * prepared statement, parsed and planned once per connection; PGlite runs the
 * same text each time. Each `execute({ … })` still sends the statement: nothing
 * is cached but the query's construction.
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
  return prepared;
}
