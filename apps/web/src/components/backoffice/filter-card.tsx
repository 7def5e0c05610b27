import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, Eraser, Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../ui/button';
import styles from './filter-card.module.css';

export interface FilterCardProps {
  /** The form's accessible name ('Filtrar clientes'). */
  label: string;
  /** How many filters are applied: the count on the phone's fold, which starts open when there are some. */
  applied: number;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** 'Limpar'. */
  onClear: () => void;
  /**
   * The fields' grid: a class that may set `--filter-columns` (the grid's
   * columns from 768 px; four by default) and place the fields.
   */
  fieldsClassName?: string;
  /** The buttons' cell, to place it otherwise (with a selector stronger than one class). */
  actionsClassName?: string;
  /** false: the fields are always shown, without the phone's fold. */
  collapsible?: boolean;
  /** The list is loading: the buttons wait. */
  busy?: boolean;
  /** The fields. */
  children: ReactNode;
}

/**
 * The filter card of a back-office list: the fields, then 'Filtrar' and
 * 'Limpar'. Below 768 px the fields fold under a 'Filtros' button showing
 * how many filters are applied. The applied filters live in the address
 * (`list-search.ts`): the screen reads them from it and writes them back on
 * 'Filtrar'; `useFilterForm` keeps the fields in step with it.
 */
export function FilterCard({
  label,
  applied,
  onSubmit,
  onClear,
  fieldsClassName,
  actionsClassName,
  collapsible = true,
  busy = false,
  children,
}: FilterCardProps) {
  const [open, setOpen] = useState(applied > 0);
  const fieldsId = useId();
  const state = !collapsible ? styles.static : open ? styles.open : '';

  return (
    <form className={`${styles.card} ${state}`} noValidate onSubmit={onSubmit} aria-label={label}>
      {collapsible && (
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
      )}
      <div className={`${styles.fields} ${fieldsClassName ?? ''}`} id={fieldsId}>
        {children}
        <div className={`${styles.actions} ${actionsClassName ?? ''}`}>
          <Button type="submit" disabled={busy}>
            <Search size={18} aria-hidden="true" />
            Filtrar
          </Button>
          <Button type="button" variant="ghost" onClick={onClear} disabled={busy}>
            <Eraser size={18} aria-hidden="true" />
            Limpar
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * The form behind a filter card: checked on 'Filtrar', then on every change;
 * it follows the applied filters when they change from outside (the back
 * button, 'Limpar filtros'); `clear` empties it and calls `onClear`.
 */
export function useFilterForm<T extends FieldValues>(schema: z.ZodType<T, T>, value: T, empty: T, onClear: () => void) {
  const form = useForm<T>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: value as never,
  });
  const { register, formState, reset } = form;

  const serialized = JSON.stringify(value);
  useEffect(() => {
    reset(JSON.parse(serialized) as T);
  }, [reset, serialized]);

  /** A field's props: registered, with its error and its invalid state. */
  const bind = (name: Path<T>) => {
    const error = formState.errors[name]?.message as string | undefined;
    return { ...register(name), error, status: error ? ('invalid' as const) : ('idle' as const) };
  };

  const clear = () => {
    reset(empty);
    onClear();
  };

  return { form, bind, clear };
}
