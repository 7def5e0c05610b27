import { MSG } from '@clinica/shared/messages';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { MSG_CUPOM } from '@clinica/shared/messages-cupom';
import { formatBRL } from '@clinica/shared/money';
import { cartOrderTotals } from '@clinica/shared/order-total';
import { LogIn, ShieldAlert, ShoppingBag } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { viaCepQuery } from '../../components/address/api/via-cep';
import { CouponField } from '../../components/coupon/coupon-field';
import { Link, useNavigate } from 'react-router';
import { Price } from '../../components/catalog/price';
import { freteItems } from '../../components/freight/api/frete';
import { FreightQuote } from '../../components/freight/freight-quote';
import { Button } from '../../components/ui/button';
import { Sheet } from '../../components/ui/sheet';
import { useBagCoupon } from '../../lib/bag-coupon';
import { useCart } from '../../lib/cart-storage';
import { useCondicoesComerciais } from '../../lib/condicoes-comerciais';
import { useFreightCep } from '../../lib/freight-cep';
import { useGift } from '../../lib/use-gift';
import { useProfissionaisSemCro } from '../../lib/use-cro';
import { useAjusteDeEstoque } from '../../lib/use-stock';
import { SIGN_IN_FROM_BAG } from '../../lib/sign-in-place';
import { useSession } from '../../lib/use-session';
import styles from './bag-drawer.module.css';
import { CartLineItem } from './components/cart-line';
import { FreeShippingProgressBar } from './components/free-shipping-progress';
import { GiftProgressBar } from './components/gift-progress';

export interface BagDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The bag drawer (docs/behaviour/bag-and-checkout.md#bag-drawer): a side sheet titled 'Sacola' with the
 * lines, the gift bar and the free-shipping bar, the coupon field (signed in), Subtotal, the coupon's line, Total, 'Finalizar compra' (disabled signed
 * out, with 'Você precisa fazer login para finalizar a compra', and with an
 * empty bag) and 'Continuar comprando'; with something to ship, the freight quote of its lines
 * (docs/behaviour/bag-and-checkout.md#freight-before-checkout). While mounted it also keeps the gift
 * rule (docs/behaviour/bag-and-checkout.md#gift) true, so the header mounts it at idle when the bag has
 * items, closed. Radix traps the focus and closes on Escape.
 */
export default function BagDrawer({ open, onOpenChange }: BagDrawerProps) {
  const { items, subtotalCents, increment, decrement, remove } = useCart();
  const coupon = useBagCoupon(items);
  const { progress } = useGift(items, subtotalCents, coupon.cupom?.acumulaBrinde === false);
  // The lines brought within the units left each time the bag opens (docs/behaviour/bag-and-checkout.md#stock).
  const avisosDeEstoque = useAjusteDeEstoque(open);
  const { isSignedIn, user } = useSession();
  // Professional-use products without a CRO in the profile (ADR 037): told here, and the checkout waits for the CRO.
  const semCro = useProfissionaisSemCro(items);
  const regras = useCondicoesComerciais().data;
  // The state of the last quoted CEP, for the free-shipping bar (unknown until a CEP is known: counted as covered).
  const cep = useFreightCep();
  const lugar = useQuery({ ...viaCepQuery(cep ?? ''), enabled: cep !== null });
  const uf = lugar.data?.uf.sigla ?? null;
  const produtosCents = subtotalCents - coupon.descontoCents;
  const navigate = useNavigate();
  const noticeId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const empty = items.length === 0;
  const totals = cartOrderTotals(items);

  // A gift that arrives while the bag is open is scrolled into view (the list may be taller than the sheet).
  const hasGift = items.some((line) => line.brinde);
  const hadGift = useRef(hasGift);
  useEffect(() => {
    if (open && hasGift && !hadGift.current) {
      listRef.current?.querySelector('[data-gift]')?.scrollIntoView?.({ block: 'nearest' });
    }
    hadGift.current = hasGift;
  }, [open, hasGift]);

  const go = (to: string) => {
    onOpenChange(false);
    navigate(to);
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={MSG.sacola}
      description="Itens adicionados à sua sacola"
      footer={
        <>
          {!empty && (
            <dl className={styles.totals}>
              <div className={styles.row}>
                <dt>Subtotal</dt>
                <dd>
                  <Price cents={subtotalCents} className={styles.subtotal} />
                </dd>
              </div>
              {coupon.cupom && coupon.descontoCents > 0 && (
                <div className={`${styles.row} ${styles.discount}`}>
                  <dt>{MSG_CUPOM.linha.replace('{codigo}', coupon.cupom.codigo)}</dt>
                  <dd>−{formatBRL(coupon.descontoCents)}</dd>
                </div>
              )}
              <div className={`${styles.row} ${styles.totalRow}`}>
                <dt>
                  Total
                  {totals.needsShipping && <span className={styles.hint}> (frete calculado na finalização)</span>}
                </dt>
                <dd>
                  <Price cents={totals.totalCents - coupon.descontoCents} className={styles.total} />
                </dd>
              </div>
            </dl>
          )}
          {!isSignedIn && (
            <p className={styles.notice}>
              <span id={noticeId}>{MSG.loginParaFinalizar}</span>
              {/* After signing in, /loja opens with this bag open (lib/sign-in-place.ts). */}
              <Link
                to="/signIn"
                state={SIGN_IN_FROM_BAG}
                className={styles.noticeLink}
                onClick={() => onOpenChange(false)}
              >
                <LogIn size={16} aria-hidden="true" />
                Entrar
              </Link>
            </p>
          )}
          {semCro.length > 0 && user && (
            <p className={`${styles.notice} ${styles.cro}`} role="alert" data-testid="sacola-sem-cro">
              <span id={`${noticeId}-cro`}>
                <ShieldAlert size={16} aria-hidden="true" />
                {MSG_ANVISA.sacolaSemCro.replace('{itens}', semCro.join(', '))}
              </span>
              <Link to={`/user/${user.idUser}`} className={styles.noticeLink} onClick={() => onOpenChange(false)}>
                {MSG_ANVISA.irParaPerfil}
              </Link>
            </p>
          )}
          <div className={styles.actions}>
            <Button
              fullWidth
              disabled={!isSignedIn || empty || semCro.length > 0}
              aria-describedby={isSignedIn ? (semCro.length > 0 ? `${noticeId}-cro` : undefined) : noticeId}
              onClick={() => {
                if (isSignedIn && !empty && semCro.length === 0) go('/checkout');
              }}
            >
              Finalizar compra
            </Button>
            <Button fullWidth variant="outline" onClick={() => go('/loja')}>
              Continuar comprando
            </Button>
          </div>
        </>
      }
    >
      {/* Before the lines, and also when the adjustment took the bag's last line: it never empties silently. */}
      {avisosDeEstoque.length > 0 && (
        <div className={styles.notice} role="status" data-testid="aviso-estoque">
          {avisosDeEstoque.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      {empty ? (
        <div className={styles.empty}>
          <span className={styles.emptyIcon}>
            <ShoppingBag size={40} aria-hidden="true" />
          </span>
          <p>{MSG.nenhumItemCarrinho}</p>
        </div>
      ) : (
        <>
          {(progress || (regras && totals.needsShipping)) && (
            <div className={styles.giftSlot}>
              {progress && <GiftProgressBar progress={progress} />}
              {regras && totals.needsShipping && (
                <FreeShippingProgressBar rule={regras.freteGratis} subtotalCents={produtosCents} uf={uf} />
              )}
            </div>
          )}
          <ul className={styles.list} aria-label="Itens da sacola" ref={listRef}>
            {items.map((line) => (
              <CartLineItem
                key={`${line.brinde ? 'brinde' : 'item'}-${line.id}`}
                line={line}
                onIncrement={increment}
                onDecrement={decrement}
                onRemove={remove}
              />
            ))}
          </ul>
          {isSignedIn && (
            <div className={styles.freightSlot}>
              <CouponField coupon={coupon} />
            </div>
          )}
          {totals.needsShipping && (
            <div className={styles.freightSlot}>
              <FreightQuote itens={freteItems(items)} title="Calcular frete" subtotalCents={produtosCents} />
            </div>
          )}
        </>
      )}
    </Sheet>
  );
}
