import type { ReactNode, RefObject } from 'react';
import { authStyles as styles } from './auth-shell';

/**
 * The h2 of a wizard step with its icon. It takes the focus when the step
 * changes (through `headingRef`), so screen readers announce the new step.
 */
export function StepHeading({
  headingRef,
  icon,
  children,
}: {
  headingRef?: RefObject<HTMLHeadingElement | null>;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
      <span className={styles.stepHeadingIcon} aria-hidden="true">
        {icon}
      </span>
      {children}
    </h2>
  );
}
