import { useEffect } from 'react';
import { FilterCard, useFilterForm } from '../../../components/backoffice/filter-card';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import {
  EMPTY_PRODUCT_FILTERS_FORM,
  productFiltersFormSchema,
  type FlagKey,
  type ProductFiltersForm as FormValues,
} from '../product-filters';
import styles from './product-filters-form.module.css';

const FLAG_OPTIONS: readonly SelectOption[] = [
  { value: 'true', label: 'Sim' },
  { value: 'false', label: 'Não' },
];

const FLAGS: { key: FlagKey; label: string }[] = [
  { key: 'ativo', label: 'Ativo' },
  { key: 'produtoExibidoSite', label: 'Exibido no site' },
  { key: 'disponivel', label: 'Disponível' },
  { key: 'brinde', label: 'Brinde' },
];

export interface ProductFiltersFormProps {
  /** The applied filters (the form follows them when they change from outside, e.g. the back button). */
  value: FormValues;
  categorias: readonly SelectOption[];
  categoriasLoading?: boolean;
  onApply: (values: FormValues) => void;
  onClear: () => void;
}

/**
 * Filters of /products (docs/behaviour/back-office.md#products): name, code, description, category and the
 * yes/no filters active, shown on site, available and gift ('Todos' = either).
 * Checked on 'Filtrar', then on every change.
 */
export function ProductFiltersForm({
  value,
  categorias,
  categoriasLoading = false,
  onApply,
  onClear,
}: ProductFiltersFormProps) {
  const { form, bind, clear } = useFilterForm(productFiltersFormSchema, value, EMPTY_PRODUCT_FILTERS_FORM, onClear);
  const { setValue, getFieldState } = form;
  // When the categories arrive, the select can show the applied one (it shows a value only once it has the option).
  // Only that field: what the person typed in the others meanwhile stays.
  const categoriasLoaded = categorias.length > 0;
  const appliedCategoria = value.idCategoria;
  useEffect(() => {
    if (categoriasLoaded && !getFieldState('idCategoria').isDirty) setValue('idCategoria', appliedCategoria);
  }, [categoriasLoaded, appliedCategoria, getFieldState, setValue]);

  const applied = Object.values(value).filter(Boolean).length;

  return (
    <FilterCard
      label="Filtrar produtos"
      applied={applied}
      onSubmit={form.handleSubmit((values) => onApply(values))}
      onClear={clear}
      fieldsClassName={styles.fields}
    >
      <TextField label="Nome" autoComplete="off" placeholder="Ex.: Resina" className={styles.nome} {...bind('nome')} />
      <TextField
        label="Código"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Ex.: 12"
        className={styles.id}
        {...bind('id')}
      />
      <TextField
        label="Descrição"
        autoComplete="off"
        placeholder="Parte da descrição"
        className={styles.descricao}
        {...bind('descricao')}
      />
      <SelectField
        label="Categoria"
        placeholder={categoriasLoading ? 'Carregando...' : 'Todas'}
        options={categorias}
        className={styles.categoria}
        {...bind('idCategoria')}
      />
      {FLAGS.map(({ key, label }) => (
        <SelectField
          key={key}
          label={label}
          placeholder="Todos"
          options={FLAG_OPTIONS}
          className={styles.flag}
          {...bind(key)}
        />
      ))}
    </FilterCard>
  );
}
