import { MSG } from '@clinica/shared/messages';
import { CircleAlert, CircleCheck, CircleSlash, MonitorPlay } from 'lucide-react';
import styles from './product-badge.module.css';

export type ProductBadgeKind = 'digital' | 'indisponivel' | 'disponivel' | 'ultimas';

const BADGES = {
  digital: { text: MSG.produtoDigital, icon: MonitorPlay },
  indisponivel: { text: MSG.produtoIndisponivelSelo, icon: CircleSlash },
  disponivel: { text: MSG.produtoDisponivel, icon: CircleCheck },
  ultimas: { text: MSG.ultimasUnidades, icon: CircleAlert },
} as const;

/** A small pill: 'Digital', 'Indisponível', 'Disponível' or 'Últimas unidades'. */
export function ProductBadge({ kind, className }: { kind: ProductBadgeKind; className?: string }) {
  const { text, icon: Icon } = BADGES[kind];
  return (
    <span className={`${styles.badge} ${styles[kind]} ${className ?? ''}`}>
      <Icon size={14} aria-hidden="true" />
      {text}
    </span>
  );
}
