import type { EntidadeAuditoria } from '@clinica/shared/schemas/auditoria';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { Button, ButtonLink } from '../../ui/button';
import { PageFrame } from '../../ui/page-frame';
import { LoadingBlock } from '../../ui/spinner';
import { AuditTrail } from '../audit-trail';
import { ConfirmDialog } from '../confirm-dialog';
import { ListNotice } from '../list-notice';
import { LoadFailure } from '../load-failure';
import styles from './record-frame.module.css';

/** The record of `/editX/:id` (null on `/newX`); NaN when the path's id is not a valid id. */
export function useRecordId(): number | null {
  const { id } = useParams();
  if (id === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : Number.NaN;
}

export interface RecordFrameProps<T> {
  /** The page title: 'Cadastro de categorias' or 'Editar categoria'. */
  title: string;
  /** The line over the title: 'Cadastro de unitários'. */
  eyebrow: string;
  description: string;
  /** The list the back link opens: '/unitarys?tab=categorias'. */
  backHref: string;
  backLabel: string;
  /** The record being edited (null: a new record). */
  id: number | null;
  query: UseQueryResult<T>;
  /** The audit log's entity of the record: its 'Histórico de alterações' goes under the form. */
  auditoria?: EntidadeAuditoria;
  children: (record: T | null) => ReactNode;
}

/**
 * The frame of a record screen: title, a link back to its list, and the
 * record's loading and failure states before the form; a saved record's
 * 'Histórico de alterações' under it.
 */
export function RecordFrame<T>({
  title,
  eyebrow,
  description,
  backHref,
  backLabel,
  id,
  query,
  auditoria,
  children,
}: RecordFrameProps<T>) {
  const back = (
    <ButtonLink to={backHref} variant="outline" size="sm">
      <ArrowLeft size={16} aria-hidden="true" />
      {backLabel}
    </ButtonLink>
  );
  let body: ReactNode;
  if (id === null) body = children(null);
  else if (Number.isNaN(id))
    body = (
      <ListNotice icon={<CircleAlert size={28} />} tone="error">
        <p>O endereço não indica um registro válido.</p>
      </ListNotice>
    );
  else if (query.isPending) body = <LoadingBlock />;
  else if (!query.data)
    body = (
      <LoadFailure message={errorMessage(query.error)} retrying={query.isFetching} onRetry={() => query.refetch()} />
    );
  else
    body = (
      <>
        {children(query.data)}
        {auditoria && <AuditTrail entidade={auditoria} entidadeId={id} />}
      </>
    );

  return (
    <PageFrame title={title} eyebrow={eyebrow} description={description} actions={back} width="narrow">
      <div className={styles.body}>{body}</div>
    </PageFrame>
  );
}

export interface DeleteActionProps {
  /** 'Excluir autor'. */
  label: string;
  /** The question: 'Excluir o autor “Maria”?'. */
  title: string;
  message: string;
  busy: boolean;
  disabled?: boolean;
  /** Runs the delete (and shows its outcome); the dialog closes when it settles. */
  onConfirm: () => Promise<unknown>;
}

/** The red 'Excluir' of an edit screen, asking before it deletes. */
export function DeleteAction({ label, title, message, busy, disabled, onConfirm }: DeleteActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className={styles.delete} onClick={() => setOpen(true)} disabled={disabled || busy}>
        <Trash2 size={16} aria-hidden="true" />
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        message={message}
        confirmLabel="Excluir"
        busy={busy}
        onConfirm={() => void onConfirm().finally(() => setOpen(false))}
      />
    </>
  );
}
