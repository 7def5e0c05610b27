import { onlyDigits } from '@clinica/shared/documents';
import { maskCep } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { safeText } from '@clinica/shared/schemas/common';
import type { Endereco, EnderecoInput } from '@clinica/shared/schemas/endereco';
import { cepField, requiredText } from '@clinica/shared/schemas/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/** The address block as typed: every value a string; `uf` and `municipio` hold the selected id. */
export interface AddressValues {
  cep: string;
  uf: string;
  municipio: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  cep: '',
  uf: '',
  municipio: '',
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
};

/**
 * The address rules (docs/behaviour/forms-and-validation.md#address) with the contract's field schemas: CEP 8 digits
 * (99999-999), state selected, city, street, number and district not empty,
 * complement optional.
 */
const addressSchema = z.object({
  cep: cepField,
  uf: z.string().min(1, MSG.estado),
  municipio: z.string().min(1, MSG.naoVazio),
  logradouro: requiredText(200, MSG.naoVazio),
  numero: requiredText(20, MSG.naoVazio),
  complemento: safeText().max(100, MSG.textoLongo),
  bairro: requiredText(100, MSG.naoVazio),
});
type AddressData = z.output<typeof addressSchema>;

export type AddressForm = UseFormReturn<AddressValues, unknown, AddressData>;

/** The form of an address block; validates on change after the first interaction (docs/behaviour/forms-and-validation.md#how-fields-behave). */
export function useAddressForm(defaultValues: AddressValues = EMPTY_ADDRESS): AddressForm {
  return useForm<AddressValues, unknown, AddressData>({
    resolver: zodResolver(addressSchema),
    mode: 'all',
    defaultValues,
  });
}

/** The `endereco` of the sign-up and profile payloads (packages/shared/src/schemas/cliente.ts): CEP digits, ids as `{ id }`, blank complement null. */
export function toEnderecoInput(values: AddressValues): EnderecoInput {
  return {
    logradouro: values.logradouro.trim(),
    complemento: values.complemento.trim() || null,
    numero: values.numero.trim(),
    bairro: values.bairro.trim(),
    municipio: { id: Number(values.municipio) },
    uf: { id: Number(values.uf) },
    cep: onlyDigits(values.cep),
  };
}

/** The form values of a saved address (empty block when there is none). */
export function addressValuesOf(endereco: Endereco | null | undefined): AddressValues {
  if (!endereco) return EMPTY_ADDRESS;
  return {
    cep: maskCep(endereco.cep),
    uf: String(endereco.uf.id),
    municipio: String(endereco.municipio.id),
    logradouro: endereco.logradouro,
    numero: endereco.numero,
    complemento: endereco.complemento ?? '',
    bairro: endereco.bairro,
  };
}
