import { statusLabel, statusTone } from '../order-status';
import styles from './status-badge.module.css';

/** An order status as a coloured pill (SPEC §4 Orders). */
export function StatusBadge({ situacao }: { situacao: string }) {
  return (
    <span className={`${styles.badge} ${styles[statusTone(situacao)]}`} data-status={situacao}>
      {statusLabel(situacao)}
    </span>
  );
}
