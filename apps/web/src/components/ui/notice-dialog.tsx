import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './dialog.module.css';
import { ModalFrame } from './modal-frame';

export interface NoticeDialogProps {
  open: boolean;
  tone: 'success' | 'error' | 'warning';
  icon: ReactNode;
  title: string;
  message: string;
  actionLabel: string;
  /** The action button: the only way to close it. */
  onAction: () => void;
  testId?: string;
}

const ICON_TONE = { success: styles.iconSuccess, error: styles.iconError, warning: styles.iconWarning };

/**
 * A 400 px modal notice with one action (docs/behaviour/site.md#dialogs): it does not close
 * by a click on the overlay nor by Esc. Base of the result and session dialogs.
 */
export function NoticeDialog({ open, tone, icon, title, message, actionLabel, onAction, testId }: NoticeDialogProps) {
  return (
    <ModalFrame open={open} locked className={styles.content} data-testid={testId}>
      <div className={`${styles.icon} ${ICON_TONE[tone]}`} aria-hidden="true">
        {icon}
      </div>
      <Dialog.Title className={styles.title}>{title}</Dialog.Title>
      <Dialog.Description className={styles.description}>{message}</Dialog.Description>
      <div className={styles.actions}>
        <Button onClick={onAction} variant={tone === 'error' ? 'danger' : 'primary'} style={{ minWidth: 140 }}>
          {actionLabel}
        </Button>
      </div>
    </ModalFrame>
  );
}
