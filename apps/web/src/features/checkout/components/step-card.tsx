import { Check, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { StepState } from '../checkout-steps';
import styles from './step-card.module.css';

export interface StepCardProps {
  number: number;
  title: string;
  state: StepState;
  /** Label and value pairs of a completed step (empty values are left out); `wide` takes a whole row. */
  summary: ReadonlyArray<readonly [label: string, value: string | null | undefined, wide?: 'wide']>;
  onEdit: () => void;
  /** The step's form, shown while it is active. */
  children: ReactNode;
}

/**
 * One checkout step (docs/behaviour/bag-and-checkout.md#steps): its form while active; once done and
 * closed, a summary of label and value pairs with an edit button; a step not
 * reached yet shows only its title. A step tried with an invalid field
 * (checked false) gets a red edge. A step that opens takes the focus on its title.
 */
export function StepCard({ number, title, state, summary, onEdit, children }: StepCardProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasActive = useRef(state.stepActive);
  useEffect(() => {
    // A step that opens (not at the first render) takes the focus on its title, so it is announced.
    if (state.stepActive && !wasActive.current) headingRef.current?.focus();
    wasActive.current = state.stepActive;
  }, [state.stepActive]);
  const done = state.checked === true && !state.stepActive;
  const look = state.stepActive ? 'active' : done ? 'done' : 'upcoming';
  const pairs = summary.filter(([, value]) => Boolean(value && value.trim()));
  return (
    <section
      className={styles.stepCard}
      data-state={look}
      data-invalid={state.checked === false || undefined}
      aria-labelledby={headingId}
      data-testid={`step-${state.step}`}
    >
      <div className={styles.stepHeader}>
        <span className={styles.stepNumber} aria-hidden="true">
          {done ? <Check size={16} strokeWidth={3} /> : number}
        </span>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {title}
          {done && <span className="visually-hidden"> (concluída)</span>}
        </h2>
        {done && (
          <Button
            variant="ghost"
            size="sm"
            onClick={onEdit}
            aria-label={`Editar ${title}`}
            className={styles.editButton}
          >
            <Pencil size={16} aria-hidden="true" />
            Editar
          </Button>
        )}
      </div>
      {state.stepActive && <div className={styles.stepBody}>{children}</div>}
      {done && pairs.length > 0 && (
        <dl className={styles.stepSummary}>
          {pairs.map(([label, value, wide]) => (
            <div key={label} className={styles.summaryPair} data-wide={wide ? true : undefined}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** 'Voltar' and 'Avançar', or the step's own final button. */
export function StepActions({ onBack, children }: { onBack?: () => void; children?: ReactNode }) {
  return (
    <div className={styles.stepActions}>
      {onBack && (
        <Button variant="outline" onClick={onBack}>
          Voltar
        </Button>
      )}
      {children ?? <Button type="submit">Avançar</Button>}
    </div>
  );
}
