import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { keyForPublicUrl, type FileStorage } from '../../integrations/files/index.js';
import type { ImagemResponsiva } from '../../integrations/files/images.js';
import { autores } from '../autor/autor.table.js';
import { imagens, produtoImagens, produtos } from './produto.table.js';

/**
 * The `imagens` rows of uploaded pictures (product images, author photos) and
 * the cleanup of their files. File names are content hashes, so one picture
 * sent twice (to two products, or as a product image and an author photo) is
 * one set of files and one `imagens` row shared by every row that points at
 * its path; files go only when the last of those rows does.
 */
export function createImagemRepository(db: Db) {
  /** Whether a product image, a product's card picture or an author photo still points at `path`. */
  async function emUso(path: string, tx: Db | Tx = db): Promise<boolean> {
    if (
      (await tx.select({ id: produtoImagens.id }).from(produtoImagens).where(eq(produtoImagens.path, path)).limit(1))
        .length
    )
      return true;
    if ((await tx.select({ id: produtos.id }).from(produtos).where(eq(produtos.pathImgDestaque, path)).limit(1)).length)
      return true;
    return (await tx.select({ id: autores.id }).from(autores).where(eq(autores.pathImg, path)).limit(1)).length > 0;
  }

  return {
    /** Records the sizes of a stored picture (nothing when its path is already known). */
    async registrar(tx: Tx, imagem: ImagemResponsiva): Promise<void> {
      await tx
        .insert(imagens)
        .values({ path: imagem.path, largura: imagem.largura, altura: imagem.altura, variantes: imagem.variantes })
        .onConflictDoNothing();
    },

    /** Whether anything still shows the picture at `path`. */
    emUso,

    /**
     * Inside the transaction that removed a reference to `path`: when nothing
     * points at it any more, deletes its `imagens` row and returns the storage
     * keys of its files (to delete after the commit); otherwise [].
     */
    async liberarSeSemUso(tx: Tx, path: string): Promise<string[]> {
      if (await emUso(path, tx)) return [];
      const [row] = await tx.delete(imagens).where(eq(imagens.path, path)).returning({ variantes: imagens.variantes });
      const paths = row ? [path, ...row.variantes.map((v) => v.path)] : [path];
      return [...new Set(paths.map(keyForPublicUrl).filter((k): k is string => k !== null))];
    },
  };
}

export type ImagemRepository = ReturnType<typeof createImagemRepository>;

/** Deletes files of pictures nothing uses any more; a failure is logged (an orphan file harms no one). */
export async function apagarArquivos(storage: FileStorage, chaves: string[], log: FastifyBaseLogger): Promise<void> {
  for (const chave of chaves) {
    try {
      await storage.delete(chave);
    } catch (err) {
      log.warn({ err, chave }, 'Arquivo de imagem sem uso não foi apagado');
    }
  }
}
