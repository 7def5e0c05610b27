import { useId, type InputHTMLAttributes, type Ref } from 'react';
import styles from './switch-field.module.css';

export interface SwitchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'size'> {
  label: string;
  /** A line under the label saying what the switch does. */
  description?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An on/off switch (a checkbox with the switch role): label and a short
 * description beside it. Works with react-hook-form's `register`.
 */
export function SwitchField({ label, description, id, className, ref, ...rest }: SwitchFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={[styles.switchField, className].filter(Boolean).join(' ')}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        role="switch"
        className={styles.input}
        aria-describedby={descriptionId}
        {...rest}
      />
      <label htmlFor={inputId} className={styles.label}>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span className={styles.text}>
          <span className={styles.title}>{label}</span>
          {description && (
            <span id={descriptionId} className={styles.description}>
              {description}
            </span>
          )}
        </span>
      </label>
    </div>
  );
}
