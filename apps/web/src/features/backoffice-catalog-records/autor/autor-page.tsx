import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { autorInputSchema, type Autor, type AutorData, type AutorInput } from '@clinica/shared/schemas/autor';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  RecordScreen,
  type RecordAttachment,
  type RecordFieldsProps,
  type RecordScreenConfig,
} from '../../../components/backoffice/crud/record-screen';
import { ImagePicker } from '../../../components/backoffice/image-picker';
import { fieldProps } from '../../../components/forms/form-helpers';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { useAutor, useAutorMutations } from '../api/autores';
import { hubPath } from '../hub/hub-state';

const SOBRE_MAX = 2000;

function AutorFields({ form }: RecordFieldsProps<Autor, AutorInput, AutorData>) {
  const sobre = useWatch({ control: form.control, name: 'sobre' }) ?? '';
  return (
    <>
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
    </>
  );
}

/** The author's photo: chosen in the form, sent after the author is saved (POST /autor/save/imgautor/{id}). */
function useAutorPhoto(autor: Autor | null): RecordAttachment<Autor> {
  const [foto, setFoto] = useState<File | null>(null);
  const [fotoErro, setFotoErro] = useState<string | undefined>();
  const { enviarFoto } = useAutorMutations();
  return {
    field: ({ locked, busy }) => (
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
    ),
    busy: enviarFoto.isPending,
    send: (saved) =>
      foto === null
        ? Promise.resolve(true)
        : enviarFoto.mutateAsync({ id: saved.id, file: foto }).then(
            () => {
              notifySuccess(MSG_BO.imagemEditada);
              setFoto(null);
              return true;
            },
            (error: unknown) => {
              // A failed upload shows the server's message.
              notifyApiError(error);
              return false;
            },
          ),
    reset: () => {
      setFoto(null);
      setFotoErro(undefined);
    },
  };
}

/**
 * /newAuthor and /editAuthor/{id}: name (3 or more characters), 'sobre' and
 * the photo, sent after the author is saved; a photo refused after a creation
 * opens the new author's edit screen to try another one. The edit screen
 * starts locked; deleting goes back to /unitarys; an author still in a
 * product cannot be deleted (409).
 */
export const autorScreen: RecordScreenConfig<Autor, AutorInput, AutorData, AutorData> = {
  eyebrow: 'Cadastro de unitários',
  titles: { create: 'Cadastro de autores', edit: 'Editar autor' },
  description: 'Os autores aparecem nas páginas dos cursos e na sala de aula, com foto e apresentação.',
  list: { href: hubPath('autores'), backLabel: 'Voltar aos autores' },
  editHref: (id) => `/editAuthor/${id}`,
  auditoria: 'autor',
  useRecord: useAutor,
  useMutations: useAutorMutations,
  resolver: zodResolver(autorInputSchema),
  valuesOf: (a) => ({ nome: a?.nome ?? '', sobre: a?.sobre ?? '' }),
  card: { newTitle: 'Novo autor', titleOf: (a) => a.nome, codeOf: (a) => `Autor #${a.id}` },
  formLabel: 'Dados do autor',
  createLabel: 'Cadastrar autor',
  remove: {
    label: 'Excluir autor',
    title: 'Excluir autor?',
    messageOf: (a) => `O autor “${a.nome}” será excluído. Autores vinculados a produtos não podem ser excluídos.`,
  },
  messages: { criado: MSG_BO.autorCadastrado, editado: MSG_BO.autorEditado, deletado: MSG_BO.autorDeletado },
  Fields: AutorFields,
  useAttachment: useAutorPhoto,
};

export const AutorPage = () => <RecordScreen config={autorScreen} />;

export { AutorPage as Component };
