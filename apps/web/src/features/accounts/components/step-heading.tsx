import type { ReactNode, RefObject } from 'react';
import styles from './step-heading.module.css';

/**
 * The heading of a wizard step with its icon: an h2 under the page title of
 * the signed-out wizards, an h3 inside the profile card. It takes the focus
 * when the step changes (through `headingRef`, see useStepFocus), so screen
 * readers announce the new step.
 */
export function StepHeading({
  headingRef,
  icon,
  level = 2,
  children,
}: {
  headingRef?: RefObject<HTMLHeadingElement | null>;
  icon: ReactNode;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading
      ref={headingRef}
      tabIndex={-1}
      className={level === 2 ? `${styles.heading} ${styles.spaced}` : styles.heading}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      {children}
    </Heading>
  );
}
