import { ListingView } from './listing/listing-view';
import { normalizePesquisa } from './api/busca-listagem';

export interface ProductSearchResultsProps {
  /** The `pesquisaProduto` text (the page's URL carries it, with the filters and the order). */
  term: string;
  /** The results heading: h1 when the results are the page, h2 inside a page. */
  headingLevel?: 'h1' | 'h2';
}

/**
 * Search results (`pesquisaProduto`, docs/behaviour/catalogue-and-search.md#search): the category pages' grid (ADR
 * 044) over the whole store, most relevant first, with the same filters and orders. Used by /loja and by the home.
 */
export function ProductSearchResults({ term, headingLevel = 'h2' }: ProductSearchResultsProps) {
  const termo = normalizePesquisa(term);
  if (!termo) return null;
  return <ListingView base={{}} title={`Resultados para “${termo}”`} headingLevel={headingLevel} />;
}
