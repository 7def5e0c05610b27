import { MSG } from '@clinica/shared/messages';
import { lazy, Suspense } from 'react';
import styles from './product-search-slot.module.css';

// The results grid loads in its own chunk, only when the home is opened with a search.
const ProductSearchResults = lazy(() =>
  import('../../../components/catalog/search-results').then((m) => ({ default: m.ProductSearchResults })),
);

/**
 * SLOT OF THE STORE WORK — `/?pesquisaProduto=<termo>` (docs/behaviour/catalogue-and-search.md#search: the home
 * accepts the product search). The store's search results (from
 * components/catalog, so no feature imports another) render here; the site
 * keeps only this placement: above the hero, and only while there is a term.
 */
export function ProductSearchSlot({ term }: { term: string }) {
  return (
    <div className={styles.search} data-testid="product-search-slot">
      <Suspense
        fallback={
          <>
            <h2>Resultados para “{term}”</h2>
            <p role="status">{MSG.carregando}</p>
          </>
        }
      >
        <ProductSearchResults term={term} />
      </Suspense>
    </div>
  );
}
