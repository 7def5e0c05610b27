import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { applyMask, digitsOnly } from '@clinica/shared/masks';
import { CONTEUDO_ACCEPT, type ConteudoAdminItem } from '@clinica/shared/schemas/conteudo';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, FileUp, Upload } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { fieldProps, FormMaskedField, errorOf } from '../../../components/forms/form-helpers';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notifyApiError, notifyInfo, notifySuccess } from '../../../components/ui/toast';
import type { EnvioConteudo } from '../api/conteudos';
import {
  algumCampoVazio,
  conteudoFormSchema,
  extensaoAceita,
  proximaOrdem,
  type ConteudoFormData,
  type ConteudoFormValues,
} from '../content-form-schema';
import styles from '../contents-page.module.css';

const maskDuracao = (value: string) => applyMask(digitsOnly(value), '99:99:99');

const vazio = (usadas: readonly number[]): ConteudoFormValues => ({
  ordem: String(proximaOrdem(usadas)),
  titulo: '',
  duracao: '',
  arquivo: null,
});

export interface ContentFormProps {
  /** Orders already in the list (an order must not be used twice). */
  usadas: readonly number[];
  /** Sends the content (multipart with progress); resolves with it as stored. */
  enviar: (envio: EnvioConteudo) => Promise<ConteudoAdminItem>;
}

/**
 * 'Adicionar conteúdo' (docs/behaviour/back-office.md#product-contents): order, title,
 * duration HH:MM:SS and the file (PDF, MP4 or AVI), sent with its progress;
 * 'Conteúdo adicionado com sucesso!' or the server's message.
 */
export function ContentForm({ usadas, enviar }: ContentFormProps) {
  // Rebuilt when the list changes: react-hook-form reads the newest resolver on every validation.
  const resolver = useMemo(() => zodResolver(conteudoFormSchema(usadas)), [usadas]);
  const form = useForm<ConteudoFormValues, unknown, ConteudoFormData>({
    resolver,
    mode: 'all',
    defaultValues: vazio(usadas),
  });
  const [progresso, setProgresso] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [escolha, setEscolha] = useState(0);
  const fileId = useId();
  const enviando = progresso !== null;
  const { isSubmitted, isValid } = form.formState;
  const faltaCampo = isSubmitted && !isValid && algumCampoVazio(form.getValues());
  const arquivoErro = errorOf(form, 'arquivo');

  const submit = form.handleSubmit(async ({ ordem, titulo, duracao, arquivo }) => {
    setProgresso(0);
    try {
      const item = await enviar({ ordem, titulo, duracao, arquivo: arquivo!, onProgress: setProgresso });
      notifySuccess(MSG_BO.conteudoAdicionado);
      if (item.processamento === 'PROCESSANDO') notifyInfo(MSG_BO.conteudoEmProcessamento);
      form.reset(vazio([...usadas, item.ordem]));
      setEscolha((n) => n + 1); // a fresh file input: the chosen file is gone
    } catch (error) {
      // A failed upload shows the server's message.
      notifyApiError(error);
    } finally {
      setProgresso(null);
    }
  });

  return (
    <section className={styles.card} aria-labelledby="novo-conteudo">
      <h2 id="novo-conteudo" className={styles.cardTitle}>
        Adicionar conteúdo
      </h2>
      <p className={styles.cardText}>PDF, vídeo MP4 ou AVI. Vídeos AVI são convertidos para MP4 depois do envio.</p>
      <form noValidate onSubmit={submit} className={styles.form} aria-label="Adicionar conteúdo">
        <fieldset disabled={enviando} className={styles.fields}>
          <TextField
            label="Ordem"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            {...fieldProps(form, 'ordem')}
          />
          <TextField label="Título" required maxLength={150} autoComplete="off" {...fieldProps(form, 'titulo')} />
          <FormMaskedField
            form={form}
            name="duracao"
            label="Duração"
            mask={maskDuracao}
            placeholder="HH:MM:SS"
            inputMode="numeric"
            required
            hint="Horas, minutos e segundos: 00:12:30"
          />
          <Controller
            control={form.control}
            name="arquivo"
            render={({ field }) => (
              <div className={styles.file} data-status={arquivoErro ? 'invalid' : undefined}>
                <label htmlFor={fileId} className={styles.fileLabel}>
                  Arquivo
                </label>
                <div className={styles.fileRow}>
                  <Button variant="outline" onClick={() => fileInput.current?.click()} aria-controls={fileId}>
                    <FileUp size={18} aria-hidden="true" />
                    {MSG_BO.conteudoSelecione}
                  </Button>
                  <span className={styles.fileName} aria-live="polite">
                    {field.value ? field.value.name : 'Nenhum arquivo escolhido'}
                  </span>
                </div>
                <input
                  key={escolha}
                  ref={(el) => {
                    fileInput.current = el;
                    field.ref(el);
                  }}
                  id={fileId}
                  name={field.name}
                  type="file"
                  accept={CONTEUDO_ACCEPT}
                  className="visually-hidden"
                  aria-invalid={arquivoErro ? true : undefined}
                  aria-describedby={arquivoErro ? `${fileId}-erro` : `${fileId}-dica`}
                  onChange={(e) => {
                    const file = e.target.files?.[0] ?? null;
                    field.onChange(file);
                    field.onBlur();
                  }}
                />
                {arquivoErro ? (
                  <p id={`${fileId}-erro`} className={styles.fileError} role="alert">
                    <CircleAlert size={16} aria-hidden="true" />
                    {arquivoErro}
                  </p>
                ) : (
                  <p id={`${fileId}-dica`} className={styles.fileHint}>
                    {field.value && !extensaoAceita(field.value) ? MSG_BO.conteudoFormatoInvalido : 'PDF, MP4 ou AVI.'}
                  </p>
                )}
              </div>
            )}
          />
        </fieldset>
        {faltaCampo && (
          <p className={styles.formError} role="alert">
            <CircleAlert size={16} aria-hidden="true" />
            {MSG_BO.conteudoCamposObrigatorios}
          </p>
        )}
        {enviando && (
          <div className={styles.progress}>
            <progress max={1} value={progresso} aria-label="Progresso do envio" />
            <span>Enviando… {Math.round(progresso * 100)}%</span>
          </div>
        )}
        <Button type="submit" loading={enviando} className={styles.submit}>
          <Upload size={18} aria-hidden="true" />
          Adicionar conteúdo
        </Button>
      </form>
    </section>
  );
}
