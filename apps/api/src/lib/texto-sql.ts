import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A text as the back-office listings compare and sort it: without accents,
 * lower-case, in byte order (COLLATE "C"), so the order is the same on PGlite
 * and on any PostgreSQL whatever the server's collation (as the cities list does).
 */
export const semAcento = (coluna: PgColumn | SQL): SQL => sql`f_unaccent(lower(${coluna})) COLLATE "C"`;

/** `texto` as a LIKE literal: `%`, `_` and `\` match themselves. */
export const likeLiteral = (texto: string): string => texto.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The column contains `texto`, ignoring case and accents. */
export const contemSemAcento = (coluna: PgColumn | SQL, texto: string): SQL =>
  sql`f_unaccent(lower(${coluna})) LIKE '%' || f_unaccent(lower(${likeLiteral(texto)}::text)) || '%'`;
