import {
  Controller,
  get,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { MaskedField, type MaskedFieldProps } from '../ui/masked-field';
import { fieldStatus, type FieldStatus } from '../ui/text-field';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any output type: only the input values are read here
export type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/** The validation look of a field (docs/behaviour/forms-and-validation.md#how-fields-behave): idle until touched, changed or submitted. */
export function statusOf<T extends FieldValues>(form: AnyForm<T>, name: Path<T>): FieldStatus {
  return fieldStatus(form.getFieldState(name, form.formState), form.formState.isSubmitted);
}

/** The message of a field's error, if any. */
export function errorOf<T extends FieldValues>(form: AnyForm<T>, name: Path<T>): string | undefined {
  return (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
}

/** What a TextField needs from a registered field: register's props, message and look. */
export function fieldProps<T extends FieldValues>(form: AnyForm<T>, name: Path<T>, options?: RegisterOptions<T>) {
  return { ...form.register(name, options), error: errorOf(form, name), status: statusOf(form, name) };
}

export interface FormMaskedFieldProps<T extends FieldValues> extends Omit<
  MaskedFieldProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'ref' | 'error' | 'status' | 'form'
> {
  form: AnyForm<T>;
  name: Path<T>;
  /** Called with the masked text after the form got it. */
  onValue?: (masked: string) => void;
}

/** A MaskedField bound to a form field (CPF/CNPJ, phone): the masked text is the value; rules run on it. */
export function FormMaskedField<T extends FieldValues>({ form, name, onValue, ...rest }: FormMaskedFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <MaskedField
          {...rest}
          value={(field.value as string | undefined) ?? ''}
          onChange={(masked) => {
            field.onChange(masked);
            onValue?.(masked);
          }}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={errorOf(form, name)}
          status={statusOf(form, name)}
        />
      )}
    />
  );
}
