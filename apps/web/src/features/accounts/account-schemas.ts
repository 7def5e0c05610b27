import { documentKind, onlyAlphanumeric, onlyDigits, type DocumentKind } from '@clinica/shared/documents';
import { maskCpfCnpj, maskPhone } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import type { Cliente } from '@clinica/shared/schemas/cliente';
import {
  celularField,
  emailField,
  isCpfOrCnpj,
  nomeField,
  novaSenhaField,
  requiredText,
  senhaField,
} from '@clinica/shared/schemas/fields';
import { z } from 'zod';
import { passwordConfirmation } from '../../components/account-dialogs/account-dialog-schemas';

/*
 * The account forms, built from the contract's field rules (packages/shared
 * schemas/fields.ts) so each rule keeps its message. Form values stay
 * as typed (masked); the payload builders below turn them into the contract's
 * shapes.
 */

/** Step 0: CPF (11 digits) or CNPJ (14 characters, alphanumeric accepted) with valid check digits. */
export const documentoSchema = z.object({
  documento: z.string().refine(isCpfOrCnpj, { error: MSG.cpfCnpj }),
});
export type DocumentoValues = z.input<typeof documentoSchema>;

/** 11 characters: an individual; otherwise a company (docs/behaviour/accounts-and-sign-in.md#sign-up). */
export const kindOf = (documento: string): DocumentKind => documentKind(documento);

/** Individual: name (3+) and mobile phone. */
const pessoaFisicaShape = { nome: nomeField(150), celular: celularField };
/** Company: razão social (3+), inscrição estadual (not empty) and mobile phone. */
const pessoaJuridicaShape = {
  razaoSocial: nomeField(150),
  inscricaoEstadual: requiredText(20, MSG.naoVazio),
  celular: celularField,
};

export const pessoaFisicaSchema = z.object(pessoaFisicaShape);
export const pessoaJuridicaSchema = z.object(pessoaJuridicaShape);
export type PessoaFisicaValues = z.input<typeof pessoaFisicaSchema>;
export type PessoaJuridicaValues = z.input<typeof pessoaJuridicaSchema>;

const credenciaisShape = { email: emailField, senha: senhaField, confirmacao: z.string() };

/** Sign-up step 1 of an individual: name, e-mail (.com or .br), mobile, password and its confirmation. */
export const signUpFisicaSchema = z
  .object({ ...pessoaFisicaShape, ...credenciaisShape })
  .superRefine(passwordConfirmation('senha', senhaField));
/** Sign-up step 1 of a company: razão social, inscrição estadual, e-mail, mobile, password and confirmation. */
export const signUpJuridicaSchema = z
  .object({ ...pessoaJuridicaShape, ...credenciaisShape })
  .superRefine(passwordConfirmation('senha', senhaField));
export type SignUpFisicaValues = z.input<typeof signUpFisicaSchema>;
export type SignUpJuridicaValues = z.input<typeof signUpJuridicaSchema>;

/** An e-mail of recovery and e-mail change ('.com' or '.br'): the e-mail change dialog's rule. */
export { emailSchema, type EmailValues } from '../../components/account-dialogs/account-dialog-schemas';

/** New password (4+, 'A senha tem que ter 4 ou mais caracteres.') and its confirmation. */
export const novaSenhaSchema = z
  .object({ novaSenha: novaSenhaField, confirmacao: z.string() })
  .superRefine(passwordConfirmation('novaSenha', novaSenhaField));
export type NovaSenhaValues = z.input<typeof novaSenhaSchema>;

/**
 * The person or company part of the sign-up and profile payloads:
 * an individual sends nome and cpf with the company fields null and juridica
 * false; a company sends razaoSocial, inscricaoEstadual, cnpj, juridica true
 * and nome null. Documents and phone go without punctuation.
 */
export function pessoaPayload(
  documento: string,
  data: { kind: 'cpf'; fisica: PessoaFisicaValues } | { kind: 'cnpj'; juridica: PessoaJuridicaValues },
) {
  if (data.kind === 'cpf') {
    return {
      nome: data.fisica.nome.trim(),
      cpf: onlyDigits(documento),
      razaoSocial: null,
      cnpj: null,
      inscricaoEstadual: null,
      juridica: false,
      telefone: onlyDigits(data.fisica.celular),
    };
  }
  return {
    nome: null,
    cpf: null,
    razaoSocial: data.juridica.razaoSocial.trim(),
    cnpj: onlyAlphanumeric(documento),
    inscricaoEstadual: data.juridica.inscricaoEstadual.trim(),
    juridica: true,
    telefone: onlyDigits(data.juridica.celular),
  };
}

/** The form values of a loaded client. */
export function profileValuesOf(cliente: Cliente) {
  const documento = maskCpfCnpj(cliente.cpfCnpj || (cliente.juridica ? (cliente.cnpj ?? '') : (cliente.cpf ?? '')));
  const celular = maskPhone(cliente.telefone);
  return {
    documento: { documento },
    fisica: { nome: cliente.nome ?? '', celular },
    juridica: { razaoSocial: cliente.razaoSocial ?? '', inscricaoEstadual: cliente.inscricaoEstadual ?? '', celular },
  };
}
