import { conteudoApi } from '@clinica/shared/schemas/conteudo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { salaKeys } from './keys';

/**
 * Whether the course is in the user's library (GET /cliente/produtosacesso,
 * which never refuses its own user). The classroom asks this first, so a
 * pasted link to a course the user does not own shows 'Produto não encontrado
 * em sua biblioteca' instead of calling the content routes, whose 403 would
 * end the session (docs/behaviour/accounts-and-sign-in.md#session).
 */
const possuiCursoQuery = (produtoId: number, idUser: number, idCliente: number | null) =>
  queryOptions({
    queryKey: [...salaKeys.biblioteca, idUser, 'possui', produtoId] as const,
    queryFn: async ({ signal }) => {
      const lista = await callEndpoint(conteudoApi.produtosAcesso, {
        params: { idUser },
        query: { idCliente: idCliente === null ? undefined : String(idCliente) },
        signal,
      });
      return lista.some((p) => p.id === produtoId);
    },
    meta: { private: true },
  });

export const usePossuiCurso = (produtoId: number, idUser: number, idCliente: number | null) =>
  useQuery({ ...possuiCursoQuery(produtoId, idUser, idCliente), enabled: produtoId > 0 && idUser > 0 });
