import { MSG } from '@clinica/shared/messages';
import { CircleCheck, CircleX } from 'lucide-react';
import { NoticeDialog } from './notice-dialog';

export interface ResultDialogProps {
  open: boolean;
  type: 'success' | 'error';
  message: string;
  /** OK pressed: the only way to close it. */
  onClose: () => void;
  okLabel?: string;
}

/** 'Sucesso!' or 'Erro!' with a message and OK (docs/behaviour/site.md#dialogs). */
export function ResultDialog({ open, type, message, onClose, okLabel = 'OK' }: ResultDialogProps) {
  const success = type === 'success';
  return (
    <NoticeDialog
      open={open}
      tone={type}
      icon={success ? <CircleCheck size={30} /> : <CircleX size={30} />}
      title={success ? MSG.sucessoTitulo : MSG.erroTitulo}
      message={message}
      actionLabel={okLabel}
      onAction={onClose}
      testId="result-dialog"
    />
  );
}
