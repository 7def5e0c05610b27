import type { Cents } from '@clinica/shared/money';
import type { TipoPagamento } from '@clinica/shared/schemas/pedido';
import { CreditCard, QrCode } from 'lucide-react';
import type { FormEventHandler } from 'react';
import { Price } from '../../../components/catalog/price';
import { Button } from '../../../components/ui/button';
import styles from '../checkout.module.css';
import { StepActions } from './step-card';

export interface PaymentStepProps {
  metodo: TipoPagamento;
  onMetodo: (metodo: TipoPagamento) => void;
  totalCents: Cents;
  sending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack: () => void;
}

const METODOS = [
  { value: 'credit', label: 'Cartão de crédito', icon: CreditCard },
  { value: 'pix', label: 'PIX', icon: QrCode },
] as const;

/**
 * Step pagamento: the method toggle, credit card by default, or PIX (SPEC §4);
 * the final button ('Enviar pagamento' or 'Gerar QRcode do pix', SPEC §2)
 * creates the order. The card fields and the PIX code come with the payments.
 */
export function PaymentStep({ metodo, onMetodo, totalCents, sending, onSubmit, onBack }: PaymentStepProps) {
  return (
    <form className={styles.stepForm} noValidate onSubmit={onSubmit}>
      <fieldset className={styles.methods}>
        <legend className="visually-hidden">Forma de pagamento</legend>
        {METODOS.map(({ value, label, icon: Icon }) => (
          <label key={value} className={styles.method} data-checked={metodo === value || undefined}>
            <input
              type="radio"
              name="metodo"
              value={value}
              checked={metodo === value}
              onChange={() => onMetodo(value)}
              className={styles.radio}
            />
            <Icon size={22} aria-hidden="true" />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>

      {metodo === 'pix' ? (
        <div className={styles.pixNote}>
          <QrCode size={36} aria-hidden="true" />
          <div>
            <p className={styles.pixTitle}>Pagamento PIX não gerado</p>
            <p>Clique em &quot;Gerar QRCode PIX&quot; para visualizar o código de pagamento</p>
          </div>
        </div>
      ) : (
        <p className={styles.note}>
          <CreditCard size={18} aria-hidden="true" />
          Ao enviar, o pedido é criado e fica aguardando a confirmação do pagamento.
        </p>
      )}

      <p className={styles.payTotal}>
        <span>Total a pagar</span>
        <Price cents={totalCents} size="lg" />
      </p>

      <StepActions onBack={onBack}>
        <Button type="submit" loading={sending}>
          {metodo === 'pix' ? 'Gerar QRcode do pix' : 'Enviar pagamento'}
        </Button>
      </StepActions>
    </form>
  );
}
