import type { ReactNode } from 'react';
import styles from './table-parts.module.css';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * The picture before a row's link: a round badge with an icon or initials,
 * or a square thumbnail. Sizes: 36 px, 40 px (36 on phones), 48 px (40 on phones).
 */
export function TableAvatar({
  children,
  tone = 'primary',
  shape = 'round',
  size = 'sm',
  className,
}: {
  children: ReactNode;
  tone?: 'primary' | 'accent' | 'neutral';
  shape?: 'round' | 'square';
  size?: 'sm' | 'md' | 'lg';
  className?: string | undefined;
}) {
  return (
    <span
      className={classes(styles.avatar, styles[tone], shape === 'square' && styles.square, styles[size], className)}
      aria-hidden="true"
    >
      {children}
    </span>
  );
}

/** A short state in a row ('Ativo', 'No site', 'Gerente'). */
export function TablePill({
  tone,
  children,
}: {
  tone: 'success' | 'danger' | 'primary' | 'accent' | 'neutral' | 'faded';
  children: ReactNode;
}) {
  return <span className={classes(styles.pill, styles[`pill-${tone}`])}>{children}</span>;
}
