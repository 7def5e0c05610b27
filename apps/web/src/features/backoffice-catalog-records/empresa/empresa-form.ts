import { applyMask, CNPJ_PATTERN, maskCep, unmask } from '@clinica/shared/masks';
import type { Empresa } from '@clinica/shared/schemas/empresa';
import { empresaInputSchema, type EmpresaInput } from '@clinica/shared/schemas/empresa-admin';
import type { z } from 'zod';
import { EMPTY_ADDRESS, toEnderecoInput, type AddressValues } from '../../../components/address/address-schema';

/** CNPJ as typed: 00.000.000/0000-00 (letters allowed in the first 12 characters, valid since July 2026). */
export const maskCnpj = (value: string): string => applyMask(unmask(value).slice(0, 14), CNPJ_PATTERN);

/**
 * The company's own fields, with the contract's rules:
 * razão social of 3 or more characters, a valid CNPJ, an e-mail, web links
 * and the opening hours; the address is the shared address block.
 */
export const empresaFormSchema = empresaInputSchema.omit({ endereco: true });
/** The form's values: every field a text (blank optional fields are sent as null). */
export type EmpresaValues = z.input<typeof empresaFormSchema>;
export type EmpresaFormData = z.output<typeof empresaFormSchema>;

const EMPTY_EMPRESA: EmpresaValues = {
  nome: '',
  nomeFantasia: '',
  cnpj: '',
  email: '',
  whatsapp: '',
  facebook: '',
  instagram: '',
  youtube: '',
  descricaoHorarioFuncionamento: '',
};

/** The form values of the saved company (empty when there is none). */
export function empresaValuesOf(empresa: Empresa | null | undefined): EmpresaValues {
  if (!empresa) return EMPTY_EMPRESA;
  return {
    nome: empresa.nome,
    nomeFantasia: empresa.nomeFantasia ?? '',
    cnpj: maskCnpj(empresa.cnpj),
    email: empresa.email ?? '',
    whatsapp: empresa.whatsapp ?? '',
    facebook: empresa.facebook ?? '',
    instagram: empresa.instagram ?? '',
    youtube: empresa.youtube ?? '',
    descricaoHorarioFuncionamento: empresa.descricaoHorarioFuncionamento ?? '',
  };
}

/** The address block's values of the saved company. */
export function empresaAddressOf(empresa: Empresa | null | undefined): AddressValues {
  const e = empresa?.endereco;
  if (!e) return EMPTY_ADDRESS;
  return {
    cep: maskCep(e.cep),
    uf: String(e.uf.id),
    municipio: String(e.municipio.id),
    logradouro: e.logradouro,
    numero: e.numero,
    complemento: e.complemento ?? '',
    bairro: e.bairro,
  };
}

/** POST /empresa/ payload: the checked company fields and the address (CEP digits, ids as `{ id }`). */
export const empresaPayload = (company: EmpresaFormData, address: AddressValues): EmpresaInput => ({
  ...company,
  endereco: toEnderecoInput(address),
});
