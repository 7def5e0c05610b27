import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import styles from './form-dialog.module.css';
import { ModalFrame } from './modal-frame';

export interface FormDialogProps {
  open: boolean;
  /** Called with false when the user closes it (X, Esc, overlay) while not busy. */
  onOpenChange: (open: boolean) => void;
  title: string;
  /** A line under the title (also the dialog's accessible description). */
  description?: ReactNode;
  /** An icon shown above the title. */
  icon?: ReactNode;
  /** A request is running: the dialog cannot be closed (X, Esc and overlay do nothing). */
  busy?: boolean;
  children: ReactNode;
  testId?: string;
  /** A wider dialog for a longer form (an address), in px; 400 otherwise. */
  width?: number;
}

/**
 * A 400 px modal for a short task with steps (confirm or change the e-mail,
 * change the password). While `busy` it stays open whatever is clicked.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  icon,
  busy = false,
  children,
  testId,
  width,
}: FormDialogProps) {
  return (
    <ModalFrame
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      className={styles.content}
      aria-busy={busy || undefined}
      data-testid={testId}
      {...(width ? { style: { '--dialog-width': `${width}px` } as CSSProperties } : {})}
      {...(description ? {} : { 'aria-describedby': undefined })}
    >
      <div className={styles.header}>
        {icon && (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        )}
        <Dialog.Title className={styles.title}>{title}</Dialog.Title>
        <Dialog.Close className={styles.close} aria-label="Fechar" disabled={busy}>
          <X size={20} aria-hidden="true" />
        </Dialog.Close>
      </div>
      {description && <Dialog.Description className={styles.description}>{description}</Dialog.Description>}
      <div className={styles.body}>{children}</div>
    </ModalFrame>
  );
}
