import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/page-head';
import styles from './page-frame.module.css';

export interface PageFrameProps {
  title: string;
  eyebrow?: string;
  description?: ReactNode;
  actions?: ReactNode;
  width?: 'narrow' | 'default' | 'wide';
  children?: ReactNode;
}

/** The frame of a screen: one h1 title, optional description and actions, then the content. */
export function PageFrame({ title, eyebrow, description, actions, width = 'default', children }: PageFrameProps) {
  useDocumentTitle(title);
  return (
    <section className={`${styles.frame} ${width !== 'default' ? styles[width] : ''}`} aria-labelledby="page-title">
      <header className={styles.head}>
        <div>
          {eyebrow && <span className={styles.eyebrow}>{eyebrow}</span>}
          <h1 id="page-title" className={styles.title}>
            {title}
          </h1>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </section>
  );
}
