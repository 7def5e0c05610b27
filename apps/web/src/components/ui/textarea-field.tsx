import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';
import styles from './textarea-field.module.css';
import { FieldFootnote, useFieldState, type FieldStatus } from './text-field';
import fieldStyles from './text-field.module.css';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: string;
  error?: string;
  /** Same looks as TextField (docs/behaviour/forms-and-validation.md#how-fields-behave). */
  status?: FieldStatus;
  hint?: string;
  /** The current length, shown as 'n/maxLength' when `maxLength` is set. */
  length?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text with the TextField look, and a character count when it has a maximum. */
export function TextareaField({
  label,
  error,
  status,
  hint,
  length,
  id,
  className,
  required,
  maxLength,
  rows = 4,
  ref,
  ...textareaProps
}: TextareaFieldProps) {
  const field = useFieldState({ id, status, error, hint });
  const { inputId, look, describedBy } = field;
  const counterId = `${inputId}-counter`;
  const showCounter = maxLength !== undefined && length !== undefined;
  return (
    <FieldFrame inputId={inputId} label={label} look={look} classes={[className]}>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        maxLength={maxLength}
        className={`${fieldStyles.input} ${styles.textarea}`}
        aria-invalid={look === 'invalid' || undefined}
        aria-describedby={[describedBy, showCounter && counterId].filter(Boolean).join(' ') || undefined}
        aria-required={required || undefined}
        {...textareaProps}
      />
      <div className={styles.foot}>
        <div>
          <FieldFootnote state={field} error={error} hint={hint} />
        </div>
        {showCounter && (
          <span id={counterId} className={styles.counter}>
            {length}/{maxLength}
          </span>
        )}
      </div>
    </FieldFrame>
  );
}
