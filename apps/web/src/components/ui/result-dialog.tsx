import { MSG } from '@clinica/shared/messages';
import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck, CircleX } from 'lucide-react';
import { Button } from './button';
import styles from './dialog.module.css';

export interface ResultDialogProps {
  open: boolean;
  type: 'success' | 'error';
  message: string;
  /** OK pressed: the only way to close it. */
  onClose: () => void;
  okLabel?: string;
}

const block = (e: Event) => e.preventDefault();

/**
 * 'Sucesso!' or 'Erro!' with a message and OK (SPEC §2 Dialogs): 400 px wide,
 * not closed by a click on the overlay nor by Esc.
 */
export function ResultDialog({ open, type, message, onClose, okLabel = 'OK' }: ResultDialogProps) {
  const success = type === 'success';
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onEscapeKeyDown={block}
          data-testid="result-dialog"
        >
          <div className={`${styles.icon} ${success ? styles.iconSuccess : styles.iconError}`} aria-hidden="true">
            {success ? <CircleCheck size={30} /> : <CircleX size={30} />}
          </div>
          <Dialog.Title className={styles.title}>{success ? MSG.sucessoTitulo : MSG.erroTitulo}</Dialog.Title>
          <Dialog.Description className={styles.description}>{message}</Dialog.Description>
          <div className={styles.actions}>
            <Button onClick={onClose} variant={success ? 'primary' : 'danger'} style={{ minWidth: 120 }}>
              {okLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
