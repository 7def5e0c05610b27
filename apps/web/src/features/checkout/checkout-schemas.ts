import { documentKind, onlyAlphanumeric, type DocumentKind } from '@clinica/shared/documents';
import { maskCpfCnpj, maskPhone } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import type { Cliente } from '@clinica/shared/schemas/cliente';
import { celularField, emailComField, isCpfOrCnpj, nomeField, requiredText } from '@clinica/shared/schemas/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

/*
 * The checkout forms (docs/behaviour/bag-and-checkout.md#steps, docs/behaviour/forms-and-validation.md#field-rules), built from the
 * contract's field rules so each keeps its message. Values stay as typed
 * (masked); the payload builder turns them into the contract's shapes.
 */

/** Step email: not empty, '@' and '.com' (the checkout's rule). */
export const emailSchema = z.object({ email: emailComField });
export type EmailValues = z.input<typeof emailSchema>;
export const EMPTY_EMAIL: EmailValues = { email: '' };

/** Step dadosPessoais: the document first, then the person's or the company's fields. */
export interface PessoaValues {
  documento: string;
  nome: string;
  razaoSocial: string;
  inscricaoEstadual: string;
  telefone: string;
}
export const EMPTY_PESSOA: PessoaValues = {
  documento: '',
  nome: '',
  razaoSocial: '',
  inscricaoEstadual: '',
  telefone: '',
};

const documento = z.string().refine(isCpfOrCnpj, { error: MSG.cpfCnpj });
const documentoSchema = z.object({ documento });
/** An individual (11 digits): document, name and mobile. */
const fisicaSchema = z.object({ documento, nome: nomeField(150), telefone: celularField });
/** A company (14 characters): document, razão social, inscrição estadual and mobile. */
const juridicaSchema = z.object({
  documento,
  razaoSocial: nomeField(150),
  inscricaoEstadual: requiredText(20, MSG.naoVazio),
  telefone: celularField,
});

/** The kind a complete document names (11 → individual, 14 → company), or null while it is incomplete. */
export function pessoaKind(doc: string): DocumentKind | null {
  const length = onlyAlphanumeric(doc).length;
  return length === 11 || length === 14 ? documentKind(doc) : null;
}

/** Only the active fields are checked: those of the kind the document names. */
export const pessoaResolver: Resolver<PessoaValues> = (values, context, options) => {
  const kind = pessoaKind(values.documento);
  const schema = kind === 'cpf' ? fisicaSchema : kind === 'cnpj' ? juridicaSchema : documentoSchema;
  return (zodResolver(schema) as unknown as Resolver<PessoaValues>)(values, context, options);
};

/** Recipient of the delivery (no validation). */
export interface RecebedorValues {
  recebedor: string;
  telefoneRecebedor: string;
}
export const EMPTY_RECEBEDOR: RecebedorValues = { recebedor: '', telefoneRecebedor: '' };

/** The values a loaded client prefills. */
export function prefillOf(cliente: Cliente): {
  email: EmailValues;
  pessoa: PessoaValues;
  recebedor: RecebedorValues;
} {
  const doc = cliente.cpfCnpj || (cliente.juridica ? (cliente.cnpj ?? '') : (cliente.cpf ?? ''));
  const telefone = maskPhone(cliente.telefone);
  return {
    email: { email: cliente.usuario.email },
    pessoa: {
      documento: maskCpfCnpj(doc),
      nome: cliente.nome ?? '',
      razaoSocial: cliente.razaoSocial ?? '',
      inscricaoEstadual: cliente.inscricaoEstadual ?? '',
      telefone,
    },
    recebedor: {
      recebedor: (cliente.juridica ? cliente.razaoSocial : cliente.nome) ?? '',
      telefoneRecebedor: telefone,
    },
  };
}
