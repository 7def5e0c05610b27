import type { ReactNode } from 'react';
import { Link } from 'react-router';
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

/**
 * A row's action beside its link ('Usos', 'Imagens'): an icon button that shows its word from `textFrom` px up (the
 * products table needs its width for the name until 1250 px); the word is always its accessible title.
 */
export function TableAction({
  to,
  label,
  text,
  icon,
  textFrom = 1024,
}: {
  to: string;
  label: string;
  text: string;
  icon: ReactNode;
  textFrom?: 1024 | 1250;
}) {
  return (
    <Link to={to} className={styles.action} aria-label={label} title={text}>
      {icon}
      <span className={classes(styles.actionText, textFrom === 1250 ? styles.textFrom1250 : styles.textFrom1024)}>
        {text}
      </span>
    </Link>
  );
}
