import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Landmark } from 'lucide-react';
import { useId, useState, type FormEvent, type HTMLAttributes, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useConfiguracaoPagamento } from '../../lib/payment/api';
import styles from './sandbox-pix-page.module.css';

/** What both test "banks" know of a charge: whether it can still be paid. */
interface Cobranca {
  status: string;
}

/** One test "bank" (docs/behaviour/payments.md#sandbox): its texts, its field and its two calls. */
export interface SandboxBankProps<C extends Cobranca> {
  title: string;
  description: string;
  /** Said instead of the form when Mercado Pago is the provider. */
  offNotice: string;
  field: {
    label: string;
    placeholder: string;
    rows: number;
    inputMode?: HTMLAttributes<HTMLTextAreaElement>['inputMode'];
    /** Whether the typed value is worth asking the "bank" about. */
    ready: (value: string) => boolean;
  };
  consultar: { label: string; call: (value: string) => Promise<C> };
  pagar: { label: string; call: (value: string) => Promise<C>; done: string };
  charge: { title: string; testId: string };
  /** The charge's facts, as label and value pairs of a description list. */
  facts: (charge: C) => Array<[label: string, value: ReactNode, emphasised?: boolean]>;
  /** Shown under the facts, e.g. the boleto's line. */
  footnote?: (charge: C) => ReactNode;
}

/**
 * The frame of /sandbox/pix and /sandbox/boleto: type or paste what a bank customer would, 'Consultar' shows the
 * charge, 'Pagar' pays it as a bank would, so the order's notification comes through the same path as a real one.
 * Off when Mercado Pago is the provider.
 */
export function SandboxBank<C extends Cobranca>(props: SandboxBankProps<C>) {
  const configuracao = useConfiguracaoPagamento();
  const fieldId = useId();
  const chargeTitleId = useId();
  const [valor, setValor] = useState('');
  const consultar = useMutation({ mutationFn: props.consultar.call });
  const pagar = useMutation({ mutationFn: props.pagar.call });
  const cobranca: C | undefined = pagar.data ?? consultar.data;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    pagar.reset();
    consultar.mutate(valor.trim());
  };

  const frame = (children: ReactNode) => (
    <PageFrame title={props.title} eyebrow="Banco de teste" description={props.description} width="narrow">
      {children}
    </PageFrame>
  );

  if (configuracao.isPending) return frame(<LoadingBlock />);
  if (configuracao.data?.provedor === 'mercadopago') {
    return frame(
      <div className={styles.notice} role="status">
        <Landmark size={28} aria-hidden="true" />
        <p>{props.offNotice}</p>
      </div>,
    );
  }

  const failure = (error: unknown) => (
    <p className={styles.error} role="alert">
      <CircleAlert size={18} aria-hidden="true" />
      {errorMessage(error)}
    </p>
  );

  return frame(
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={fieldId} className={styles.label}>
          {props.field.label}
        </label>
        <textarea
          id={fieldId}
          className={styles.textarea}
          value={valor}
          onChange={(e) => {
            setValor(e.target.value);
            consultar.reset();
            pagar.reset();
          }}
          rows={props.field.rows}
          inputMode={props.field.inputMode}
          placeholder={props.field.placeholder}
          spellCheck={false}
          required
        />
        <Button type="submit" loading={consultar.isPending} disabled={!props.field.ready(valor)}>
          {props.consultar.label}
        </Button>
        {consultar.isError && failure(consultar.error)}
      </form>

      {cobranca && (
        <section className={styles.charge} aria-labelledby={chargeTitleId} data-testid={props.charge.testId}>
          <h2 id={chargeTitleId} className={styles.chargeTitle}>
            {props.charge.title}
          </h2>
          <dl className={styles.data}>
            {props.facts(cobranca).map(([label, value, emphasised]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd className={emphasised ? styles.amount : undefined}>{value}</dd>
              </div>
            ))}
          </dl>
          {props.footnote?.(cobranca)}
          {pagar.isSuccess ? (
            <p className={styles.success} role="status">
              <CircleCheck size={20} aria-hidden="true" />
              {props.pagar.done}
            </p>
          ) : (
            <Button
              onClick={() => pagar.mutate(valor.trim())}
              loading={pagar.isPending}
              disabled={cobranca.status !== 'pending'}
            >
              {props.pagar.label}
            </Button>
          )}
          {pagar.isError && failure(pagar.error)}
        </section>
      )}
    </div>,
  );
}
