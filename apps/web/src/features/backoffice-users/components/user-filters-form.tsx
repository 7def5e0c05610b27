import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, Eraser, Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { EMPTY_USER_FILTERS_FORM, userFiltersFormSchema, type UserFiltersForm as FormValues } from '../user-filters';
import styles from './user-filters-form.module.css';

const PERMISSAO_OPTIONS: readonly SelectOption[] = [
  { value: 'ADMIN', label: 'Gerente (ADMIN)' },
  { value: 'USUARIO', label: 'Usuário (USUARIO)' },
  { value: 'CLIENTE', label: 'Cliente (CLIENTE)' },
];

const ATIVO_OPTIONS: readonly SelectOption[] = [
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Inativos' },
];

export interface UserFiltersFormProps {
  /** The applied filters (the form follows them when they change from outside, e.g. the back button). */
  value: FormValues;
  onApply: (values: FormValues) => void;
  onClear: () => void;
}

/**
 * Filters of /controlAccess (SPEC §2): name or e-mail, permission, active and
 * ascending order. Checked on 'Filtrar', then on every change; on small
 * screens they fold under a button.
 */
export function UserFiltersForm({ value, onApply, onClear }: UserFiltersFormProps) {
  const form = useForm<FormValues>({
    resolver: zodResolver(userFiltersFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: value,
  });
  const { register, formState, reset } = form;

  const serialized = JSON.stringify(value);
  useEffect(() => {
    reset(JSON.parse(serialized) as FormValues);
  }, [reset, serialized]);

  const bind = (name: Path<FormValues>) => {
    const error = formState.errors[name]?.message;
    return { ...register(name), error, status: error ? ('invalid' as const) : ('idle' as const) };
  };

  const clear = () => {
    reset(EMPTY_USER_FILTERS_FORM);
    onClear();
  };

  const applied = [value.nome, value.permissao, value.ativo, !value.ascendente].filter(Boolean).length;
  const [open, setOpen] = useState(applied > 0);
  const fieldsId = useId();

  return (
    <form
      className={`${styles.form} ${open ? styles.open : ''}`}
      noValidate
      onSubmit={form.handleSubmit((values) => onApply(values))}
      aria-label="Filtrar usuários"
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
          label="Nome ou e-mail"
          autoComplete="off"
          placeholder="Ex.: Maria"
          className={styles.nome}
          {...bind('nome')}
        />
        <SelectField
          label="Permissão"
          placeholder="Todas"
          options={PERMISSAO_OPTIONS}
          className={styles.select}
          {...bind('permissao')}
        />
        <SelectField
          label="Situação"
          placeholder="Todos"
          options={ATIVO_OPTIONS}
          className={styles.select}
          {...bind('ativo')}
        />
        <SwitchField
          label="Ordem crescente"
          description="De A a Z pelo nome"
          className={styles.ordem}
          {...register('ascendente')}
        />
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
