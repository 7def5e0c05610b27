import type { Cents } from '@clinica/shared/money';
import type { TipoPagamento } from '@clinica/shared/schemas/pedido';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import { Barcode } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Price } from '../../../components/catalog/price';
import { BoletoPanel, type BoletoOnScreen } from '../../../components/payment/boleto-panel';
import { CardFields } from '../../../components/payment/card-fields';
import { InstallmentSelect, type InstallmentChoice } from '../../../components/payment/installment-select';
import { MethodToggle } from '../../../components/payment/method-toggle';
import type { PixCharge } from '../../../components/payment/pix-code';
import { PixPanel } from '../../../components/payment/pix-panel';
import type { CardForm } from '../../../components/payment/use-card-form';
import { Button } from '../../../components/ui/button';
import styles from './payment-step.module.css';
import formStyles from './step-form.module.css';
import { StepActions } from './step-card';

export interface PaymentStepProps {
  metodo: TipoPagamento;
  onMetodo: (metodo: TipoPagamento) => void;
  card: CardForm;
  pix: PixCharge | null;
  /** The boleto's terms when the rules offer it (docs/behaviour/payments.md#boleto); null: not offered. */
  boletoRegra?: { diasUteis: number; diasTolerancia: number; empresa: boolean } | null | undefined;
  /** The boleto issued by this checkout, shown until it is paid. */
  boleto?: BoletoOnScreen | null | undefined;
  /** The amount to pay by the method chosen (the PIX price by PIX). */
  totalCents: Cents;
  /** The card's installments (docs/behaviour/payments.md#installments); by card the total is the chosen option's. */
  parcelamento?: InstallmentChoice | undefined;
  /** By PIX, its discount as the summary writes it ('Desconto PIX (5%)', '−R$ 25,00'). */
  descontoPix?: { label: string; value: string } | null | undefined;
  sending: boolean;
  /** The order already created by an earlier attempt (a refused card, an expired PIX), paid again. */
  pedidoId: number | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack?: (() => void) | undefined;
  /** The contract's summary shown before the final button while the order is not made (ADR 035). */
  contrato?: ReactNode;
}

/**
 * Step pagamento (docs/behaviour/bag-and-checkout.md#steps): the method toggle, credit card by
 * default, PIX or boleto (preselected for a company when the rules say so); the card form with its installments, the
 * PIX panel or the boleto (its note before, the line, due date and PDF after 'Enviar pagamento'); the total to pay by that method (by PIX,
 * with its discount); the final button
 * ('Enviar pagamento' or 'Gerar QRcode do pix').
 */
export function PaymentStep({
  metodo,
  onMetodo,
  card,
  pix,
  boletoRegra,
  boleto,
  totalCents,
  parcelamento,
  descontoPix,
  sending,
  pedidoId,
  onSubmit,
  onBack,
  contrato,
}: PaymentStepProps) {
  const total = metodo === 'credit' && parcelamento ? parcelamento.plan.total : totalCents;
  return (
    <form className={formStyles.stepForm} noValidate onSubmit={onSubmit} aria-busy={sending || undefined}>
      <MethodToggle value={metodo} onChange={onMetodo} disabled={sending} boleto={Boolean(boletoRegra)} />

      {pedidoId !== null && (
        <p className={formStyles.note} data-testid="pending-order">
          Pedido nº {pedidoId} criado e aguardando o pagamento.
        </p>
      )}

      {metodo === 'boleto' ? (
        boleto ? (
          <BoletoPanel boleto={boleto} diasTolerancia={boletoRegra?.diasTolerancia} />
        ) : (
          <div className={styles.boletoNote} data-testid="boleto-nao-gerado">
            <Barcode size={28} aria-hidden="true" />
            <div>
              <p>{MSG_BOLETO.explicacao.replace('{dias}', String(boletoRegra?.diasUteis ?? 3))}</p>
              {boletoRegra?.empresa && <p>{MSG_BOLETO.explicacaoEmpresa}</p>}
            </div>
          </div>
        )
      ) : metodo === 'pix' ? (
        <PixPanel loading={sending} pix={pix} />
      ) : (
        <>
          <CardFields card={card} disabled={sending} />
          {parcelamento && <InstallmentSelect choice={parcelamento} disabled={sending} />}
        </>
      )}

      <p className={styles.payTotal} data-testid="pay-total">
        <span>Total a pagar</span>
        <Price cents={total} size="lg" />
      </p>
      {metodo === 'pix' && descontoPix && (
        <p className={styles.payDiscount}>
          <span>{descontoPix.label}</span>
          <span>{descontoPix.value}</span>
        </p>
      )}

      {!(metodo === 'boleto' && boleto) && contrato}

      {!(metodo === 'boleto' && boleto) && (
        <StepActions onBack={onBack}>
          <Button type="submit" loading={sending}>
            {metodo === 'pix' ? 'Gerar QRcode do pix' : 'Enviar pagamento'}
          </Button>
        </StepActions>
      )}
    </form>
  );
}
