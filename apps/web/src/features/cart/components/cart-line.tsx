import { amountCents, isFixedQuantity } from '@clinica/shared/cart';
import { toCents } from '@clinica/shared/money';
import { Gift, Trash2 } from 'lucide-react';
import { LineStepper } from '../../../components/catalog/line-stepper';
import { Price } from '../../../components/catalog/price';
import { ProductBadge } from '../../../components/catalog/product-badge';
import { ResponsiveImage } from '../../../components/catalog/responsive-image';
import type { StoredCartItem } from '../../../lib/cart-storage';
import styles from './cart-line.module.css';

export interface CartLineProps {
  line: StoredCartItem;
  onIncrement: (id: number) => void;
  onDecrement: (id: number) => void;
  onRemove: (id: number) => void;
}

/** The picture's box in the bag (CSS px); the stored path has no size, so the box fixes it. */
const THUMB = 72;

/**
 * One line of the bag (docs/behaviour/bag-and-checkout.md#bag-drawer): picture (placeholder when
 * missing), name, unit price, quantity with plus/minus, line amount and
 * remove. Digital and gift lines hold one unit: no plus/minus. The gift is
 * given by the bag itself (it comes back while the bag earns it), so it has
 * no remove button either.
 */
export function CartLineItem({ line, onIncrement, onDecrement, onRemove }: CartLineProps) {
  const fixed = isFixedQuantity(line);
  const imagem = line.pathImg ? { path: line.pathImg, largura: THUMB, altura: THUMB, variantes: [] } : null;
  return (
    <li
      className={`${styles.line} ${line.brinde ? styles.gift : styles.removable}`}
      data-testid="cart-line"
      data-gift={line.brinde || undefined}
    >
      <div className={styles.thumb}>
        <ResponsiveImage
          imagem={imagem}
          alt=""
          sizes={`${THUMB}px`}
          className={styles.image}
          kind={line.digital ? 'curso' : 'produto'}
        />
      </div>

      <div className={styles.info}>
        <p className={styles.name}>{line.nome}</p>
        <div className={styles.meta}>
          {line.brinde ? (
            <span className={styles.giftBadge}>
              <Gift size={14} aria-hidden="true" />
              Brinde
            </span>
          ) : (
            <span className={styles.unit}>
              <span className="visually-hidden">Preço unitário: </span>
              <Price cents={toCents(line.unitaryValue)} className={styles.unitPrice} />
              <span aria-hidden="true"> / un.</span>
            </span>
          )}
          {line.digital && <ProductBadge kind="digital" />}
        </div>

        <div className={styles.bottom}>
          {fixed ? (
            <span className={styles.fixedQty}>Qtd.: {line.quantity}</span>
          ) : (
            <LineStepper
              nome={line.nome}
              quantity={line.quantity}
              onDecrement={() => onDecrement(line.id)}
              onIncrement={() => onIncrement(line.id)}
            />
          )}
          <span className={styles.amount} data-testid="cart-line-amount">
            <span className="visually-hidden">Total do item: </span>
            {line.brinde ? <span className={styles.free}>Grátis</span> : <Price cents={amountCents(line)} />}
          </span>
        </div>
      </div>

      {!line.brinde && (
        <button
          type="button"
          className={styles.remove}
          aria-label={`Remover ${line.nome}`}
          onClick={() => onRemove(line.id)}
        >
          <Trash2 size={18} aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
