import { formatBRL, type Cents } from '@clinica/shared/money';
import styles from './price.module.css';

export interface PriceProps {
  /** Integer cents (the contract's `preco` after parsing). */
  cents: Cents;
  size?: 'md' | 'lg' | 'xl';
  className?: string;
}

/** A price as the shop shows it: 'R$ 1.234,56'. */
export function Price({ cents, size = 'md', className }: PriceProps) {
  return <span className={`${styles.price} ${styles[size]} ${className ?? ''}`}>{formatBRL(cents)}</span>;
}
