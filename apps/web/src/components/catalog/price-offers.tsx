import { bestInstallmentOffer, formatInstallmentOffer } from '@clinica/shared/installments';
import type { Cents } from '@clinica/shared/money';
import { formatPixPrice, pixPrice } from '@clinica/shared/pix-discount';
import { useCondicoesComerciais } from '../../lib/condicoes-comerciais';
import styles from './price-offers.module.css';

/**
 * Under a price (docs/behaviour/catalogue-and-search.md#price-offers): the PIX price ('R$ 474,05 no PIX') and the most
 * interest-free installments ('em até 3x de R$ 166,33 sem juros'), from the store's commercial rules. Nothing while
 * the rules are unknown, nor a line the rules do not give (no PIX discount, no interest-free installments).
 */
export function PriceOffers({ cents, size = 'sm' }: { cents: Cents; size?: 'sm' | 'md' }) {
  const regras = useCondicoesComerciais().data;
  if (!regras || cents <= 0) return null;
  const pix = regras.pix.desconto > 0 ? pixPrice(cents, regras.pix.desconto) : null;
  const parcelas = bestInstallmentOffer(cents, regras.parcelamento);
  if (pix === null && !parcelas) return null;
  return (
    <p className={`${styles.offers} ${styles[size]}`} data-testid="price-offers">
      {pix !== null && <span className={styles.pix}>{formatPixPrice(pix)}</span>}
      {parcelas && <span>{formatInstallmentOffer(parcelas)}</span>}
    </p>
  );
}
