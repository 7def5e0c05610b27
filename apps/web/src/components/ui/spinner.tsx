import { MSG } from '@clinica/shared/messages';
import styles from './spinner.module.css';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  tone?: 'primary' | 'inverse';
  /** Accessible label; omit when a visible text already says it. */
  label?: string;
}

export function Spinner({ size = 'md', tone = 'primary', label }: SpinnerProps) {
  return (
    <span
      className={`${styles.spinner} ${styles[size]} ${styles[tone]}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A centred spinner with 'Carregando...' for a loading page or section. */
export function LoadingBlock({ text = MSG.carregando }: { text?: string }) {
  return (
    <div className={styles.block} role="status" aria-live="polite">
      <Spinner size="lg" />
      <span>{text}</span>
    </div>
  );
}
