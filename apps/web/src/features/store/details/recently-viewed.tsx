import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { useEffect, useId } from 'react';
import { ProductCard } from '../../../components/catalog/product-card';
import { registrarVisto, useVistosRecentemente } from '../../../lib/recently-viewed';
import styles from './recently-viewed.module.css';

/** How many of the other products seen the page shows. */
const MOSTRADOS = 8;

/**
 * 'Vistos recentemente' under a product page (docs/behaviour/catalogue-and-search.md#product-page): the other
 * products seen on this device, newest first, in a row that scrolls sideways; this product joins the list. A part
 * loaded after the page's own code (lib/page-part.tsx): nothing of it is in the server's HTML.
 */
export function RecentlyViewed({ produto }: { produto: ProdutoDetalhe }) {
  const titleId = useId();
  const vistos = useVistosRecentemente();
  useEffect(() => registrarVisto(produto), [produto]);
  const outros = vistos.filter((p) => p.id !== produto.id).slice(0, MOSTRADOS);
  if (outros.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.title}>
        Vistos recentemente
      </h2>
      <ul className={styles.row} aria-labelledby={titleId}>
        {outros.map((p) => (
          <li key={p.id} className={styles.item}>
            <ProductCard produto={p} sizes="(min-width: 1250px) 270px, (min-width: 768px) 30vw, 45vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}
