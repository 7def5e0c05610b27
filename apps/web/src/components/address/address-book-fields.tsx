import { maskTelefone } from '@clinica/shared/masks';
import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import { Controller, useFormState } from 'react-hook-form';
import { MaskedField } from '../ui/masked-field';
import { fieldStatus, TextField } from '../ui/text-field';
import { AddressFields } from './address-fields';
import type { ExtrasForm } from './address-book-form';
import type { AddressForm } from './address-schema';
import styles from './address-fields.module.css';

export interface AddressBookFieldsProps {
  form: AddressForm;
  extras: ExtrasForm;
  /** The recipient's fields too (the profile's dialog); the checkout has its own above the address. */
  recipient?: boolean;
  disabled?: boolean;
}

/** The name of an address of the book. */
export function AddressNameField({ extras, disabled }: { extras: ExtrasForm; disabled?: boolean | undefined }) {
  // Its own subscription: the form's owner (the checkout page, the dialog) does not read the name's state.
  const formState = useFormState({ control: extras.control, name: 'nome' });
  const state = extras.getFieldState('nome', formState);
  return (
    <TextField
      label={MSG_ENDERECOS.nomeCampo}
      placeholder={MSG_ENDERECOS.nomeDica}
      maxLength={40}
      autoComplete="off"
      required
      disabled={disabled}
      {...extras.register('nome')}
      error={formState.errors.nome?.message}
      // An error set on a step's submit shows even before the field was touched.
      status={state.error ? 'invalid' : fieldStatus(state, formState.isSubmitted)}
    />
  );
}

/**
 * An address of the book as a form: its name, the address block of sign-up and checkout (with its CEP lookup), and
 * optionally who receives it.
 */
export function AddressBookFields({ form, extras, recipient = false, disabled = false }: AddressBookFieldsProps) {
  return (
    <div className={styles.book}>
      <AddressNameField extras={extras} disabled={disabled} />
      <AddressFields form={form} disabled={disabled} />
      {recipient && (
        <div className={styles.grid}>
          <TextField
            label={MSG_ENDERECOS.recebedor}
            autoComplete="off"
            disabled={disabled}
            {...extras.register('nomeRecebedor')}
            error={extras.formState.errors.nomeRecebedor?.message}
          />
          <Controller
            name="telefoneRecebedor"
            control={extras.control}
            render={({ field, fieldState }) => (
              <MaskedField
                label={MSG_ENDERECOS.telefoneRecebedor}
                mask={maskTelefone}
                placeholder="(00) 0000-0000"
                inputMode="tel"
                autoComplete="off"
                disabled={disabled}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
      )}
    </div>
  );
}
