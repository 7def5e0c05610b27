import { conteudoApi } from '@clinica/shared/schemas/conteudo';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { MEDIA_REFRESH_MS } from '../constants';
import { salaKeys } from './keys';

/** GET /conteudoproduto/{id}: one item with a short-lived signed URL of its video or PDF. */
const fetchConteudo = (id: number, signal?: AbortSignal) =>
  callEndpoint(conteudoApi.conteudo, { params: { id }, signal });

/**
 * The selected item and its signed URL, asked again every 300000 ms (docs/behaviour/timings-and-limits.md#lists-and-pages)
 * so a fresh URL is at hand before the old one expires. Never served from an
 * old cache entry: the URL and the saved position must be current.
 */
export const useConteudo = (id: number | null) =>
  useQuery({
    queryKey: salaKeys.conteudo(id ?? 0),
    queryFn: ({ signal }) => fetchConteudo(id!, signal),
    enabled: id !== null && id > 0,
    meta: { private: true },
    gcTime: 0,
    refetchInterval: MEDIA_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });
