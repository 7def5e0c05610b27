import type { Imagem } from '@clinica/shared/schemas/produto';
import { useState } from 'react';
import { ResponsiveImage } from '../../../components/catalog/responsive-image';
import styles from './gallery.module.css';

const MAIN_SIZES = '(min-width: 1200px) 544px, (min-width: 1024px) 46vw, 100vw';

export interface GalleryProps {
  imagens: readonly Imagem[];
  /** The product name, for the pictures' alternative text. */
  nome: string;
  digital: boolean;
}

/**
 * The product gallery (docs/behaviour/catalogue-and-search.md#product-page): the selected picture and a row of
 * thumbnails, 4 in view (the row scrolls when there are more). Thumbnails are
 * buttons; the selected one is marked with aria-current.
 */
export function Gallery({ imagens, nome, digital }: GalleryProps) {
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, Math.max(0, imagens.length - 1));
  const current = imagens[index] ?? null;
  const many = imagens.length > 1;

  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        <ResponsiveImage
          key={current?.path ?? 'none'}
          imagem={current}
          alt={many ? `${nome} — imagem ${index + 1} de ${imagens.length}` : nome}
          sizes={MAIN_SIZES}
          priority
          className={styles.mainImage}
          kind={digital ? 'curso' : 'produto'}
        />
      </div>
      {many && (
        <ul className={styles.thumbs} aria-label="Imagens do produto">
          {imagens.map((imagem, i) => (
            <li key={`${imagem.path}-${i}`} className={styles.thumbItem}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Ver imagem ${i + 1} de ${imagens.length}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setSelected(i)}
              >
                <ResponsiveImage imagem={imagem} alt="" sizes="120px" className={styles.thumbImage} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
