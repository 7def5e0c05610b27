import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type Ref } from 'react';
import styles from './code-input.module.css';
import type { FieldStatus } from './text-field';

const CODE_LENGTH = 6;

export interface CodeInputProps {
  value: string;
  /** Receives the digits typed or pasted so far (at most 6). */
  onChange: (digits: string) => void;
  /** Called once when a change completes the 6th digit: submit the code here. */
  onComplete?: (code: string) => void;
  label?: string;
  /** idle; valid (code accepted: amber boxes and a check); invalid (red, with `error`). */
  status?: FieldStatus;
  error?: string;
  /** Shown under the boxes when there is no error (e.g. the success text). */
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The 6-digit e-mail code (docs/behaviour/timings-and-limits.md#codes): one real input (so it has one label, takes
 * a pasted '123 456' and the phone's one-time-code suggestion) drawn as six
 * boxes. `onComplete` fires on the 6th digit, so the code submits by itself.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label = 'Código de verificação',
  status = 'idle',
  error,
  hint,
  disabled = false,
  autoFocus,
  id,
  ref,
}: CodeInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const [focused, setFocused] = useState(false);
  const localRef = useRef<HTMLInputElement | null>(null);
  const showError = status === 'invalid' && Boolean(error);
  const digits = value.replace(/\D/g, '').slice(0, CODE_LENGTH);
  const active = Math.min(digits.length, CODE_LENGTH - 1);

  const setRefs = (node: HTMLInputElement | null) => {
    localRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
    if (next === digits) return;
    onChange(next);
    if (next.length === CODE_LENGTH) onComplete?.(next);
  };

  // The caret always sits after the last digit: the boxes fill left to right.
  const keepCaretAtEnd = () => {
    const input = localRef.current;
    if (input && input.selectionStart !== input.value.length) {
      input.setSelectionRange(input.value.length, input.value.length);
    }
  };

  return (
    <div className={styles.field} data-status={status}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.boxes} ${disabled ? styles.disabled : ''}`}>
        <input
          ref={setRefs}
          id={inputId}
          className={styles.input}
          value={digits}
          onChange={handleChange}
          onFocus={() => {
            setFocused(true);
            keepCaretAtEnd();
          }}
          onBlur={() => setFocused(false)}
          onSelect={keepCaretAtEnd}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          spellCheck={false}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={status === 'invalid' || undefined}
          aria-describedby={showError || hint ? messageId : undefined}
        />
        {Array.from({ length: CODE_LENGTH }, (_, i) => (
          <span
            key={i}
            aria-hidden="true"
            className={[
              styles.box,
              digits[i] !== undefined && styles.filled,
              focused && i === active && !disabled && styles.active,
            ]
              .filter(Boolean)
              .join(' ')}
          >
            {digits[i] ?? ''}
          </span>
        ))}
      </div>
      {showError ? (
        <p id={messageId} className={styles.error} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className={status === 'valid' ? styles.success : styles.hint} aria-live="polite">
          {status === 'valid' && <CircleCheck size={16} aria-hidden="true" />}
          {hint}
        </p>
      ) : null}
    </div>
  );
}
