import { formatInstallmentPlan } from '@clinica/shared/installment-plan';
import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import { formatBRL, formatDecimalBR, type Cents } from '@clinica/shared/money';
import type { TipoPagamento } from '@clinica/shared/schemas/pedido';
import { dataDaVersao, VERSAO_TERMOS } from '@clinica/shared/termos';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import type { InstallmentChoice } from '../../../components/payment/installment-select';
import type { SummaryLine } from './order-summary';
import styles from './contract-summary.module.css';

export interface ContractSummaryProps {
  lines: readonly SummaryLine[];
  subtotalCents: Cents;
  cupom: { codigo: string; desconto: Cents } | null;
  /** By PIX, its discount ('Desconto PIX (5%)', '−R$ 25,00'). */
  descontoPix: { label: string; value: string } | null;
  ships: boolean;
  freightCents: Cents | null;
  freteGratis: boolean;
  /** The order's total by the method chosen (without card interest). */
  totalCents: Cents;
  metodo: TipoPagamento;
  parcelamento: InstallmentChoice | undefined;
  /** 'PAC (Correios), entrega em até 7 dias úteis' and the address in one line; null when nothing ships. */
  entrega: { frete: string | null; endereco: string } | null;
  onEditItems: () => void;
  onEditDados: () => void;
  onEditEntrega: () => void;
}

/** How the order is paid, with the installments and their cost by card (Decreto 7.962/2013, art. 2º). */
export function paymentConditions(metodo: TipoPagamento, totalCents: Cents, parcelamento?: InstallmentChoice): string {
  if (metodo === 'pix') return MSG_TERMOS.pagamentoPix;
  if (metodo === 'boleto') return MSG_TERMOS.pagamentoBoleto;
  const option = parcelamento?.options.find((o) => o.parcelas === parcelamento.parcelas);
  if (!option) {
    // No offer yet (it loads, or failed): the plan that would be sent, 1x of the total by default.
    const plan = parcelamento?.plan;
    return plan && plan.parcelas > 1
      ? `Cartão de crédito: ${formatInstallmentPlan(plan)}`
      : MSG_TERMOS.pagamentoCartaoVista.replace('{valor}', formatBRL(plan?.total ?? totalCents));
  }
  if (option.parcelas === 1) return MSG_TERMOS.pagamentoCartaoVista.replace('{valor}', formatBRL(option.total));
  if (option.semJuros)
    return MSG_TERMOS.pagamentoCartaoSemJuros
      .replace('{n}', String(option.parcelas))
      .replace('{parcela}', formatBRL(option.valorParcela))
      .replace('{total}', formatBRL(option.total));
  return MSG_TERMOS.pagamentoCartaoComJuros
    .replace('{n}', String(option.parcelas))
    .replace('{parcela}', formatBRL(option.valorParcela))
    .replace('{taxa}', formatDecimalBR(Math.round(option.jurosMensal * 100)))
    .replace('{total}', formatBRL(option.total))
    .replace('{juros}', formatBRL(option.custoJuros));
}

/**
 * The summary of the contract before 'Enviar pagamento' (docs/behaviour/bag-and-checkout.md#contract-summary, ADR 035):
 * the items with their prices, freight, discounts, total, payment conditions, delivery, the right of withdrawal and
 * the terms of purchase (opened in a new tab, so the checkout keeps its place), each part with a way back to correct it.
 */
export function ContractSummary(p: ContractSummaryProps) {
  const headingId = useId();
  return (
    <section className={styles.contract} aria-labelledby={headingId} data-testid="contract-summary">
      <h3 id={headingId} className={styles.title}>
        {MSG_TERMOS.resumoTitulo}
      </h3>
      <p className={styles.intro}>{MSG_TERMOS.resumoIntro}</p>

      <div className={styles.block}>
        <div className={styles.blockHead}>
          <h4>{MSG_TERMOS.itens}</h4>
          <button type="button" className={styles.fix} onClick={p.onEditItems}>
            {MSG_TERMOS.corrigirItens}
          </button>
        </div>
        <ul className={styles.lines}>
          {p.lines.map((l) => (
            <li key={`${l.brinde ? 'brinde' : 'item'}-${l.id}`}>
              <span>
                {l.quantity} × {l.nome}
              </span>
              <span>{l.brinde ? 'Brinde' : formatBRL(l.cents)}</span>
            </li>
          ))}
        </ul>
        <dl className={styles.totals}>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatBRL(p.subtotalCents)}</dd>
          </div>
          {p.cupom && (
            <div className={styles.discount}>
              <dt>{MSG_TERMOS.cupom.replace('{codigo}', p.cupom.codigo)}</dt>
              <dd>−{formatBRL(p.cupom.desconto)}</dd>
            </div>
          )}
          {p.descontoPix && (
            <div className={styles.discount}>
              <dt>{p.descontoPix.label}</dt>
              <dd>{p.descontoPix.value}</dd>
            </div>
          )}
          <div>
            <dt>{MSG_TERMOS.frete}</dt>
            <dd>
              {!p.ships
                ? 'Não se aplica'
                : p.freteGratis
                  ? MSG_TERMOS.freteGratis
                  : p.freightCents === null
                    ? 'A calcular'
                    : formatBRL(p.freightCents)}
            </dd>
          </div>
          <div className={styles.total}>
            <dt>{MSG_TERMOS.total}</dt>
            <dd>{formatBRL(p.totalCents)}</dd>
          </div>
        </dl>
      </div>

      <div className={styles.block}>
        <div className={styles.blockHead}>
          <h4>{MSG_TERMOS.pagamento}</h4>
        </div>
        <p data-testid="contract-payment">{paymentConditions(p.metodo, p.totalCents, p.parcelamento)}</p>
      </div>

      <div className={styles.block}>
        <div className={styles.blockHead}>
          <h4>{MSG_TERMOS.entrega}</h4>
          <button type="button" className={styles.fix} onClick={p.ships ? p.onEditEntrega : p.onEditDados}>
            {p.ships ? MSG_TERMOS.corrigirEntrega : MSG_TERMOS.corrigirDados}
          </button>
        </div>
        {p.entrega ? (
          <>
            {p.entrega.frete && <p>{p.entrega.frete}</p>}
            <p className={styles.muted}>{p.entrega.endereco}</p>
          </>
        ) : (
          <p>{MSG_TERMOS.entregaDigital}</p>
        )}
      </div>

      <div className={styles.withdrawal}>
        <ShieldCheck size={20} aria-hidden="true" />
        <p>{MSG_TERMOS.arrependimento}</p>
      </div>

      <p className={styles.accept}>
        {MSG_TERMOS.aceite}{' '}
        <a href="/termos" target="_blank" rel="noopener">
          {MSG_TERMOS.lerTermos}
          <span className="visually-hidden"> (abre em nova aba)</span>
        </a>{' '}
        ({MSG_TERMOS.versao.replace('{data}', dataDaVersao(VERSAO_TERMOS))}).
      </p>
    </section>
  );
}
