import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { ACCEPT_IMAGEM } from '@clinica/shared/schemas/imagem';
import { Check, CircleAlert, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { notifyApiError, notifyError, notifySuccess } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useEnviarImagem } from '../api/imagens';
import { isImageFile } from '../product-form-schema';
import { FilePicker } from './file-picker';
import styles from './image-upload-form.module.css';

/** Where a file of the last sending is. */
interface Envio {
  nome: string;
  estado: 'fila' | 'enviando' | 'enviada' | 'erro';
  motivo?: string;
}

const ESTADO: Record<Envio['estado'], string> = {
  fila: 'Na fila',
  enviando: 'Enviando…',
  enviada: 'Enviada',
  erro: 'Não enviada',
};

/**
 * 'Adicionar imagem': one or several pictures for the gallery (each sent on
 * its own, one after the other, with its own result: one refused does not stop
 * the others), or one home picture, which replaces the previous one.
 */
export function ImageUploadForm({ produtoId }: { produtoId: number }) {
  const enviar = useEnviarImagem(produtoId);
  const [files, setFiles] = useState<File[]>([]);
  const [home, setHome] = useState(false);
  const [pickError, setPickError] = useState<string | undefined>();
  const [envios, setEnvios] = useState<Envio[]>([]);
  const [working, setWorking] = useState(false);

  const marcar = (i: number, envio: Partial<Envio>) =>
    setEnvios((all) => all.map((e, j) => (j === i ? { ...e, ...envio } : e)));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (files.length === 0) return setPickError(MSG_BO.selecioneImagem);
    // Each refused file says why in the list; the form says what to do.
    if (!files.every(isImageFile)) return setPickError('Remova da lista os arquivos que não são imagens.');
    const lote = files;
    setWorking(true);
    setFiles([]);
    setEnvios(lote.map((f) => ({ nome: f.name, estado: 'fila' })));
    let falhas = 0;
    let ultimoErro: unknown = null;
    for (const [i, file] of lote.entries()) {
      marcar(i, { estado: 'enviando' });
      try {
        await enviar.mutateAsync({ file, isHomeImage: home });
        marcar(i, { estado: 'enviada' });
      } catch (error) {
        falhas += 1;
        ultimoErro = error;
        marcar(i, { estado: 'erro', motivo: errorMessage(error) });
      }
    }
    setWorking(false);
    setHome(false);
    if (lote.length === 1) {
      if (falhas === 0) notifySuccess(MSG_BO.imagemAdicionada);
      else notifyApiError(ultimoErro, MSG_BO.erroCarregarImagens);
    } else if (falhas === 0) {
      notifySuccess(`${lote.length} imagens adicionadas com sucesso!`);
    } else {
      notifyError(`${falhas} de ${lote.length} imagens não foram enviadas: veja o motivo na lista.`);
    }
  };

  return (
    <form className={styles.addForm} noValidate onSubmit={(e) => void add(e)} aria-label="Adicionar imagem">
      <h2 className={styles.title}>Adicionar imagem</h2>
      <FilePicker
        label="Arquivo da imagem"
        accept={ACCEPT_IMAGEM}
        multiple={!home}
        buttonText={home ? 'Escolher imagem' : 'Escolher imagens'}
        hint="JPEG, PNG ou WebP; na galeria, várias de uma vez. A imagem é otimizada e os metadados são removidos."
        files={files}
        onChange={(picked) => {
          setFiles(picked);
          setPickError(undefined);
        }}
        fileErrors={files.map((f) => (isImageFile(f) ? undefined : MSG_BO.produtoImagemInvalida))}
        error={pickError}
        disabled={working || produtoId === 0}
      />
      <fieldset className={styles.kind} disabled={working}>
        <legend className={styles.kindLegend}>Onde usar</legend>
        <label className={styles.kindOption}>
          <input type="radio" name="tipo" checked={!home} onChange={() => setHome(false)} />
          <span>
            <strong>Galeria do produto</strong>
            <small>Fotos da página do produto; a primeira vira a foto do card.</small>
          </span>
        </label>
        <label className={styles.kindOption}>
          <input
            type="radio"
            name="tipo"
            checked={home}
            onChange={() => {
              setHome(true);
              // One home picture: only the first file chosen stays.
              setFiles((f) => f.slice(0, 1));
            }}
          />
          <span>
            <strong>Imagem da home</strong>
            <small>Substitui a imagem de destaque atual.</small>
          </span>
        </label>
      </fieldset>
      <Button type="submit" loading={working} disabled={produtoId === 0} fullWidth>
        <Plus size={18} aria-hidden="true" />
        {files.length > 1 ? `Adicionar ${files.length} imagens` : 'Adicionar imagem'}
      </Button>
      {envios.length > 0 && (
        <ul className={styles.envios} aria-label="Envio das imagens" aria-live="polite">
          {envios.map((envio, i) => (
            <li key={i} className={`${styles.envio} ${styles[envio.estado]}`} data-testid="image-upload">
              {envio.estado === 'enviada' ? (
                <Check size={16} aria-hidden="true" />
              ) : envio.estado === 'erro' ? (
                <CircleAlert size={16} aria-hidden="true" />
              ) : (
                <Spinner size="sm" />
              )}
              <span className={styles.envioText}>
                <span className={styles.envioNome}>{envio.nome}</span>
                <span>{envio.motivo ? `${ESTADO.erro}: ${envio.motivo}` : ESTADO[envio.estado]}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
