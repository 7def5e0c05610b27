import { zodResolver } from '@hookform/resolvers/zod';
import { Eraser, Search } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
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
 * Filters of the order list (SPEC §2 /orders/{id}): order number and period.
 * Checked on 'Filtrar', then on every change; only errors are marked (an
 * empty optional filter is not 'valid', just unused).
 */
export function OrderFiltersForm({ value, onApply, onClear, busy = false }: OrderFiltersFormProps) {
  const form = useForm<FormValues>({
    resolver: zodResolver(orderFiltersFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: value,
  });
  const { register, formState, reset } = form;

  const { idPedido, dataInicio, dataFim } = value;
  useEffect(() => {
    reset({ idPedido, dataInicio, dataFim });
  }, [reset, idPedido, dataInicio, dataFim]);

  const bind = (name: Path<FormValues>) => {
    const error = formState.errors[name]?.message;
    return { ...register(name), error, status: error ? ('invalid' as const) : ('idle' as const) };
  };

  const submit = form.handleSubmit((values) => onApply({ ...values, idPedido: values.idPedido.trim() }));
  const clear = () => {
    reset(EMPTY_FILTERS_FORM);
    onClear();
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label="Filtrar pedidos">
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
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          <Search size={18} aria-hidden="true" />
          Filtrar
        </Button>
        <Button type="button" variant="ghost" onClick={clear} disabled={busy}>
          <Eraser size={18} aria-hidden="true" />
          Limpar
        </Button>
      </div>
    </form>
  );
}
