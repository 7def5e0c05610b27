import { FilterCard, useFilterForm } from '../../../components/backoffice/filter-card';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import {
  couponFiltersFormSchema,
  EMPTY_COUPON_FILTERS_FORM,
  type CouponFiltersForm as FormValues,
} from '../coupon-filters';
import styles from './coupon-filters-form.module.css';

const VIGENTE_OPTIONS: readonly SelectOption[] = [
  { value: 'true', label: 'Vigentes (valem hoje)' },
  { value: 'false', label: 'Fora de vigência' },
];
const ATIVO_OPTIONS: readonly SelectOption[] = [
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Desativados' },
];

export interface CouponFiltersFormProps {
  /** The applied filters (the form follows them when they change from outside, e.g. the back button). */
  value: FormValues;
  onApply: (values: FormValues) => void;
  onClear: () => void;
}

/** Filters of /cupons (docs/behaviour/back-office.md#coupons): part of the code, in force today, active. */
export function CouponFiltersForm({ value, onApply, onClear }: CouponFiltersFormProps) {
  const { form, bind, clear } = useFilterForm(couponFiltersFormSchema, value, EMPTY_COUPON_FILTERS_FORM, onClear);
  const applied = Object.values(value).filter(Boolean).length;
  return (
    <FilterCard
      label="Filtrar cupons"
      applied={applied}
      onSubmit={form.handleSubmit((values) => onApply(values))}
      onClear={clear}
      fieldsClassName={styles.fields}
      actionsClassName={styles.actions}
    >
      <TextField
        label="Código"
        autoComplete="off"
        autoCapitalize="characters"
        placeholder="Ex.: BEMVINDO"
        className={styles.codigo}
        {...bind('codigo')}
      />
      <SelectField label="Vigência" placeholder="Todos" options={VIGENTE_OPTIONS} {...bind('vigente')} />
      <SelectField label="Situação" placeholder="Todos" options={ATIVO_OPTIONS} {...bind('ativo')} />
    </FilterCard>
  );
}
