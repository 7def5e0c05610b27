import { ChevronDown, CircleAlert, CircleCheck } from 'lucide-react';
import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import styles from './select-field.module.css';
import type { FieldStatus } from './text-field';
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
  /** Same looks as TextField (SPEC §5). */
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
  const autoId = useId();
  const selectId = id ?? autoId;
  const messageId = `${selectId}-message`;
  const hintId = `${selectId}-hint`;
  const look: FieldStatus = status ?? (error ? 'invalid' : 'idle');
  const showError = look === 'invalid' && Boolean(error);
  const describedBy = [showError && messageId, hint && hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div
      className={[
        fieldStyles.field,
        look === 'invalid' && fieldStyles.invalid,
        look === 'valid' && fieldStyles.valid,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      data-status={look}
    >
      <label htmlFor={selectId} className={fieldStyles.label}>
        {label}
      </label>
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
