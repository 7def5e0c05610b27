import { sql, type SQL } from 'drizzle-orm';

/**
 * A column holding a JSON list built by a correlated subquery (`select json_agg(…) … where x.id = ${tabela.id}`),
 * or `[]` when it finds no rows: how a read returns a row and its lists in one statement, one round trip (on
 * PGlite's single connection, separate statements queue one after another). The list keeps the order its
 * `json_agg(… order by …)` gives. JSON carries no column types: money must be sent as text (`valor::text`, read
 * with `toCents`) and instants come back as ISO strings.
 */
export const jsonLista = <T>(corpo: SQL) => sql<T[]>`coalesce((${corpo}), '[]'::json)`;
