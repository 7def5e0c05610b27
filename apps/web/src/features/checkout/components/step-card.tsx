import { Check, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { StepState } from '../checkout-steps';
import styles from './step-card.module.css';

export interface StepCardProps {
  /** The step's number in the bar at the top (HEADER_STEPS): Identificação 2, Entrega 3, Pagamento 4. */
  number: number;
  title: string;
  /** Names the card for tests (`step-<id>`). */
  id: string;
  state: StepState;
  /** Label and value pairs of a completed step (empty values are left out); `wide` takes a whole row. */
  summary: ReadonlyArray<readonly [label: string, value: string | null | undefined, wide?: 'wide']>;
  onEdit: () => void;
  /**
   * Which part of the step is open (Identificação: the e-mail, then the personal data): when it changes the card
   * opens again, on that part's own heading (`data-step-focus`) when it has one.
   */
  part?: string;
  /** The first step of the page: where it fits, it opens with the page at its top (the bar of steps in sight). */
  first?: boolean;
  /** The step's form, shown while it is active. */
  children: ReactNode;
}

/**
 * One checkout step (docs/behaviour/bag-and-checkout.md#steps): its form while active; once done and
 * closed, a summary of label and value pairs with an edit button; a step not
 * reached yet shows only its title. A step tried with an invalid field
 * (checked false) gets a red edge. A step that opens (or one of its parts) comes to the top of the screen with the
 * focus on its heading, so a phone shows it from its start and it is announced.
 */
export function StepCard({ number, title, id, state, summary, onEdit, part, first, children }: StepCardProps) {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opened = useRef<string | null>(null);
  const openKey = state.stepActive ? (part ?? 'open') : null;
  useEffect(() => {
    if (openKey === null || openKey === opened.current) {
      opened.current = openKey;
      return;
    }
    const cardOpens = opened.current === null;
    opened.current = openKey;
    const section = sectionRef.current;
    const part = section?.querySelector<HTMLElement>('[data-step-focus]');
    (part ?? headingRef.current)?.focus({ preventScroll: true });
    // The first step keeps the page's top (the bar of steps) in sight when the step still starts in the upper half
    // of the screen (a desktop); otherwise the step, or the part that opened, comes to the top.
    if (
      first &&
      cardOpens &&
      section &&
      section.getBoundingClientRect().top + window.scrollY < window.innerHeight / 2
    ) {
      window.scrollTo({ top: 0 });
    } else {
      (cardOpens || !part ? section : part)?.scrollIntoView?.({ block: 'start' });
    }
  }, [openKey, first]);
  const done = state.checked === true && !state.stepActive;
  const look = state.stepActive ? 'active' : done ? 'done' : 'upcoming';
  const pairs = summary.filter(([, value]) => Boolean(value && value.trim()));
  return (
    <section
      ref={sectionRef}
      className={styles.stepCard}
      data-state={look}
      data-invalid={state.checked === false || undefined}
      aria-labelledby={headingId}
      data-testid={`step-${id}`}
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
