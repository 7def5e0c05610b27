import { FUSO_CLINICA } from '@clinica/shared/clinic-day';
import { MSG } from '@clinica/shared/messages';
import { formatBRL } from '@clinica/shared/money';
import type { SandboxPix } from '@clinica/shared/schemas/sandbox';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Landmark } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { isDemoStore } from '../../lib/demo-mode';
import { sandboxPixConsultar, sandboxPixPagar, useConfiguracaoPagamento } from '../../lib/payment/api';
import styles from './sandbox-pix-page.module.css';

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
  const configuracao = useConfiguracaoPagamento();
  const codeId = useId();
  const [codigo, setCodigo] = useState('');
  const consultar = useMutation({ mutationFn: sandboxPixConsultar });
  const pagar = useMutation({ mutationFn: sandboxPixPagar });
  const cobranca: SandboxPix | undefined = pagar.data ?? consultar.data;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    pagar.reset();
    consultar.mutate(codigo.trim());
  };

  const frame = (children: ReactNode) => (
    <PageFrame
      title="Pagar PIX (sandbox)"
      eyebrow="Banco de teste"
      description="Cole o código PIX copia e cola gerado na loja para ver a cobrança e pagá-la como um banco faria."
      width="narrow"
    >
      {children}
    </PageFrame>
  );

  if (configuracao.isPending) return frame(<LoadingBlock />);
  if (configuracao.data?.provedor === 'mercadopago') {
    return frame(
      <div className={styles.notice} role="status">
        <Landmark size={28} aria-hidden="true" />
        <p>
          O sandbox de pagamentos está desligado: esta loja recebe pagamentos pelo Mercado Pago. Pague o PIX pelo
          aplicativo do seu banco.
        </p>
      </div>,
    );
  }

  return frame(
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={codeId} className={styles.label}>
          Código PIX copia e cola
        </label>
        <textarea
          id={codeId}
          className={styles.textarea}
          value={codigo}
          onChange={(e) => {
            setCodigo(e.target.value);
            consultar.reset();
            pagar.reset();
          }}
          rows={4}
          placeholder="00020126..."
          spellCheck={false}
          required
        />
        <Button type="submit" loading={consultar.isPending} disabled={codigo.trim().length < 20}>
          Consultar
        </Button>
        {consultar.isError && (
          <p className={styles.error} role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            {errorMessage(consultar.error)}
          </p>
        )}
      </form>

      {cobranca && (
        <section className={styles.charge} aria-labelledby="cobranca-pix" data-testid="sandbox-pix-charge">
          <h2 id="cobranca-pix" className={styles.chargeTitle}>
            Cobrança PIX
          </h2>
          <dl className={styles.data}>
            <div>
              <dt>Recebedor</dt>
              <dd>{cobranca.recebedor}</dd>
            </div>
            <div>
              <dt>Cidade</dt>
              <dd>{cobranca.cidade}</dd>
            </div>
            <div>
              <dt>Valor</dt>
              <dd className={styles.amount}>{formatBRL(cobranca.valor)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{STATUS_LABEL[cobranca.status] ?? cobranca.status}</dd>
            </div>
            {cobranca.expiraEm && (
              <div>
                <dt>Vence em</dt>
                <dd>{formatInstant(cobranca.expiraEm)}</dd>
              </div>
            )}
            {cobranca.idPedido !== null && (
              <div>
                <dt>Pedido</dt>
                <dd>nº {cobranca.idPedido}</dd>
              </div>
            )}
          </dl>
          {pagar.isSuccess ? (
            <p className={styles.success} role="status">
              <CircleCheck size={20} aria-hidden="true" />
              {MSG.pixPagoSandbox}
            </p>
          ) : (
            <Button
              onClick={() => pagar.mutate(codigo.trim())}
              loading={pagar.isPending}
              disabled={cobranca.status !== 'pending'}
            >
              Pagar
            </Button>
          )}
          {pagar.isError && (
            <p className={styles.error} role="alert">
              <CircleAlert size={18} aria-hidden="true" />
              {errorMessage(pagar.error)}
            </p>
          )}
        </section>
      )}
    </div>,
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
