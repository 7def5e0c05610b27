import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyApiError, notifySuccess } from '../../ui/toast';

export interface RecordEditingOptions<R extends { id: number }, V> {
  /** The record being edited; null on the create screen. */
  record: R | null;
  /** The react-hook-form form (only its reset is used). */
  form: { reset: (values: V) => void };
  /** The form's values for a record (or for a new one). */
  valuesOf: (record: R | null) => V;
  /** Reads the record again (Cancelar). */
  onReload: () => Promise<{ data?: R | undefined }>;
  /** The list the screen returns to after a creation or a delete. */
  listHref: string;
  /** Deletes the record (the server refuses one still in use: 409 with its message). */
  excluir: (id: number) => Promise<unknown>;
  messages: { criado: string; editado: string; deletado: string };
}

/**
 * How a record screen edits: the create screen is open; an edit screen
 * starts locked, 'Editar' unlocks, 'Cancelar' reads the record again and
 * locks; a creation and a delete go back to the list; an edit stays, with the
 * saved values, locked again.
 */
export function useRecordEditing<R extends { id: number }, V>({
  record,
  form,
  valuesOf,
  onReload,
  listHref,
  excluir,
  messages,
}: RecordEditingOptions<R, V>) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const mode: 'create' | 'editing' | 'locked' = record === null ? 'create' : editing ? 'editing' : 'locked';

  return {
    mode,
    locked: mode === 'locked',
    edit: () => setEditing(true),
    /** After a successful save (`stay`: remain on the screen even after a creation, e.g. to retry a photo). */
    saved(result: R, { stay = false }: { stay?: boolean } = {}) {
      notifySuccess(record === null ? messages.criado : messages.editado);
      if (record === null && !stay) {
        navigate(listHref);
        return;
      }
      form.reset(valuesOf(result));
      setEditing(false);
    },
    async cancel() {
      const fresh = await onReload();
      form.reset(valuesOf(fresh.data ?? record));
      setEditing(false);
    },
    remove: () =>
      excluir((record as R).id).then(
        () => {
          notifySuccess(messages.deletado);
          navigate(listHref);
        },
        (error: unknown) => notifyApiError(error),
      ),
  };
}
