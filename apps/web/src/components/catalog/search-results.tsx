import { MSG } from '@clinica/shared/messages';
import { LIMITE_BUSCA_LISTAGEM } from '@clinica/shared/schemas/produto';
import { SearchX } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../ui/button';
import { normalizePesquisa, useBuscaListagem } from './api/busca-listagem';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import styles from './search-results.module.css';

export interface ProductSearchResultsProps {
  /** The `pesquisaProduto` text. */
  term: string;
  /** The results heading: h1 when the results are the page, h2 inside a page. */
  headingLevel?: 'h1' | 'h2';
  /** Where 'Ver todos os produtos' leads in the empty state. */
  browseTo?: string;
}

/**
 * Search results (`pesquisaProduto`, docs/behaviour/catalogue-and-search.md#search): a grid of 1 to 4 columns, a
 * skeleton with 'Carregando...' while searching, and a clear empty state
 * ('Nenhum produto encontrado para “…”'). Used by /loja and by the home.
 */
export function ProductSearchResults({ term, headingLevel = 'h2', browseTo = '/loja' }: ProductSearchResultsProps) {
  const termo = normalizePesquisa(term);
  const query = useBuscaListagem(termo);
  const headingId = useId();
  const Heading = headingLevel;
  const produtos = query.data ?? [];
  if (!termo) return null;

  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={query.isPending || undefined}>
      <header className={styles.head}>
        <Heading id={headingId} className={styles.title}>
          Resultados para “{termo}”
        </Heading>
        <div className={styles.meta}>
          {query.isSuccess && produtos.length > 0 && (
            <p className={styles.count} role="status">
              {produtos.length >= LIMITE_BUSCA_LISTAGEM
                ? `Os ${produtos.length} mais relevantes. Refine a busca para ver outros.`
                : produtos.length === 1
                  ? '1 produto encontrado'
                  : `${produtos.length} produtos encontrados`}
            </p>
          )}
          <Link to={browseTo} className={styles.browse}>
            Ver toda a loja
          </Link>
        </div>
      </header>

      {query.isPending ? (
        <div>
          <p className={styles.loading} role="status">
            {MSG.carregando}
          </p>
          <ProductGridSkeleton count={4} />
        </div>
      ) : query.isError ? (
        <div className={styles.empty} role="alert">
          <p className={styles.emptyTitle}>{MSG.erroCarregarProdutos}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : produtos.length === 0 ? (
        <div className={styles.empty} role="status">
          <SearchX size={40} strokeWidth={1.5} aria-hidden="true" className={styles.emptyIcon} />
          <p className={styles.emptyTitle}>{MSG.nenhumProdutoEncontrado.replace('{termo}', termo)}</p>
          <p className={styles.emptyText}>
            Confira a grafia ou tente uma palavra mais simples, como “escova” ou “curso”.
          </p>
          <ButtonLink to={browseTo} variant="outline">
            Ver todos os produtos
          </ButtonLink>
        </div>
      ) : (
        <ProductGrid produtos={produtos} eagerCount={2} label={`Resultados para ${termo}`} />
      )}
    </section>
  );
}
