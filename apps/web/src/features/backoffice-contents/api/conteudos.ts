import { conteudoAdminApi, type ConteudosProdutoAdmin } from '@clinica/shared/schemas/conteudo';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, callEndpointEnvelope } from '../../../lib/api-client';
import { enviarConteudo, type NovoConteudo } from '../../../lib/backoffice/conteudo-upload';

/** How often the list is read again while a video is being converted (PROCESSANDO). */
const PROCESSANDO_REFRESH_MS = 5000;

/** TanStack Query keys of the contents back-office (staff data: dropped at sign-out through `meta.private`). */
const conteudoKeys = {
  all: ['conteudoproduto', 'admin'] as const,
  produto: (produtoId: number) => ['conteudoproduto', 'admin', produtoId] as const,
};

const emProcessamento = (data: ConteudosProdutoAdmin | undefined) =>
  data?.listaConteudoProduto.some((c) => c.processamento === 'PROCESSANDO') ?? false;

/**
 * GET /conteudoproduto/admin/produto/{id}: the product's contents in order,
 * read again every 5 s while one of them is being converted.
 */
const conteudosQuery = (produtoId: number) =>
  queryOptions({
    queryKey: conteudoKeys.produto(produtoId),
    queryFn: ({ signal }) => callEndpoint(conteudoAdminApi.listar, { params: { id: produtoId }, signal }),
    meta: { private: true },
    refetchInterval: (query) => (emProcessamento(query.state.data) ? PROCESSANDO_REFRESH_MS : false),
  });

export const useConteudos = (produtoId: number | null) =>
  useQuery({ ...conteudosQuery(produtoId ?? 0), enabled: produtoId !== null });

export interface EnvioConteudo extends NovoConteudo {
  ordem: number;
  onProgress?: (fracao: number) => void;
}

/** Adding (multipart upload with progress), the preview switch, allowing the download (ADR 046) and deleting; each refreshes the product's list. */
export function useConteudoMutations(produtoId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: conteudoKeys.produto(produtoId) });
  return {
    enviar: useMutation({
      mutationFn: ({ ordem, onProgress, ...conteudo }: EnvioConteudo) =>
        enviarConteudo(produtoId, ordem, conteudo, onProgress ? { onProgress } : {}),
      onSettled: refresh,
    }),
    /** PUT /conteudoproduto/{id}/previa: the free preview on the course's page (ADR 047). */
    alterarPrevia: useMutation({
      mutationFn: ({ id, previaGratuita }: { id: number; previaGratuita: boolean }) =>
        callEndpoint(conteudoAdminApi.alterarPrevia, { params: { id }, body: { previaGratuita } }),
      onSettled: refresh,
    }),
    excluir: useMutation({
      mutationFn: (id: number) => callEndpoint(conteudoAdminApi.excluir, { params: { id } }),
      onSettled: refresh,
    }),
    permitirDownload: useMutation({
      mutationFn: ({ id, permiteDownload }: { id: number; permiteDownload: boolean }) =>
        callEndpointEnvelope(conteudoAdminApi.permitirDownload, { params: { id }, body: { permiteDownload } }),
      onSettled: refresh,
    }),
  };
}
