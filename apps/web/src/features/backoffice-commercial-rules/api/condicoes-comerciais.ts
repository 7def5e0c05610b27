import { comercialAdminApi, type RegrasComerciaisInput } from '@clinica/shared/schemas/comercial-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { condicoesComerciaisQuery } from '../../../lib/condicoes-comerciais';

/** POST /condicoescomerciais/ (ADMIN): replaces the rules; the store's read (cards, checkout) gets the answer. */
const salvarCondicoes = (body: RegrasComerciaisInput) => callEndpoint(comercialAdminApi.salvar, { body });

export function useSalvarCondicoes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarCondicoes,
    onSuccess: (regras) => queryClient.setQueryData(condicoesComerciaisQuery.queryKey, regras),
  });
}
