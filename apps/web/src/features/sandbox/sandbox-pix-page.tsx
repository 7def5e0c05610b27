import { FUSO_CLINICA } from '@clinica/shared/clinic-day';
import { MSG } from '@clinica/shared/messages';
import { formatBRL } from '@clinica/shared/money';
import type { SandboxPix } from '@clinica/shared/schemas/sandbox';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { isDemoStore } from '../../lib/demo-mode';
import { sandboxPixConsultar, sandboxPixPagar } from '../../lib/payment/api';
import { SandboxBank } from './sandbox-bank';

const STATUS_LABEL: Record<string, string> = {
  pending: 'Aguardando pagamento',
  approved: 'Pago',
  cancelled: 'Cancelado',
  expired: 'Expirado',
};

const formatInstant = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: FUSO_CLINICA }).format(
    new Date(iso),
  );

/**
 * /sandbox/pix (docs/behaviour/payments.md#sandbox): a test "bank". Paste a PIX copy-and-paste
 * code, 'Consultar' shows the charge (recebedor, cidade, valor, status,
 * expiry), 'Pagar' pays it as a bank would, so the order's notification comes
 * through the same path as a real one. Off when Mercado Pago is the provider.
 */
export function SandboxPixPage() {
  return (
    <SandboxBank<SandboxPix>
      title="Pagar PIX (sandbox)"
      description="Cole o código PIX copia e cola gerado na loja para ver a cobrança e pagá-la como um banco faria."
      offNotice="O sandbox de pagamentos está desligado: esta loja recebe pagamentos pelo Mercado Pago. Pague o PIX pelo aplicativo do seu banco."
      field={{
        label: 'Código PIX copia e cola',
        placeholder: '00020126...',
        rows: 4,
        ready: (codigo) => codigo.trim().length >= 20,
      }}
      consultar={{ label: 'Consultar', call: sandboxPixConsultar }}
      pagar={{ label: 'Pagar', call: sandboxPixPagar, done: MSG.pixPagoSandbox }}
      charge={{ title: 'Cobrança PIX', testId: 'sandbox-pix-charge' }}
      facts={(cobranca) => [
        ['Recebedor', cobranca.recebedor],
        ['Cidade', cobranca.cidade],
        ['Valor', formatBRL(cobranca.valor), true],
        ['Status', STATUS_LABEL[cobranca.status] ?? cobranca.status],
        ...(cobranca.expiraEm ? [['Vence em', formatInstant(cobranca.expiraEm)] as [string, string]] : []),
        ...(cobranca.idPedido !== null ? [['Pedido', `nº ${cobranca.idPedido}`] as [string, string]] : []),
      ]}
    />
  );
}

/**
 * The route's screen: the "bank" exists in a demo store only (ADR 022); elsewhere the path is not found, as the
 * server's 404 for it says, and nothing of the sandbox is shown.
 */
function SandboxPixRoute() {
  return isDemoStore() ? <SandboxPixPage /> : <NotFoundPage />;
}

export { SandboxPixRoute as Component };
