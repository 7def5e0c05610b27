import { notaFiscalApi, notaFiscalPdfPath, notaFiscalXmlPath } from '@clinica/shared/schemas/nota-fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, callEndpoint, callEndpointEnvelope } from '../../../lib/api-client';
import { session } from '../../../lib/session';

const chave = (id: number) => ['pedido', 'nota-fiscal', id] as const;

/** GET /pedido/{id}/nota-fiscal: the order's NF-e (ADR 031); read again every few seconds while it is pending. */
export const useNotaFiscal = (id: number) =>
  useQuery({
    queryKey: chave(id),
    queryFn: ({ signal }) => callEndpoint(notaFiscalApi.daPedido, { params: { id }, signal }),
    meta: { private: true },
    refetchInterval: (q) => (q.state.data?.status === 'pendente' ? 5000 : false),
  });

/** POST /pedido/{id}/nota-fiscal/reemitir (staff): a failed invoice asked for again. */
export function useReemitirNota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpointEnvelope(notaFiscalApi.reemitir, { params: { id } }),
    onSuccess: (envelope, id) => queryClient.setQueryData(chave(id), envelope.content),
  });
}

/** Downloads the DANFE or the XML with the session's token (owner-only routes), saved as 'nfe-pedido-{id}.pdf|xml'. */
export async function baixarNota(id: number, tipo: 'pdf' | 'xml'): Promise<void> {
  const { token } = session.getSnapshot();
  const response = await fetch(`${API_BASE}${tipo === 'pdf' ? notaFiscalPdfPath(id) : notaFiscalXmlPath(id)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, '');
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `nfe-pedido-${id}.${tipo}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
