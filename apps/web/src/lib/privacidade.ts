import { privacidadeApi } from '@clinica/shared/schemas/privacidade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, callEndpoint, callEndpointEnvelope } from './api-client';
import { session } from './session';

const chave = (clientId: number) => ['privacidade', 'consentimento', clientId] as const;

/** GET /privacidade/consentimento/{clientId}: the marketing consent now and its history (ADR 038). */
export const useConsentimentos = (clientId: number) =>
  useQuery({
    queryKey: chave(clientId),
    queryFn: ({ signal }) => callEndpoint(privacidadeApi.consentimentos, { params: { clientId }, signal }),
    meta: { private: true },
  });

/** PUT /privacidade/consentimento/{clientId}: one click gives or withdraws it. */
export function useConsentir(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ofertasEmail: boolean) =>
      callEndpointEnvelope(privacidadeApi.consentir, { params: { clientId }, body: { ofertasEmail } }),
    onSuccess: (envelope) => {
      queryClient.setQueryData(chave(clientId), envelope.content);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

/** POST /privacidade/excluir/{clientId}: the account closed, confirmed by the password. */
export const useExcluirConta = (clientId: number) =>
  useMutation({
    mutationFn: (senha: string) =>
      callEndpointEnvelope(privacidadeApi.excluirConta, { params: { clientId }, body: { senha } }),
  });

/** POST /privacidade/equipe/anonimizar/{clientId} (ADMIN). */
export const useAnonimizarCliente = () =>
  useMutation({
    mutationFn: (clientId: number) => callEndpointEnvelope(privacidadeApi.anonimizar, { params: { clientId } }),
  });

function salvar(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * 'Baixar meus dados' (and the ADMIN's export): the JSON file with every row, saved as 'meus-dados-{id}.json', and
 * the readable summary as 'meus-dados-{id}.html', both read with the session's token.
 */
export async function baixarDados(clientId: number): Promise<void> {
  const dados = await callEndpoint(privacidadeApi.exportar, { params: { clientId } });
  salvar(new Blob([JSON.stringify(dados, null, 2)], { type: 'application/json' }), `meus-dados-${clientId}.json`);
  const { token } = session.getSnapshot();
  const response = await fetch(`${API_BASE}/privacidade/exportar/${clientId}/resumo`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, '');
  salvar(await response.blob(), `meus-dados-${clientId}.html`);
}
