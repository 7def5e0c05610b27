import { ChevronDown, CircleCheck } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';
import styles from './select-field.module.css';
import { FieldFootnote, useFieldState, type FieldStatus } from './text-field';
import fieldStyles from './text-field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice ('Selecione…', or 'Carregando...' while the options load). */
  placeholder?: string;
  error?: string;
  /** Same looks as TextField (docs/behaviour/forms-and-validation.md#how-fields-behave). */
  status?: FieldStatus;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select with the TextField look: label, validation states and message. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  status,
  hint,
  id,
  className,
  required,
  ref,
  ...selectProps
}: SelectFieldProps) {
  const field = useFieldState({ id, status, error, hint });
  const { inputId: selectId, look, describedBy } = field;

  return (
    <FieldFrame inputId={selectId} label={label} look={look} classes={[className]}>
      <div className={fieldStyles.control}>
        <select
          ref={ref}
          id={selectId}
          className={`${fieldStyles.input} ${styles.select} ${look === 'valid' ? styles.withCheck : ''}`}
          aria-invalid={look === 'invalid' || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          {...selectProps}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <span className={styles.adornments} aria-hidden="true">
          {look === 'valid' && (
            <span className={fieldStyles.check} data-testid="field-valid-icon">
              <CircleCheck size={20} />
            </span>
          )}
          <ChevronDown size={18} className={styles.chevron} />
        </span>
      </div>
      <FieldFootnote state={field} error={error} hint={hint} />
    </FieldFrame>
  );
}
