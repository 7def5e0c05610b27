import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { productFormSchema, type ProductFormOptions, type ProductFormValues } from '../product-form-schema';
import { ProductCourseSections } from './product-course-sections';
import { ProductAnvisaSection } from './product-anvisa-section';
import { ProductBrandSection } from './product-brand-section';
import { ProductFiscalSection } from './product-fiscal-section';
import { ProductFormActions } from './product-form-actions';
import { ProductImagesSection } from './product-images-section';
import { ProductMainSection } from './product-main-section';
import { ProductPhysicalSections } from './product-physical-sections';
import { ProductStatusSection } from './product-status-section';
import styles from './product-form.module.css';

export interface ProductFormProps extends ProductFormOptions {
  defaultValues: ProductFormValues;
  /** Edit screens start locked: every field is read-only until 'Editar'. */
  locked?: boolean;
  /** Saving: the fields wait. */
  busy?: boolean;
  /** Edit: the current home picture, shown beside the field that replaces it. */
  homeImagePath?: string | null;
  /** Edit: where the product's pictures are managed. */
  imagesLink?: string;
  onSubmit: (values: ProductFormValues) => void;
  /** The buttons of the action bar ('Cadastrar', 'Editar', 'Salvar', 'Cancelar'). */
  actions: ReactNode;
  /** A line beside the buttons while saving ('Enviando imagem 1 de 2…'). */
  progress?: string | null;
  /** A quiet line beside the buttons (the locked edit screen says how to unlock). */
  note?: string;
}

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/**
 * Every field of the back-office product, one section per file. The digital
 * switch hides dimensions and technical sheet and shows authors, tags and (new
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
  const { control, formState, reset } = form;

  // A reloaded product (edit 'Cancelar', a save) becomes the form's new starting point.
  useEffect(() => {
    reset(defaultValues);
  }, [reset, defaultValues]);

  const digital = useWatch({ control, name: 'digital' });
  const disabled = locked || busy;

  return (
    <form className={styles.form} noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label="Dados do produto">
      <fieldset className={styles.fieldset} disabled={disabled}>
        <legend className="visually-hidden">Dados do produto</legend>
        <div className={styles.columns}>
          <div className={styles.main}>
            <ProductMainSection form={form} />
            {digital ? (
              <ProductCourseSections form={form} mode={mode} withContents={withContents} />
            ) : (
              <>
                <ProductPhysicalSections form={form} mode={mode} />
                <ProductBrandSection form={form} />
                <ProductFiscalSection form={form} />
                <ProductAnvisaSection form={form} />
              </>
            )}
          </div>
          <aside className={styles.side}>
            <ProductStatusSection form={form} homeImagePath={homeImagePath} disabled={disabled} />
            <ProductImagesSection form={form} mode={mode} imagesLink={imagesLink} disabled={disabled} />
          </aside>
        </div>
      </fieldset>
      <ProductFormActions
        showSummary={formState.isSubmitted && hasErrors(formState.errors)}
        progress={progress}
        note={note}
      >
        {actions}
      </ProductFormActions>
    </form>
  );
}
