import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';
import { useReturnFocus } from './return-focus';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  side?: 'left' | 'right';
  /** Accessible description (visually hidden). */
  description?: string;
  footer?: ReactNode;
  children: ReactNode;
}

/** A side panel on a Radix dialog (mobile menu, bag drawer); closing it gives the focus back to what opened it. */
export function Sheet({ open, onOpenChange, title, side = 'right', description, footer, children }: SheetProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.sheet} ${side === 'left' ? styles.sheetLeft : styles.sheetRight}`}
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.sheetHeader}>
            <Dialog.Title className={styles.sheetTitle}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Fechar">
              <X size={22} aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="visually-hidden">{description}</Dialog.Description>}
          <div className={styles.sheetBody}>{children}</div>
          {footer && <div className={styles.sheetFooter}>{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
