import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { useId } from 'react';
import styles from './details-page.module.css';

/**
 * The product page's facts (a part of the page, lib/page-part.tsx): a physical product's technical sheet, headed by
 * its brand and code (ADR 044). A course's themes and authors are in its own sections (course.tsx, ADR 047).
 */
export function ProductFacts({ produto }: { produto: ProdutoDetalhe }) {
  const sheet = useId();
  const ficha = [
    ...(produto.marca ? [{ descricao: 'Marca', valor: produto.marca }] : []),
    ...(produto.sku ? [{ descricao: 'Código (SKU)', valor: produto.sku }] : []),
    ...produto.fichaTecnica,
  ];
  return (
    <>
      {!produto.digital && ficha.length > 0 && (
        <section aria-labelledby={sheet} className={styles.block}>
          <h2 id={sheet} className={styles.blockTitle}>
            Ficha técnica
          </h2>
          <dl className={styles.sheet} data-testid="ficha-tecnica">
            {ficha.map((item, i) => (
              <div key={`${item.descricao}-${i}`} className={styles.sheetRow}>
                <dt>{item.descricao}</dt>
                <dd>{item.valor}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}
