import { vitrineApi } from '@clinica/shared/schemas/vitrine';
import { escreverFiltros, lerFiltros, type FiltrosVitrine } from '@clinica/shared/vitrine';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** What a listing page lists before its filters (ADR 044): a category, a kind, or the whole store (a search). */
export interface BaseVitrine {
  categoria?: number;
  tipo?: 'fisicos' | 'digitais';
}

/**
 * GET /produto/vitrine: one page of a category page's or the search's grid, with its total and facets. The key holds
 * the canonical query (vitrine.ts escreverFiltros), so one view is one cache entry, on the server and in the browser.
 */
export const vitrineQuery = (base: BaseVitrine, filtros: FiltrosVitrine, pagina: number) => {
  const query = {
    ...(base.categoria !== undefined ? { categoria: String(base.categoria) } : {}),
    ...(base.tipo ? { tipo: base.tipo } : {}),
    ...Object.fromEntries(escreverFiltros(filtros, { comPagina: false })),
    ...(pagina > 1 ? { pagina: String(pagina) } : {}),
  };
  return queryOptions({
    queryKey: ['produto', 'vitrine', query] as const,
    queryFn: ({ signal }) => callEndpoint(vitrineApi.vitrine, { query, signal }),
    staleTime: 60_000,
  });
};

/** The pages of a listing's grid its URL shows (1 to `pagina`, 'Carregar mais'): what the server loads first. */
export function listingQueries(base: BaseVitrine, search: string) {
  const filtros = lerFiltros(new URLSearchParams(search));
  return Array.from({ length: filtros.pagina }, (_, i) => vitrineQuery(base, filtros, i + 1));
}
