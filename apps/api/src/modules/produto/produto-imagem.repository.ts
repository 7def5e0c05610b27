import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { imagens, produtoImagens, produtos } from './produto.table.js';

/** The pictures of a product (produto_imagens) and its card picture (produtos.path_img_destaque). */
export function createProdutoImagemRepository(db: Db) {
  return {
    /** The product's id and card picture; undefined when unknown (inactive products included). */
    async findProduto(id: number) {
      const [row] = await db
        .select({ id: produtos.id, pathImgDestaque: produtos.pathImgDestaque })
        .from(produtos)
        .where(eq(produtos.id, id))
        .limit(1);
      return row;
    },

    /** The same, locking the product's row until the transaction ends (writes of its pictures go one at a time). */
    async lockProduto(tx: Tx, id: number) {
      const [row] = await tx
        .select({ id: produtos.id, pathImgDestaque: produtos.pathImgDestaque })
        .from(produtos)
        .where(eq(produtos.id, id))
        .for('update');
      return row;
    },

    /** Every picture of a product with its sizes (null when unknown): gallery in display order, then the home image. */
    async listar(produtoId: number) {
      return db
        .select({
          id: produtoImagens.id,
          nome: produtoImagens.nome,
          path: produtoImagens.path,
          imagemSite: produtoImagens.imagemSite,
          imagem: {
            path: imagens.path,
            largura: imagens.largura,
            altura: imagens.altura,
            variantes: imagens.variantes,
          },
        })
        .from(produtoImagens)
        .leftJoin(imagens, eq(imagens.path, produtoImagens.path))
        .where(eq(produtoImagens.produtoId, produtoId))
        .orderBy(asc(produtoImagens.imagemSite), asc(produtoImagens.ordem), asc(produtoImagens.id));
    },

    /** One picture row (its product, name and path), or undefined. */
    async findImagem(id: number, tx: Db | Tx = db) {
      const [row] = await tx
        .select({
          id: produtoImagens.id,
          produtoId: produtoImagens.produtoId,
          nome: produtoImagens.nome,
          path: produtoImagens.path,
          imagemSite: produtoImagens.imagemSite,
        })
        .from(produtoImagens)
        .where(eq(produtoImagens.id, id))
        .limit(1);
      return row;
    },

    /** Removes the product's home image rows; returns them (id, name, path). */
    async removerImagensSite(tx: Tx, produtoId: number) {
      return tx
        .delete(produtoImagens)
        .where(and(eq(produtoImagens.produtoId, produtoId), eq(produtoImagens.imagemSite, true)))
        .returning({ id: produtoImagens.id, nome: produtoImagens.nome, path: produtoImagens.path });
    },

    /** Adds a picture row: a gallery picture goes after the others; the home image has order 0. */
    async inserir(tx: Tx, row: { produtoId: number; nome: string; path: string; imagemSite: boolean }) {
      let ordem = 0;
      if (!row.imagemSite) {
        const [ultima] = await tx
          .select({ ordem: max(produtoImagens.ordem) })
          .from(produtoImagens)
          .where(and(eq(produtoImagens.produtoId, row.produtoId), eq(produtoImagens.imagemSite, false)));
        ordem = (ultima?.ordem ?? 0) + 1;
      }
      const [inserida] = await tx
        .insert(produtoImagens)
        .values({ ...row, ordem })
        .returning({ id: produtoImagens.id });
      return inserida!.id;
    },

    async excluir(tx: Tx, id: number) {
      await tx.delete(produtoImagens).where(eq(produtoImagens.id, id));
    },

    /** The first gallery picture of a product (display order), or null. */
    async primeiraDaGaleria(tx: Tx, produtoId: number): Promise<string | null> {
      const [row] = await tx
        .select({ path: produtoImagens.path })
        .from(produtoImagens)
        .where(and(eq(produtoImagens.produtoId, produtoId), eq(produtoImagens.imagemSite, false)))
        .orderBy(asc(produtoImagens.ordem), asc(produtoImagens.id))
        .limit(1);
      return row?.path ?? null;
    },

    /** Sets the card picture (and marks the product changed). */
    async definirDestaque(tx: Tx, produtoId: number, path: string | null) {
      await tx
        .update(produtos)
        .set({ pathImgDestaque: path, updatedAt: sql`now()` })
        .where(eq(produtos.id, produtoId));
    },

    /** The product's gallery pictures (id and path) in display order. */
    async galeria(tx: Tx, produtoId: number) {
      return tx
        .select({ id: produtoImagens.id, path: produtoImagens.path })
        .from(produtoImagens)
        .where(and(eq(produtoImagens.produtoId, produtoId), eq(produtoImagens.imagemSite, false)))
        .orderBy(asc(produtoImagens.ordem), asc(produtoImagens.id));
    },

    /** Gives each gallery picture of `ids` its place in the list as its order (1, 2, …), in one statement. */
    async ordenar(tx: Tx, produtoId: number, ids: readonly number[]) {
      await tx.execute(sql`
        update produto_imagens pi set ordem = v.ordem
        from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as v(id, ordem)
        where pi.id = v.id and pi.produto_id = ${produtoId} and not pi.imagem_site`);
    },

    /** Runs `escrever` in one transaction. */
    transacao<T>(escrever: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(escrever);
    },

    /** Marks the product changed. */
    async tocar(tx: Tx, produtoId: number) {
      await tx
        .update(produtos)
        .set({ updatedAt: sql`now()` })
        .where(eq(produtos.id, produtoId));
    },

    /** Whether another gallery row of the product shows the same file. */
    async outraNaGaleria(tx: Tx, produtoId: number, path: string, excetoId: number): Promise<boolean> {
      const rows = await tx
        .select({ id: produtoImagens.id })
        .from(produtoImagens)
        .where(
          and(
            eq(produtoImagens.produtoId, produtoId),
            eq(produtoImagens.path, path),
            eq(produtoImagens.imagemSite, false),
            ne(produtoImagens.id, excetoId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type ProdutoImagemRepository = ReturnType<typeof createProdutoImagemRepository>;
