import { useEffect, useRef, type RefObject } from 'react';

/**
 * Announces each new step of a wizard by moving the focus to its heading
 * (the returned ref, for StepHeading), or to `focusRef` when the step gives
 * one (e.g. the code boxes); not on the first render.
 */
export function useStepFocus(step: number, focusRef?: RefObject<HTMLElement | null> | null) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);
  useEffect(() => {
    if (movedRef.current) (focusRef ?? headingRef).current?.focus();
    movedRef.current = true;
  }, [step, focusRef]);
  return headingRef;
}
