import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { CONTEUDO_ACCEPT } from '@clinica/shared/schemas/conteudo';
import { ACCEPT_IMAGEM } from '@clinica/shared/schemas/imagem';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Check,
  CircleAlert,
  ClipboardList,
  GraduationCap,
  Home,
  ImageIcon,
  ListVideo,
  Plus,
  Ruler,
  Tags,
  ToggleRight,
  Trash2,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Controller, get, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { errorOf, fieldProps, FormMaskedField, statusOf } from '../../../components/forms/form-helpers';
import { Button } from '../../../components/ui/button';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useAutores, useCategorias } from '../api/opcoes';
import {
  DESCRICAO_MAX,
  EMPTY_CONTEUDO,
  isContentFile,
  isImageFile,
  maskHms,
  NOME_MAX,
  productFormSchema,
  TAG_MAX,
  TEXTO_HOME_MAX,
  type ProductFormOptions,
  type ProductFormValues,
} from '../product-form-schema';
import { FilePicker } from './file-picker';
import { FormSection } from './form-section';
import styles from './product-form.module.css';

export interface ProductFormProps extends ProductFormOptions {
  defaultValues: ProductFormValues;
  /** Edit screens start locked (SPEC §2): every field is read-only until 'Editar'. */
  locked?: boolean;
  /** Saving: the fields wait. */
  busy?: boolean;
  /** Edit: the current home picture, shown beside the field that replaces it. */
  homeImagePath?: string | null;
  /** Edit: where the product's pictures are managed. */
  imagesLink?: string;
  onSubmit: (values: ProductFormValues) => void;
  /** The buttons at the bottom ('Cadastrar', 'Editar', 'Salvar', 'Cancelar'). */
  actions: ReactNode;
  /** A line beside the buttons while saving ('Enviando imagem 1 de 2…'). */
  progress?: string | null;
  /** A quiet line beside the buttons (the locked edit screen says how to unlock). */
  note?: string;
}

/** The first message in a nested error tree (for the 'fix the fields' summary). */
const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/**
 * Every field of the back-office product (SPEC §3, §4, §5). The digital switch
 * hides dimensions and technical sheet and shows authors, tags and (new
 * product, ADMIN) contents; the category list follows it. 'Exibido no site'
 * asks for the home picture, its title and its text. Fields are checked on
 * change after the first interaction; submitting is blocked while any is invalid.
 */
export function ProductForm({
  defaultValues,
  mode,
  withContents,
  hasHomeImage = false,
  locked = false,
  busy = false,
  homeImagePath = null,
  imagesLink,
  onSubmit,
  actions,
  progress,
  note,
}: ProductFormProps) {
  const schema = useMemo(
    () => productFormSchema({ mode, withContents, hasHomeImage }),
    [mode, withContents, hasHomeImage],
  );
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues,
  });
  const { control, register, setValue, formState, trigger, reset } = form;

  // A reloaded product (edit 'Cancelar', a save) becomes the form's new starting point.
  useEffect(() => {
    reset(defaultValues);
  }, [reset, defaultValues]);

  const digital = useWatch({ control, name: 'digital' });
  const exibido = useWatch({ control, name: 'produtoExibidoSite' });
  const descricao = useWatch({ control, name: 'descricao' });
  const categoriaId = useWatch({ control, name: 'categoriaId' });

  // SPEC §2: the categories of the product's kind (digital or physical).
  const categorias = useCategorias(digital ? 'digitais' : 'fisicas');
  const categoriaOptions = useMemo(
    () => (categorias.data ?? []).map((c) => ({ value: String(c.id), label: c.nome })),
    [categorias.data],
  );
  useEffect(() => {
    if (!categorias.data || categoriaId === '') return;
    if (!categorias.data.some((c) => String(c.id) === categoriaId)) {
      // The other kind's list: its category no longer fits.
      setValue('categoriaId', '', { shouldDirty: true, shouldValidate: formState.isSubmitted });
    } else {
      // The options arrived after the select got its value: show the chosen one.
      setValue('categoriaId', categoriaId);
    }
  }, [categorias.data, categoriaId, setValue, formState.isSubmitted]);

  const disabled = locked || busy;
  const submit = form.handleSubmit(onSubmit);
  const showSummary = formState.isSubmitted && hasErrors(formState.errors);

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label="Dados do produto">
      <fieldset className={styles.fieldset} disabled={disabled}>
        <legend className="visually-hidden">Dados do produto</legend>
        <div className={styles.columns}>
          <div className={styles.main}>
            <FormSection
              title="Dados principais"
              description="Como o produto aparece na loja."
              icon={<ClipboardList size={18} />}
            >
              <SwitchField
                label="Produto digital"
                description="Cursos e conteúdos on-line: com autores, tags e conteúdos, sem medidas nem ficha técnica."
                {...register('digital', {
                  onChange: () => {
                    if (formState.isSubmitted) void trigger();
                  },
                })}
              />
              <TextField
                label="Nome"
                placeholder={digital ? 'Ex.: Curso de facetas em resina' : 'Ex.: Resina composta A2 4 g'}
                maxLength={NOME_MAX}
                required
                {...fieldProps(form, 'nome')}
              />
              <TextareaField
                label="Descrição"
                rows={4}
                maxLength={DESCRICAO_MAX}
                length={descricao.length}
                required
                {...fieldProps(form, 'descricao')}
              />
              <div className={styles.grid3}>
                <SelectField
                  label="Categoria"
                  placeholder={categorias.isPending ? MSG.carregando : 'Selecione…'}
                  options={categoriaOptions}
                  hint={digital ? 'Categorias de produtos digitais' : 'Categorias de produtos físicos'}
                  required
                  {...fieldProps(form, 'categoriaId')}
                />
                <Controller
                  name="preco"
                  control={control}
                  render={({ field }) => (
                    <MoneyField
                      label="Preço"
                      required
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                      error={errorOf(form, 'preco')}
                      status={statusOf(form, 'preco')}
                    />
                  )}
                />
                <FormMaskedField
                  form={form}
                  name="tempoEstimado"
                  label="Tempo estimado"
                  mask={maskHms}
                  placeholder="HH:MM:SS"
                  inputMode="numeric"
                  autoComplete="off"
                  hint="Horas de 00 a 23"
                />
              </div>
              {digital && (
                <TextField
                  label="Carga horária"
                  placeholder="Ex.: 12 horas"
                  maxLength={30}
                  hint="Mostrada na página do curso."
                  {...fieldProps(form, 'duracao')}
                />
              )}
            </FormSection>

            {digital ? (
              <>
                <FormSection
                  title="Autores"
                  description="Quem ministra o curso."
                  icon={<UsersRound size={18} />}
                  testId="autores-section"
                >
                  <AuthorsField form={form} />
                </FormSection>
                <FormSection
                  title="Tags"
                  description="Palavras que ajudam a encontrar o curso."
                  icon={<Tags size={18} />}
                >
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
            ) : (
              <>
                <FormSection
                  title="Medidas e peso"
                  description="Usados no cálculo do frete."
                  icon={<Ruler size={18} />}
                >
                  <div className={styles.grid4}>
                    <DimensionField form={form} name="altura" label="Altura (cm)" />
                    <DimensionField form={form} name="largura" label="Largura (cm)" />
                    <DimensionField form={form} name="comprimento" label="Comprimento (cm)" />
                    <DimensionField form={form} name="peso" label="Peso (kg)" />
                  </div>
                </FormSection>
                <FormSection
                  title="Ficha técnica"
                  description="Características mostradas na página do produto."
                  icon={<ClipboardList size={18} />}
                >
                  <TechnicalSheetField form={form} />
                </FormSection>
              </>
            )}
          </div>

          <aside className={styles.side}>
            <FormSection title="Situação" icon={<ToggleRight size={18} />}>
              <div className={styles.switches}>
                <SwitchField label="Ativo" description="Inativo, some da loja e da busca." {...register('ativo')} />
                <SwitchField
                  label="Disponível"
                  description="Indisponível, aparece na loja sem o botão de compra."
                  {...register('disponivel')}
                />
                <SwitchField
                  label="Brinde"
                  description="Oferecido de graça ao atingir o valor da condição de desconto (um brinde ativo por vez)."
                  {...register('brinde')}
                />
                <SwitchField
                  label="Exibido no site"
                  description="Vira um destaque no topo da loja, com imagem, título e texto."
                  {...register('produtoExibidoSite', {
                    onChange: () => {
                      if (formState.isSubmitted) void trigger(['tituloImagemHome', 'textoHome', 'imagemHome']);
                    },
                  })}
                />
              </div>
            </FormSection>

            {exibido && (
              <FormSection title="Destaque na home" icon={<Home size={18} />} testId="home-section">
                <TextField
                  label="Título do destaque"
                  maxLength={NOME_MAX}
                  required
                  {...fieldProps(form, 'tituloImagemHome')}
                />
                <TextareaField
                  label="Texto do destaque"
                  rows={3}
                  maxLength={TEXTO_HOME_MAX}
                  required
                  {...fieldProps(form, 'textoHome')}
                />
                {homeImagePath && (
                  <figure className={styles.currentHome}>
                    <img src={homeImagePath} alt="Imagem da home atual" />
                    <figcaption>Imagem da home atual</figcaption>
                  </figure>
                )}
                <Controller
                  name="imagemHome"
                  control={control}
                  render={({ field }) => (
                    <FilePicker
                      label="Imagem da home"
                      accept={ACCEPT_IMAGEM}
                      buttonText={homeImagePath ? 'Trocar a imagem da home' : 'Escolher a imagem da home'}
                      hint="JPEG, PNG ou WebP, na horizontal (ex.: 1600 × 600)."
                      files={field.value ? [field.value] : []}
                      onChange={(files) => field.onChange(files[0] ?? null)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      name={field.name}
                      error={errorOf(form, 'imagemHome')}
                      disabled={disabled}
                    />
                  )}
                />
              </FormSection>
            )}

            {mode === 'new' ? (
              <FormSection
                title="Imagens"
                description="Fotos da galeria, na ordem escolhida; a primeira vira a foto do card."
                icon={<ImageIcon size={18} />}
              >
                <Controller
                  name="imagens"
                  control={control}
                  render={({ field }) => (
                    <FilePicker
                      label="Imagens do produto"
                      accept={ACCEPT_IMAGEM}
                      multiple
                      buttonText="Escolher imagens"
                      hint="JPEG, PNG ou WebP."
                      files={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      name={field.name}
                      fileErrors={field.value.map((f) => (isImageFile(f) ? undefined : MSG_BO.produtoImagemInvalida))}
                      disabled={disabled}
                    />
                  )}
                />
              </FormSection>
            ) : (
              imagesLink && (
                <FormSection title="Imagens" icon={<ImageIcon size={18} />}>
                  <p className={styles.sectionText}>As fotos da galeria e a imagem da home ficam na tela de imagens.</p>
                  <Link to={imagesLink} className={styles.inlineLink}>
                    Gerenciar imagens do produto
                  </Link>
                </FormSection>
              )
            )}
          </aside>
        </div>
      </fieldset>

      <div className={styles.footer}>
        {showSummary && (
          <p className={styles.summary} role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            Corrija os campos destacados para salvar o produto.
          </p>
        )}
        {progress && (
          <p className={styles.progress} role="status">
            {progress}
          </p>
        )}
        {note && !progress && !showSummary && <p className={styles.note}>{note}</p>}
        <div className={styles.actions}>{actions}</div>
      </div>
    </form>
  );
}

type FormApi = ReturnType<typeof useForm<ProductFormValues>>;

function DimensionField({
  form,
  name,
  label,
}: {
  form: FormApi;
  name: 'altura' | 'largura' | 'comprimento' | 'peso';
  label: string;
}) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0"
      placeholder="0,00"
      required
      {...fieldProps(form, name)}
    />
  );
}

/** Authors of a digital product: a multi-select of GET /autor/ ('Selecione um autor'). */
function AuthorsField({ form }: { form: FormApi }) {
  const autores = useAutores();
  const error = errorOf(form, 'autores');
  return (
    <Controller
      name="autores"
      control={form.control}
      render={({ field }) => {
        const selected = new Set(field.value);
        const toggle = (id: number) => {
          const next = selected.has(id) ? field.value.filter((v) => v !== id) : [...field.value, id];
          field.onChange(next);
          field.onBlur();
        };
        return (
          <fieldset
            className={`${styles.choiceGroup} ${error ? styles.choiceInvalid : ''}`}
            aria-describedby={error ? 'autores-error' : undefined}
          >
            <legend className="visually-hidden">Autores do curso</legend>
            {autores.isPending ? (
              <p className={styles.sectionText}>{MSG.carregando}</p>
            ) : autores.isError ? (
              <p className={styles.fieldError}>Não foi possível carregar os autores.</p>
            ) : autores.data.length === 0 ? (
              <p className={styles.sectionText}>
                Nenhum autor cadastrado. Cadastre um em <Link to="/newAuthor">Unitários › Autores</Link>.
              </p>
            ) : (
              <div className={styles.choices}>
                {autores.data.map((a) => (
                  <label key={a.id} className={`${styles.choice} ${selected.has(a.id) ? styles.choiceOn : ''}`}>
                    <input
                      type="checkbox"
                      checked={selected.has(a.id)}
                      onChange={() => toggle(a.id)}
                      name={field.name}
                      ref={field.ref}
                    />
                    {a.pathImg ? (
                      <img
                        src={a.pathImg}
                        alt=""
                        className={styles.choiceAvatar}
                        width={28}
                        height={28}
                        loading="lazy"
                      />
                    ) : (
                      <span className={styles.choiceInitial} aria-hidden="true">
                        <UserRound size={16} />
                      </span>
                    )}
                    {a.nome}
                    {selected.has(a.id) && <Check size={16} className={styles.choiceCheck} aria-hidden="true" />}
                  </label>
                ))}
              </div>
            )}
            {error && (
              <p id="autores-error" className={styles.fieldError} role="alert">
                <CircleAlert size={16} aria-hidden="true" />
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

type RowListName = 'tags' | 'fichaTecnica' | 'conteudos';

/**
 * A list of rows of the form (tags, technical sheet, contents) kept as one
 * array value, its fields bound with Controller (controlled: a removed row
 * takes its values with it). Not useFieldArray: that code would land in the
 * shared react-hook-form chunk of the public form pages (QUALITY P6).
 */
function useRows<K extends RowListName>(form: FormApi, name: K) {
  const rows = useWatch({ control: form.control, name }) as ProductFormValues[K];
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current) form.setFocus(focusNext.current as Path<ProductFormValues>);
    focusNext.current = null;
  }, [rows.length, form]);
  const set = (next: ProductFormValues[K]) => {
    form.setValue(name, next as never, { shouldDirty: true });
    // Once submitted, the list is checked again (its messages follow the rows).
    if (form.formState.isSubmitted) void form.trigger(name);
    else form.clearErrors(name);
  };
  return {
    rows,
    append: (row: ProductFormValues[K][number], focus?: string) => {
      focusNext.current = focus ?? null;
      set([...rows, row] as ProductFormValues[K]);
    },
    remove: (index: number) => set(rows.filter((_, i) => i !== index) as ProductFormValues[K]),
  };
}

/** A text field of a row, bound with Controller. */
function RowText({
  form,
  name,
  onValue,
  ...rest
}: Omit<TextFieldProps, 'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'status' | 'ref'> & {
  form: FormApi;
  name: Path<ProductFormValues>;
  /** After a change (e.g. check the fields that depend on it). */
  onValue?: () => void;
}) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          {...rest}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            onValue?.();
          }}
          onBlur={field.onBlur}
          error={errorOf(form, name)}
          status={statusOf(form, name)}
        />
      )}
    />
  );
}

/** Tags of a digital product: one text each ('Preencha o campo da tag'). */
function TagsField({ form }: { form: FormApi }) {
  const { rows, append, remove } = useRows(form, 'tags');
  return (
    <div className={styles.rows}>
      {rows.length === 0 && <p className={styles.sectionText}>Nenhuma tag.</p>}
      {rows.map((_, i) => (
        <div key={i} className={styles.tagRow}>
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

/** The technical sheet of a physical product: description and value on every row. */
function TechnicalSheetField({ form }: { form: FormApi }) {
  const { rows, append, remove } = useRows(form, 'fichaTecnica');
  // The two fields of a row are checked together ('Preencha todos os campos da ficha técnica').
  const checkRow = (i: number) => {
    const names = [`fichaTecnica.${i}.descricao`, `fichaTecnica.${i}.valor`] as const;
    void form.trigger(names);
  };
  return (
    <div className={styles.rows}>
      {rows.length === 0 && <p className={styles.sectionText}>Nenhuma característica.</p>}
      {rows.map((_, i) => (
        <div key={i} className={styles.sheetRow}>
          <RowText
            form={form}
            name={`fichaTecnica.${i}.descricao`}
            label={`Característica ${i + 1}`}
            placeholder="Ex.: Cor"
            maxLength={100}
            onValue={() => checkRow(i)}
          />
          <RowText
            form={form}
            name={`fichaTecnica.${i}.valor`}
            label={`Valor ${i + 1}`}
            placeholder="Ex.: A2"
            maxLength={255}
            onValue={() => checkRow(i)}
          />
          <RemoveButton label={`Remover característica ${i + 1}`} onClick={() => remove(i)} />
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        onClick={() => append({ descricao: '', valor: '' }, `fichaTecnica.${rows.length}.descricao`)}
      >
        <Plus size={16} aria-hidden="true" />
        Adicionar característica
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
    <div className={styles.rows}>
      {rows.map((row, i) => (
        <fieldset key={i} className={styles.contentRow} data-testid="conteudo-row">
          <legend className={styles.contentLegend}>Conteúdo {i + 1}</legend>
          <div className={styles.contentGrid}>
            <RowText
              form={form}
              name={`conteudos.${i}.ordem`}
              label="Ordem"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className={styles.contentOrder}
              onValue={checkOrders}
            />
            <RowText
              form={form}
              name={`conteudos.${i}.titulo`}
              label="Título"
              maxLength={150}
              className={styles.contentTitle}
            />
            <FormMaskedField
              form={form}
              name={`conteudos.${i}.duracao`}
              label="Duração"
              mask={(v) => maskHms(v)}
              placeholder="HH:MM:SS"
              inputMode="numeric"
              autoComplete="off"
              className={styles.contentDuration}
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
          <div className={styles.contentFoot}>
            <Button variant="ghost" size="sm" onClick={() => remove(i)}>
              <Trash2 size={16} aria-hidden="true" />
              Remover conteúdo {i + 1}
            </Button>
          </div>
        </fieldset>
      ))}
      {listError && (
        <p className={styles.fieldError} role="alert">
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

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.removeRow} onClick={onClick} aria-label={label} title={label}>
      <Trash2 size={18} aria-hidden="true" />
    </button>
  );
}
