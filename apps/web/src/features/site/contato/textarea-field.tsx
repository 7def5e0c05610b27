import { CircleCheck } from 'lucide-react';
import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from '../../../components/ui/field-frame';
import { FieldFootnote, useFieldState, type FieldStatus } from '../../../components/ui/text-field';
import fieldStyles from '../../../components/ui/text-field.module.css';
import styles from './contact-page.module.css';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  /** Same looks as TextField (docs/behaviour/forms-and-validation.md#how-fields-behave): red border and message, or green check and amber border. */
  status?: FieldStatus;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line TextField: label, validation states, message and hint. */
export function TextareaField({ label, error, status, hint, id, required, ref, ...rest }: TextareaFieldProps) {
  const field = useFieldState({ id, status, error, hint });
  const { inputId, look, describedBy } = field;

  return (
    <FieldFrame inputId={inputId} label={label} look={look}>
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
      <FieldFootnote state={field} error={error} hint={hint} />
    </FieldFrame>
  );
}
