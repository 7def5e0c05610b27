import { optionOfOffer, type InstallmentPlan } from '@clinica/shared/installment-plan';
import { formatInstallmentLabel, type InstallmentOption } from '@clinica/shared/installments';
import { MSG } from '@clinica/shared/messages';
import { formatBRL, formatDecimalBR, type Cents } from '@clinica/shared/money';
import { useMemo, useState } from 'react';
import { useConfiguracaoPagamento, useParcelas } from '../../lib/payment/api';
import { SelectField } from '../ui/select-field';
import styles from './installment-select.module.css';

/** The installments of a card payment being chosen: the offer for the amount, the count picked and its plan. */
export interface InstallmentChoice {
  amount: Cents;
  /** The offer, 1x first; empty while it loads or when it failed. */
  options: InstallmentOption[];
  loading: boolean;
  failed: boolean;
  /** The count chosen, 1 when the offer does not have the one picked (another amount, another card). */
  parcelas: number;
  setParcelas: (parcelas: number) => void;
  /** What is sent with the payment: the chosen option, or 1x of the amount while there is no offer. */
  plan: InstallmentPlan;
  /** The card's BIN the offer was asked for (Mercado Pago's depends on it), or null. */
  bin: string | null;
}

/**
 * The installments of paying `amount` by card (docs/behaviour/payments.md#installments): GET /pagamento/parcelas,
 * with the card's BIN when the provider is Mercado Pago (the sandbox offers the store's rule for any card).
 */
export function useInstallmentChoice(amount: Cents, cardBin: string | null, enabled = true): InstallmentChoice {
  const config = useConfiguracaoPagamento().data;
  const bin = config?.provedor === 'mercadopago' ? cardBin : null;
  const query = useParcelas(amount, bin, enabled && config !== undefined);
  const options = useMemo(() => (query.data?.opcoes ?? []).map((o) => optionOfOffer(amount, o)), [query.data, amount]);
  const [picked, setParcelas] = useState(1);
  const chosen = options.find((o) => o.parcelas === picked) ?? null;
  const parcelas = chosen ? picked : 1;
  return {
    amount,
    options,
    loading: query.isPending && query.fetchStatus !== 'idle',
    failed: query.isError,
    parcelas,
    setParcelas,
    plan: chosen
      ? { parcelas, valorParcela: chosen.valorParcela, total: chosen.total }
      : { parcelas: 1, valorParcela: amount, total: amount },
    bin,
  };
}

/**
 * The installment select of the card form: each option with its installment and total, and with interest its
 * monthly rate ('6x de R$ 178,47 com juros (1,99% a.m.) — total R$ 1.070,79'); under it, the chosen option in full
 * before the customer pays (CDC art. 52): cash price, installments, monthly and yearly rate, interest and the total.
 */
export function InstallmentSelect({ choice, disabled }: { choice: InstallmentChoice; disabled?: boolean }) {
  const chosen = choice.options.find((o) => o.parcelas === choice.parcelas);
  return (
    <div className={styles.installments}>
      <SelectField
        label={MSG.parcelamentoRotulo}
        name="parcelas"
        options={choice.options.map((o) => ({ value: String(o.parcelas), label: formatInstallmentLabel(o) }))}
        {...(choice.options.length === 0
          ? { placeholder: choice.failed ? MSG.parcelamentoErro : MSG.parcelamentoCarregando }
          : {})}
        value={choice.options.length === 0 ? '' : String(choice.parcelas)}
        onChange={(e) => choice.setParcelas(Number(e.target.value))}
        disabled={disabled || choice.options.length === 0}
      />
      {chosen && chosen.parcelas > 1 && <InstallmentSummary amount={choice.amount} option={chosen} />}
    </div>
  );
}

const taxa = (percent: number) => formatDecimalBR(Math.round(percent * 100));

/** The chosen option written out in full (CDC art. 52). */
function InstallmentSummary({ amount, option }: { amount: Cents; option: InstallmentOption }) {
  const ultima = option.parcelasCents.at(-1)!;
  return (
    <dl className={styles.summary} data-testid="installment-summary">
      <div>
        <dt>{MSG.parcelamentoPrecoAVista}</dt>
        <dd>{formatBRL(amount)}</dd>
      </div>
      <div>
        <dt>{MSG.parcelamentoParcelas}</dt>
        <dd>
          {MSG.parcelamentoParcelasDe
            .replace('{parcelas}', String(option.parcelas))
            .replace('{valor}', formatBRL(option.valorParcela))}
          {ultima !== option.valorParcela && `, ${MSG.parcelamentoUltima.replace('{ultima}', formatBRL(ultima))}`}
        </dd>
      </div>
      <div>
        <dt>{MSG.parcelamentoTaxa}</dt>
        <dd>
          {option.semJuros
            ? MSG.parcelamentoSemJurosTaxa
            : MSG.parcelamentoTaxaValor
                .replace('{mensal}', taxa(option.jurosMensal))
                .replace('{anual}', taxa(option.jurosAnual))}
        </dd>
      </div>
      {option.custoJuros > 0 && (
        <div>
          <dt>{MSG.parcelamentoCustoJuros}</dt>
          <dd>{formatBRL(option.custoJuros)}</dd>
        </div>
      )}
      <div className={styles.total}>
        <dt>{MSG.parcelamentoTotalAPrazo}</dt>
        <dd>{formatBRL(option.total)}</dd>
      </div>
    </dl>
  );
}
