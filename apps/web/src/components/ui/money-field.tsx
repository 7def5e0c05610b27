import { formatDecimalBR, parseMoney, type Cents } from '@clinica/shared/money';
import { MSG } from '@clinica/shared/messages';
import { MAX_CENTS } from '@clinica/shared/schemas/money';
import { CircleCheck } from 'lucide-react';
import type { InputHTMLAttributes, Ref } from 'react';
import { z } from 'zod';
import styles from './money-field.module.css';
import { FieldFootnote, useFieldState, type FieldStatus } from './text-field';
import fieldStyles from './text-field.module.css';

/** What a money input keeps while typing: digits, dots and commas only (SPEC §5: comma decimals). */
export const maskMoneyText = (value: string): string => value.replace(/[^\d.,]/g, '').slice(0, 18);

/** The text of an amount as the field shows it: '1.234,56' (the 'R$' is drawn beside it). */
export const moneyText = (cents: Cents | null | undefined): string =>
  cents === null || cents === undefined ? '' : formatDecimalBR(cents);

/** The text after leaving the field: a readable amount ('1234,5' → '1.234,50'), or as typed when it is no amount. */
export function normalizeMoneyText(value: string): string {
  const cents = parseMoney(value);
  return cents === null || cents < 0 ? value : formatDecimalBR(cents);
}

/**
 * A required money field of a form (SPEC §5 price, discount value: 'O campo
 * não pode ficar vazio.'): the typed text in, integer cents out.
 */
export const moneyFieldSchema = (message: string = MSG.naoVazio) =>
  z
    .string()
    .trim()
    .min(1, message)
    .refine((v) => parseMoney(v) !== null, { error: message, abort: true })
    .refine((v) => (parseMoney(v) ?? 0) >= 0, { error: 'O valor não pode ser negativo.', abort: true })
    .refine((v) => (parseMoney(v) ?? 0) <= MAX_CENTS, { error: 'O valor é grande demais.' })
    .transform((v) => parseMoney(v) ?? 0);

export interface MoneyFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'defaultValue' | 'type' | 'size'
> {
  label: string;
  /** The typed text ('1.234,56'). */
  value: string;
  onChange: (text: string) => void;
  error?: string;
  status?: FieldStatus;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An amount in reais (SPEC §5): 'R$' before the digits, a comma for the
 * cents; on leaving, the text is written back as '1.234,56'. Use it with
 * react-hook-form's Controller and `moneyFieldSchema`.
 */
export function MoneyField({
  label,
  value,
  onChange,
  onBlur,
  error,
  status,
  hint,
  id,
  className,
  required,
  ref,
  ...inputProps
}: MoneyFieldProps) {
  const field = useFieldState({ id, status, error, hint });
  const { inputId, look, describedBy } = field;
  return (
    <div
      className={[
        fieldStyles.field,
        look === 'invalid' && fieldStyles.invalid,
        look === 'valid' && fieldStyles.valid,
        look === 'valid' && fieldStyles.withEnd1,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      data-status={look}
    >
      <label htmlFor={inputId} className={fieldStyles.label}>
        {label}
      </label>
      <div className={fieldStyles.control}>
        <span className={styles.prefix} aria-hidden="true">
          R$
        </span>
        <input
          ref={ref}
          id={inputId}
          className={`${fieldStyles.input} ${styles.input}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          aria-invalid={look === 'invalid' || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          {...inputProps}
          value={value}
          onChange={(e) => onChange(maskMoneyText(e.target.value))}
          onBlur={(e) => {
            const normalized = normalizeMoneyText(e.target.value);
            if (normalized !== e.target.value) onChange(normalized);
            onBlur?.(e);
          }}
        />
        {look === 'valid' && (
          <span className={fieldStyles.adornments}>
            <span className={fieldStyles.check} data-testid="field-valid-icon" aria-hidden="true">
              <CircleCheck size={20} />
            </span>
          </span>
        )}
      </div>
      <FieldFootnote state={field} error={error} hint={hint} />
    </div>
  );
}
