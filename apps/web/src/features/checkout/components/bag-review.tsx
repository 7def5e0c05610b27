import { amountCents, isFixedQuantity } from '@clinica/shared/cart';
import { MSG } from '@clinica/shared/messages';
import { toCents } from '@clinica/shared/money';
import type { CartLine } from '@clinica/shared/schemas/cart';
import { Gift, ShoppingBag, Trash2 } from 'lucide-react';
import { LineStepper } from '../../../components/catalog/line-stepper';
import { Price } from '../../../components/catalog/price';
import { ProductBadge } from '../../../components/catalog/product-badge';
import { ResponsiveImage } from '../../../components/catalog/responsive-image';
import styles from './bag-review.module.css';

export interface BagReviewProps {
  items: readonly CartLine[];
  onIncrement: (id: number) => void;
  onDecrement: (id: number) => void;
  onRemove: (id: number) => void;
}

const THUMB = 64;

/**
 * Mode 0 of /checkout (docs/behaviour/bag-and-checkout.md#bag-review): the bag as a table of Produto (picture and
 * name), Preço, Quantidade and Total, with a remove button; 'Sem itens
 * adicionados na sacola' when empty. Digital and gift lines hold one unit;
 * the gift has no remove button (the bag gives it while it earns it).
 */
export function BagReview({ items, onIncrement, onDecrement, onRemove }: BagReviewProps) {
  if (items.length === 0) {
    return (
      <div className={styles.bagEmpty}>
        <ShoppingBag size={40} aria-hidden="true" />
        <p>{MSG.semItensSacola}</p>
      </div>
    );
  }
  return (
    <table className={styles.bagTable}>
      <caption className="visually-hidden">Itens da sacola</caption>
      <thead>
        <tr>
          <th scope="col">Produto</th>
          <th scope="col">Preço</th>
          <th scope="col">Quantidade</th>
          <th scope="col">Total</th>
          <th scope="col">
            <span className="visually-hidden">Remover</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((line) => (
          <tr key={`${line.brinde ? 'brinde' : 'item'}-${line.id}`} data-testid="checkout-line">
            <td className={styles.productCell}>
              <div className={styles.thumb}>
                <ResponsiveImage
                  imagem={line.pathImg ? { path: line.pathImg, largura: THUMB, altura: THUMB, variantes: [] } : null}
                  alt=""
                  sizes={`${THUMB}px`}
                  kind={line.digital ? 'curso' : 'produto'}
                />
              </div>
              <div className={styles.productInfo}>
                <span className={styles.productName}>{line.nome}</span>
                {line.digital && <ProductBadge kind="digital" />}
                {line.brinde && (
                  <span className={styles.giftBadge}>
                    <Gift size={14} aria-hidden="true" />
                    Brinde
                  </span>
                )}
              </div>
            </td>
            <td data-label="Preço">
              {line.brinde ? <span className={styles.free}>Grátis</span> : <Price cents={toCents(line.unitaryValue)} />}
            </td>
            <td data-label="Quantidade">
              {isFixedQuantity(line) ? (
                <span className={styles.fixedQty}>{line.quantity}</span>
              ) : (
                <LineStepper
                  nome={line.nome}
                  quantity={line.quantity}
                  onDecrement={() => onDecrement(line.id)}
                  onIncrement={() => onIncrement(line.id)}
                  size="md"
                />
              )}
            </td>
            <td data-label="Total" className={styles.lineTotal}>
              {line.brinde ? <span className={styles.free}>Grátis</span> : <Price cents={amountCents(line)} />}
            </td>
            <td className={styles.removeCell}>
              {!line.brinde && (
                <button
                  type="button"
                  className={styles.removeButton}
                  aria-label={`Remover ${line.nome}`}
                  onClick={() => onRemove(line.id)}
                >
                  <Trash2 size={18} aria-hidden="true" />
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
