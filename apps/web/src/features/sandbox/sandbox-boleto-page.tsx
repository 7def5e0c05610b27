import { formatLinhaDigitavel } from '@clinica/shared/boleto';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import { formatBRL } from '@clinica/shared/money';
import type { SandboxBoleto } from '@clinica/shared/schemas/sandbox';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Landmark } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { isDemoStore } from '../../lib/demo-mode';
import { sandboxBoletoConsultar, sandboxBoletoPagar, useConfiguracaoPagamento } from '../../lib/payment/api';
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
  const configuracao = useConfiguracaoPagamento();
  const lineId = useId();
  const [linha, setLinha] = useState('');
  const consultar = useMutation({ mutationFn: sandboxBoletoConsultar });
  const pagar = useMutation({ mutationFn: sandboxBoletoPagar });
  const boleto: SandboxBoleto | undefined = pagar.data ?? consultar.data;
  const digitos = linha.replace(/\D/g, '');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    pagar.reset();
    consultar.mutate(linha.trim());
  };

  const frame = (children: ReactNode) => (
    <PageFrame
      title="Pagar boleto (sandbox)"
      eyebrow="Banco de teste"
      description="Digite ou cole a linha digitável do boleto gerado na loja para vê-lo e pagá-lo como um banco faria."
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
          O sandbox de pagamentos está desligado: esta loja recebe pagamentos pelo Mercado Pago. Pague o boleto no seu
          banco.
        </p>
      </div>,
    );
  }

  return frame(
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={lineId} className={styles.label}>
          {MSG_BOLETO.sandboxCampo}
        </label>
        <textarea
          id={lineId}
          className={styles.textarea}
          value={linha}
          onChange={(e) => {
            setLinha(e.target.value);
            consultar.reset();
            pagar.reset();
          }}
          rows={2}
          inputMode="numeric"
          placeholder="23790.00000 00000.000000 00000.000000 0 00000000000000"
          spellCheck={false}
          required
        />
        <Button type="submit" loading={consultar.isPending} disabled={digitos.length !== 47}>
          {MSG_BOLETO.sandboxConsultar}
        </Button>
        {consultar.isError && (
          <p className={styles.error} role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            {errorMessage(consultar.error)}
          </p>
        )}
      </form>

      {boleto && (
        <section className={styles.charge} aria-labelledby="boleto-sandbox" data-testid="sandbox-boleto">
          <h2 id="boleto-sandbox" className={styles.chargeTitle}>
            Boleto
          </h2>
          <dl className={styles.data}>
            <div>
              <dt>{MSG_BOLETO.beneficiario}</dt>
              <dd>{boleto.beneficiario}</dd>
            </div>
            <div>
              <dt>{MSG_BOLETO.pagador}</dt>
              <dd>{boleto.pagador}</dd>
            </div>
            <div>
              <dt>{MSG_BOLETO.valor}</dt>
              <dd className={styles.amount}>{formatBRL(boleto.valor)}</dd>
            </div>
            <div>
              <dt>{MSG_BOLETO.vencimento}</dt>
              <dd>{dataBr(boleto.vencimento)}</dd>
            </div>
            <div>
              <dt>{MSG_BOLETO.situacao}</dt>
              <dd>{MSG_BOLETO.situacoes[boleto.status] ?? boleto.status}</dd>
            </div>
            {boleto.idPedido !== null && (
              <div>
                <dt>{MSG_BOLETO.pedido}</dt>
                <dd>nº {boleto.idPedido}</dd>
              </div>
            )}
          </dl>
          <p className={styles.label}>{formatLinhaDigitavel(boleto.linhaDigitavel)}</p>
          {pagar.isSuccess ? (
            <p className={styles.success} role="status">
              <CircleCheck size={20} aria-hidden="true" />
              {MSG_BOLETO.pagoSandbox}
            </p>
          ) : (
            <Button
              onClick={() => pagar.mutate(linha.trim())}
              loading={pagar.isPending}
              disabled={boleto.status !== 'pending'}
            >
              {MSG_BOLETO.sandboxPagar}
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

/** Demo stores only (ADR 022), as /sandbox/pix: elsewhere the path is not found. */
function SandboxBoletoRoute() {
  return isDemoStore() ? <SandboxBoletoPage /> : <NotFoundPage />;
}

export { SandboxBoletoRoute as Component };
