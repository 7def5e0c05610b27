import { Check } from 'lucide-react';
import styles from './step-indicator.module.css';

export interface StepIndicatorProps {
  /** The step titles, in order. */
  steps: readonly string[];
  /** Index of the active step (0-based). */
  current: number;
  /** Accessible name of the list. */
  label?: string;
}

/**
 * The steps of a wizard (sign-up, password recovery, profile): done steps get
 * a check, the active one is marked `aria-current="step"`.
 */
export function StepIndicator({ steps, current, label = 'Etapas' }: StepIndicatorProps) {
  return (
    <div className={styles.wrap}>
      <p className="visually-hidden" aria-live="polite">
        {`Etapa ${current + 1} de ${steps.length}: ${steps[current] ?? ''}`}
      </p>
      <ol className={styles.steps} aria-label={label}>
        {steps.map((title, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
          return (
            <li
              key={title}
              className={styles.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={styles.dot} aria-hidden="true">
                {state === 'done' ? <Check size={16} strokeWidth={3} /> : i + 1}
              </span>
              <span className={styles.title}>{title}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
