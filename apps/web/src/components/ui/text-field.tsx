import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldFrame } from './field-frame';
import styles from './text-field.module.css';

/** docs/behaviour/forms-and-validation.md#how-fields-behave: nothing before the first interaction; then invalid (red) or valid (green check, amber border). */
export type FieldStatus = 'idle' | 'valid' | 'invalid';

/**
 * The status of a react-hook-form field: idle until touched, changed or
 * submitted; then invalid when it has an error, valid otherwise.
 */
export function fieldStatus(
  state: { invalid: boolean; isDirty: boolean; isTouched: boolean },
  isSubmitted = false,
): FieldStatus {
  if (!state.isDirty && !state.isTouched && !isSubmitted) return 'idle';
  return state.invalid ? 'invalid' : 'valid';
}

/** Ids, look and aria-describedby shared by every field kind (text, select, textarea). */
export function useFieldState({
  id,
  status,
  error,
  hint,
}: {
  id?: string | undefined;
  status?: FieldStatus | undefined;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;
  const look: FieldStatus = status ?? (error ? 'invalid' : 'idle');
  const showError = look === 'invalid' && Boolean(error);
  const describedBy = [showError && messageId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return { inputId, messageId, hintId, look, showError, describedBy };
}

/** The line under a field: the error (as an alert) while invalid, otherwise the hint. */
export function FieldFootnote({
  state,
  error,
  hint,
}: {
  state: Pick<ReturnType<typeof useFieldState>, 'messageId' | 'hintId' | 'showError'>;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  return (
    <>
      {state.showError && (
        <p id={state.messageId} className={styles.message} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {error}
        </p>
      )}
      {hint && !state.showError && (
        <p id={state.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Message shown when the status is invalid. */
  error?: string;
  /** Defaults to 'invalid' when there is an error, otherwise 'idle'. */
  status?: FieldStatus;
  hint?: string;
  /** Controls inside the input on the right (e.g. the password toggle). */
  endAdornment?: ReactNode;
  /** Hides the label visually (it stays for screen readers). */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  error,
  status,
  hint,
  endAdornment,
  hideLabel,
  id,
  className,
  required,
  ref,
  ...inputProps
}: TextFieldProps) {
  const field = useFieldState({ id, status, error, hint });
  const { inputId, look, describedBy } = field;
  const adornmentCount = (look === 'valid' ? 1 : 0) + (endAdornment ? 1 : 0);

  return (
    <FieldFrame
      inputId={inputId}
      label={label}
      look={look}
      hideLabel={hideLabel}
      classes={[adornmentCount === 1 && styles.withEnd1, adornmentCount === 2 && styles.withEnd2, className]}
    >
      <div className={styles.control}>
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={look === 'invalid' || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          {...inputProps}
        />
        {adornmentCount > 0 && (
          <span className={styles.adornments}>
            {look === 'valid' && (
              <span className={styles.check} data-testid="field-valid-icon" aria-hidden="true">
                <CircleCheck size={20} />
              </span>
            )}
            {endAdornment}
          </span>
        )}
      </div>
      <FieldFootnote state={field} error={error} hint={hint} />
    </FieldFrame>
  );
}

/** The class of the small icon button placed in a field (password toggle). */
export const fieldIconButtonClass = styles.iconButton;
