import { cvcLength } from '@clinica/shared/card';
import { digitsOnly, maskCardExpiry, maskCardHolderName, maskCardNumber, maskCpfCnpj } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import creditCardType from 'credit-card-type';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import Cards, { type Focused } from 'react-credit-cards-2';
import 'react-credit-cards-2/dist/es/styles-compiled.css';
import { Controller, useWatch } from 'react-hook-form';
import { fieldStatus } from '../ui/text-field';
import { MaskedField, type MaskedFieldProps } from '../ui/masked-field';
import { Spinner } from '../ui/spinner';
import styles from './payment.module.css';
import type { CardForm } from './use-card-form';

/** Mercado Pago's method ids → the preview's issuers. */
const ISSUER_OF_METHOD: Record<string, string> = {
  master: 'mastercard',
  debmaster: 'mastercard',
  visa: 'visa',
  debvisa: 'visa',
  amex: 'amex',
  elo: 'elo',
  debelo: 'elo',
  hipercard: 'hipercard',
  diners: 'dinersclub',
};
/** credit-card-type's ids → the preview's issuers (the rest are the same word). */
const ISSUER_OF_TYPE: Record<string, string> = { 'american-express': 'amex', 'diners-club': 'dinersclub' };
const BRAND_NAME: Record<string, string> = {
  mastercard: 'Mastercard',
  visa: 'Visa',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  dinersclub: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  mir: 'Mir',
};

/** The brand of a number: the provider's answer when there is one, else credit-card-type's guess from the digits. */
export function cardIssuer(numero: string, paymentMethodId?: string | null): string | undefined {
  if (paymentMethodId && ISSUER_OF_METHOD[paymentMethodId]) return ISSUER_OF_METHOD[paymentMethodId];
  const digits = digitsOnly(numero);
  if (!digits) return undefined;
  const types = creditCardType(digits);
  if (types.length !== 1) return undefined;
  const type = types[0]!.type;
  return ISSUER_OF_TYPE[type] ?? type;
}

/**
 * The card fields (docs/behaviour/payments.md#card, #card-number-check; docs/behaviour/forms-and-validation.md#card):
 * number in groups with its brand, holder, expiry 99/99, CVC, document (with
 * 'same document as the personal data' when there is one) and the
 * react-credit-cards-2 preview. On leaving the number, 'Verificando o
 * cartão...', then a green check or the warning with a red border.
 */
export function CardFields({ card, disabled }: { card: CardForm; disabled?: boolean }) {
  const { form, check } = card;
  const [focused, setFocused] = useState<Focused>('');
  const values = useWatch({ control: form.control });
  const numero = values.numero ?? '';
  const paymentMethodId = check.state === 'accepted' ? check.paymentMethodId : null;
  const issuer = cardIssuer(numero, paymentMethodId);
  const submitted = card.tried;
  const showError = submitted && card.hasErrors;
  const errorRef = useRef<HTMLParagraphElement>(null);
  // The button may sit far below the fields (the contract's summary is between them): the message comes into view on
  // each send that fails, so the customer sees why nothing happened.
  useEffect(() => {
    if (showError) errorRef.current?.scrollIntoView?.({ block: 'center' });
  }, [showError, card.attempts]);

  const focus = (name: Focused) => () => setFocused(name);
  const blur = () => setFocused('');
  /** A field that turns the preview to its side of the card while it has the focus. */
  const preview = (name: Focused) => ({ onFocus: focus(name), onLeave: blur });

  return (
    <div className={styles.cardForm}>
      <div className={styles.preview} aria-hidden="true">
        <Cards
          number={digitsOnly(numero)}
          name={values.nome ?? ''}
          expiry={digitsOnly(values.validade ?? '')}
          cvc={values.cvc ?? ''}
          focused={focused}
          issuer={issuer}
          preview
          locale={{ valid: 'validade' }}
          placeholders={{ name: 'NOME DO TITULAR' }}
        />
      </div>
      <div className={styles.cardFields}>
        <Controller
          control={form.control}
          name="numero"
          render={({ field, fieldState }) => {
            const base = fieldStatus(fieldState, submitted);
            const rejected = !fieldState.invalid && (check.state === 'rejected' || check.state === 'error');
            const accepted = !fieldState.invalid && check.state === 'accepted';
            const status = rejected ? 'invalid' : accepted ? 'valid' : base === 'valid' ? 'idle' : base;
            const error = rejected
              ? check.state === 'error'
                ? MSG.erroMetodosPagamento
                : MSG.cartaoPodeNaoSerAceito
              : fieldState.error?.message;
            return (
              <div className={styles.numberField} data-check={check.state}>
                <MaskedField
                  label="Número do cartão"
                  mask={maskCardNumber}
                  value={field.value}
                  onChange={field.onChange}
                  onFocus={focus('number')}
                  onBlur={() => {
                    field.onBlur();
                    blur();
                    void card.verify(field.value);
                  }}
                  name={field.name}
                  ref={field.ref}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="0000 0000 0000 0000"
                  status={status}
                  error={error}
                  disabled={disabled}
                  required
                />
                {check.state === 'checking' && (
                  <p className={styles.checking} role="status">
                    <Spinner size="sm" />
                    {MSG.verificandoCartao}
                  </p>
                )}
                {accepted && (
                  <p className={styles.accepted}>
                    <CircleCheck size={16} aria-hidden="true" />
                    {issuer && BRAND_NAME[issuer] ? `Cartão ${BRAND_NAME[issuer]} aceito` : 'Cartão aceito'}
                  </p>
                )}
                {!accepted && !rejected && check.state !== 'checking' && issuer && BRAND_NAME[issuer] && (
                  <p className={styles.brand}>Bandeira: {BRAND_NAME[issuer]}</p>
                )}
              </div>
            );
          }}
        />
        <CardField
          card={card}
          name="nome"
          label="Nome do titular"
          mask={maskCardHolderName}
          {...preview('name')}
          autoComplete="cc-name"
          placeholder="Como está impresso no cartão"
          disabled={disabled}
        />
        <div className={styles.row2}>
          <CardField
            card={card}
            name="validade"
            label="Validade (MM/AA)"
            mask={maskCardExpiry}
            {...preview('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            disabled={disabled}
          />
          <CardField
            card={card}
            name="cvc"
            label="CVC"
            mask={(v) => digitsOnly(v).slice(0, cvcLength(numero))}
            {...preview('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={cvcLength(numero) === 4 ? '0000' : '000'}
            disabled={disabled}
          />
        </div>
        {card.documentoPessoal && (
          <label className={styles.toggle}>
            <input
              type="checkbox"
              checked={Boolean(values.mesmoDocumento)}
              onChange={(e) => card.setMesmoDocumento(e.target.checked)}
              disabled={disabled}
            />
            <span>Usar o mesmo documento dos dados pessoais</span>
          </label>
        )}
        <CardField
          card={card}
          name="documento"
          label="CPF ou CNPJ do titular"
          mask={maskCpfCnpj}
          inputMode="numeric"
          readOnly={Boolean(values.mesmoDocumento)}
          disabled={disabled}
        />
        {showError && (
          <p className={styles.formError} role="alert" ref={errorRef}>
            <CircleAlert size={16} aria-hidden="true" />
            {MSG.dadosPagamentoInvalidos}
          </p>
        )}
      </div>
    </div>
  );
}

interface CardFieldProps extends Omit<MaskedFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'status' | 'error'> {
  card: CardForm;
  name: 'nome' | 'validade' | 'cvc' | 'documento';
  /** Besides react-hook-form's blur: the preview turns back. */
  onLeave?: () => void;
}

/** One of the card's text fields, bound to the card form: its mask, its status once touched or tried, its message. */
function CardField({ card, name, onLeave, ...rest }: CardFieldProps) {
  return (
    <Controller
      control={card.form.control}
      name={name}
      render={({ field, fieldState }) => (
        <MaskedField
          {...rest}
          value={field.value}
          onChange={field.onChange}
          onBlur={() => {
            field.onBlur();
            onLeave?.();
          }}
          name={field.name}
          ref={field.ref}
          status={fieldStatus(fieldState, card.tried)}
          error={fieldState.error?.message}
          required
        />
      )}
    />
  );
}
