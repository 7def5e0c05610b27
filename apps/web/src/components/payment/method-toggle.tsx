import type { TipoPagamento } from '@clinica/shared/schemas/pedido';
import { Barcode, CreditCard, QrCode } from 'lucide-react';
import styles from './payment.module.css';

const METODOS = [
  { value: 'credit', label: 'Cartão de crédito', icon: CreditCard },
  { value: 'pix', label: 'PIX', icon: QrCode },
  // The label is MSG_BOLETO.metodo's text, written here so the toggle carries no boleto module when boleto is off.
  { value: 'boleto', label: 'Boleto bancário', icon: Barcode },
] as const;

/**
 * The payment method toggle (docs/behaviour/payments.md#paying-an-order): credit card (the default), PIX and, when
 * the commercial rules offer it, boleto.
 */
export function MethodToggle({
  value,
  onChange,
  disabled,
  boleto = false,
  name = 'metodo',
}: {
  value: TipoPagamento;
  onChange: (metodo: TipoPagamento) => void;
  disabled?: boolean;
  /** Offer boleto (the rules' `boleto.ativo`). */
  boleto?: boolean | undefined;
  name?: string;
}) {
  const metodos = METODOS.filter((m) => boleto || m.value !== 'boleto');
  return (
    <fieldset className={styles.methods} disabled={disabled} data-count={metodos.length}>
      <legend className="visually-hidden">Forma de pagamento</legend>
      {metodos.map(({ value: v, label, icon: Icon }) => (
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
