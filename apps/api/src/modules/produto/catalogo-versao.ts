import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../db/client.js';
import { coalesced } from '../../lib/versioned-reads.js';
import type { ProdutoRepository } from './produto.repository.js';

/** The channel the trigger of migration 0018 notifies at the commit of every change of the catalogue. */
const CANAL_CATALOGO = 'catalogo_versao';

/**
 * The catalogue's current version for lib/versioned-reads.ts (ADR 021), opaque.
 *
 * - PostgreSQL: read from `catalogo_versao` for each request (requests waiting together share one read). Several
 *   instances of the API write to the database, and a NOTIFY reaches another connection only some time after the
 *   commit: a request arriving meanwhile could be answered from before the change.
 * - PGlite: one process holds the database, so every change is committed by this process, on PGlite's one
 *   connection. The trigger's NOTIFY comes back in the output of the COMMIT itself, and PGlite hands it to the
 *   listener (a microtask queued while it reads that output) before the committing call returns to its caller: a
 *   count of the notifications has moved before the change is acknowledged, and never before it is visible. No
 *   statement per request on the connection the whole API shares.
 */
export async function criarVersaoDoCatalogo(
  database: Database,
  repository: ProdutoRepository,
): Promise<{ versao: () => Promise<string>; parar: () => Promise<void> }> {
  if (database.kind !== 'pglite') {
    return { versao: coalesced(() => repository.versaoDoCatalogo()), parar: async () => undefined };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  let mudancas = 0;
  // Stopped when the app closes: another app may go on using the same PGlite (tests build two on one database).
  const unlisten = await client.listen(CANAL_CATALOGO, () => {
    mudancas += 1;
  });
  return { versao: async () => `pglite.${mudancas}`, parar: () => unlisten() };
}
