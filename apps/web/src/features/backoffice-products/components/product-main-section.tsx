import { MSG } from '@clinica/shared/messages';
import { ClipboardList } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { errorOf, fieldProps, FormMaskedField, statusOf } from '../../../components/forms/form-helpers';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useCategorias } from '../api/opcoes';
import { DESCRICAO_MAX, maskHms, NOME_MAX } from '../product-form-schema';
import { FormSection } from './form-section';
import type { FormApi } from './product-form-rows';
import styles from './product-form.module.css';

/**
 * 'Dados principais': the digital switch, name, description, category (of the
 * product's kind), price, estimated time and, for a course, its workload.
 */
export function ProductMainSection({ form }: { form: FormApi }) {
  const { control, register, setValue, formState, trigger } = form;
  const digital = useWatch({ control, name: 'digital' });
  const descricao = useWatch({ control, name: 'descricao' });
  const categoriaId = useWatch({ control, name: 'categoriaId' });

  // The categories of the product's kind (digital or physical).
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

  return (
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
  );
}
