import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cardColumns, naLoja, notaDoProduto } from '../produto/produto-colunas.js';
import { imagens, produtos } from '../produto/produto.table.js';
import { favoritos } from './favorito.table.js';

/** A customer's favourites (ADR 045). */
export function createFavoritoRepository(db: Db) {
  const ids = (clienteId: number) =>
    db
      .select({ id: favoritos.produtoId })
      .from(favoritos)
      .where(eq(favoritos.clienteId, clienteId))
      .orderBy(desc(favoritos.criadoEm), desc(favoritos.produtoId))
      .then((rows) => rows.map((r) => r.id));

  return {
    ids,

    /** The favourites the store shows (active, not the gift) as product cards, newest first. One statement. */
    cards(clienteId: number) {
      const nota = notaDoProduto(db, produtos.id);
      return db
        .select({ ...cardColumns, media: nota.media, quantidade: nota.quantidade })
        .from(favoritos)
        .innerJoin(produtos, eq(produtos.id, favoritos.produtoId))
        .leftJoin(imagens, eq(imagens.path, produtos.pathImgDestaque))
        .leftJoinLateral(nota, sql`true`)
        .where(and(eq(favoritos.clienteId, clienteId), naLoja))
        .orderBy(desc(favoritos.criadoEm), desc(favoritos.produtoId));
    },

    /**
     * Adds a product of the store (active, not the gift): one statement, so a product deleted meanwhile is simply
     * not found. False when the product is not in the store; true when it is a favourite now (new or not).
     */
    async adicionar(clienteId: number, produtoId: number): Promise<boolean> {
      const inseridos = await db
        .insert(favoritos)
        .select(
          db
            .select({
              clienteId: sql<number>`${clienteId}::int`.as('cliente_id'),
              produtoId: sql<number>`${produtos.id}`.as('produto_id'),
              criadoEm: sql<Date>`now()`.as('criado_em'),
            })
            .from(produtos)
            .where(and(eq(produtos.id, produtoId), naLoja)),
        )
        .onConflictDoNothing()
        .returning({ id: favoritos.produtoId });
      if (inseridos.length > 0) return true;
      const [naLojaAinda] = await db
        .select({ id: produtos.id })
        .from(produtos)
        .where(and(eq(produtos.id, produtoId), naLoja));
      return naLojaAinda !== undefined;
    },

    /** Removes a favourite; false when the product does not exist at all. */
    async remover(clienteId: number, produtoId: number): Promise<boolean> {
      const removidos = await db
        .delete(favoritos)
        .where(and(eq(favoritos.clienteId, clienteId), eq(favoritos.produtoId, produtoId)))
        .returning({ id: favoritos.produtoId });
      if (removidos.length > 0) return true;
      const [existe] = await db.select({ id: produtos.id }).from(produtos).where(eq(produtos.id, produtoId));
      return existe !== undefined;
    },
  };
}

export type FavoritoRepository = ReturnType<typeof createFavoritoRepository>;
