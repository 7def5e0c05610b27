import type { ReactNode } from 'react';
import styles from './list-notice.module.css';

export interface ListNoticeProps {
  icon: ReactNode;
  title?: string;
  /** An error is announced as an alert; the rest as a status. */
  tone?: 'error';
  children?: ReactNode;
}

/** What a back-office list shows instead of rows: nothing found, nothing yet, or why it failed. */
export function ListNotice({ icon, title, tone, children }: ListNoticeProps) {
  return (
    <div
      className={`${styles.notice} ${tone === 'error' ? styles.error : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      {title && <p className={styles.title}>{title}</p>}
      {children}
    </div>
  );
}
