import { FilterCard, useFilterForm } from '../../../components/backoffice/filter-card';
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
 * Filters of /controlAccess (docs/behaviour/back-office.md#users-and-access): name or e-mail, permission, active and
 * ascending order. Checked on 'Filtrar', then on every change; on small
 * screens they fold under a button.
 */
export function UserFiltersForm({ value, onApply, onClear }: UserFiltersFormProps) {
  const { form, bind, clear } = useFilterForm(userFiltersFormSchema, value, EMPTY_USER_FILTERS_FORM, onClear);

  const applied = [value.nome, value.permissao, value.ativo, !value.ascendente].filter(Boolean).length;

  return (
    <FilterCard
      label="Filtrar usuários"
      applied={applied}
      onSubmit={form.handleSubmit((values) => onApply(values))}
      onClear={clear}
      fieldsClassName={styles.fields}
      actionsClassName={styles.actions}
    >
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
        {...form.register('ascendente')}
      />
    </FilterCard>
  );
}
