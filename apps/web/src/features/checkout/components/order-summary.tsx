import { MSG_CUPOM } from '@clinica/shared/messages-cupom';
import { MSG_FRETE } from '@clinica/shared/messages-frete';
import { amountCents } from '@clinica/shared/cart';
import { formatBRL, type Cents } from '@clinica/shared/money';
import type { CartLine } from '@clinica/shared/schemas/cart';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { useId, type ReactNode } from 'react';
import { Price } from '../../../components/catalog/price';
import styles from './order-summary.module.css';

/** A line of the summary: from the bag while the order is not made, from the order once it is. */
export interface SummaryLine {
  id: number;
  nome: string;
  quantity: number;
  cents: Cents;
  brinde: boolean;
}

export const summaryLinesOfCart = (items: readonly CartLine[]): SummaryLine[] =>
  items.map((l) => ({ id: l.id, nome: l.nome, quantity: l.quantity, cents: amountCents(l), brinde: l.brinde }));

export const summaryLinesOfPedido = (pedido: Pedido): SummaryLine[] =>
  pedido.produtos.map((p) => ({
    id: p.produtoId,
    nome: p.produtoNome,
    quantity: p.quantidade,
    cents: p.valorTotal,
    brinde: p.brinde,
  }));

export interface OrderSummaryProps {
  /** Lines listed above the totals (mode 1); mode 0 has them in its table. */
  items?: readonly SummaryLine[];
  subtotalCents: Cents;
  /** The chosen freight's custom_price; null while none is chosen for an order that ships. */
  freightCents: Cents | null;
  /** By PIX, its discount ('Desconto PIX (5%)', '−R$ 25,00'): docs/behaviour/payments.md#pix-discount. */
  descontoPix?: { label: string; value: string } | null | undefined;
  /** The coupon and its discount ('Cupom BEMVINDO10', '−R$ 4,98'): docs/behaviour/bag-and-checkout.md#coupons. */
  cupom?: { codigo: string; desconto: Cents } | null | undefined;
  /** The store's free shipping: Entrega reads 'Grátis'. */
  freteGratis?: boolean | undefined;
  totalCents: Cents;
  ships: boolean;
  children?: ReactNode;
}

/**
 * The summary panel (docs/behaviour/bag-and-checkout.md#checkout): Subtotal, the coupon's discount, Entrega (the
 * chosen freight, or 'Grátis'), by PIX its discount, and Total.
 */
export function OrderSummary({
  items,
  subtotalCents,
  freightCents,
  descontoPix,
  cupom,
  freteGratis,
  totalCents,
  ships,
  children,
}: OrderSummaryProps) {
  const headingId = useId();
  return (
    <section className={styles.summary} aria-labelledby={headingId} data-testid="order-summary">
      <h2 id={headingId} className={styles.summaryTitle}>
        Resumo do pedido
      </h2>
      {items && items.length > 0 && (
        <ul className={styles.summaryItems} aria-label="Itens do pedido">
          {items.map((line) => (
            <li key={`${line.brinde ? 'brinde' : 'item'}-${line.id}`}>
              <span className={styles.summaryItemName}>
                {line.quantity} × {line.nome}
              </span>
              {line.brinde ? <span className={styles.free}>Grátis</span> : <Price cents={line.cents} />}
            </li>
          ))}
        </ul>
      )}
      <dl className={styles.totals}>
        <div className={styles.totalsRow}>
          <dt>Subtotal</dt>
          <dd>
            <Price cents={subtotalCents} />
          </dd>
        </div>
        {cupom && (
          <div className={`${styles.totalsRow} ${styles.discount}`} data-testid="desconto-cupom">
            <dt>{MSG_CUPOM.linha.replace('{codigo}', cupom.codigo)}</dt>
            <dd>−{formatBRL(cupom.desconto)}</dd>
          </div>
        )}
        <div className={styles.totalsRow}>
          <dt>Entrega</dt>
          <dd>
            {ships && freightCents === null ? (
              <span className={styles.pending}>A calcular</span>
            ) : freteGratis ? (
              <span className={styles.free}>{MSG_FRETE.gratis}</span>
            ) : (
              <Price cents={freightCents ?? 0} />
            )}
          </dd>
        </div>
        {descontoPix && (
          <div className={`${styles.totalsRow} ${styles.discount}`} data-testid="desconto-pix">
            <dt>{descontoPix.label}</dt>
            <dd>{descontoPix.value}</dd>
          </div>
        )}
        <div className={`${styles.totalsRow} ${styles.totalRow}`}>
          <dt>Total</dt>
          <dd>
            <Price cents={totalCents} size="lg" />
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
