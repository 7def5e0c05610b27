import { MSG_VITRINE } from '@clinica/shared/messages-vitrine';
import { MSG } from '@clinica/shared/messages';
import { lerFiltros } from '@clinica/shared/vitrine';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { listingQueries, vitrineQuery } from '../../components/catalog/api/vitrine';
import { setListingReads } from '../../lib/listing-reads';
import { ListingView } from '../../components/catalog/listing/listing-view';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { pageOrigin } from '../../lib/page-answers';
import { usePageHead } from '../../lib/page-head';
import { baseDaRota } from './listing-base';
import { categoriaPath } from '../../components/catalog/category-path';
import styles from './store-page.module.css';

// What app/page-data.ts loads before this page renders, on the server and in the browser.
setListingReads((pathname, search) => {
  const base = baseDaRota(pathname);
  return base ? listingQueries(base, search) : [];
});

/**
 * `/loja/fisicos`, `/loja/digitais` and `/loja/categoria/{id}/{slug}` (ADR 044): every product of a kind or of a
 * category in the listing's grid, with filters, orders and pages kept in the URL; server-rendered like /loja.
 */
export function ListingPage() {
  const { pathname } = useLocation();
  const base = baseDaRota(pathname);
  const fixo = base?.tipo === 'fisicos' ? MSG_VITRINE.fisicos : base?.tipo === 'digitais' ? MSG_VITRINE.digitais : null;
  // The category's name comes with the grid's first page (the same read as ListingView's, one cache entry).
  const [params] = useSearchParams();
  const primeira = useQuery({ ...vitrineQuery(base ?? {}, lerFiltros(params), 1), enabled: base !== null });
  const categoria = primeira.data?.categoria;
  usePageHead({
    title: fixo ?? categoria?.nome ?? MSG_VITRINE.inicio,
    description:
      base?.tipo === 'fisicos'
        ? MSG_VITRINE.fisicosDescricao
        : base?.tipo === 'digitais'
          ? MSG_VITRINE.digitaisDescricao
          : categoria
            ? MSG_VITRINE.categoriaDescricao.replace('{nome}', categoria.nome)
            : undefined,
    // The category's own address (its current slug), without the filters.
    canonical: `${pageOrigin()}${categoria ? categoriaPath(categoria.id, categoria.nome) : pathname}`,
  });
  if (!base) return <NotFoundPage />;

  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <nav aria-label="Trilha" className={styles.trail}>
          <Link to="/loja">{MSG_VITRINE.inicio}</Link>
        </nav>
        <ListingView base={base} title={(v) => fixo ?? v?.categoria?.nome ?? MSG.carregando} />
      </div>
    </div>
  );
}
