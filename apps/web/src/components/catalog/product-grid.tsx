import type { ProdutoCard } from '@clinica/shared/schemas/produto';
import type { ReactNode } from 'react';
import { ProductCard } from './product-card';
import styles from './product-grid.module.css';

/** The width of a picture in the grid: 1 column, 2 from 560 px, 3 from 960 px, 4 from 1250 px (1136 px of content at most). */
const GRID_IMAGE_SIZES = '(min-width: 1250px) 270px, (min-width: 960px) 30vw, (min-width: 560px) 45vw, 100vw';

export interface ProductGridProps {
  produtos: readonly ProdutoCard[];
  /** How many leading cards load their picture at once (above the fold). */
  eagerCount?: number;
  /** Accessible name of the list. */
  label?: string;
  /** 'listing': two columns from the narrowest phone, three from 640 px (the category pages, ADR 044). */
  variant?: 'listing';
  /** A control under each card (the favourites' 'Remover'). */
  action?: (produto: ProdutoCard) => ReactNode;
}

/** The width of a picture in the listing's grid (two columns on a phone; three beside the filters). */
const LISTING_IMAGE_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 32vw, 50vw';

/** Product cards in a grid of 1 to 4 columns, or the listing's 2 to 3 (category pages and search results). */
export function ProductGrid({ produtos, eagerCount = 0, label, variant, action }: ProductGridProps) {
  return (
    <ul className={`${styles.grid} ${variant ? styles.listing : ''}`} aria-label={label}>
      {produtos.map((produto, i) => (
        <li key={produto.id} className={styles.item}>
          <ProductCard
            produto={produto}
            priority={i < eagerCount}
            sizes={variant ? LISTING_IMAGE_SIZES : GRID_IMAGE_SIZES}
          />
          {action && <div className={styles.action}>{action(produto)}</div>}
        </li>
      ))}
    </ul>
  );
}

/** Grey cards standing in for products while they load (same grid, so nothing jumps). */
export function ProductGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.item}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

/** One grey card. */
export function ProductCardSkeleton() {
  return (
    <div className={styles.skeleton}>
      <div className={styles.skeletonMedia} />
      <div className={styles.skeletonBody}>
        <span className={styles.skeletonLine} />
        <span className={`${styles.skeletonLine} ${styles.short}`} />
        <span className={`${styles.skeletonLine} ${styles.price}`} />
      </div>
    </div>
  );
}
