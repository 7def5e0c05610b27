import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { produtos } from '../produto/produto.table.js';
import { conteudosProduto, type ConteudoProduto } from './conteudo.table.js';

export interface NovoConteudo {
  produtoId: number;
  ordem: number;
  titulo: string;
  duracao: string;
  arquivo: string;
  nomeArquivo: string | null;
  video: boolean;
  tipo: string;
  tamanho: number;
  processamento: 'PRONTO' | 'PROCESSANDO';
}

/** The columns the back-office shows (everything but the storage key and the creation time). */
const colunasAdmin = {
  id: conteudosProduto.id,
  produtoId: conteudosProduto.produtoId,
  ordem: conteudosProduto.ordem,
  titulo: conteudosProduto.titulo,
  duracao: conteudosProduto.duracao,
  video: conteudosProduto.video,
  tipo: conteudosProduto.tipo,
  tamanho: conteudosProduto.tamanho,
  processamento: conteudosProduto.processamento,
  nomeArquivo: conteudosProduto.nomeArquivo,
  permiteDownload: conteudosProduto.permiteDownload,
  previaGratuita: conteudosProduto.previaGratuita,
};

/**
 * Back-office writes and reads of a digital product's contents (docs/behaviour/back-office.md#product-contents, ADR
 * 015).
 */
export function createConteudoAdminRepository(db: Db) {
  return {
    /** The product's name and digital flag (null when unknown; inactive ones included). */
    async produto(produtoId: number) {
      const [row] = await db
        .select({ id: produtos.id, nome: produtos.nome, digital: produtos.digital })
        .from(produtos)
        .where(eq(produtos.id, produtoId))
        .limit(1);
      return row ?? null;
    },

    /** Whether the product already has a content at `ordem`. */
    async ordemUsada(produtoId: number, ordem: number) {
      const [row] = await db
        .select({ id: conteudosProduto.id })
        .from(conteudosProduto)
        .where(and(eq(conteudosProduto.produtoId, produtoId), eq(conteudosProduto.ordem, ordem)))
        .limit(1);
      return row !== undefined;
    },

    /** Every content of the product, in order, whatever its processing state. */
    async listar(produtoId: number) {
      return db
        .select(colunasAdmin)
        .from(conteudosProduto)
        .where(eq(conteudosProduto.produtoId, produtoId))
        .orderBy(asc(conteudosProduto.ordem), asc(conteudosProduto.id));
    },

    /** Inserts a content (in the caller's transaction when given); returns its back-office columns. */
    async inserir(novo: NovoConteudo, tx?: Tx) {
      const [row] = await (tx ?? db).insert(conteudosProduto).values(novo).returning(colunasAdmin);
      return row!;
    },

    /** Sets whether the content is a free preview (ADR 047); its back-office columns, or null when unknown. */
    async alterarPrevia(id: number, previaGratuita: boolean, tx?: Tx) {
      const [row] = await (tx ?? db)
        .update(conteudosProduto)
        .set({ previaGratuita })
        .where(eq(conteudosProduto.id, id))
        .returning(colunasAdmin);
      return row ?? null;
    },

    /** The whole row (null when unknown). */
    async porId(id: number): Promise<ConteudoProduto | null> {
      const [row] = await db.select().from(conteudosProduto).where(eq(conteudosProduto.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Deletes the content (its progress rows go with it, ON DELETE CASCADE),
     * in the caller's transaction when given; returns its back-office columns
     * and storage key, or null.
     */
    /** Sets whether buyers may download the item (ADR 046); null when there is no such item. */
    async permitirDownload(id: number, permiteDownload: boolean, tx: Tx) {
      const [row] = await tx
        .update(conteudosProduto)
        .set({ permiteDownload })
        .where(eq(conteudosProduto.id, id))
        .returning(colunasAdmin);
      return row ?? null;
    },

    async excluir(id: number, tx?: Tx) {
      const [row] = await (tx ?? db)
        .delete(conteudosProduto)
        .where(eq(conteudosProduto.id, id))
        .returning({ ...colunasAdmin, arquivo: conteudosProduto.arquivo });
      return row ?? null;
    },

    /** Whether another content still points at the storage key (seeded or copied rows may share one). */
    async arquivoEmUso(arquivo: string, excetoId?: number) {
      const [row] = await db
        .select({ id: conteudosProduto.id })
        .from(conteudosProduto)
        .where(
          and(
            eq(conteudosProduto.arquivo, arquivo),
            excetoId === undefined ? undefined : ne(conteudosProduto.id, excetoId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * The converted MP4 replaces the AVI, only while the row is still
     * PROCESSANDO (a content deleted or already done meanwhile is left alone);
     * returns whether the row changed.
     */
    async concluirConversao(id: number, mp4: { arquivo: string; tamanho: number }) {
      const rows = await db
        .update(conteudosProduto)
        .set({ arquivo: mp4.arquivo, tamanho: mp4.tamanho, tipo: 'video/mp4', video: true, processamento: 'PRONTO' })
        .where(and(eq(conteudosProduto.id, id), eq(conteudosProduto.processamento, 'PROCESSANDO')))
        .returning({ id: conteudosProduto.id });
      return rows.length > 0;
    },

    /** The conversion gave up: FALHOU (only from PROCESSANDO). */
    async falharConversao(id: number) {
      await db
        .update(conteudosProduto)
        .set({ processamento: 'FALHOU' })
        .where(and(eq(conteudosProduto.id, id), eq(conteudosProduto.processamento, 'PROCESSANDO')));
    },
  };
}

export type ConteudoAdminRepository = ReturnType<typeof createConteudoAdminRepository>;
