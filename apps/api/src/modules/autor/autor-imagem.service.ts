import type { FastifyRequest } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Imagem } from '@clinica/shared/schemas/produto';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { notFound } from '../../lib/errors.js';
import { lerImagemEnviada, type LimitesImagem } from '../../lib/image-upload.js';
import type { ImagemArquivos } from '../produto/imagem-arquivos.service.js';
import { toImagem } from '../produto/produto.service.js';
import type { AutorImagemRepository } from './autor-imagem.repository.js';

/** SPEC §7 POST /autor/save/imgautor/{id}: the author's photo (the same checks as product pictures). */
export function createAutorImagemService(deps: {
  repository: AutorImagemRepository;
  arquivos: ImagemArquivos;
  limites: LimitesImagem;
}) {
  const { repository, arquivos, limites } = deps;
  return {
    /**
     * Reads, checks and stores the photo; the previous one's files go when
     * nothing else shows them. Audited (ENVIAR_IMAGEM, the author before and after).
     */
    async enviar(
      request: FastifyRequest,
      id: number,
      quem: QuemAudita,
    ): Promise<{ id: number; nomeImg: string; pathImg: string; imagem: Imagem }> {
      if (!(await repository.existe(id))) throw notFound(MSG_BO.autorNaoEncontrado);
      const enviada = await lerImagemEnviada(request, limites);
      return arquivos.salvar(enviada, 'autores', async (tx, imagem) => {
        const autor = await repository.lock(tx, id);
        if (!autor) throw notFound(MSG_BO.autorNaoEncontrado);
        await repository.definirFoto(tx, id, { nomeImg: enviada.nome, pathImg: imagem.path });
        await registrarAuditoria(tx, quem, {
          entidade: 'autor',
          entidadeId: id,
          acao: 'ENVIAR_IMAGEM',
          antes: autor,
          depois: { ...autor, nomeImg: enviada.nome, pathImg: imagem.path },
        });
        return {
          resultado: { id, nomeImg: enviada.nome, pathImg: imagem.path, imagem: toImagem(imagem) },
          removidos: autor.pathImg && autor.pathImg !== imagem.path ? [autor.pathImg] : [],
        };
      });
    },
  };
}

export type AutorImagemService = ReturnType<typeof createAutorImagemService>;
