import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { codigosEmail, type FinalidadeCodigo } from './email.table.js';

/** At most this many comparisons are ever made against one code. */
export const MAX_TENTATIVAS_CODIGO = 5;

export interface CodigoRow {
  id: number;
  usuarioId: number;
  finalidade: FinalidadeCodigo;
  emailDestino: string | null;
  codigoHash: string;
  tentativas: number;
  expiraEm: Date;
  usadoEm: Date | null;
  validadoEm: Date | null;
}

const columns = {
  id: codigosEmail.id,
  usuarioId: codigosEmail.usuarioId,
  finalidade: codigosEmail.finalidade,
  emailDestino: codigosEmail.emailDestino,
  codigoHash: codigosEmail.codigoHash,
  tentativas: codigosEmail.tentativas,
  expiraEm: codigosEmail.expiraEm,
  usadoEm: codigosEmail.usadoEm,
  validadoEm: codigosEmail.validadoEm,
};

/** The 6-digit codes of `codigos_email` (only their HMAC is stored). */
export function createCodigoRepository(db: Db) {
  return {
    /** Stores a new code; returns its id. */
    async insert(
      row: {
        usuarioId: number;
        finalidade: FinalidadeCodigo;
        emailDestino: string | null;
        codigoHash: string;
        expiraEm: Date;
      },
      tx: Db | Tx = db,
    ): Promise<number> {
      const [created] = await tx.insert(codigosEmail).values(row).returning({ id: codigosEmail.id });
      return created!.id;
    },

    /** The newest code of a user among `finalidades` (a newer code replaces the older ones), or undefined. */
    async latest(usuarioId: number, finalidades: readonly FinalidadeCodigo[], tx: Db | Tx = db) {
      const [row] = await tx
        .select(columns)
        .from(codigosEmail)
        .where(and(eq(codigosEmail.usuarioId, usuarioId), inArray(codigosEmail.finalidade, [...finalidades])))
        .orderBy(desc(codigosEmail.createdAt), desc(codigosEmail.id))
        .limit(1);
      return row as CodigoRow | undefined;
    },

    /**
     * Takes one attempt on a live code before comparing it, atomically, so
     * parallel guesses cannot make more than MAX_TENTATIVAS_CODIGO comparisons.
     * Returns the row after the increment, or undefined when the code is used,
     * expired (at `now`) or out of attempts.
     */
    async reserveAttempt(id: number, now: Date) {
      const [row] = await db
        .update(codigosEmail)
        .set({ tentativas: sql`${codigosEmail.tentativas} + 1` })
        .where(
          and(
            eq(codigosEmail.id, id),
            isNull(codigosEmail.usadoEm),
            sql`${codigosEmail.expiraEm} > ${now.toISOString()}::timestamptz`,
            lt(codigosEmail.tentativas, MAX_TENTATIVAS_CODIGO),
          ),
        )
        .returning(columns);
      return row as CodigoRow | undefined;
    },

    /** Marks a code as accepted (keeps the first acceptance time). */
    async markValidated(id: number, now: Date, tx: Db | Tx = db): Promise<void> {
      await tx
        .update(codigosEmail)
        .set({ validadoEm: sql`coalesce(${codigosEmail.validadoEm}, ${now.toISOString()}::timestamptz)` })
        .where(eq(codigosEmail.id, id));
    },

    /**
     * Spends a code once: sets `usado_em` only if it is still unused; true when
     * this call spent it (a concurrent second call gets false).
     */
    async consume(id: number, now: Date, tx: Db | Tx = db): Promise<boolean> {
      const rows = await tx
        .update(codigosEmail)
        .set({ usadoEm: now })
        .where(and(eq(codigosEmail.id, id), isNull(codigosEmail.usadoEm)))
        .returning({ id: codigosEmail.id });
      return rows.length === 1;
    },
  };
}

export type CodigoRepository = ReturnType<typeof createCodigoRepository>;
