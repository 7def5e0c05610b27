import { formatLinhaDigitavel } from '@clinica/shared/boleto';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import { formatBRL } from '@clinica/shared/money';
import type { SandboxBoleto } from '@clinica/shared/schemas/sandbox';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { isDemoStore } from '../../lib/demo-mode';
import { sandboxBoletoConsultar, sandboxBoletoPagar } from '../../lib/payment/api';
import { SandboxBank } from './sandbox-bank';
import styles from './sandbox-pix-page.module.css';

/** 'YYYY-MM-DD' as '02/12/2026'. */
const dataBr = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/**
 * /sandbox/boleto (docs/behaviour/payments.md#sandbox): a test "bank" for boletos, like /sandbox/pix. Type or paste
 * the 'linha digitável'; 'Consultar boleto' shows it (beneficiary, payer, amount, due date, status), 'Pagar boleto'
 * pays it as a bank would, so the order's notification comes through the same path as a real one. Off when Mercado
 * Pago is the provider.
 */
export function SandboxBoletoPage() {
  return (
    <SandboxBank<SandboxBoleto>
      title="Pagar boleto (sandbox)"
      description="Digite ou cole a linha digitável do boleto gerado na loja para vê-lo e pagá-lo como um banco faria."
      offNotice="O sandbox de pagamentos está desligado: esta loja recebe pagamentos pelo Mercado Pago. Pague o boleto no seu banco."
      field={{
        label: MSG_BOLETO.sandboxCampo,
        placeholder: '23790.00000 00000.000000 00000.000000 0 00000000000000',
        rows: 2,
        inputMode: 'numeric',
        ready: (linha) => linha.replace(/\D/g, '').length === 47,
      }}
      consultar={{ label: MSG_BOLETO.sandboxConsultar, call: sandboxBoletoConsultar }}
      pagar={{ label: MSG_BOLETO.sandboxPagar, call: sandboxBoletoPagar, done: MSG_BOLETO.pagoSandbox }}
      charge={{ title: 'Boleto', testId: 'sandbox-boleto' }}
      facts={(boleto) => [
        [MSG_BOLETO.beneficiario, boleto.beneficiario],
        [MSG_BOLETO.pagador, boleto.pagador],
        [MSG_BOLETO.valor, formatBRL(boleto.valor), true],
        [MSG_BOLETO.vencimento, dataBr(boleto.vencimento)],
        [MSG_BOLETO.situacao, MSG_BOLETO.situacoes[boleto.status] ?? boleto.status],
        ...(boleto.idPedido !== null ? [[MSG_BOLETO.pedido, `nº ${boleto.idPedido}`] as [string, string]] : []),
      ]}
      footnote={(boleto) => <p className={styles.label}>{formatLinhaDigitavel(boleto.linhaDigitavel)}</p>}
    />
  );
}

/** Demo stores only (ADR 022), as /sandbox/pix: elsewhere the path is not found. */
function SandboxBoletoRoute() {
  return isDemoStore() ? <SandboxBoletoPage /> : <NotFoundPage />;
}

export { SandboxBoletoRoute as Component };
