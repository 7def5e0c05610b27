import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import type { FieldStatus } from '../../../components/ui/text-field';
import fieldStyles from '../../../components/ui/text-field.module.css';
import styles from './contact-page.module.css';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  /** Same looks as TextField (SPEC §5): red border and message, or green check and amber border. */
  status?: FieldStatus;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line TextField: label, validation states, message and hint. */
export function TextareaField({ label, error, status, hint, id, required, ref, ...rest }: TextareaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;
  const look: FieldStatus = status ?? (error ? 'invalid' : 'idle');
  const showError = look === 'invalid' && Boolean(error);
  const describedBy = [showError && messageId, hint && hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div
      className={[fieldStyles.field, look === 'invalid' && fieldStyles.invalid, look === 'valid' && fieldStyles.valid]
        .filter(Boolean)
        .join(' ')}
      data-status={look}
    >
      <label htmlFor={inputId} className={fieldStyles.label}>
        {label}
      </label>
      <div className={fieldStyles.control}>
        <textarea
          ref={ref}
          id={inputId}
          className={`${fieldStyles.input} ${styles.textarea}`}
          aria-invalid={look === 'invalid' || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          {...rest}
        />
        {look === 'valid' && (
          <span
            className={`${fieldStyles.check} ${styles.textareaCheck}`}
            data-testid="field-valid-icon"
            aria-hidden="true"
          >
            <CircleCheck size={20} />
          </span>
        )}
      </div>
      {showError && (
        <p id={messageId} className={fieldStyles.message} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {error}
        </p>
      )}
      {hint && !showError && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
