import type { TipoPagamento } from '@clinica/shared/schemas/pedido';
import { CreditCard, QrCode } from 'lucide-react';
import styles from './payment.module.css';

const METODOS = [
  { value: 'credit', label: 'Cartão de crédito', icon: CreditCard },
  { value: 'pix', label: 'PIX', icon: QrCode },
] as const;

/** The payment method toggle (docs/behaviour/payments.md#paying-an-order): credit card (the default) or PIX. */
export function MethodToggle({
  value,
  onChange,
  disabled,
  name = 'metodo',
}: {
  value: TipoPagamento;
  onChange: (metodo: TipoPagamento) => void;
  disabled?: boolean;
  name?: string;
}) {
  return (
    <fieldset className={styles.methods} disabled={disabled}>
      <legend className="visually-hidden">Forma de pagamento</legend>
      {METODOS.map(({ value: v, label, icon: Icon }) => (
        <label key={v} className={styles.method} data-checked={value === v || undefined}>
          <input
            type="radio"
            name={name}
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
            className={styles.radio}
          />
          <Icon size={22} aria-hidden="true" />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
