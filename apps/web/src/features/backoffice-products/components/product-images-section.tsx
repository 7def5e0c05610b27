import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { ACCEPT_IMAGEM } from '@clinica/shared/schemas/imagem';
import { ImageIcon } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { isImageFile } from '../product-form-schema';
import { FilePicker } from './file-picker';
import { FormSection } from './form-section';
import sectionStyles from './form-section.module.css';
import type { FormApi } from './product-form-rows';

/**
 * 'Imagens': a new product takes its gallery pictures in the form (sent after
 * the product is created); an existing one links to its images screen.
 */
export function ProductImagesSection({
  form,
  mode,
  imagesLink,
  disabled,
}: {
  form: FormApi;
  mode: 'new' | 'edit';
  /** Edit: where the product's pictures are managed. */
  imagesLink?: string | undefined;
  disabled: boolean;
}) {
  if (mode === 'new') {
    return (
      <FormSection
        title="Imagens"
        description="Fotos da galeria, na ordem escolhida; a primeira vira a foto do card."
        icon={<ImageIcon size={18} />}
      >
        <Controller
          name="imagens"
          control={form.control}
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
    );
  }
  if (!imagesLink) return null;
  return (
    <FormSection title="Imagens" icon={<ImageIcon size={18} />}>
      <p className={sectionStyles.sectionText}>As fotos da galeria e a imagem da home ficam na tela de imagens.</p>
      <Link to={imagesLink} className={sectionStyles.inlineLink}>
        Gerenciar imagens do produto
      </Link>
    </FormSection>
  );
}
