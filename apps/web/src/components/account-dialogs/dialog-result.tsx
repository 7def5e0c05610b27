import { MSG } from '@clinica/shared/messages';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import styles from './dialog-result.module.css';

interface DialogResultProps {
  tone: 'success' | 'error';
  title: string;
  message?: string;
  /** The buttons (e.g. 'Ok', 'Tentar novamente'). */
  children: ReactNode;
}

/** The end of a dialog's task: a success or error mark, its text and the next action. */
function DialogResult({ tone, title, message, children }: DialogResultProps) {
  return (
    <div className={styles.result} role={tone === 'error' ? 'alert' : 'status'}>
      <span className={`${styles.icon} ${tone === 'success' ? styles.success : styles.error}`} aria-hidden="true">
        {tone === 'success' ? <CircleCheck size={30} /> : <CircleX size={30} />}
      </span>
      <p className={styles.title}>{title}</p>
      {message && <p className={styles.message}>{message}</p>}
      <div className={styles.actions}>{children}</div>
    </div>
  );
}

/** The task is done: its message and 'Ok'. */
export function DialogSuccess({ title, message, onOk }: { title: string; message?: string; onOk: () => void }) {
  return (
    <DialogResult tone="success" title={title} message={message}>
      <Button onClick={onOk}>Ok</Button>
    </DialogResult>
  );
}

/** 'Ocorreu um problema.' with the reason and 'Tentar novamente'. */
export function DialogFailure({
  message,
  onRetry,
  retrying,
}: {
  message?: string;
  onRetry: () => void;
  /** The retry is running (its button shows a spinner). */
  retrying?: boolean;
}) {
  return (
    <DialogResult tone="error" title={MSG.ocorreuUmProblema} message={message}>
      <Button onClick={onRetry} loading={retrying}>
        Tentar novamente
      </Button>
    </DialogResult>
  );
}

/** A centred 'sending…' block with a spinner. */
export function DialogWaiting({ children }: { children: ReactNode }) {
  return (
    <div className={styles.waiting} role="status" aria-live="polite">
      <Spinner size="lg" />
      <p>{children}</p>
    </div>
  );
}
