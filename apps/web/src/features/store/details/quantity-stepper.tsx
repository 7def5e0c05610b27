import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import styles from './quantity-stepper.module.css';

/** The largest quantity the field takes (the spec shows no limit; this keeps the number readable). */
const MAX_QUANTITY = 9999;

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** Visible label. */
  label?: string;
  /** Id of an element describing the field (the quantity alert). */
  describedBy?: string;
  invalid?: boolean;
}

/** − [n] + : starts where the parent says (1), never below 0 (docs/behaviour/catalogue-and-search.md#product-page). */
export function QuantityStepper({ value, onChange, label = 'Quantidade', describedBy, invalid }: QuantityStepperProps) {
  const id = useId();
  const set = (n: number) => onChange(Math.min(MAX_QUANTITY, Math.max(0, Math.trunc(n))));
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.stepper} ${invalid ? styles.invalid : ''}`}>
        <button
          type="button"
          className={styles.button}
          aria-label="Diminuir quantidade"
          aria-controls={id}
          disabled={value <= 0}
          onClick={() => set(value - 1)}
        >
          <Minus size={18} aria-hidden="true" />
        </button>
        <input
          id={id}
          className={styles.input}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={String(value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '');
            set(digits ? Number(digits) : 0);
          }}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className={styles.button}
          aria-label="Aumentar quantidade"
          aria-controls={id}
          disabled={value >= MAX_QUANTITY}
          onClick={() => set(value + 1)}
        >
          <Plus size={18} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
