import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { normalizePesquisa } from '../components/catalog/api/busca-listagem';
import { listingReads, listingReadsSet } from '../lib/listing-reads';
import { condicoesComerciaisQuery } from '../lib/condicoes-comerciais';
import { empresaQuery } from '../lib/empresa';
import { bannersQuery } from '../features/store/api/banners';
import { categoriasQuery } from '../features/store/api/categorias';
import { produtoDetalheQuery } from '../features/store/api/produto-detalhe';
import { parseProductId } from '../features/store/product-id';

/**
 * The pages rendered on the server (ADR 019) and the reads of their first screen. The server loads them before it
 * renders; the browser loads the same ones (from the answers embedded in the page) before it hydrates, so both
 * render the same data. A page missing here is not rendered on the server: the browser renders it as before.
 * Every rendered page reads the clinic's data, which its footer and WhatsApp link show (and /contato and /artigos
 * in their content).
 */
export function pageQueries(pathname: string, search: string) {
  const own = ownQueries(pathname, search);
  return own === null ? null : [empresaQuery, ...own];
}

/** The listing pages' paths (features/store/listing-base.ts reads them). */
const LISTING = /^\/loja\/(fisicos|digitais|categoria\/[1-9]\d{0,9}(\/[^/]*)?)\/?$/;

/** Rendered pages that read nothing but the clinic's data: the site's pages and the signed-out forms. */
const WITHOUT_OWN_READS = new Set([
  '/',
  '/contato',
  '/artigos',
  '/termos',
  '/privacidade',
  '/signIn',
  '/signUp',
  '/forgot',
]);

/** The reads of a rendered page besides the clinic's data; null when the page is not rendered on the server. */
function ownQueries(pathname: string, search: string) {
  if (WITHOUT_OWN_READS.has(pathname)) return [];
  if (matchPath('/loja', pathname)) {
    // A search shows its results instead of the banners and categories; the results are read in the browser.
    if (normalizePesquisa(new URLSearchParams(search).get('pesquisaProduto') ?? '')) return [];
    // The product cards show the PIX price and the installment offer of the commercial rules.
    return [bannersQuery, categoriasQuery, condicoesComerciaisQuery];
  }
  // The category pages and all physical or digital products (ADR 044): their grid's pages (lib/listing-reads.ts).
  if (LISTING.test(pathname)) return [condicoesComerciaisQuery, ...listingReads(pathname, search)];
  const details = matchPath('/details/:id/:openSheet?', pathname);
  if (details) {
    const id = parseProductId(details.params.id);
    return id > 0 ? [produtoDetalheQuery(id), condicoesComerciaisQuery] : [];
  }
  return null;
}

/** Loads the reads of the page into `queryClient`; false when one of them failed (the page is then not hydrated). */
export async function loadPageData(queryClient: QueryClient, pathname: string, search: string): Promise<boolean> {
  // A listing page's reads are known once its part has loaded (lib/listing-reads.ts).
  if (LISTING.test(pathname)) await listingReadsSet();
  const queries = pageQueries(pathname, search) ?? [];
  // One at a time: PGlite has one connection, and the answers come from the page in the browser.
  for (const query of queries) {
    try {
      await queryClient.fetchQuery(query as Parameters<QueryClient['fetchQuery']>[0]);
    } catch {
      return false;
    }
  }
  return true;
}
