import type { EndpointCallBody } from '@clinica/shared/endpoint';
import { catalogoEnderecosApi, type Catalogo } from '@clinica/shared/schemas/catalogo-enderecos';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, callEndpointEnvelope } from './api-client';
import { queryKeys } from './query-keys';

export type EnderecoCatalogoBody = EndpointCallBody<typeof catalogoEnderecosApi.criar>;

/**
 * GET /cliente/{clientId}/enderecos: the customer's address book (docs/behaviour/accounts-and-sign-in.md#address-book),
 * the default first. One cache entry for the profile and the checkout; private, dropped at sign-out.
 */
const catalogoQuery = (clientId: number) =>
  queryOptions({
    queryKey: queryKeys.catalogoEnderecos(clientId),
    queryFn: ({ signal }) => callEndpoint(catalogoEnderecosApi.listar, { params: { clientId }, signal }),
    meta: { private: true },
  });

export const useCatalogoEnderecos = (clientId: number, options: { retry?: boolean } = {}) =>
  useQuery({ ...catalogoQuery(clientId), enabled: clientId > 0, ...options });

type Escrita =
  | { tipo: 'criar'; body: EnderecoCatalogoBody }
  | { tipo: 'editar'; id: number; body: EnderecoCatalogoBody }
  | { tipo: 'excluir'; id: number }
  | { tipo: 'padrao'; id: number };

/** One write to the book; answers the envelope (its pt-BR message) and the address written, when one was. */
async function escrever(clientId: number, escrita: Escrita) {
  switch (escrita.tipo) {
    case 'criar':
      return callEndpointEnvelope(catalogoEnderecosApi.criar, { params: { clientId }, body: escrita.body });
    case 'editar':
      return callEndpointEnvelope(catalogoEnderecosApi.editar, {
        params: { clientId, id: escrita.id },
        body: escrita.body,
      });
    case 'excluir':
      return callEndpointEnvelope(catalogoEnderecosApi.excluir, { params: { clientId, id: escrita.id } });
    case 'padrao':
      return callEndpointEnvelope(catalogoEnderecosApi.tornarPadrao, { params: { clientId, id: escrita.id } });
  }
}

/**
 * The book's writes (add, edit, delete, make default). Afterwards the book is read again, and so is the profile: the
 * registered address is the profile's too (ADR 033).
 */
export function useEscreverCatalogo(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['cliente', 'enderecos', 'escrever'],
    mutationFn: (escrita: Escrita) => escrever(clientId, escrita),
    onSuccess: async (envelope) => {
      const content = envelope.content as Catalogo | object;
      if ('enderecos' in content) client.setQueryData(queryKeys.catalogoEnderecos(clientId), content);
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.catalogoEnderecos(clientId) }),
        client.invalidateQueries({ queryKey: ['profile'] }),
      ]);
    },
  });
}
