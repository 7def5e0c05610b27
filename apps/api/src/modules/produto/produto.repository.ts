import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { produtos } from './produto.table.js';

export function createProdutoRepository(db: Db) {
  return {
    /** Active, non-gift products for the header menus: one query for both lists. */
    async listMenu() {
      return db
        .select({
          id: produtos.id,
          nome: produtos.nome,
          digital: produtos.digital,
          pathImgDestaque: produtos.pathImgDestaque,
        })
        .from(produtos)
        .where(and(eq(produtos.ativo, true), eq(produtos.brinde, false)))
        .orderBy(produtos.nome, produtos.id);
    },
  };
}

export type ProdutoRepository = ReturnType<typeof createProdutoRepository>;
