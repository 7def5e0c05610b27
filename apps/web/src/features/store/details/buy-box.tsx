import { hasDigitalLine } from '@clinica/shared/cart';
import { MSG } from '@clinica/shared/messages';
import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { CircleAlert, CircleCheck, CircleSlash, ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCartItems } from '../../../lib/cart-storage';
import { useAddToCart } from '../use-add-to-cart';
import styles from './buy-box.module.css';
import { QuantityStepper } from './quantity-stepper';

/** 'Avise-me quando chegar': its own chunk, fetched only for a sold-out physical product (docs/quality.md#p6-javascript-of-the-public-pages). */
const AviseMeForm = lazy(() => import('./avise-me-form'));

/**
 * Quantity and 'Incluir' (docs/behaviour/catalogue-and-search.md#product-page): the stepper starts at 1 and stops
 * at 0; 'Incluir' with 0 says 'Quantidade deve ser maior que zero'. A digital
 * product is bought once (no stepper), and once in the cart its controls give
 * way to 'Produto Digital já adicionado ao carrinho'. An unavailable product
 * shows 'Produto indisponível' and no button; a physical one, 'Avise-me quando chegar' below it (ADR 032).
 */
export function BuyBox({ produto }: { produto: ProdutoDetalhe }) {
  const items = useCartItems();
  const add = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const [zeroAlert, setZeroAlert] = useState(false);
  const alertId = useId();

  if (produto.digital && hasDigitalLine(items, produto.id)) {
    return (
      <p className={`${styles.notice} ${styles.inCart}`} role="status">
        <CircleCheck size={20} aria-hidden="true" />
        {MSG.produtoDigitalNoCarrinho}
      </p>
    );
  }
  if (!produto.disponivel) {
    const indisponivel = (
      <p className={`${styles.notice} ${styles.unavailable}`} role="status">
        <CircleSlash size={20} aria-hidden="true" />
        {MSG.produtoIndisponivel}
      </p>
    );
    if (produto.digital) return indisponivel;
    return (
      <div className={styles.box}>
        {indisponivel}
        <Suspense fallback={null}>
          <AviseMeForm produtoId={produto.id} />
        </Suspense>
      </div>
    );
  }

  const include = () => {
    if (quantity <= 0) {
      setZeroAlert(true);
      return;
    }
    add(
      {
        id: produto.id,
        nome: produto.nome,
        pathImg: produto.pathImgDestaque,
        preco: produto.preco,
        digital: produto.digital,
      },
      produto.digital ? 1 : quantity,
    );
  };

  return (
    <div className={styles.box}>
      <div className={styles.row}>
        {!produto.digital && (
          <QuantityStepper
            value={quantity}
            onChange={(n) => {
              setQuantity(n);
              setZeroAlert(false);
            }}
            invalid={zeroAlert}
            describedBy={zeroAlert ? alertId : undefined}
          />
        )}
        <Button size="lg" className={styles.include} onClick={include}>
          <ShoppingBag size={20} aria-hidden="true" />
          Incluir
        </Button>
      </div>
      {zeroAlert && (
        <p id={alertId} className={styles.alert} role="alert">
          <CircleAlert size={18} aria-hidden="true" />
          {MSG.quantidadeMaiorQueZero}
        </p>
      )}
    </div>
  );
}
