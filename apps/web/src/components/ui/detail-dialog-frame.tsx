import * as Dialog from '@radix-ui/react-dialog';
import { CircleAlert, RotateCw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Button } from './button';
import styles from './detail-dialog-frame.module.css';
import { ModalFrame } from './modal-frame';
import { LoadingBlock } from './spinner';

/** What the frame reads of the dialog's data (a TanStack query fits). */
export interface DetailDialogQuery<T> {
  isPending: boolean;
  isFetching: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

export interface DetailDialogFrameProps<T> {
  open: boolean;
  /** X, Esc, the overlay: called only while not busy. */
  onClose: () => void;
  /** A request runs: the dialog stays open (its X waits). */
  busy?: boolean;
  title: ReactNode;
  query: DetailDialogQuery<T>;
  /** Under the title, once the data is in. */
  heading?: (data: T) => ReactNode;
  body: (data: T) => ReactNode;
  /** The actions under the body, once the data is in. */
  footer?: (data: T) => ReactNode;
  /** The content's own class (its width, through --detail-dialog-width). */
  className?: string;
  testId: string;
}

/**
 * A wide dialog over data that loads (an order, for the customer or the
 * staff): the title and the X; while loading a spinner, on a failure the
 * server's message and 'Tentar novamente'; then the body, which scrolls, and
 * the footer. The body's sections use this file's classes (`section`,
 * `sectionTitle`, `columns`) through `detailDialogStyles`.
 */
export function DetailDialogFrame<T>({
  open,
  onClose,
  busy = false,
  title,
  query,
  heading,
  body,
  footer,
  className,
  testId,
}: DetailDialogFrameProps<T>) {
  const data = query.data;
  return (
    <ModalFrame
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
      locked={busy}
      className={className ? `${styles.content} ${className}` : styles.content}
      aria-busy={busy || undefined}
      aria-describedby={undefined}
      data-testid={testId}
    >
      <header className={styles.header}>
        <div className={styles.heading}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {data !== undefined && heading?.(data)}
        </div>
        <Dialog.Close className={styles.close} aria-label="Fechar" disabled={busy}>
          <X size={20} aria-hidden="true" />
        </Dialog.Close>
      </header>

      {query.isPending ? (
        <LoadingBlock />
      ) : data === undefined ? (
        <div className={styles.loadError} role="alert">
          <CircleAlert size={28} aria-hidden="true" />
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            <RotateCw size={16} aria-hidden="true" />
            Tentar novamente
          </Button>
        </div>
      ) : (
        <>
          <div className={styles.body}>{body(data)}</div>
          {footer && <footer className={styles.footer}>{footer(data)}</footer>}
        </>
      )}
    </ModalFrame>
  );
}

export { styles as detailDialogStyles };
