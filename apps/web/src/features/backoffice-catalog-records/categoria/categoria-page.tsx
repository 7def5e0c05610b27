import { MSG_BO } from '@clinica/shared/messages-backoffice';
import {
  categoriaInputSchema,
  type Categoria,
  type CategoriaData,
  type CategoriaInput,
} from '@clinica/shared/schemas/categoria';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { EditCard, FormActions, LockableFieldset } from '../../../components/backoffice/edit-card';
import { fieldProps } from '../../../components/forms/form-helpers';
import { Button } from '../../../components/ui/button';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { notifyApiError } from '../../../components/ui/toast';
import { useCategoria, useCategoriaMutations } from '../api/categorias';
import { DeleteAction, RecordFrame, useRecordId } from '../components/record-frame';
import { useRecordEditing } from '../components/use-record-editing';
import styles from '../components/record-form.module.css';

const valuesOf = (c: Categoria | null): CategoriaInput => ({ nome: c?.nome ?? '', digital: c?.digital ?? false });

/**
 * /newCategory 'Cadastro de categorias' and /editCategory/{id} (SPEC §2): the
 * name (3 or more characters) and whether the category groups digital
 * products. The edit screen starts locked; deleting goes back to /unitarys.
 */
export function CategoriaPage() {
  const id = useRecordId();
  const query = useCategoria(id !== null && !Number.isNaN(id) ? id : null);
  return (
    <RecordFrame
      title={id === null ? 'Cadastro de categorias' : 'Editar categoria'}
      description="As categorias agrupam os produtos na loja: materiais físicos ou cursos digitais."
      tab="categorias"
      backLabel="Voltar às categorias"
      id={id}
      query={query}
      auditoria="categoria"
    >
      {(categoria) => <CategoriaForm categoria={categoria} onReload={() => query.refetch()} />}
    </RecordFrame>
  );
}

function CategoriaForm({
  categoria,
  onReload,
}: {
  categoria: Categoria | null;
  onReload: () => Promise<{ data?: Categoria | undefined }>;
}) {
  const { salvar, excluir } = useCategoriaMutations();
  const form = useForm<CategoriaInput, unknown, CategoriaData>({
    resolver: zodResolver(categoriaInputSchema),
    mode: 'all',
    defaultValues: valuesOf(categoria),
  });
  const { mode, locked, edit, saved, cancel, remove } = useRecordEditing({
    record: categoria,
    form,
    valuesOf,
    onReload,
    tab: 'categorias',
    excluir: (id) => excluir.mutateAsync(id),
    messages: {
      criado: MSG_BO.categoriaCadastrada,
      editado: MSG_BO.categoriaEditada,
      deletado: MSG_BO.categoriaDeletada,
    },
  });
  const busy = salvar.isPending;

  // SPEC §8: a refused creation (or edit) shows the server's message.
  const submit = form.handleSubmit((body) =>
    salvar.mutate(
      { id: categoria?.id ?? null, body },
      { onSuccess: (r) => saved(r), onError: (error) => notifyApiError(error) },
    ),
  );

  return (
    <EditCard
      title={categoria ? categoria.nome : 'Nova categoria'}
      description={categoria ? `Categoria #${categoria.id}` : 'Preencha os dados e salve para cadastrar.'}
      mode={mode}
      onEdit={edit}
      onCancel={() => void cancel()}
      busy={busy}
    >
      <form noValidate onSubmit={submit} className={styles.form} aria-label="Dados da categoria">
        <LockableFieldset locked={locked}>
          <TextField label="Nome" required maxLength={100} autoComplete="off" {...fieldProps(form, 'nome')} />
          <SwitchField
            label="Categoria de produtos digitais"
            description="Ligada: agrupa cursos e outros produtos digitais. Desligada: materiais físicos, com entrega."
            {...form.register('digital')}
          />
        </LockableFieldset>
        <FormActions
          start={
            categoria && (
              <DeleteAction
                label="Excluir categoria"
                title="Excluir categoria?"
                message={`A categoria “${categoria.nome}” será excluída. Categorias com produtos não podem ser excluídas.`}
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
              {categoria ? 'Salvar alterações' : 'Cadastrar categoria'}
            </Button>
          )}
        </FormActions>
      </form>
    </EditCard>
  );
}

export { CategoriaPage as Component };
