import { hasDigitalLine } from '@clinica/shared/cart';
import { MSG } from '@clinica/shared/messages';
import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CircleSlash, ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCartItems } from '../../../lib/cart-storage';
import { useSession } from '../../../lib/use-session';
import { useAddToCart } from '../use-add-to-cart';
import styles from './buy-box.module.css';
import { QuantityStepper } from './quantity-stepper';

/** 'Avise-me quando chegar': its own chunk, fetched only for a sold-out physical product (docs/quality.md#p6-javascript-of-the-public-pages). */
const AviseMeForm = lazy(() => import('./avise-me-form'));
/** Why a professional-use product was not added (ADR 037): its own chunk, fetched only then. */
const CroAviso = lazy(() => import('./cro-aviso'));

/**
 * Quantity and 'Incluir' (docs/behaviour/catalogue-and-search.md#product-page): the stepper starts at 1 and stops
 * at 0; 'Incluir' with 0 says 'Quantidade deve ser maior que zero'. A digital
 * product is bought once (no stepper), and once in the cart its controls give
 * way to 'Produto Digital já adicionado ao carrinho'. An unavailable product
 * shows 'Produto indisponível' and no button; a physical one, 'Avise-me quando chegar' below it (ADR 032).
 * A professional-use product (ADR 037) goes to the bag only for a customer with a CRO in the profile: 'Incluir' reads
 * the profile and otherwise explains, with a link to the profile (or, for a visitor, to the sign-in).
 */
export function BuyBox({ produto }: { produto: ProdutoDetalhe }) {
  const items = useCartItems();
  const add = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const [zeroAlert, setZeroAlert] = useState(false);
  /** Why a professional-use product was not added (ADR 037): no CRO in the profile, or nobody signed in. */
  const [semCro, setSemCro] = useState<'perfil' | 'entrar' | null>(null);
  const [conferindo, setConferindo] = useState(false);
  const alertId = useId();
  const { user } = useSession();
  const queryClient = useQueryClient();

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

  /** RDC 6/2015 (ADR 037): whether the signed-in customer's profile has a CRO; its code loads only when asked. */
  const podeComprar = async (): Promise<boolean> => {
    if (user?.permissao !== 'CLIENTE') {
      setSemCro('entrar');
      return false;
    }
    setConferindo(true);
    try {
      const { perfilQuery } = await import('../../../lib/perfil');
      const perfil = await queryClient.fetchQuery(perfilQuery(user.idUser));
      if (perfil.cro) return true;
      setSemCro('perfil');
      return false;
    } catch {
      // The profile did not answer: the bag and the order's creation check again (the server refuses without a CRO).
      return true;
    } finally {
      setConferindo(false);
    }
  };

  const adicionar = () =>
    add(
      {
        id: produto.id,
        nome: produto.nome,
        pathImg: produto.pathImgDestaque,
        preco: produto.preco,
        digital: produto.digital,
        usoProfissional: produto.usoProfissional,
      },
      produto.digital ? 1 : quantity,
    );

  const include = () => {
    if (quantity <= 0) {
      setZeroAlert(true);
      return;
    }
    if (!produto.usoProfissional) {
      adicionar();
      return;
    }
    void podeComprar().then((ok) => {
      if (!ok) return;
      setSemCro(null);
      adicionar();
    });
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
        <Button size="lg" className={styles.include} onClick={include} disabled={conferindo}>
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
      {semCro && (
        <Suspense fallback={null}>
          <CroAviso motivo={semCro} idUser={user?.idUser ?? null} />
        </Suspense>
      )}
    </div>
  );
}
