import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { Tag } from 'lucide-react';
import { useId } from 'react';
import { Authors } from './authors';
import styles from './details-page.module.css';

/**
 * The product page's facts (a part of the page, lib/page-part.tsx): a physical product's technical sheet, headed by
 * its brand and code (ADR 044); a course's themes and authors.
 */
export function ProductFacts({ produto }: { produto: ProdutoDetalhe }) {
  const ids = { sheet: useId(), tags: useId(), authors: useId() };
  const ficha = [
    ...(produto.marca ? [{ descricao: 'Marca', valor: produto.marca }] : []),
    ...(produto.sku ? [{ descricao: 'Código (SKU)', valor: produto.sku }] : []),
    ...produto.fichaTecnica,
  ];
  return (
    <>
      {!produto.digital && ficha.length > 0 && (
        <section aria-labelledby={ids.sheet} className={styles.block}>
          <h2 id={ids.sheet} className={styles.blockTitle}>
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

      {produto.digital && produto.tags.length > 0 && (
        <section aria-labelledby={ids.tags} className={styles.block}>
          <h2 id={ids.tags} className={styles.blockTitle}>
            Temas
          </h2>
          <ul className={styles.tags}>
            {produto.tags.map((tag, i) => (
              <li key={`${tag.nome}-${i}`} className={styles.tag}>
                <Tag size={14} aria-hidden="true" />
                {tag.nome}
              </li>
            ))}
          </ul>
        </section>
      )}

      {produto.digital && produto.autores.length > 0 && (
        <div className={styles.block}>
          <Authors autores={produto.autores} headingId={ids.authors} />
        </div>
      )}
    </>
  );
}
