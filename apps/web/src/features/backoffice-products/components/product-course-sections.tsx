import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { CONTEUDO_ACCEPT } from '@clinica/shared/schemas/conteudo';
import { CircleAlert, GraduationCap, ListVideo, Plus, Tags, Trash2, UsersRound } from 'lucide-react';
import { Controller, get } from 'react-hook-form';
import { errorOf, FormMaskedField } from '../../../components/forms/form-helpers';
import { Button } from '../../../components/ui/button';
import { EMPTY_CONTEUDO, isContentFile, maskHms, TAG_MAX, type ProductFormOptions } from '../product-form-schema';
import { FilePicker } from './file-picker';
import { FormSection } from './form-section';
import sectionStyles from './form-section.module.css';
import { AuthorsField } from './product-authors-field';
import { RemoveButton, RowText, useRows, type FormApi } from './product-form-rows';
import rowStyles from './product-form-rows.module.css';
import styles from './product-form.module.css';

/**
 * What only a course has: 'Autores', 'Tags' and, on a new product, 'Conteúdos'
 * (sent by the Gerente only; the staff see a note instead).
 */
export function ProductCourseSections({
  form,
  mode,
  withContents,
}: { form: FormApi } & Pick<ProductFormOptions, 'mode' | 'withContents'>) {
  return (
    <>
      <FormSection
        title="Autores"
        description="Quem ministra o curso."
        icon={<UsersRound size={18} />}
        testId="autores-section"
      >
        <AuthorsField form={form} />
      </FormSection>
      <FormSection title="Tags" description="Palavras que ajudam a encontrar o curso." icon={<Tags size={18} />}>
        <TagsField form={form} />
      </FormSection>
      {mode === 'new' &&
        (withContents ? (
          <FormSection
            title="Conteúdos"
            description="Vídeos (MP4 ou AVI) e leituras (PDF), enviados logo depois do cadastro do produto."
            icon={<ListVideo size={18} />}
          >
            <ContentsField form={form} />
          </FormSection>
        ) : (
          <p className={styles.contentsNote}>
            <GraduationCap size={18} aria-hidden="true" />
            Os conteúdos do curso (vídeos e PDFs) são cadastrados pelo Gerente.
          </p>
        ))}
    </>
  );
}

/** Tags of a digital product: one text each ('Preencha o campo da tag'). */
function TagsField({ form }: { form: FormApi }) {
  const { rows, append, remove } = useRows(form, 'tags');
  return (
    <div className={rowStyles.rows}>
      {rows.length === 0 && <p className={sectionStyles.sectionText}>Nenhuma tag.</p>}
      {rows.map((_, i) => (
        <div key={i} className={rowStyles.tagRow}>
          <RowText
            form={form}
            name={`tags.${i}.nome`}
            label={`Tag ${i + 1}`}
            maxLength={TAG_MAX}
            placeholder="Ex.: estética"
          />
          <RemoveButton label={`Remover tag ${i + 1}`} onClick={() => remove(i)} />
        </div>
      ))}
      <Button variant="outline" size="sm" onClick={() => append({ nome: '' }, `tags.${rows.length}.nome`)}>
        <Plus size={16} aria-hidden="true" />
        Adicionar tag
      </Button>
    </div>
  );
}

/** The contents of a new digital product: order, title, duration (HH:MM:SS) and file, all required. */
function ContentsField({ form }: { form: FormApi }) {
  const { rows, append, remove } = useRows(form, 'conteudos');
  const rootError = get(form.formState.errors, 'conteudos') as
    { message?: string; root?: { message?: string } } | undefined;
  const listError = rootError?.message ?? rootError?.root?.message;
  const nextOrder = Math.max(0, ...rows.map((c) => Number(c.ordem) || 0)) + 1;
  // The orders must differ: a change checks every order again.
  const checkOrders = () => void form.trigger(rows.map((_, j) => `conteudos.${j}.ordem` as const));

  return (
    <div className={rowStyles.rows}>
      {rows.map((row, i) => (
        <fieldset key={i} className={rowStyles.contentRow} data-testid="conteudo-row">
          <legend className={rowStyles.contentLegend}>Conteúdo {i + 1}</legend>
          <div className={rowStyles.contentGrid}>
            <RowText
              form={form}
              name={`conteudos.${i}.ordem`}
              label="Ordem"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className={rowStyles.contentOrder}
              onValue={checkOrders}
            />
            <RowText
              form={form}
              name={`conteudos.${i}.titulo`}
              label="Título"
              maxLength={150}
              className={rowStyles.contentTitle}
            />
            <FormMaskedField
              form={form}
              name={`conteudos.${i}.duracao`}
              label="Duração"
              mask={(v) => maskHms(v)}
              placeholder="HH:MM:SS"
              inputMode="numeric"
              autoComplete="off"
              className={rowStyles.contentDuration}
            />
          </div>
          <Controller
            name={`conteudos.${i}.file`}
            control={form.control}
            render={({ field, fieldState }) => (
              <FilePicker
                label={`Arquivo do conteúdo ${i + 1}`}
                accept={CONTEUDO_ACCEPT}
                kind="file"
                buttonText="Escolher arquivo (PDF, MP4 ou AVI)"
                files={field.value ? [field.value] : []}
                onChange={(files) => {
                  field.onChange(files[0] ?? null);
                  field.onBlur();
                }}
                ref={field.ref}
                name={field.name}
                error={
                  fieldState.isTouched || form.formState.isSubmitted ? errorOf(form, `conteudos.${i}.file`) : undefined
                }
                fileErrors={row.file && !isContentFile(row.file) ? [MSG_BO.conteudoFormatoInvalido] : []}
              />
            )}
          />
          <div className={rowStyles.contentFoot}>
            <Button variant="ghost" size="sm" onClick={() => remove(i)}>
              <Trash2 size={16} aria-hidden="true" />
              Remover conteúdo {i + 1}
            </Button>
          </div>
        </fieldset>
      ))}
      {listError && (
        <p className={sectionStyles.fieldError} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {listError}
        </p>
      )}
      <Button variant="outline" size="sm" onClick={() => append({ ...EMPTY_CONTEUDO, ordem: String(nextOrder) })}>
        <Plus size={16} aria-hidden="true" />
        Adicionar conteúdo
      </Button>
    </div>
  );
}
