import { extrasCatalogoSchema } from '@clinica/shared/schemas/catalogo-enderecos';
import type { EnderecoCatalogo } from '@clinica/shared/schemas/catalogo-enderecos';
import { maskTelefone } from '@clinica/shared/masks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { EnderecoCatalogoBody } from '../../lib/catalogo-enderecos';
import { toEnderecoInput, type AddressValues } from './address-schema';

/** What an address of the book adds to the address block, as typed. */
export interface ExtrasValues {
  nome: string;
  nomeRecebedor: string;
  telefoneRecebedor: string;
}

export const EMPTY_EXTRAS: ExtrasValues = { nome: '', nomeRecebedor: '', telefoneRecebedor: '' };

export type ExtrasForm = UseFormReturn<ExtrasValues>;

/**
 * The name and recipient of an address of the book (docs/behaviour/accounts-and-sign-in.md#address-book), checked with
 * the contract's rules: name 1 to 40 characters, recipient optional, phone optional with DDD.
 */
export function useExtrasForm(defaultValues: ExtrasValues = EMPTY_EXTRAS): ExtrasForm {
  return useForm<ExtrasValues>({
    resolver: zodResolver(extrasCatalogoSchema) as never,
    mode: 'all',
    defaultValues,
  });
}

/** The form values of a saved entry. */
export const extrasValuesOf = (e: EnderecoCatalogo): ExtrasValues => ({
  nome: e.nome,
  nomeRecebedor: e.nomeRecebedor ?? '',
  telefoneRecebedor: e.telefoneRecebedor ? maskTelefone(e.telefoneRecebedor) : '',
});

/** The body of POST/PUT /cliente/{clientId}/enderecos from the two forms. */
export const toEnderecoCatalogoBody = (address: AddressValues, extras: ExtrasValues): EnderecoCatalogoBody => ({
  ...toEnderecoInput(address),
  nome: extras.nome.trim(),
  nomeRecebedor: extras.nomeRecebedor.trim() || null,
  telefoneRecebedor: extras.telefoneRecebedor.trim() || null,
});
