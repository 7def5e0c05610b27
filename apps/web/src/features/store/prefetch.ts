/**
 * Called by the router (app/routes.tsx) when /loja or /details is opened: the
 * catalogue requests start while the page's chunk downloads.
 */
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
  startEarly('banners', () => fetchBanners());
  startEarly('categorias', () => fetchCategorias());
}

export function prefetchDetalhe(idParam: string | undefined): null {
  const id = parseProductId(idParam);
  if (inBrowser && id > 0) startEarly(`produto:${id}`, () => fetchProdutoDetalhe(id));
  return null;
}
