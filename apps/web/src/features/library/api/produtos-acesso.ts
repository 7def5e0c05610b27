import { conteudoApi } from '@clinica/shared/schemas/conteudo';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { bibliotecaKeys } from './keys';

/**
 * GET /cliente/produtosacesso/{idUser}?filtroProduto&idCliente: the
 * digital products the user may open, with the progress of each. `idCliente`
 * is sent as the original screens did; the server decides by the token.
 */
const fetchProdutosAcesso = (idUser: number, idCliente: number | null, filtro: string, signal?: AbortSignal) =>
  callEndpoint(conteudoApi.produtosAcesso, {
    params: { idUser },
    query: {
      filtroProduto: filtro || undefined,
      idCliente: idCliente === null ? undefined : String(idCliente),
    },
    signal,
  });

/** Private data: dropped from the cache at sign-out (app/providers.tsx). */
const produtosAcessoQuery = (idUser: number, idCliente: number | null, filtro: string) =>
  queryOptions({
    queryKey: bibliotecaKeys.lista(idUser, filtro),
    queryFn: ({ signal }) => fetchProdutosAcesso(idUser, idCliente, filtro, signal),
    meta: { private: true },
    // The previous cards stay on screen while a new search runs.
    placeholderData: keepPreviousData,
  });

export const useProdutosAcesso = (idUser: number, idCliente: number | null, filtro: string) =>
  useQuery({ ...produtosAcessoQuery(idUser, idCliente, filtro), enabled: idUser > 0 });
