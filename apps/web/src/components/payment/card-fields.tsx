import { cvcLength } from '@clinica/shared/card';
import { digitsOnly, maskCardExpiry, maskCardHolderName, maskCardNumber, maskCpfCnpj } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import creditCardType from 'credit-card-type';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import Cards, { type Focused } from 'react-credit-cards-2';
import 'react-credit-cards-2/dist/es/styles-compiled.css';
import { Controller, useWatch } from 'react-hook-form';
import { fieldStatus } from '../ui/text-field';
import { MaskedField } from '../ui/masked-field';
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
 * The card fields (SPEC §3 Checkout form step, §4 Card number field, §5):
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

  const focus = (name: Focused) => () => setFocused(name);
  const blur = () => setFocused('');

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
        <Controller
          control={form.control}
          name="nome"
          render={({ field, fieldState }) => (
            <MaskedField
              label="Nome do titular"
              mask={maskCardHolderName}
              value={field.value}
              onChange={field.onChange}
              onFocus={focus('name')}
              onBlur={() => {
                field.onBlur();
                blur();
              }}
              name={field.name}
              ref={field.ref}
              autoComplete="cc-name"
              placeholder="Como está impresso no cartão"
              status={fieldStatus(fieldState, submitted)}
              error={fieldState.error?.message}
              disabled={disabled}
              required
            />
          )}
        />
        <div className={styles.row2}>
          <Controller
            control={form.control}
            name="validade"
            render={({ field, fieldState }) => (
              <MaskedField
                label="Validade (MM/AA)"
                mask={maskCardExpiry}
                value={field.value}
                onChange={field.onChange}
                onFocus={focus('expiry')}
                onBlur={() => {
                  field.onBlur();
                  blur();
                }}
                name={field.name}
                ref={field.ref}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/AA"
                status={fieldStatus(fieldState, submitted)}
                error={fieldState.error?.message}
                disabled={disabled}
                required
              />
            )}
          />
          <Controller
            control={form.control}
            name="cvc"
            render={({ field, fieldState }) => (
              <MaskedField
                label="CVC"
                mask={(v) => digitsOnly(v).slice(0, cvcLength(numero))}
                value={field.value}
                onChange={field.onChange}
                onFocus={focus('cvc')}
                onBlur={() => {
                  field.onBlur();
                  blur();
                }}
                name={field.name}
                ref={field.ref}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder={cvcLength(numero) === 4 ? '0000' : '000'}
                status={fieldStatus(fieldState, submitted)}
                error={fieldState.error?.message}
                disabled={disabled}
                required
              />
            )}
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
        <Controller
          control={form.control}
          name="documento"
          render={({ field, fieldState }) => (
            <MaskedField
              label="CPF ou CNPJ do titular"
              mask={maskCpfCnpj}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              inputMode="numeric"
              readOnly={Boolean(values.mesmoDocumento)}
              status={fieldStatus(fieldState, submitted)}
              error={fieldState.error?.message}
              disabled={disabled}
              required
            />
          )}
        />
        {submitted && card.hasErrors && (
          <p className={styles.formError} role="alert">
            <CircleAlert size={16} aria-hidden="true" />
            {MSG.dadosPagamentoInvalidos}
          </p>
        )}
      </div>
    </div>
  );
}
