import type { DashboardVendas } from '@clinica/shared/schemas/dashboard';
import { formatBRL, pedidosLabel } from '../format';
import { corDoMeio, MEIO_LABEL, useTokens } from './chart-colors';
import styles from './charts.module.css';

/** The donut's legend, visible text: each type's share of the revenue, its revenue and its sales. */
export function PaymentLegend({ meios }: { meios: DashboardVendas['porPagamento'] }) {
  const cor = corDoMeio(useTokens());
  const total = meios.reduce((s, m) => s + m.receita, 0);
  return (
    <ul className={styles.legend} aria-label="Receita por meio de pagamento">
      {meios.map((m) => (
        <li key={m.tipoPagamento}>
          <span className={styles.swatch} style={{ background: cor[m.tipoPagamento] }} aria-hidden="true" />
          <span className={styles.legendName}>{MEIO_LABEL[m.tipoPagamento]}</span>
          <span className={styles.legendShare}>{total > 0 ? `${Math.round((m.receita / total) * 100)}%` : '0%'}</span>
          <span className={styles.legendValue}>
            {formatBRL(m.receita)} · {pedidosLabel(m.pedidos)}
          </span>
        </li>
      ))}
    </ul>
  );
}
