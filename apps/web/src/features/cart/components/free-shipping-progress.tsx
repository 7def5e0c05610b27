import { freeShippingRemaining, type FreeShippingRule } from '@clinica/shared/free-shipping';
import { MSG_FRETE } from '@clinica/shared/messages-frete';
import { formatBRL, type Cents } from '@clinica/shared/money';
import { PartyPopper, Truck } from 'lucide-react';
import styles from './gift-progress.module.css';

/**
 * The free-shipping bar (docs/behaviour/bag-and-checkout.md#free-shipping), beside the gift's: 'Faltam R$ 85,10 para
 * frete grátis' filling up to 'Frete grátis', measured on the products after the coupon (`freeShippingRemaining`).
 * The state of the last quoted CEP (`uf`) decides whether the rule covers the customer; an unknown state counts as
 * covered. Nothing when the rule is off or does not cover that state.
 */
export function FreeShippingProgressBar({
  rule,
  subtotalCents,
  uf,
}: {
  rule: FreeShippingRule;
  subtotalCents: Cents;
  uf: string | null;
}) {
  const faltam = freeShippingRemaining(rule, { subtotal: subtotalCents, uf });
  if (faltam === null) return null;
  const reached = faltam === 0;
  const percent = rule.valorMinimo > 0 ? Math.min(100, (subtotalCents / rule.valorMinimo) * 100) : 100;
  const Icon = reached ? PartyPopper : Truck;
  return (
    <div className={`${styles.box} ${reached ? styles.reached : ''}`} data-testid="free-shipping-progress">
      <p className={styles.text}>
        <Icon size={18} aria-hidden="true" className={styles.icon} />
        <span>{reached ? MSG_FRETE.atingido : MSG_FRETE.faltam.replace('{faltam}', formatBRL(faltam))}</span>
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={MSG_FRETE.barra}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <div className={styles.fill} style={{ width: `${Math.round(percent * 10) / 10}%` }} />
      </div>
    </div>
  );
}
