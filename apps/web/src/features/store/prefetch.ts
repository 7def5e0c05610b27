/**
 * Called by the router (app/routes.tsx) when /loja or /details is opened: the
 * catalogue requests start while the page's chunk downloads. Not for the reads a server-rendered page brought
 * (ADR 019): the page's own query takes those, and decoding them here made the router's start one longer task.
 */
import { endpointPath } from '@clinica/shared/endpoint';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { pageBrought } from '../../lib/page-answers';
import { fetchBanners } from './api/banners';
import { fetchCategorias } from './api/categorias';
import { fetchProdutoDetalhe } from './api/produto-detalhe';
import { startEarly } from './early-requests';
import { parseProductId } from './product-id';

/** In the browser only: on the server (ADR 019) the page's reads are made by app/page-data.ts, per render. */
const inBrowser = typeof window !== 'undefined';

export function prefetchLoja(): void {
  if (!inBrowser) return;
  if (new URLSearchParams(window.location.search).has('pesquisaProduto')) return;
  // The listing pages (ADR 044) read their grid, not the store's front.
  if (window.location.pathname.replace(/\/$/, '') !== '/loja') return;
  if (!pageBrought(produtoApi.banners.path)) startEarly('banners', () => fetchBanners());
  if (!pageBrought(produtoApi.categorias.path)) startEarly('categorias', () => fetchCategorias());
}

export function prefetchDetalhe(idParam: string | undefined): null {
  const id = parseProductId(idParam);
  if (inBrowser && id > 0 && !pageBrought(endpointPath(produtoApi.detalhe.path, { id }))) {
    startEarly(`produto:${id}`, () => fetchProdutoDetalhe(id));
  }
  return null;
}
