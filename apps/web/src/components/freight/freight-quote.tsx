import { digitsOnly, maskCep } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import type { Cents } from '@clinica/shared/money';
import type { FreteItem } from '@clinica/shared/schemas/frete';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, MapPin, RotateCw, Truck } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api-client';
import { rememberFreightCep, useFreightCep } from '../../lib/freight-cep';
import { viaCepQuery } from '../address/api/via-cep';
import { Button } from '../ui/button';
import { MaskedField } from '../ui/masked-field';
import { Spinner } from '../ui/spinner';
import { freteQuery } from './api/frete';
import { FreightOptions } from './freight-options';
import styles from './freight-quote.module.css';

/** The Correios search for who does not know the CEP (opens in a new tab). */
const CORREIOS_CEP_URL = 'https://buscacepinter.correios.com.br/app/endereco/index.php';

/** A refusal that names the CEP (the quote's 422 on `cep`, or the lookup's 404): the CEP does not exist. */
function unknownCep(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 404) return true;
  const errors = (error.content as { errors?: unknown } | null)?.errors;
  return (
    error.status === 422 && Array.isArray(errors) && errors.some((e) => (e as { campo?: unknown }).campo === 'cep')
  );
}

export interface FreightQuoteProps {
  /** The lines to quote: the product with quantity 1, or the bag's lines that ship. */
  itens: FreteItem[];
  /** Heading of the block. */
  title?: string;
  /** The products after the coupon: with it, the options free shipping covers show 'Grátis'. */
  subtotalCents?: Cents;
}

/**
 * Freight before checkout (docs/behaviour/bag-and-checkout.md#freight-before-checkout): a masked CEP field that
 * quotes `itens` through the public POST /frete/calcular as soon as it holds 8 digits (or on 'Calcular'), with
 * where the CEP is (GET /viacep/{cep}) and each option's price and delivery days. The CEP of a quote that answered
 * is remembered in this browser (lib/freight-cep.ts) and starts the next one: the block quotes it by itself.
 * Fewer than 8 digits: 'O campo tem que ter 8 caracteres.'; a CEP that does not exist: MSG.freteCepNaoEncontrado;
 * no service for it: MSG.freteSemOpcoes; other failures: the server's message or MSG.erroCalcularFrete, with
 * 'Tentar novamente'.
 */
export function FreightQuote({ itens, title = 'Calcular frete e prazo', subtotalCents }: FreightQuoteProps) {
  const remembered = useFreightCep();
  // What the shopper typed; until then the remembered CEP (quoted at once).
  const [typed, setTyped] = useState<string | null>(null);
  const [tooShort, setTooShort] = useState(false);
  const headingId = useId();

  const cep = typed ?? (remembered ? maskCep(remembered) : '');
  const digits = digitsOnly(cep);
  const quoted = digits.length === 8 ? digits : null;

  const enabled = quoted !== null && itens.length > 0;
  const frete = useQuery({ ...freteQuery(quoted ?? '', itens, subtotalCents), enabled });
  const lugar = useQuery({ ...viaCepQuery(quoted ?? ''), enabled: quoted !== null });

  const notFound = unknownCep(lugar.error) || unknownCep(frete.error);
  const answered = Boolean(frete.data?.length) && !notFound;
  useEffect(() => {
    if (answered && quoted) rememberFreightCep(quoted);
  }, [answered, quoted]);

  const onChange = (masked: string) => {
    setTyped(masked);
    setTooShort(false);
  };
  // 'Calcular': the field must hold 8 digits; a quote that failed is asked again.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!quoted) {
      setTooShort(true);
      return;
    }
    if (frete.isError) void frete.refetch();
    if (lugar.isError && !notFound) void lugar.refetch();
  };

  let result = null;
  if (!enabled) {
    // Nothing asked yet.
  } else if (notFound) {
    result = <Problem message={MSG.freteCepNaoEncontrado} />;
  } else if (frete.isPending) {
    result = (
      <p className={styles.hint}>
        <Spinner size="sm" />
        Calculando frete...
      </p>
    );
  } else if (frete.isError) {
    const message =
      isApiError(frete.error) && frete.error.status >= 400 && frete.error.status < 500 && frete.error.message
        ? frete.error.message
        : MSG.erroCalcularFrete;
    result = <Problem message={message} onRetry={() => void frete.refetch()} />;
  } else if (frete.data.length === 0) {
    result = <Problem message={MSG.freteSemOpcoes} />;
  } else {
    const place = lugar.data
      ? lugar.data.localidade
        ? `${lugar.data.localidade} - ${lugar.data.uf.sigla}`
        : lugar.data.estado
      : null;
    result = (
      <>
        {place && (
          <p className={styles.place}>
            <MapPin size={16} aria-hidden="true" />
            Entrega para {place}
          </p>
        )}
        <FreightOptions options={frete.data} label={`Opções de entrega para o CEP ${maskCep(quoted ?? '')}`} />
      </>
    );
  }

  return (
    <section className={styles.quote} aria-labelledby={headingId} data-testid="freight-quote">
      <h2 id={headingId} className={styles.title}>
        <Truck size={18} aria-hidden="true" />
        {title}
      </h2>
      <form className={styles.form} noValidate onSubmit={submit}>
        <MaskedField
          label="CEP"
          mask={maskCep}
          value={cep}
          onChange={onChange}
          error={tooShort ? MSG.cep : undefined}
          status={tooShort ? 'invalid' : 'idle'}
          placeholder="00000-000"
          inputMode="numeric"
          autoComplete="postal-code"
        />
        <Button type="submit" variant="outline" className={styles.submit}>
          Calcular
        </Button>
      </form>
      <a className={styles.help} href={CORREIOS_CEP_URL} target="_blank" rel="noopener noreferrer">
        Não sei meu CEP
        <span className="visually-hidden"> (abre em nova aba)</span>
      </a>
      <div className={styles.result} aria-live="polite">
        {result}
      </div>
    </section>
  );
}

function Problem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className={styles.problem} role="alert">
      <p>
        <CircleAlert size={16} aria-hidden="true" />
        {message}
      </p>
      {onRetry && (
        <Button variant="ghost" size="sm" onClick={onRetry}>
          <RotateCw size={16} aria-hidden="true" />
          Tentar novamente
        </Button>
      )}
    </div>
  );
}
