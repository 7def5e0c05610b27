import { produtoRelacionadosApi } from '@clinica/shared/schemas/produto-relacionados';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ProductCard } from '../../../components/catalog/product-card';
import { callEndpoint } from '../../../lib/api-client';
import styles from './recently-viewed.module.css';

/**
 * 'Quem comprou também levou' under a product page (docs/behaviour/catalogue-and-search.md#product-page, ADR 043):
 * the products of the same paid orders, most shared orders first, in a row that scrolls sideways like 'Vistos
 * recentemente' (same layout). Nothing while it loads, on an error or when no order has the product with another
 * one. A part loaded after the page's own code (lib/page-part.tsx): nothing of it is in the server's HTML.
 */
export function BoughtTogether({ produtoId }: { produtoId: number }) {
  const titleId = useId();
  const { data } = useQuery({
    queryKey: ['produto', produtoId, 'comprados-juntos'],
    queryFn: ({ signal }) =>
      callEndpoint(produtoRelacionadosApi.compradosJuntos, { params: { id: produtoId }, signal, auth: false }),
    // The answer is cached for 5 minutes by HTTP too (ADR 043).
    staleTime: 5 * 60_000,
  });
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.title}>
        Quem comprou também levou
      </h2>
      <ul className={styles.row} aria-labelledby={titleId}>
        {data.map((p) => (
          <li key={p.id} className={styles.item}>
            <ProductCard produto={p} sizes="(min-width: 1250px) 270px, (min-width: 768px) 30vw, 45vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}
