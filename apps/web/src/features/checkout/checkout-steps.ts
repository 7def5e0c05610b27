/**
 * The checkout's step machine (docs/behaviour/bag-and-checkout.md#steps), pure
 * so it is unit-tested on its own.
 *
 * - Steps in order: email, dadosPessoais, entrega, pagamento; each has
 *   `checked` (null: not judged yet, true: done, false: tried with an invalid
 *   active field) and `stepActive` (its form is open). One step is active at a
 *   time; the first one at the start.
 * - Advancing the active step: invalid → checked false, it stays active;
 *   valid → checked true, inactive, and the next step becomes active (the last
 *   one stays active: the order is sent from it).
 * - Editing a completed step: it becomes active again (checked back to null),
 *   and every later step loses its checked and active flags.
 */

const STEP_IDS = ['email', 'dadosPessoais', 'entrega', 'pagamento'] as const;
export type StepId = (typeof STEP_IDS)[number];

export interface StepState {
  step: StepId;
  checked: boolean | null;
  stepActive: boolean;
}

export type Steps = readonly StepState[];

export type StepAction =
  { type: 'advance'; step: StepId; valid: boolean } | { type: 'edit'; step: StepId } | { type: 'reset' };

export const initialSteps = (): StepState[] =>
  STEP_IDS.map((step, i) => ({ step, checked: null, stepActive: i === 0 }));

const indexOf = (step: StepId) => STEP_IDS.indexOf(step);

/** The step whose form is open (the first one when none is, which the reducer never leaves). */
export const activeStep = (steps: Steps): StepId => steps.find((s) => s.stepActive)?.step ?? 'email';

/** Whether every step before `step` is done (the final button sends only then). */
export const allDoneBefore = (steps: Steps, step: StepId): boolean =>
  steps.slice(0, indexOf(step)).every((s) => s.checked === true);

export function stepsReducer(steps: Steps, action: StepAction): StepState[] {
  if (action.type === 'reset') return initialSteps();
  const i = indexOf(action.step);
  const current = steps[i];
  if (!current) return [...steps];

  if (action.type === 'advance') {
    // Only the open step advances (a stale click on a closed one does nothing).
    if (!current.stepActive) return [...steps];
    if (!action.valid) return steps.map((s, k) => (k === i ? { ...s, checked: false } : s));
    const last = i === steps.length - 1;
    return steps.map((s, k) => {
      if (k === i) return { ...s, checked: true, stepActive: last };
      if (k === i + 1) return { ...s, stepActive: true };
      return s;
    });
  }

  // edit: only a completed, closed step reopens.
  if (current.checked !== true || current.stepActive) return [...steps];
  return steps.map((s, k) => {
    if (k < i) return { ...s, stepActive: false };
    if (k === i) return { ...s, checked: null, stepActive: true };
    return { ...s, checked: null, stepActive: false };
  });
}

/** The header's four titles: Minha Sacola is mode 0; email and personal data are the Identificação. */
export const HEADER_STEPS = ['Minha Sacola', 'Identificação', 'Entrega', 'Pagamento'] as const;

/** The header title index of mode 1's active step. */
export function headerIndex(step: StepId): number {
  if (step === 'email' || step === 'dadosPessoais') return 1;
  return step === 'entrega' ? 2 : 3;
}
