import type { FastifyRequest } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { ImagemProduto } from '@clinica/shared/schemas/imagem';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { receberImagem, type EnvioImagemDeps } from './imagem-envio.js';
import type { ProdutoImagemRepository } from './produto-imagem.repository.js';
import { toImagem } from './produto.service.js';

/**
 * Product pictures (/EditListImagemProduto): upload, list, reorder, delete.
 * The card picture (`pathImgDestaque`) is the first gallery picture unless the
 * product has one; deleting it hands it to the next gallery picture (or none).
 * A product has one home-banner image: a new one replaces it. The gallery's
 * order is set as a whole; its first picture then becomes the card picture.
 */
export function createProdutoImagemService(deps: EnvioImagemDeps & { repository: ProdutoImagemRepository }) {
  const { repository, arquivos, limites } = deps;

  return {
    /**
     * PUT /produto/create/{productId}/{isHomeImage}: reads, checks and stores
     * one picture (imagem-envio.ts). Audited on the product (ENVIAR_IMAGEM:
     * the picture after; before, the home image it replaced, if any).
     */
    async enviar(
      request: FastifyRequest,
      produtoId: number,
      imagemSite: boolean,
      quem: QuemAudita,
    ): Promise<ImagemProduto> {
      // Refusals that need no upload come first.
      if (!(await repository.findProduto(produtoId))) throw notFound(MSG.produtoNaoEncontrado);
      return receberImagem(request, { arquivos, limites }, 'produtos', async (tx, imagem, enviada) => {
        const produto = await repository.lockProduto(tx, produtoId);
        if (!produto) throw notFound(MSG.produtoNaoEncontrado);
        const substituidas = imagemSite ? await repository.removerImagensSite(tx, produtoId) : [];
        const id = await repository.inserir(tx, { produtoId, nome: enviada.nome, path: imagem.path, imagemSite });
        const anterior = substituidas[0];
        await registrarAuditoria(tx, quem, {
          entidade: 'produto',
          entidadeId: produtoId,
          acao: 'ENVIAR_IMAGEM',
          antes: anterior
            ? { imagemId: anterior.id, nome: anterior.nome, path: anterior.path, imagemSite: true }
            : null,
          depois: { imagemId: id, nome: enviada.nome, path: imagem.path, imagemSite },
        });
        const novoDestaque = !imagemSite && !produto.pathImgDestaque;
        if (novoDestaque) await repository.definirDestaque(tx, produtoId, imagem.path);
        else await repository.tocar(tx, produtoId);
        const destaque = !imagemSite && (novoDestaque || produto.pathImgDestaque === imagem.path);
        return {
          resultado: { id, nome: enviada.nome, path: imagem.path, imagemSite, imagem: toImagem(imagem), destaque },
          removidos: substituidas.map((r) => r.path),
        };
      });
    },

    /** GET /produto/imagens/imagem/produto/{id}: the gallery in display order, then the home image. */
    async listar(produtoId: number): Promise<{ listaImagemProduto: ImagemProduto[]; pathImgDestaque: string | null }> {
      const produto = await repository.findProduto(produtoId);
      if (!produto) throw notFound(MSG.produtoNaoEncontrado);
      const rows = await repository.listar(produtoId);
      return {
        listaImagemProduto: rows.map((r) => ({
          id: r.id,
          nome: r.nome,
          path: r.path,
          imagemSite: r.imagemSite,
          imagem: r.imagem ? toImagem(r.imagem) : null,
          destaque: !r.imagemSite && r.path === produto.pathImgDestaque,
        })),
        pathImgDestaque: produto.pathImgDestaque,
      };
    },

    /**
     * PUT /produto/imagens/imagem/produto/{id}/ordem: `ids` must be the
     * product's gallery pictures, each once (else 422, nothing changes); they
     * take that order and the first becomes the card picture. Audited on the
     * product (ORDENAR_IMAGENS, the ids before and after). The catalogue's
     * version rises with the commit, so the store shows the new order at once.
     */
    async ordenar(produtoId: number, ids: readonly number[], quem: QuemAudita) {
      await repository.transacao(async (tx) => {
        // The product first, as uploads and deletions lock it: one order of locks, no deadlock.
        const produto = await repository.lockProduto(tx, produtoId);
        if (!produto) throw notFound(MSG.produtoNaoEncontrado);
        const galeria = await repository.galeria(tx, produtoId);
        const antes = galeria.map((g) => g.id);
        const conhecidas = new Set(antes);
        const mesmas =
          ids.length === antes.length && new Set(ids).size === ids.length && ids.every((id) => conhecidas.has(id));
        if (!mesmas) throw unprocessable(MSG_BO.imagensOrdemInvalida);
        await repository.ordenar(tx, produtoId, ids);
        await registrarAuditoria(tx, quem, {
          entidade: 'produto',
          entidadeId: produtoId,
          acao: 'ORDENAR_IMAGENS',
          antes: { ordem: antes },
          depois: { ordem: ids },
        });
        const capa = galeria.find((g) => g.id === ids[0])!.path;
        if (capa !== produto.pathImgDestaque) await repository.definirDestaque(tx, produtoId, capa);
        else await repository.tocar(tx, produtoId);
      });
      return this.listar(produtoId);
    },

    /**
     * DELETE /produto/imagens/imagem/delete/{imageId}: removes the row, and its
     * files once nothing else shows them; the card picture moves on when it
     * was this one. Audited on the product (EXCLUIR_IMAGEM, the picture before).
     */
    async excluir(
      imagemId: number,
      quem: QuemAudita,
    ): Promise<{ id: number; produtoId: number; pathImgDestaque: string | null }> {
      const alvo = await repository.findImagem(imagemId);
      if (!alvo) throw notFound(MSG_BO.imagemNaoEncontrada);
      return arquivos.remover(async (tx) => {
        // The product first, as uploads lock it: one order of locks, no deadlock.
        const produto = await repository.lockProduto(tx, alvo.produtoId);
        const row = await repository.findImagem(imagemId, tx);
        if (!produto || !row) throw notFound(MSG_BO.imagemNaoEncontrada);
        await repository.excluir(tx, row.id);
        await registrarAuditoria(tx, quem, {
          entidade: 'produto',
          entidadeId: row.produtoId,
          acao: 'EXCLUIR_IMAGEM',
          antes: { imagemId: row.id, nome: row.nome, path: row.path, imagemSite: row.imagemSite },
        });
        let pathImgDestaque = produto.pathImgDestaque;
        if (
          !row.imagemSite &&
          pathImgDestaque === row.path &&
          !(await repository.outraNaGaleria(tx, row.produtoId, row.path, row.id))
        ) {
          pathImgDestaque = await repository.primeiraDaGaleria(tx, row.produtoId);
          await repository.definirDestaque(tx, row.produtoId, pathImgDestaque);
        } else {
          await repository.tocar(tx, row.produtoId);
        }
        return { resultado: { id: row.id, produtoId: row.produtoId, pathImgDestaque }, removidos: [row.path] };
      });
    },
  };
}

export type ProdutoImagemService = ReturnType<typeof createProdutoImagemService>;
