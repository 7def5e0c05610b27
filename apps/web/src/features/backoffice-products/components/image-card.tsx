import type { ImagemProduto } from '@clinica/shared/schemas/imagem';
import { ChevronLeft, ChevronRight, Home, Star, Trash2 } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import { srcSetOf } from '../../../components/catalog/responsive-image';
import styles from './image-card.module.css';

/** The gallery's move buttons of a card: its place, and moving it one place earlier or later. */
export interface CardOrder {
  index: number;
  total: number;
  onMove: (to: number) => void;
  disabled?: boolean;
}

/**
 * One picture of the product: the picture with its badges ('Imagem da home',
 * 'Foto do card'), its file name, and its buttons (move, on the gallery;
 * delete). `item` goes on the list item (drag and drop, classes).
 */
export function ImageCard({
  img,
  label,
  home = false,
  order,
  onDelete,
  item,
}: {
  img: ImagemProduto;
  label: string;
  home?: boolean;
  order?: CardOrder;
  onDelete: () => void;
  item?: HTMLAttributes<HTMLLIElement> & { 'data-image-id'?: number };
}) {
  const named = `${label.toLowerCase()} (${img.nome})`;
  return (
    <li {...item} className={`${styles.card} ${item?.className ?? ''}`} data-testid="product-image">
      <div className={`${styles.picture} ${home ? styles.pictureWide : ''}`}>
        <img
          src={img.path}
          srcSet={img.imagem ? srcSetOf(img.imagem) : undefined}
          sizes={home ? '(min-width: 1024px) 640px, 100vw' : '(min-width: 1024px) 220px, 50vw'}
          alt={`${label}: ${img.nome}`}
          loading="lazy"
          decoding="async"
          draggable={false}
        />
        <span className={styles.badges}>
          {img.imagemSite && (
            <span className={`${styles.badge} ${styles.badgeHome}`}>
              <Home size={12} aria-hidden="true" />
              Imagem da home
            </span>
          )}
          {img.destaque && (
            <span className={`${styles.badge} ${styles.badgeCard}`}>
              <Star size={12} aria-hidden="true" />
              Foto do card
            </span>
          )}
        </span>
      </div>
      <div className={styles.cardFoot}>
        <span className={styles.fileName} title={img.nome}>
          {img.nome}
        </span>
        <span className={styles.tools}>
          {order && (
            <>
              <button
                type="button"
                className={styles.tool}
                onClick={() => order.onMove(order.index - 1)}
                disabled={order.disabled || order.index === 0}
                aria-label={`Mover ${named} para antes`}
                title="Mover para antes"
                data-move="antes"
              >
                <ChevronLeft size={18} aria-hidden="true" />
              </button>
              <button
                type="button"
                className={styles.tool}
                onClick={() => order.onMove(order.index + 1)}
                disabled={order.disabled || order.index === order.total - 1}
                aria-label={`Mover ${named} para depois`}
                title="Mover para depois"
                data-move="depois"
              >
                <ChevronRight size={18} aria-hidden="true" />
              </button>
            </>
          )}
          <button
            type="button"
            className={`${styles.tool} ${styles.delete}`}
            onClick={onDelete}
            aria-label={`Excluir ${named}`}
          >
            <Trash2 size={16} aria-hidden="true" />
          </button>
        </span>
      </div>
    </li>
  );
}
