import type { ReactNode } from 'react';
import styles from './form-section.module.css';

/** A card of the product form: a titled group of fields. */
export function FormSection({
  title,
  description,
  icon,
  children,
  testId,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.section} aria-label={title} data-testid={testId}>
      <header className={styles.sectionHead}>
        {icon && (
          <span className={styles.sectionIcon} aria-hidden="true">
            {icon}
          </span>
        )}
        <div>
          <h2 className={styles.sectionTitle}>{title}</h2>
          {description && <p className={styles.sectionText}>{description}</p>}
        </div>
      </header>
      <div className={styles.sectionBody}>{children}</div>
    </section>
  );
}
