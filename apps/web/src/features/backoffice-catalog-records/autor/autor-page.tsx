import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { autorInputSchema, type Autor, type AutorData, type AutorInput } from '@clinica/shared/schemas/autor';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { EditCard, FormActions, LockableFieldset } from '../../../components/backoffice/edit-card';
import { ImagePicker } from '../../../components/backoffice/image-picker';
import { fieldProps } from '../../../components/forms/form-helpers';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { useAutor, useAutorMutations } from '../api/autores';
import { DeleteAction, RecordFrame, useRecordId } from '../components/record-frame';
import { useRecordEditing } from '../components/use-record-editing';
import styles from '../components/record-form.module.css';

const SOBRE_MAX = 2000;

const valuesOf = (a: Autor | null): AutorInput => ({ nome: a?.nome ?? '', sobre: a?.sobre ?? '' });

/**
 * /newAuthor and /editAuthor/{id} (SPEC §2): name (3 or more characters),
 * 'sobre' and the photo, sent after the author is saved
 * (POST /autor/save/imgautor/{id}). The edit screen starts locked; deleting
 * goes back to /unitarys; an author still in a product cannot be deleted (409).
 */
export function AutorPage() {
  const id = useRecordId();
  const query = useAutor(id !== null && !Number.isNaN(id) ? id : null);
  return (
    <RecordFrame
      title={id === null ? 'Cadastro de autores' : 'Editar autor'}
      description="Os autores aparecem nas páginas dos cursos e na sala de aula, com foto e apresentação."
      tab="autores"
      backLabel="Voltar aos autores"
      id={id}
      query={query}
      auditoria="autor"
    >
      {(autor) => <AutorForm autor={autor} onReload={() => query.refetch()} />}
    </RecordFrame>
  );
}

function AutorForm({
  autor,
  onReload,
}: {
  autor: Autor | null;
  onReload: () => Promise<{ data?: Autor | undefined }>;
}) {
  const navigate = useNavigate();
  const [foto, setFoto] = useState<File | null>(null);
  const [fotoErro, setFotoErro] = useState<string | undefined>();
  const { salvar, enviarFoto, excluir } = useAutorMutations();
  const form = useForm<AutorInput, unknown, AutorData>({
    resolver: zodResolver(autorInputSchema),
    mode: 'all',
    defaultValues: valuesOf(autor),
  });
  const sobre = useWatch({ control: form.control, name: 'sobre' }) ?? '';
  const {
    mode,
    locked,
    edit,
    saved,
    cancel: reload,
    remove,
  } = useRecordEditing({
    record: autor,
    form,
    valuesOf,
    onReload,
    tab: 'autores',
    // 409: the author is still in a product; the server says so.
    excluir: (id) => excluir.mutateAsync(id),
    messages: { criado: MSG_BO.autorCadastrado, editado: MSG_BO.autorEditado, deletado: MSG_BO.autorDeletado },
  });
  const busy = salvar.isPending || enviarFoto.isPending;

  /** Sends the chosen photo of a saved author; resolves whether it was stored. */
  const sendPhoto = (id: number, file: File) =>
    enviarFoto.mutateAsync({ id, file }).then(
      () => {
        notifySuccess(MSG_BO.imagemEditada);
        return true;
      },
      (error: unknown) => {
        // SPEC §8: a failed upload shows the server's message.
        notifyApiError(error);
        return false;
      },
    );

  const submit = form.handleSubmit(async (body) => {
    let result: Autor;
    try {
      result = await salvar.mutateAsync({ id: autor?.id ?? null, body });
    } catch (error) {
      notifyApiError(error);
      return;
    }
    const stored = foto ? await sendPhoto(result.id, foto) : true;
    // A photo refused after the author was created: its edit screen, to try another one.
    saved(result, { stay: autor === null && !stored });
    if (autor === null && !stored) {
      navigate(`/editAuthor/${result.id}`);
      return;
    }
    if (stored) setFoto(null);
  });

  const cancel = async () => {
    await reload();
    setFoto(null);
    setFotoErro(undefined);
  };

  return (
    <EditCard
      title={autor ? autor.nome : 'Novo autor'}
      description={autor ? `Autor #${autor.id}` : 'Preencha os dados e salve para cadastrar.'}
      mode={mode}
      onEdit={edit}
      onCancel={() => void cancel()}
      busy={busy}
    >
      <form noValidate onSubmit={submit} className={styles.form} aria-label="Dados do autor">
        <LockableFieldset locked={locked}>
          <ImagePicker
            label="Foto do autor"
            file={foto}
            currentSrc={autor?.pathImg}
            alt={autor ? `Foto de ${autor.nome}` : 'Foto escolhida'}
            disabled={locked || busy}
            error={fotoErro}
            hint="JPEG, JPG, PNG ou WEBP. A foto é enviada ao salvar."
            onChange={(file) => {
              setFoto(file);
              setFotoErro(undefined);
            }}
            onReject={() => setFotoErro(MSG_BO.fotoAutorTipoInvalido)}
          />
          <TextField label="Nome" required maxLength={150} autoComplete="off" {...fieldProps(form, 'nome')} />
          <TextareaField
            label="Sobre"
            required
            rows={6}
            maxLength={SOBRE_MAX}
            length={sobre.length}
            hint="Formação, experiência e o que ensina."
            {...fieldProps(form, 'sobre')}
          />
        </LockableFieldset>
        <FormActions
          start={
            autor && (
              <DeleteAction
                label="Excluir autor"
                title="Excluir autor?"
                message={`O autor “${autor.nome}” será excluído. Autores vinculados a produtos não podem ser excluídos.`}
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
              {autor ? 'Salvar alterações' : 'Cadastrar autor'}
            </Button>
          )}
        </FormActions>
      </form>
    </EditCard>
  );
}

export { AutorPage as Component };
