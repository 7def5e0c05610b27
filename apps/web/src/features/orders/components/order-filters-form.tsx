import { FilterCard, useFilterForm } from '../../../components/backoffice/filter-card';
import { TextField } from '../../../components/ui/text-field';
import { EMPTY_FILTERS_FORM, orderFiltersFormSchema, type OrderFiltersForm as FormValues } from '../order-filters';
import styles from './order-filters-form.module.css';

export interface OrderFiltersFormProps {
  /** The applied filters (the form follows them when they change from outside, e.g. the back button). */
  value: FormValues;
  onApply: (values: FormValues) => void;
  onClear: () => void;
  /** The list is loading: the buttons wait. */
  busy?: boolean;
}

/**
 * Filters of the order list (docs/behaviour/orders.md#customer-order-list): order number and period,
 * always shown (three fields fit a phone). Checked on 'Filtrar', then on
 * every change; only errors are marked (an empty optional filter is not
 * 'valid', just unused).
 */
export function OrderFiltersForm({ value, onApply, onClear, busy = false }: OrderFiltersFormProps) {
  const { idPedido, dataInicio, dataFim } = value;
  const { form, bind, clear } = useFilterForm(
    orderFiltersFormSchema,
    { idPedido, dataInicio, dataFim },
    EMPTY_FILTERS_FORM,
    onClear,
  );

  return (
    <FilterCard
      label="Filtrar pedidos"
      applied={[idPedido, dataInicio, dataFim].filter(Boolean).length}
      onSubmit={form.handleSubmit((values) => onApply({ ...values, idPedido: values.idPedido.trim() }))}
      onClear={clear}
      fieldsClassName={styles.fields}
      actionsClassName={styles.actions}
      collapsible={false}
      busy={busy}
    >
      <TextField
        label="Nº do pedido"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Ex.: 1024"
        className={styles.id}
        {...bind('idPedido')}
      />
      <TextField label="Data de início" type="date" className={styles.date} {...bind('dataInicio')} />
      <TextField label="Data final" type="date" className={styles.date} {...bind('dataFim')} />
    </FilterCard>
  );
}
