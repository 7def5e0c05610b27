import type { Imagem } from '@clinica/shared/schemas/produto';
import { GraduationCap, Package } from 'lucide-react';
import styles from './responsive-image.module.css';

/** `srcset` from the image's WebP widths, narrowest first. */
export function srcSetOf(imagem: Imagem): string | undefined {
  if (imagem.variantes.length === 0) return undefined;
  return [...imagem.variantes]
    .sort((a, b) => a.largura - b.largura)
    .map((v) => `${v.path} ${v.largura}w`)
    .join(', ');
}

export interface ResponsiveImageProps {
  imagem: Imagem | null;
  /** Alternative text (the product name; '' for a decorative copy). */
  alt: string;
  /** The rendered width per viewport, for the browser to pick a variant (`sizes`). */
  sizes: string;
  /** Above the fold: load at once and with high priority (the page's LCP). Otherwise lazy. */
  priority?: boolean;
  className?: string;
  /** What the placeholder draws when there is no picture. */
  kind?: 'produto' | 'curso';
}

/**
 * A product picture: `srcset`/`sizes` from its variants, width and height so
 * the box is reserved before it loads (no layout shift), lazy below the fold,
 * and a neutral placeholder when the product has no picture.
 */
export function ResponsiveImage({
  imagem,
  alt,
  sizes,
  priority = false,
  className,
  kind = 'produto',
}: ResponsiveImageProps) {
  if (!imagem) {
    const Icon = kind === 'curso' ? GraduationCap : Package;
    return (
      <div
        className={`${styles.placeholder} ${className ?? ''}`}
        role={alt ? 'img' : undefined}
        aria-label={alt ? `${alt} (sem imagem)` : undefined}
        aria-hidden={alt ? undefined : true}
        data-testid="image-placeholder"
      >
        <Icon size={40} strokeWidth={1.5} aria-hidden="true" />
        <span className={styles.placeholderText}>Sem imagem</span>
      </div>
    );
  }
  return (
    <img
      className={`${styles.image} ${className ?? ''}`}
      src={imagem.path}
      srcSet={srcSetOf(imagem)}
      sizes={imagem.variantes.length > 0 ? sizes : undefined}
      width={imagem.largura}
      height={imagem.altura}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}
