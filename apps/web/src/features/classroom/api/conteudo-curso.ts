import { conteudoApi } from '@clinica/shared/schemas/conteudo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { salaKeys } from './keys';

/**
 * GET /conteudoproduto/produto/{id}/conteudo/{idUser}?idCliente: the
 * classroom of a course (items in order with the user's progress, authors,
 * tags, whether the user may rate it, the certificate once issued).
 */
const fetchConteudoCurso = (produtoId: number, idUser: number, idCliente: number | null, signal?: AbortSignal) =>
  callEndpoint(conteudoApi.conteudoCurso, {
    params: { id: produtoId, idUser },
    query: { idCliente: idCliente === null ? undefined : String(idCliente) },
    signal,
  });

const conteudoCursoQuery = (produtoId: number, idUser: number, idCliente: number | null) =>
  queryOptions({
    queryKey: salaKeys.curso(produtoId, idUser),
    queryFn: ({ signal }) => fetchConteudoCurso(produtoId, idUser, idCliente, signal),
    meta: { private: true },
  });

/** `enabled` false until the course is known to be in the user's library (usePossuiCurso). */
export const useConteudoCurso = (produtoId: number, idUser: number, idCliente: number | null, enabled = true) =>
  useQuery({ ...conteudoCursoQuery(produtoId, idUser, idCliente), enabled: enabled && produtoId > 0 && idUser > 0 });
