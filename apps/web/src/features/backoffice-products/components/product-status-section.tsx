import { ACCEPT_IMAGEM } from '@clinica/shared/schemas/imagem';
import { Home, ToggleRight } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { errorOf, fieldProps } from '../../../components/forms/form-helpers';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { NOME_MAX, TEXTO_HOME_MAX } from '../product-form-schema';
import { FilePicker } from './file-picker';
import { FormSection } from './form-section';
import type { FormApi } from './product-form-rows';
import styles from './product-status-section.module.css';

/**
 * 'Situação' (active, available, gift, shown on the site) and, when the
 * product is shown on the site, 'Destaque na home': its title, text and picture.
 */
export function ProductStatusSection({
  form,
  homeImagePath,
  disabled,
}: {
  form: FormApi;
  /** Edit: the current home picture, shown beside the field that replaces it. */
  homeImagePath: string | null;
  disabled: boolean;
}) {
  const { control, register, formState, trigger } = form;
  const exibido = useWatch({ control, name: 'produtoExibidoSite' });
  return (
    <>
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
    </>
  );
}
