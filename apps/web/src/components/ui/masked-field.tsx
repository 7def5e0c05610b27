import type { ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export interface MaskedFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> {
  /** A mask from `@clinica/shared/masks` (maskCpfCnpj, maskCep, maskPhone, maskCardExpiry, …). */
  mask: (value: string) => string;
  value: string;
  /** Receives the masked text. */
  onChange: (masked: string) => void;
}

/**
 * A TextField that formats what is typed with a mask. Use it with
 * react-hook-form's Controller; validate the unmasked value (docs/behaviour/forms-and-validation.md#masks).
 */
export function MaskedField({ mask, value, onChange, ...rest }: MaskedFieldProps) {
  return (
    <TextField
      {...rest}
      value={mask(value ?? '')}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(mask(e.target.value))}
    />
  );
}
