import type { TestDatabase } from '../db/test-databases.js';

/** The user id and the client id (null for staff) of the account with this e-mail. */
export async function idsDaConta(database: TestDatabase, email: string) {
  const [row] = await database.raw<{ id: number; cliente: number | null }>(
    'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
    [email],
  );
  return { id: Number(row!.id), idCliente: row!.cliente === null ? null : Number(row!.cliente) };
}

/** The number a `SELECT count(*) AS n …` statement answers. */
export const contar = async (database: TestDatabase, sql: string, params: unknown[] = []) =>
  Number((await database.raw<{ n: number | string }>(sql, params))[0]!.n);
