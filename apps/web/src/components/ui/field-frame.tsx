import type { ReactNode } from 'react';
import type { FieldStatus } from './text-field';
import styles from './text-field.module.css';

export interface FieldFrameProps {
  /** The control's id, which the label names. */
  inputId: string;
  label: string;
  /** The field's look: red while invalid, the valid border otherwise. */
  look: FieldStatus;
  /** Hides the label visually (it stays for screen readers). */
  hideLabel?: boolean | undefined;
  /** The kind's own classes on the frame (room for the adornments…), then the caller's. */
  classes?: readonly (string | false | undefined)[];
  children: ReactNode;
}

/** What every field kind (text, money, select, textarea) puts around its control: the frame with its look, the label. */
export function FieldFrame({ inputId, label, look, hideLabel, classes = [], children }: FieldFrameProps) {
  return (
    <div
      className={[styles.field, look === 'invalid' && styles.invalid, look === 'valid' && styles.valid, ...classes]
        .filter(Boolean)
        .join(' ')}
      data-status={look}
    >
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {children}
    </div>
  );
}
