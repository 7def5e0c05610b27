import type { EndpointBody } from '@clinica/shared/endpoint';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import type { Avaliacao, produtoApi } from '@clinica/shared/schemas/produto';
import { diaDe } from '@clinica/shared/clinic-day';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AvaliacaoRepository } from './avaliacao.repository.js';

type AvaliacaoData = EndpointBody<typeof produtoApi.avaliar>;

/** Dates of reviews (and of orders, pedido.service.ts) are the clinic's calendar days (packages/shared clinic-day.ts). */
export { diaDe };

/**
 * How a reviewer is shown on the public product page: a person by first name
 * and the initial of the last ("Maria S."), a company by its name.
 */
export function nomePublico(c: { juridica: boolean; nome: string | null; razaoSocial: string | null }): string {
  if (c.juridica) return c.razaoSocial?.trim() || 'Cliente';
  const partes = (c.nome ?? '').trim().split(/\s+/).filter(Boolean);
  if (partes.length === 0) return 'Cliente';
  const primeiro = partes[0]!;
  return partes.length > 1 ? `${primeiro} ${partes[partes.length - 1]!.charAt(0).toUpperCase()}.` : primeiro;
}

export function toAvaliacao(row: {
  clienteId: number;
  produtoId: number;
  nota: string | number;
  comentario: string | null;
  createdAt: Date;
  juridica: boolean;
  nome: string | null;
  razaoSocial: string | null;
}): Avaliacao {
  return {
    nomeCliente: nomePublico(row),
    nota: Number(row.nota),
    comentario: row.comentario,
    createAt: diaDe(row.createdAt),
    clienteId: row.clienteId,
    produtoId: row.produtoId,
  };
}

/** POST /produto/avaliacao (docs/behaviour/library-and-classroom.md#rating): a customer rates a product they bought. */
export function createAvaliacaoService({ repository }: { repository: AvaliacaoRepository }) {
  return {
    /**
     * The caller's review of a product: only for their own client id (403
     * otherwise), an active product (404) they bought in a paid, shipped or
     * delivered order (422). One per client and product: a new one replaces
     * the old. The comment is kept as the plain text it is.
     */
    async avaliar(user: AuthUser, input: AvaliacaoData): Promise<Avaliacao> {
      if (user.idCliente === null || user.idCliente !== input.clienteId) throw forbidden();
      const contexto = await repository.contexto(input.produtoId, input.clienteId);
      if (!contexto) throw notFound(MSG.produtoNaoEncontrado);
      if (!contexto.comprou) throw unprocessable(MSG_API.avaliacaoSoComprador);
      const row = await repository.salvar({
        clienteId: input.clienteId,
        produtoId: input.produtoId,
        nota: input.nota,
        comentario: input.comentario,
      });
      return toAvaliacao({ ...row, ...contexto.cliente });
    },
  };
}

export type AvaliacaoService = ReturnType<typeof createAvaliacaoService>;
