import type { FastifyRequest } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Imagem } from '@clinica/shared/schemas/produto';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { notFound } from '../../lib/errors.js';
import { receberImagem, type EnvioImagemDeps } from '../produto/imagem-envio.js';
import { toImagem } from '../produto/produto.service.js';
import type { AutorImagemRepository } from './autor-imagem.repository.js';

/** POST /autor/save/imgautor/{id}: the author's photo (the same checks as product pictures, imagem-envio.ts). */
export function createAutorImagemService(deps: EnvioImagemDeps & { repository: AutorImagemRepository }) {
  const { repository } = deps;
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
      return receberImagem(request, deps, 'autores', async (tx, imagem, enviada) => {
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
