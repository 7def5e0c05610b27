import { Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Controller, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { errorOf, statusOf } from '../../../components/forms/form-helpers';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import type { ProductFormValues } from '../product-form-schema';
import styles from './product-form-rows.module.css';

/** The product form's react-hook-form handle, passed to each section. */
export type FormApi = UseFormReturn<ProductFormValues>;

type RowListName = 'tags' | 'fichaTecnica' | 'conteudos';

/**
 * A list of rows of the form (tags, technical sheet, contents) kept as one
 * array value, its fields bound with Controller (controlled: a removed row
 * takes its values with it). Not useFieldArray: that code would land in the
 * shared react-hook-form chunk of the public form pages.
 */
export function useRows<K extends RowListName>(form: FormApi, name: K) {
  const rows = useWatch({ control: form.control, name }) as ProductFormValues[K];
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current) form.setFocus(focusNext.current as Path<ProductFormValues>);
    focusNext.current = null;
  }, [rows.length, form]);
  const set = (next: ProductFormValues[K]) => {
    form.setValue(name, next as never, { shouldDirty: true });
    // Once submitted, the list is checked again (its messages follow the rows).
    if (form.formState.isSubmitted) void form.trigger(name);
    else form.clearErrors(name);
  };
  return {
    rows,
    append: (row: ProductFormValues[K][number], focus?: string) => {
      focusNext.current = focus ?? null;
      set([...rows, row] as ProductFormValues[K]);
    },
    remove: (index: number) => set(rows.filter((_, i) => i !== index) as ProductFormValues[K]),
  };
}

/** A text field of a row, bound with Controller. */
export function RowText({
  form,
  name,
  onValue,
  ...rest
}: Omit<TextFieldProps, 'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'status' | 'ref'> & {
  form: FormApi;
  name: Path<ProductFormValues>;
  /** After a change (e.g. check the fields that depend on it). */
  onValue?: () => void;
}) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          {...rest}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            onValue?.();
          }}
          onBlur={field.onBlur}
          error={errorOf(form, name)}
          status={statusOf(form, name)}
        />
      )}
    />
  );
}

/** The bin button at the end of a tag or technical-sheet row. */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.removeRow} onClick={onClick} aria-label={label} title={label}>
      <Trash2 size={18} aria-hidden="true" />
    </button>
  );
}
