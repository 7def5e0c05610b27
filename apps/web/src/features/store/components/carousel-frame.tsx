import type { ProdutoCard } from '@clinica/shared/schemas/produto';
import type { ReactNode } from 'react';
import { CARD_IMAGE_SIZES, ProductCard } from '../../../components/catalog/product-card';
import styles from './product-carousel.module.css';

export interface CarouselProps {
  produtos: readonly ProdutoCard[];
  /** The category name (names the carousel and its buttons). */
  label: string;
  /** The section's heading, shown on the left of the arrows. */
  heading: ReactNode;
}

/** Heading row (title and arrows), the slides, and the pagination row. */
export function CarouselFrame({
  heading,
  controls,
  children,
  pagination,
}: {
  heading: ReactNode;
  controls?: ReactNode;
  children: ReactNode;
  pagination?: ReactNode;
}) {
  return (
    <div className={styles.carousel}>
      <div className={styles.head}>
        {heading}
        <div className={styles.controls}>{controls}</div>
      </div>
      {children}
      <div className={styles.paginationRow}>{pagination}</div>
    </div>
  );
}

/**
 * The cards laid out as the carousel will show them (1, 2 from 840 px, 3 from
 * 1400 px, 4 from 1800 px) while Swiper loads, so nothing moves when it starts.
 * At most 4 are ever in view, so only those are drawn.
 */
export function StaticRow({ produtos }: { produtos: readonly ProdutoCard[] }) {
  return (
    <ul className={styles.staticRow}>
      {produtos.slice(0, 4).map((produto) => (
        <li key={produto.id} className={styles.staticItem}>
          <ProductCard produto={produto} sizes={CARD_IMAGE_SIZES} />
        </li>
      ))}
    </ul>
  );
}
