import * as Dialog from '@radix-ui/react-dialog';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../ui/button';
import styles from '../ui/dialog.module.css';
import { ModalFrame } from '../ui/modal-frame';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  /** The confirming button ('Excluir'). */
  confirmLabel: string;
  onConfirm: () => void;
  /** The request runs: the dialog stays open and its buttons wait. */
  busy?: boolean;
}

/** A 400 px question before something that cannot be undone (a delete): 'Cancelar' or the red action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <ModalFrame role="alertdialog" className={styles.content} open={open} onOpenChange={onOpenChange} busy={busy}>
      <div className={`${styles.icon} ${styles.iconWarning}`} aria-hidden="true">
        <TriangleAlert size={28} />
      </div>
      <Dialog.Title className={styles.title}>{title}</Dialog.Title>
      <Dialog.Description className={styles.description}>{message}</Dialog.Description>
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </ModalFrame>
  );
}
