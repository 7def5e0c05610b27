import { MSG } from '@clinica/shared/messages';
import styles from './rating-stars.module.css';

/** The average shown in half stars: 4.3 → 4.5, 4.2 → 4 (SPEC §3 Review: half stars). */
export const toHalfStars = (nota: number): number => Math.min(5, Math.max(0, Math.round(nota * 2) / 2));

/**
 * '4,5' or '4' (pt-BR, at most one decimal). Half stars have at most the
 * digit 5 after the point, so the comma is written by hand: toLocaleString
 * built an Intl.NumberFormat per card, a visible part of the store's first render.
 */
export const formatNota = (nota: number): string => String(toHalfStars(nota)).replace('.', ',');

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8L12 2.5z';

function Star({ fill }: { fill: 0 | 0.5 | 1 }) {
  return (
    <span className={styles.star} data-fill={fill}>
      <svg viewBox="0 0 24 24" className={styles.empty} aria-hidden="true" focusable="false">
        <path d={STAR} />
      </svg>
      {fill > 0 && (
        <svg
          viewBox="0 0 24 24"
          className={`${styles.full} ${fill === 0.5 ? styles.half : ''}`}
          aria-hidden="true"
          focusable="false"
        >
          <path d={STAR} />
        </svg>
      )}
    </span>
  );
}

export interface RatingStarsProps {
  /** Average from 0 to 5. */
  nota: number;
  /** Number of reviews; with 0 the stars read 'Sem avaliações'. Omit for a single review's stars. */
  count?: number;
  size?: 'sm' | 'md' | 'lg';
  /** Show the count next to the stars: 'compact' → '(12)', 'full' → '4,5 · 12 avaliações'. */
  countStyle?: 'none' | 'compact' | 'full';
  className?: string;
}

/** Five stars filled to the nearest half, with an accessible label ('Avaliação 4,5 de 5, 12 avaliações'). */
export function RatingStars({ nota, count, size = 'md', countStyle = 'none', className }: RatingStarsProps) {
  const none = count === 0;
  const value = none ? 0 : toHalfStars(nota);
  const fills = [1, 2, 3, 4, 5].map((i) => (value >= i ? 1 : value >= i - 0.5 ? 0.5 : 0) as 0 | 0.5 | 1);
  const reviews = count === undefined ? '' : `${count} ${count === 1 ? 'avaliação' : 'avaliações'}`;
  const label = none ? MSG.semAvaliacoes : `Avaliação ${formatNota(value)} de 5${reviews ? `, ${reviews}` : ''}`;

  return (
    <span className={`${styles.rating} ${styles[size]} ${className ?? ''}`}>
      <span className={styles.stars} role="img" aria-label={label} data-value={value}>
        {fills.map((fill, i) => (
          <Star key={i} fill={fill} />
        ))}
      </span>
      {countStyle !== 'none' && count !== undefined && (
        <span className={styles.count} aria-hidden="true">
          {none ? MSG.semAvaliacoes : countStyle === 'compact' ? `(${count})` : `${formatNota(value)} · ${reviews}`}
        </span>
      )}
    </span>
  );
}
