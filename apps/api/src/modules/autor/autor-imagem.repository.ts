import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { autores } from './autor.table.js';

/** The photo columns of an author (autores.nome_img, autores.path_img). */
export function createAutorImagemRepository(db: Db) {
  return {
    /** Whether the author exists. */
    async existe(id: number): Promise<boolean> {
      const rows = await db.select({ id: autores.id }).from(autores).where(eq(autores.id, id)).limit(1);
      return rows.length > 0;
    },

    /** The author (its contract columns), locking the row until the transaction ends; undefined when unknown. */
    async lock(tx: Tx, id: number) {
      const [row] = await tx
        .select({
          id: autores.id,
          nome: autores.nome,
          sobre: autores.sobre,
          nomeImg: autores.nomeImg,
          pathImg: autores.pathImg,
        })
        .from(autores)
        .where(eq(autores.id, id))
        .for('update');
      return row;
    },

    async definirFoto(tx: Tx, id: number, foto: { nomeImg: string; pathImg: string }) {
      await tx
        .update(autores)
        .set({ ...foto, updatedAt: sql`now()` })
        .where(eq(autores.id, id));
    },
  };
}

export type AutorImagemRepository = ReturnType<typeof createAutorImagemRepository>;
