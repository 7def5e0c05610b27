import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { produtos } from '../produto/produto.table.js';

export function createSeoRepository(db: Db) {
  return {
    /** Id and last change of every product a visitor can open (active), by id. */
    async produtosPublicos(): Promise<Array<{ id: number; updatedAt: Date }>> {
      return db
        .select({ id: produtos.id, updatedAt: produtos.updatedAt })
        .from(produtos)
        .where(and(eq(produtos.ativo, true), eq(produtos.brinde, false)))
        .orderBy(asc(produtos.id));
    },
  };
}

export type SeoRepository = ReturnType<typeof createSeoRepository>;
