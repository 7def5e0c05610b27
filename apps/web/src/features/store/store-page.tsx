import { MSG } from '@clinica/shared/messages';
import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { normalizePesquisa } from '../../components/catalog/api/busca-listagem';
import { buttonClassName } from '../../components/ui/button';
import { CategorySections } from './components/category-sections';
import { FeaturedBanners } from './components/featured-banners';
import { ProductToaster } from './product-toaster';
import styles from './store-page.module.css';
import { pageOrigin } from '../../lib/page-answers';
import { usePageHead } from '../../lib/page-head';
import { useHydrated } from '../../lib/page-part';
import { placeOf, SIGN_IN_FROM_BAG } from '../../lib/sign-in-place';
import { useSession } from '../../lib/use-session';

// Only a search needs the results grid: it loads in its own chunk.
const ProductSearchResults = lazy(() =>
  import('../../components/catalog/search-results').then((m) => ({ default: m.ProductSearchResults })),
);

const DESCRIPTION =
  'Loja da Clínica Odontológica Sorriso Pleno: materiais odontológicos, instrumentais, higiene bucal e cursos digitais para dentistas, com compra segura por cartão ou PIX.';

/**
 * A visitor /checkout sent here is told to sign in to finish the purchase
 * (docs/behaviour/bag-and-checkout.md#checkout); 'Entrar' leads back here with the bag open (lib/sign-in-place.ts).
 * Only once the app runs the page: the server never sees the location state.
 */
function SignInToFinish() {
  const hydrated = useHydrated();
  const { isSignedIn } = useSession();
  const { entrarParaFinalizar } = placeOf(useLocation().state);
  if (!hydrated || isSignedIn || !entrarParaFinalizar) return null;
  return (
    <div className={styles.container}>
      <p className={styles.notice} role="status">
        <span>{MSG.loginParaFinalizar}</span>
        <Link to="/signIn" state={SIGN_IN_FROM_BAG} className={buttonClassName({ size: 'sm' })}>
          <LogIn size={18} aria-hidden="true" />
          Entrar
        </Link>
      </p>
    </div>
  );
}

/**
 * `/loja` (docs/behaviour/catalogue-and-search.md#store-home): featured banners, then one carousel per category; with
 * `?pesquisaProduto=` the search results replace the categories (and the
 * banners, so the results are the first thing on the screen).
 */
export function StorePage() {
  const [params] = useSearchParams();
  const search = normalizePesquisa(params.get('pesquisaProduto') ?? '');
  usePageHead({
    title: search ? `Busca: ${search}` : 'Loja',
    description: DESCRIPTION,
    canonical: `${pageOrigin()}/loja`,
  });

  return (
    <div className={styles.page}>
      <ProductToaster />
      <SignInToFinish />
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

export { StorePage as Component };
