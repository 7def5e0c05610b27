import { describe, expect, it } from 'vitest';
import {
  activeStep,
  allDoneBefore,
  headerIndex,
  initialSteps,
  stepsReducer,
  type StepAction,
  type StepId,
} from './checkout-steps';

const run = (...actions: StepAction[]) => actions.reduce(stepsReducer, initialSteps());
const ok = (step: StepId): StepAction => ({ type: 'advance', step, valid: true });
const flags = (steps: ReturnType<typeof initialSteps>) => steps.map((s) => [s.step, s.checked, s.stepActive]);

describe('the checkout step machine', () => {
  it('starts on email with nothing judged', () => {
    expect(flags(initialSteps())).toEqual([
      ['email', null, true],
      ['dadosPessoais', null, false],
      ['entrega', null, false],
      ['pagamento', null, false],
    ]);
  });

  it('advancing with an invalid active field marks the step checked=false and stays on it', () => {
    const steps = run({ type: 'advance', step: 'email', valid: false });
    expect(flags(steps)[0]).toEqual(['email', false, true]);
    expect(activeStep(steps)).toBe('email');
    // Fixed and advanced: checked true, the next step opens.
    const next = stepsReducer(steps, ok('email'));
    expect(flags(next).slice(0, 2)).toEqual([
      ['email', true, false],
      ['dadosPessoais', null, true],
    ]);
  });

  it('goes through the four steps; the last one stays open (the order is sent from it)', () => {
    const steps = run(ok('email'), ok('dadosPessoais'), ok('entrega'), ok('pagamento'));
    expect(flags(steps)).toEqual([
      ['email', true, false],
      ['dadosPessoais', true, false],
      ['entrega', true, false],
      ['pagamento', true, true],
    ]);
    expect(allDoneBefore(steps, 'pagamento')).toBe(true);
  });

  it('editing a completed step reopens it and clears checked and active of every later step', () => {
    const steps = run(ok('email'), ok('dadosPessoais'), ok('entrega'), {
      type: 'advance',
      step: 'pagamento',
      valid: false,
    });
    const edited = stepsReducer(steps, { type: 'edit', step: 'dadosPessoais' });
    expect(flags(edited)).toEqual([
      ['email', true, false],
      ['dadosPessoais', null, true],
      ['entrega', null, false],
      ['pagamento', null, false],
    ]);
    expect(allDoneBefore(edited, 'pagamento')).toBe(false);
  });

  it('ignores an edit of a step not completed and an advance of a closed step', () => {
    const steps = run(ok('email'));
    expect(flags(stepsReducer(steps, { type: 'edit', step: 'entrega' }))).toEqual(flags(steps));
    expect(flags(stepsReducer(steps, ok('email')))).toEqual(flags(steps));
    expect(flags(stepsReducer(steps, { type: 'reset' }))).toEqual(flags(initialSteps()));
  });

  it('maps the open step to the header titles (Minha Sacola is mode 0)', () => {
    expect(['email', 'dadosPessoais', 'entrega', 'pagamento'].map((s) => headerIndex(s as StepId))).toEqual([
      1, 1, 2, 3,
    ]);
  });
});
