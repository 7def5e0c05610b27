/**
 * One back-office record screen (create at /newX, edit at /editX/:id) built
 * from a configuration; its list is a `RecordList` (./record-list.tsx). The
 * authors, categories and discounts are three configurations of it.
 *
 * A new screen (coupons, stock, …) needs:
 * 1. its API hooks: `useRecord(id)` (GET of one record) and `useMutations()`
 *    with `salvar({ id, body })` (create when id is null, else edit) and
 *    `excluir(id)`; each refreshes its lists;
 * 2. a `RecordScreenConfig`: the texts (titles, card, delete question,
 *    success messages), the list it comes from, the form's resolver (its zod
 *    schema), `valuesOf` (record → form values), `bodyOf` when the body is not
 *    the checked values as they are, and `Fields`, the fields inside the
 *    lockable fieldset (`fieldProps(form, 'nome')` binds a text field);
 *    `useAttachment` for something sent after the record is saved (a photo);
 * 3. a page `() => <RecordScreen config={config} />` on both routes.
 * The frame, locked-edit flow, save and delete toasts, delete confirmation
 * and audit trail come with it.
 */
import type { EntidadeAuditoria } from '@clinica/shared/schemas/auditoria';
import type { UseQueryResult } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { notifyApiError } from '../../ui/toast';
import { EditCard, FormActions, LockableFieldset } from '../edit-card';
import styles from './record-form.module.css';
import { DeleteAction, RecordFrame, useRecordId } from './record-frame';
import { useRecordEditing } from './use-record-editing';

/** What a screen's mutations must offer (TanStack `useMutation` results fit). */
interface RecordMutations<R, B> {
  /** Creates (`id` null) or edits the record; resolves the saved record. */
  salvar: { mutateAsync: (request: { id: number | null; body: B }) => Promise<R>; isPending: boolean };
  /** Deletes the record (the server refuses one still in use, 409 with its message). */
  excluir: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
}

/** The props of a screen's fields. */
export interface RecordFieldsProps<R, V extends FieldValues, D> {
  form: UseFormReturn<V, unknown, D>;
  record: R | null;
}

/** Something a record carries besides its form values, sent after the record is saved (the author's photo). */
export interface RecordAttachment<R> {
  /** Its field, first in the form. */
  field: (state: { locked: boolean; busy: boolean }) => ReactNode;
  /** It is being sent. */
  busy: boolean;
  /** Sends it (if one was chosen) for the saved record; resolves false when it was refused. */
  send: (saved: R) => Promise<boolean>;
  /** Forgets the choice ('Cancelar'). */
  reset: () => void;
}

export interface RecordScreenConfig<R extends { id: number }, V extends FieldValues, D, B> {
  /** The line over the title: 'Cadastro de unitários'. */
  eyebrow: string;
  /** The page's title on the create and on the edit screen. */
  titles: { create: string; edit: string };
  description: string;
  /** The list the screen comes from and returns to after a creation or a delete. */
  list: { href: string; backLabel: string };
  /** The edit screen of a saved record: a creation whose attachment was refused opens it to try again. */
  editHref: (id: number) => string;
  /** The audit log's entity: the saved record's 'Histórico de alterações' goes under the form. */
  auditoria?: EntidadeAuditoria;
  useRecord: (id: number | null) => UseQueryResult<R>;
  useMutations: () => RecordMutations<R, B>;
  /** The form's rules: `zodResolver(schema)`. */
  resolver: Resolver<V, unknown, D>;
  /** The form's values for a record (or for a new one). */
  valuesOf: (record: R | null) => V;
  /** The request body of the checked values (when it is not the values as they are). */
  bodyOf?: (data: D) => B;
  /** The card around the form. */
  card: {
    /** Its title on the create screen: 'Nova categoria'. */
    newTitle: string;
    /** Its title and the line under it on an edit screen: the name, 'Categoria #3'. */
    titleOf: (record: R) => string;
    codeOf: (record: R) => string;
  };
  /** The form's accessible name: 'Dados da categoria'. */
  formLabel: string;
  /** The create button: 'Cadastrar categoria' (an edit says 'Salvar alterações'). */
  createLabel: string;
  /** The delete button and its question. */
  remove: { label: string; title: string; messageOf: (record: R) => string };
  /** The toasts after a creation, an edit and a delete. */
  messages: { criado: string; editado: string; deletado: string };
  /** The fields, inside the fieldset that locks them. */
  Fields: ComponentType<RecordFieldsProps<R, V, D>>;
  /** Something sent after the record is saved; called as a hook. */
  useAttachment?: (record: R | null) => RecordAttachment<R>;
}

const noAttachment = () => undefined;

/** The create or edit screen of a configured record (see the header comment). */
export function RecordScreen<R extends { id: number }, V extends FieldValues, D, B>({
  config,
}: {
  config: RecordScreenConfig<R, V, D, B>;
}) {
  const id = useRecordId();
  const query = config.useRecord(id !== null && !Number.isNaN(id) ? id : null);
  return (
    <RecordFrame
      title={id === null ? config.titles.create : config.titles.edit}
      eyebrow={config.eyebrow}
      description={config.description}
      backHref={config.list.href}
      backLabel={config.list.backLabel}
      id={id}
      query={query}
      auditoria={config.auditoria}
    >
      {(record) => <RecordForm config={config} record={record} onReload={() => query.refetch()} />}
    </RecordFrame>
  );
}

function RecordForm<R extends { id: number }, V extends FieldValues, D, B>({
  config,
  record,
  onReload,
}: {
  config: RecordScreenConfig<R, V, D, B>;
  record: R | null;
  onReload: () => Promise<{ data?: R | undefined }>;
}) {
  const { valuesOf, Fields, card, remove: removing } = config;
  const navigate = useNavigate();
  const { salvar, excluir } = config.useMutations();
  const attachment = (config.useAttachment ?? noAttachment)(record);
  const form = useForm<V, unknown, D>({
    resolver: config.resolver,
    mode: 'all',
    // Whole values are a valid start; TypeScript cannot see that a generic V fits its partial form.
    defaultValues: valuesOf(record) as DefaultValues<V>,
  });
  const { mode, locked, edit, saved, cancel, remove } = useRecordEditing({
    record,
    form,
    valuesOf,
    onReload,
    listHref: config.list.href,
    excluir: (id) => excluir.mutateAsync(id),
    messages: config.messages,
  });
  const busy = salvar.isPending || Boolean(attachment?.busy);

  // A refused creation or edit shows the server's message.
  const submit = form.handleSubmit(async (data) => {
    let result: R;
    try {
      result = await salvar.mutateAsync({
        id: record?.id ?? null,
        body: config.bodyOf ? config.bodyOf(data) : (data as unknown as B),
      });
    } catch (error) {
      notifyApiError(error);
      return;
    }
    const sent = attachment ? await attachment.send(result) : true;
    // An attachment refused after the record was created: its edit screen, to try another one.
    saved(result, { stay: record === null && !sent });
    if (record === null && !sent) navigate(config.editHref(result.id));
  });

  return (
    <EditCard
      title={record ? card.titleOf(record) : card.newTitle}
      description={record ? card.codeOf(record) : 'Preencha os dados e salve para cadastrar.'}
      mode={mode}
      onEdit={edit}
      onCancel={() => void cancel().then(() => attachment?.reset())}
      busy={busy}
    >
      <form noValidate onSubmit={submit} className={styles.form} aria-label={config.formLabel}>
        <LockableFieldset locked={locked}>
          {attachment?.field({ locked, busy })}
          <Fields form={form} record={record} />
        </LockableFieldset>
        <FormActions
          start={
            record && (
              <DeleteAction
                label={removing.label}
                title={removing.title}
                message={removing.messageOf(record)}
                busy={excluir.isPending}
                disabled={busy}
                onConfirm={remove}
              />
            )
          }
        >
          {!locked && (
            <Button type="submit" loading={busy}>
              <Save size={18} aria-hidden="true" />
              {record ? 'Salvar alterações' : config.createLabel}
            </Button>
          )}
        </FormActions>
      </form>
    </EditCard>
  );
}
