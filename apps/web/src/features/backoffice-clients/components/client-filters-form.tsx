import { maskCpfCnpj } from '@clinica/shared/masks';
import { useEffect, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useMunicipios } from '../../../components/address/api/municipios';
import { useUfs } from '../../../components/address/api/ufs';
import { FilterCard, useFilterForm } from '../../../components/backoffice/filter-card';
import { MaskedField } from '../../../components/ui/masked-field';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import {
  clientFiltersFormSchema,
  EMPTY_CLIENT_FILTERS_FORM,
  type ClientFiltersForm as FormValues,
} from '../client-filters';
import styles from './client-filters-form.module.css';

const SORT_OPTIONS: readonly SelectOption[] = [
  { value: 'asc', label: 'A a Z' },
  { value: 'desc', label: 'Z a A' },
];

export interface ClientFiltersFormProps {
  /** The applied filters (the form follows them when they change from outside, e.g. the back button). */
  value: FormValues;
  onApply: (values: FormValues) => void;
  onClear: () => void;
}

/**
 * Filters of /clients (docs/behaviour/back-office.md#clients): name or razão social, CPF/CNPJ with its
 * mask, client code, state then its cities (GET /uf/ and
 * GET /municipio/estado/{ufId}) and the order by name. Checked on 'Filtrar',
 * then on every change.
 */
export function ClientFiltersForm({ value, onApply, onClear }: ClientFiltersFormProps) {
  const { form, bind, clear } = useFilterForm(clientFiltersFormSchema, value, EMPTY_CLIENT_FILTERS_FORM, onClear);
  const { register, setValue, getValues, control } = form;
  const ufId = useWatch({ control, name: 'ufId' });
  const ufs = useUfs();
  const municipios = useMunicipios(ufId ? Number(ufId) : null);

  const ufOptions = useMemo(() => ufs.ufs.map((u) => ({ value: String(u.id), label: u.nome })), [ufs.ufs]);
  const cidadeOptions = useMemo(
    () => municipios.municipios.map((m) => ({ value: String(m.id), label: m.nome })),
    [municipios.municipios],
  );

  // A select shows its value only once it has the option: again when the states, then the cities, arrive.
  useEffect(() => {
    setValue('ufId', getValues('ufId'));
  }, [setValue, getValues, ufOptions.length]);
  useEffect(() => {
    setValue('municipioId', getValues('municipioId'));
  }, [setValue, getValues, cidadeOptions.length]);

  const applied = [value.nome, value.cpfCnpj, value.id, value.ufId].filter(Boolean).length;

  const ufField = register('ufId');

  return (
    <FilterCard
      label="Filtrar clientes"
      applied={applied}
      onSubmit={form.handleSubmit((values) => onApply(values))}
      onClear={clear}
      fieldsClassName={styles.fields}
    >
      <TextField
        label="Nome ou razão social"
        autoComplete="off"
        placeholder="Ex.: Maria Silva"
        className={styles.nome}
        {...bind('nome')}
      />
      <Controller
        control={control}
        name="cpfCnpj"
        render={({ field, fieldState }) => (
          <MaskedField
            label="CPF/CNPJ"
            mask={maskCpfCnpj}
            inputMode="text"
            autoComplete="off"
            placeholder="000.000.000-00"
            className={styles.documento}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            status={fieldState.error ? 'invalid' : 'idle'}
          />
        )}
      />
      <TextField
        label="Código"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Ex.: 12"
        className={styles.id}
        {...bind('id')}
      />
      <SelectField label="Ordem do nome" options={SORT_OPTIONS} className={styles.sort} {...bind('sort')} />
      <SelectField
        label="Estado"
        placeholder={ufs.isPending ? 'Carregando...' : 'Todos'}
        options={ufOptions}
        className={styles.uf}
        {...bind('ufId')}
        onChange={(e) => {
          void ufField.onChange(e);
          // Another state: its cities are others.
          setValue('municipioId', '');
        }}
      />
      <SelectField
        label="Cidade"
        placeholder={!ufId ? 'Escolha o estado' : municipios.isPending ? 'Carregando...' : 'Todas'}
        options={cidadeOptions}
        disabled={!ufId}
        className={styles.cidade}
        {...bind('municipioId')}
      />
    </FilterCard>
  );
}
