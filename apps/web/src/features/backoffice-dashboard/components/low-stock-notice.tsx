import { ArrowRight, PackageX } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { useEstoqueBaixo } from '../../../lib/backoffice/estoque';
import styles from './jobs-notice.module.css';

/** 'N produtos com estoque baixo' in words. */
const texto = (n: number) => (n === 1 ? '1 produto com estoque baixo' : `${n} produtos com estoque baixo`);

/**
 * A notice above the figures when physical products are at or below their 'Estoque mínimo' (ADR 032), linking to
 * the 'Estoque baixo' list. Nothing otherwise. Reads the list's first row only: its total is the count.
 */
export function LowStockNotice() {
  const { data } = useEstoqueBaixo(0, 1);
  if (!data || data.totalRegistros === 0) return null;
  return (
    <div className={`${styles.notice} ${styles.warning}`} role="status" data-testid="low-stock-notice">
      <PackageX size={22} className={styles.icon} aria-hidden="true" />
      <div className={styles.text}>
        <p className={styles.title}>{texto(data.totalRegistros)}</p>
        <p>Reponha ou ajuste o estoque antes que os clientes encontrem o produto indisponível.</p>
      </div>
      <ButtonLink to="/estoque-baixo" variant="outline" size="sm" className={styles.action}>
        Ver estoque baixo
        <ArrowRight size={16} aria-hidden="true" />
      </ButtonLink>
    </div>
  );
}
