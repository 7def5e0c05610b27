import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, Eraser, Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
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
 * Filters of /products (SPEC §2): name, code, description, category and the
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
  const form = useForm<FormValues>({
    resolver: zodResolver(productFiltersFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: value,
  });
  const { register, formState, reset, setValue, getFieldState } = form;

  // The applied filters, when they change from outside (the back button, 'Limpar').
  const serialized = JSON.stringify(value);
  useEffect(() => {
    reset(JSON.parse(serialized) as FormValues);
  }, [reset, serialized]);
  // When the categories arrive, the select can show the applied one (it shows a value only once it has the option).
  // Only that field: what the person typed in the others meanwhile stays.
  const categoriasLoaded = categorias.length > 0;
  const appliedCategoria = value.idCategoria;
  useEffect(() => {
    if (categoriasLoaded && !getFieldState('idCategoria').isDirty) setValue('idCategoria', appliedCategoria);
  }, [categoriasLoaded, appliedCategoria, getFieldState, setValue]);

  const bind = (name: Path<FormValues>) => {
    const error = formState.errors[name]?.message;
    return { ...register(name), error, status: error ? ('invalid' as const) : ('idle' as const) };
  };

  const clear = () => {
    reset(EMPTY_PRODUCT_FILTERS_FORM);
    onClear();
  };

  // Small screens: the filters fold under a button (open when some filter is applied).
  const applied = Object.values(value).filter(Boolean).length;
  const [open, setOpen] = useState(applied > 0);
  const fieldsId = useId();

  return (
    <form
      className={`${styles.form} ${open ? styles.open : ''}`}
      noValidate
      onSubmit={form.handleSubmit((values) => onApply(values))}
      aria-label="Filtrar produtos"
    >
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={fieldsId}
        onClick={() => setOpen((v) => !v)}
      >
        <SlidersHorizontal size={18} aria-hidden="true" />
        Filtros
        {applied > 0 && <span className={styles.applied}>{applied}</span>}
        <ChevronDown size={18} className={styles.chevron} aria-hidden="true" />
      </button>
      <div className={styles.fields} id={fieldsId}>
        <TextField
          label="Nome"
          autoComplete="off"
          placeholder="Ex.: Resina"
          className={styles.nome}
          {...bind('nome')}
        />
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
        <div className={styles.actions}>
          <Button type="submit">
            <Search size={18} aria-hidden="true" />
            Filtrar
          </Button>
          <Button type="button" variant="ghost" onClick={clear}>
            <Eraser size={18} aria-hidden="true" />
            Limpar
          </Button>
        </div>
      </div>
    </form>
  );
}
