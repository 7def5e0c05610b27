import { statusLabel, statusTone } from '../../lib/order-status';
import styles from './status-badge.module.css';

/** An order status as a coloured pill (docs/behaviour/orders.md#order-statuses): the orders list, the order dialog, the created order. */
export function StatusBadge({ situacao }: { situacao: string }) {
  return (
    <span className={`${styles.badge} ${styles[statusTone(situacao)]}`} data-status={situacao}>
      {statusLabel(situacao)}
    </span>
  );
}
