/**
 * Notices that a user's sessions may have ended, on every instance (ADR 023).
 *
 * The database tells: the triggers of migration 0019 `NOTIFY clinica_sessoes` with the user's id when a session is
 * revoked (logout: a row of `sessoes_revogadas`), when the user's credentials version moves (a password change or
 * reset, a deactivation: every older token ends, ADR 002) or `ativo` changes, and when the user is removed. A
 * NOTIFY is delivered at the commit, never for a rollback, so whatever path ends sessions (the API on any instance,
 * SQL by hand) reaches every instance once the change is visible, without the code that made it knowing.
 *
 * What a notice means is left to the checker: the realtime server checks the user's open connections again with
 * the auth guard's own query (plugins/auth.ts), which knows which tokens still count. A notice therefore carries no
 * detail, and a spare one costs one query per open connection of that user.
 *
 * PostgreSQL: one LISTEN connection per instance (db/client.ts). Notices sent while it is being re-opened are lost,
 * so after each re-connection the handlers get `null`: check every session. PGlite: the database lives in this
 * process and hands the NOTIFY to every app listening on it (tests build two) before the committing call returns.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

/** The channel of migration 0019's triggers. */
export const CANAL_SESSOES = 'clinica_sessoes';

/** A user whose sessions may have ended, or `null`: notices may have been missed, every session is to be checked. */
export type RevocationHandler = (idUsuario: number | null) => void;

export interface SessionRevocations {
  /** Receives every notice from now on; returns the unsubscribe. */
  assinar(handler: RevocationHandler): () => void;
  /** Stops listening. */
  close(): Promise<void>;
}

export async function createSessionRevocations(
  database: Database,
  log: FastifyBaseLogger,
): Promise<SessionRevocations> {
  const handlers = new Set<RevocationHandler>();
  const emit = (idUsuario: number | null): void => {
    for (const handler of handlers) {
      try {
        handler(idUsuario);
      } catch (err) {
        log.error({ err, idUsuario }, 'Falha ao tratar aviso de sessões encerradas');
      }
    }
  };
  const onPayload = (payload: string): void => {
    const idUsuario = /^\d{1,15}$/.test(payload) ? Number(payload) : 0;
    if (idUsuario > 0) emit(idUsuario);
    else log.warn({ payload: payload.slice(0, 64) }, 'Aviso de sessões encerradas com formato inválido; ignorado');
  };

  let stop: () => Promise<void>;
  if (database.kind === 'postgres' && database.listen) {
    stop = await database.listen(
      CANAL_SESSOES,
      onPayload,
      (err) => log.error({ err }, 'Conexão LISTEN das sessões encerradas caiu; reconectando'),
      () => emit(null),
    );
  } else {
    // Stopped when the app closes: another app may go on using the same PGlite.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    stop = await client.listen(CANAL_SESSOES, onPayload);
  }

  let closed = false;
  return {
    assinar(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await stop();
    },
  };
}
