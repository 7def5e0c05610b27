import { MSG } from '@clinica/shared/messages';
import { LIMITE_CARDS_POR_CATEGORIA, type CategoriaComProdutos } from '@clinica/shared/schemas/produto';
import { PackageOpen } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ProductCardSkeleton } from '../../../components/catalog/product-grid';
import { Button } from '../../../components/ui/button';
import { useCategorias } from '../api/categorias';
import { categoriaPath } from '../../../components/catalog/category-path';
import styles from './category-sections.module.css';
import { ProductCarousel } from './product-carousel';

function CategorySection({ categoria }: { categoria: CategoriaComProdutos }) {
  const titleId = useId();
  const count = categoria.listaProduto.length;
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="category-section">
      <ProductCarousel
        produtos={categoria.listaProduto}
        label={categoria.nome}
        heading={
          <div className={styles.heading}>
            <h2 id={titleId} className={styles.title}>
              {categoria.nome}
            </h2>
            <p className={styles.meta}>
              {categoria.digital ? 'Cursos digitais' : 'Produtos físicos'} ·{' '}
              {count >= LIMITE_CARDS_POR_CATEGORIA
                ? `os ${count} primeiros de A a Z`
                : `${count} ${count === 1 ? 'produto' : 'produtos'}`}
            </p>
            {/* The category's page: every product, with filters and orders (ADR 044). */}
            <Link
              to={categoriaPath(categoria.id, categoria.nome)}
              className={styles.all}
              aria-label={`Ver todos: ${categoria.nome}`}
            >
              Ver todos
            </Link>
          </div>
        }
      />
    </section>
  );
}

/** One carousel section per category (docs/behaviour/catalogue-and-search.md#store-home), with loading and empty states. */
export function CategorySections() {
  const query = useCategorias();

  if (query.isPending) {
    return (
      <div className={styles.list} aria-busy="true">
        <p className={styles.loading} role="status">
          {MSG.carregando}
        </p>
        <div className={styles.section} aria-hidden="true">
          <div className={styles.skeletonTitle} />
          <div className={styles.skeletonRow}>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={styles.skeletonItem}>
                <ProductCardSkeleton />
              </div>
            ))}
          </div>
        </div>
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className={styles.list}>
        <div className={styles.empty} role="alert">
          <p className={styles.emptyTitle}>{MSG.erroCarregarProdutos}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        </div>
      </div>
    );
  }

  const categorias = query.data.filter((c) => c.listaProduto.length > 0);
  if (categorias.length === 0) {
    return (
      <div className={styles.list}>
        <div className={styles.empty} role="status">
          <PackageOpen size={40} strokeWidth={1.5} aria-hidden="true" className={styles.emptyIcon} />
          <p className={styles.emptyTitle}>{MSG.naoHaProdutos}</p>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.list}>
      {categorias.map((categoria) => (
        <CategorySection key={categoria.id} categoria={categoria} />
      ))}
    </div>
  );
}
