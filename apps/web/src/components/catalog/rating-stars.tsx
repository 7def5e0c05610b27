import { MSG } from '@clinica/shared/messages';
import type { CSSProperties } from 'react';
import styles from './rating-stars.module.css';

/** The average shown in half stars: 4.3 → 4.5, 4.2 → 4 (docs/behaviour/catalogue-and-search.md#reviews). */
export const toHalfStars = (nota: number): number => Math.min(5, Math.max(0, Math.round(nota * 2) / 2));

/**
 * '4,5' or '4' (pt-BR, at most one decimal). Half stars have at most the
 * digit 5 after the point, so the comma is written by hand: toLocaleString
 * built an Intl.NumberFormat per card, a visible part of the store's first render.
 */
export const formatNota = (nota: number): string => String(toHalfStars(nota)).replace('.', ',');

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

/**
 * Five stars filled to the nearest half, with an accessible label ('Avaliação
 * 4,5 de 5, 12 avaliações'). One element drawn by CSS (the empty stars as its
 * background, the filled ones as a layer cut at the value): a card used to
 * carry some 15 SVG nodes for its stars, a third of the store's DOM.
 */
export function RatingStars({ nota, count, size = 'md', countStyle = 'none', className }: RatingStarsProps) {
  const none = count === 0;
  const value = none ? 0 : toHalfStars(nota);
  const full = Math.floor(value);
  const fill = { '--full': full, '--half': value - full > 0 ? 1 : 0 } as CSSProperties;
  const reviews = count === undefined ? '' : `${count} ${count === 1 ? 'avaliação' : 'avaliações'}`;
  const label = none ? MSG.semAvaliacoes : `Avaliação ${formatNota(value)} de 5${reviews ? `, ${reviews}` : ''}`;

  return (
    <span className={`${styles.rating} ${styles[size]} ${className ?? ''}`}>
      <span className={styles.stars} role="img" aria-label={label} data-value={value} style={fill} />
      {countStyle !== 'none' && count !== undefined && (
        <span className={styles.count} aria-hidden="true">
          {none ? MSG.semAvaliacoes : countStyle === 'compact' ? `(${count})` : `${formatNota(value)} · ${reviews}`}
        </span>
      )}
    </span>
  );
}
