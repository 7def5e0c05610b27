import { MSG } from '@clinica/shared/messages';
import { lazy, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { normalizePesquisa } from '../../components/catalog/api/busca-listagem';
import { CategorySections } from './components/category-sections';
import { FeaturedBanners } from './components/featured-banners';
import { ProductToaster } from './product-toaster';
import styles from './store-page.module.css';
import { pageOrigin } from '../../lib/page-answers';
import { usePageHead } from '../../lib/page-head';
import { pagePart, useHydrated } from '../../lib/page-part';
import { placeOf } from '../../lib/sign-in-place';

// Only a visitor /checkout sent here sees the notice: its code comes then (docs/quality.md#p6-javascript-of-the-public-pages).
const SignInToFinish = lazy(() => import('./sign-in-to-finish').then((m) => ({ default: m.SignInToFinish })));

// Only a search needs the results grid: it loads in its own chunk.
const ProductSearchResults = lazy(() =>
  import('../../components/catalog/search-results').then((m) => ({ default: m.ProductSearchResults })),
);

const DESCRIPTION =
  'Loja da Clínica Odontológica Sorriso Pleno: materiais odontológicos, instrumentais, higiene bucal e cursos digitais para dentistas, com compra segura por cartão ou PIX.';

/**
 * `/loja` (docs/behaviour/catalogue-and-search.md#store-home): featured banners, then one carousel per category; with
 * `?pesquisaProduto=` the search results replace the categories (and the
 * banners, so the results are the first thing on the screen).
 */
export function StorePage() {
  const [params] = useSearchParams();
  const search = normalizePesquisa(params.get('pesquisaProduto') ?? '');
  // The server never sees the location state: the notice waits for the app to run the page.
  const hydrated = useHydrated();
  const { entrarParaFinalizar } = placeOf(useLocation().state);
  usePageHead({
    title: search ? `Busca: ${search}` : 'Loja',
    description: DESCRIPTION,
    canonical: `${pageOrigin()}/loja`,
  });

  return (
    <div className={styles.page}>
      <ProductToaster />
      {hydrated && entrarParaFinalizar && (
        <Suspense fallback={null}>
          <SignInToFinish />
        </Suspense>
      )}
      {search ? (
        <div className={styles.container}>
          <Suspense fallback={<p role="status">{MSG.carregando}</p>}>
            <ProductSearchResults term={search} headingLevel="h1" />
          </Suspense>
        </div>
      ) : (
        <>
          <h1 className="visually-hidden">Loja Sorriso Pleno</h1>
          <div className={styles.sections}>
            <FeaturedBanners />
            <CategorySections />
          </div>
        </>
      )}
    </div>
  );
}

const isStoreHome = (pathname: string) => pathname.replace(/\/$/, '') === '/loja';

// The category pages and all physical or digital products (ADR 044): a part of this module (lib/page-part.tsx),
// rendered on the server and loaded after the store's own code; a visit that starts on /loja fetches it only when
// the person opens a listing, so it is not in /loja's JavaScript (docs/quality.md#p6-javascript-of-the-public-pages).
const ListingPage = pagePart(() => import('./listing-page').then((m) => m.ListingPage), {
  eager: () => !isStoreHome(window.location.pathname),
});

/** The route of /loja and of the listing pages (app/routes-entry.tsx). */
function StoreRoute() {
  const { pathname } = useLocation();
  return isStoreHome(pathname) ? <StorePage /> : <ListingPage />;
}

export { StoreRoute as Component };
