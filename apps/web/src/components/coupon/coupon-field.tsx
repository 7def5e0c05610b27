import { MSG_CUPOM } from '@clinica/shared/messages-cupom';
import { formatBRL } from '@clinica/shared/money';
import { CircleAlert, TicketPercent, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { BagCoupon } from '../../lib/bag-coupon';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import styles from './coupon-field.module.css';

/** 'Cupom aplicado: −R$ 20,00'. */
const couponAppliedText = (descontoCents: number) =>
  MSG_CUPOM.aplicado.replace('{valor}', `−${formatBRL(descontoCents)}`);

/**
 * The coupon of the bag and the checkout (docs/behaviour/bag-and-checkout.md#coupons): 'Cupom de desconto' with
 * 'Aplicar'; once it applies, 'Cupom aplicado: −R$ 20,00' with what it gives and whether it combines with the PIX
 * discount and the gift, and 'Remover cupom'; a kept code that no longer applies to the bag shows its reason.
 */
export function CouponField({ coupon }: { coupon: BagCoupon }) {
  const [typed, setTyped] = useState('');
  const [erro, setErro] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const r = await coupon.apply(typed);
    setSending(false);
    if (r.ok) {
      setTyped('');
      setErro(undefined);
    } else setErro(r.motivo);
  };

  if (coupon.codigo !== null && (coupon.cupom || coupon.motivo || coupon.checking)) {
    const { cupom } = coupon;
    return (
      <div className={styles.applied} data-testid="coupon-applied" data-refused={coupon.motivo ? true : undefined}>
        <div className={styles.head}>
          <TicketPercent size={18} aria-hidden="true" className={styles.icon} />
          <p className={styles.code}>
            {MSG_CUPOM.linha.replace('{codigo}', coupon.codigo)}
            {cupom && <strong className={styles.value}> {couponAppliedText(cupom.desconto)}</strong>}
          </p>
          <Button variant="ghost" size="sm" onClick={coupon.remove} aria-label={MSG_CUPOM.remover}>
            <X size={16} aria-hidden="true" />
            Remover
          </Button>
        </div>
        {cupom && (
          <ul className={styles.details}>
            <li>{cupom.resumo}</li>
            <li>{cupom.acumulaPix ? MSG_CUPOM.acumulaPix : MSG_CUPOM.naoAcumulaPix}</li>
            <li>{cupom.acumulaBrinde ? MSG_CUPOM.acumulaBrinde : MSG_CUPOM.naoAcumulaBrinde}</li>
          </ul>
        )}
        {coupon.motivo && (
          <p className={styles.reason} role="alert">
            <CircleAlert size={16} aria-hidden="true" />
            {coupon.motivo}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={MSG_CUPOM.campo}
        placeholder={MSG_CUPOM.placeholder}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setErro(undefined);
        }}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        error={erro}
      />
      <Button type="submit" variant="outline" className={styles.submit} loading={sending}>
        {sending ? MSG_CUPOM.aplicando : MSG_CUPOM.aplicar}
      </Button>
    </form>
  );
}
