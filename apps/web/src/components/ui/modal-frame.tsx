import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';
import { useReturnFocus } from './return-focus';

export interface ModalFrameProps extends Omit<
  Dialog.DialogContentProps,
  'onPointerDownOutside' | 'onInteractOutside' | 'onEscapeKeyDown'
> {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /** While locked, a click on the overlay and Esc do nothing (the dialog's own buttons close it). */
  locked?: boolean;
  /** A request runs: locked, and no close request reaches `onOpenChange` (the dialog stays open whatever is clicked). */
  busy?: boolean;
  children: ReactNode;
}

/**
 * The Radix modal under the app's dialogs: portal, dimmed overlay and the
 * content box (its class and attributes come from the dialog built on it).
 * Closing it gives the focus back to what opened it (useReturnFocus).
 */
export function ModalFrame({
  open,
  onOpenChange,
  locked = false,
  busy = false,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...content
}: ModalFrameProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const guard = (e: Event) => {
    if (locked || busy) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange?.(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          {...content}
          {...returnFocus}
          onPointerDownOutside={guard}
          onInteractOutside={guard}
          onEscapeKeyDown={guard}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
