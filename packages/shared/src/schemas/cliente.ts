import { z } from 'zod';
import { CRO_NUMERO_REGEX, normalizarCroNumero, ufValida } from '../anvisa.js';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_ANVISA } from '../messages-anvisa.js';
import { idParam, safeText } from './common.js';
import { enderecoInputSchema, enderecoSchema } from './endereco.js';
import { celularField, cnpjField, cpfField, emailField, nomeField, requiredText, senhaField } from './fields.js';

/** The person or company part of a client: who they are, decided by `juridica`. */
export type Pessoa =
  | { juridica: false; nome: string; cpf: string }
  | { juridica: true; razaoSocial: string; cnpj: string; inscricaoEstadual: string };

const loose = safeText().nullish();

/**
 * Fields of an individual (nome, cpf) or a company (razaoSocial, cnpj,
 * inscricaoEstadual); the other side is sent null and ignored. Each field is
 * checked with its rule and message (docs/behaviour/forms-and-validation.md#field-rules).
 */
const pessoaShape = {
  juridica: z.boolean({ error: MSG.erroValidacao }).nullish(),
  nome: loose,
  cpf: loose,
  razaoSocial: loose,
  cnpj: loose,
  inscricaoEstadual: loose,
};

const individualFields = z.object({ nome: nomeField(150), cpf: cpfField });
const companyFields = z.object({
  razaoSocial: nomeField(150),
  cnpj: cnpjField,
  inscricaoEstadual: requiredText(20, MSG.naoVazio),
});

type PessoaShape = { [K in keyof typeof pessoaShape]?: z.output<(typeof pessoaShape)[K]> };

/** Validates the side `juridica` names and returns it; reports each field's message at its path. */
function pessoaOf(value: PessoaShape, ctx: z.RefinementCtx): Pessoa | undefined {
  const company = value.juridica === true;
  // An absent field reads as empty, so it gets its own rule's message ('não pode ficar vazio', '3 ou mais').
  const filled = {
    nome: value.nome ?? '',
    cpf: value.cpf ?? '',
    razaoSocial: value.razaoSocial ?? '',
    cnpj: value.cnpj ?? '',
    inscricaoEstadual: value.inscricaoEstadual ?? '',
  };
  const result = (company ? companyFields : individualFields).safeParse(filled);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return undefined;
  }
  return company
    ? { juridica: true, ...(result.data as z.output<typeof companyFields>) }
    : { juridica: false, ...(result.data as z.output<typeof individualFields>) };
}

/**
 * The marketing e-mail opt-in (ADR 034, LGPD: explicit and revocable): optional, so the payloads without it keep
 * working; absent at sign-up is no, absent on the profile leaves it as it is.
 */
const ofertasEmailField = z.boolean({ error: MSG.erroValidacao }).optional();

/** PUT /profile/editar/{clientId}: person or company data, phone and address. */
export const perfilInputSchema = z
  .object({ ...pessoaShape, telefone: celularField, endereco: enderecoInputSchema, ofertasEmail: ofertasEmailField })
  .transform((value, ctx) => {
    const pessoa = pessoaOf(value, ctx);
    if (!pessoa) return z.NEVER;
    return { pessoa, telefone: value.telefone, endereco: value.endereco, ofertasEmail: value.ofertasEmail };
  });
export type PerfilData = z.output<typeof perfilInputSchema>;

/**
 * POST /cliente/create (docs/behaviour/accounts-and-sign-in.md#sign-up). Permission fields are
 * not part of the contract and are dropped: a sign-up is always a CLIENTE.
 */
export const clienteCreateSchema = z
  .object({
    ...pessoaShape,
    telefone: celularField,
    usuario: z.object({ email: emailField, password: senhaField }, { error: MSG.erroValidacao }),
    endereco: enderecoInputSchema,
    ofertasEmail: ofertasEmailField,
  })
  .transform((value, ctx) => {
    const pessoa = pessoaOf(value, ctx);
    if (!pessoa) return z.NEVER;
    return {
      pessoa,
      telefone: value.telefone,
      usuario: value.usuario,
      endereco: value.endereco,
      ofertasEmail: value.ofertasEmail ?? false,
    };
  });
export type ClienteCreateInput = z.input<typeof clienteCreateSchema>;
export type ClienteCreateData = z.output<typeof clienteCreateSchema>;

/** A client as its owner sees it. Never a password. */
export const clienteSchema = z.object({
  id: z.number().int(),
  juridica: z.boolean(),
  nome: z.string().nullable(),
  cpf: z.string().nullable(),
  razaoSocial: z.string().nullable(),
  cnpj: z.string().nullable(),
  inscricaoEstadual: z.string().nullable(),
  telefone: z.string(),
  /** The CPF or the CNPJ, whichever the client has. */
  cpfCnpj: z.string(),
  /** City and state abbreviation of the address ('' without an address). */
  cidade: z.string(),
  estado: z.string(),
  endereco: enderecoSchema.nullable(),
  usuario: z.object({ id: z.number().int(), email: z.string(), confirmado: z.boolean() }),
  /** Marketing e-mails accepted (ADR 034), and when the choice was last made (null: never chosen). */
  ofertasEmail: z.boolean(),
  ofertasEmailEm: z.string().nullable(),
  /** The dentist's registration at the regional council (ADR 037): number and UF, or null. */
  cro: z.object({ numero: z.string(), uf: z.string() }).nullable(),
});
export type Cliente = z.infer<typeof clienteSchema>;

/**
 * PUT /cliente/{clientId}/cro (ADR 037): the CRO's number (1 to 6 digits, dots and leading zeros dropped) and UF (one
 * of the 27), both or neither: both null removes it.
 */
export const croInputSchema = z
  .object({
    numero: z
      .string({ error: MSG_ANVISA.croNumeroInvalido })
      .transform(normalizarCroNumero)
      .nullish()
      .transform((v) => (v ? v : null)),
    uf: z
      .string({ error: MSG_ANVISA.croUfInvalida })
      .trim()
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.numero !== null && !CRO_NUMERO_REGEX.test(v.numero))
      ctx.addIssue({ code: 'custom', path: ['numero'], message: MSG_ANVISA.croNumeroInvalido });
    if (v.uf !== null && !ufValida(v.uf))
      ctx.addIssue({ code: 'custom', path: ['uf'], message: MSG_ANVISA.croUfInvalida });
    if ((v.numero === null) !== (v.uf === null)) {
      const path = v.numero === null ? 'numero' : 'uf';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: path === 'numero' ? MSG_ANVISA.croNumeroInvalido : MSG_ANVISA.croUfInvalida,
      });
    }
  })
  .transform((v) => (v.numero !== null && v.uf !== null ? { numero: v.numero, uf: v.uf } : null));

/** The customer's own endpoints (docs/behaviour/accounts-and-sign-in.md#profile). */
export const clienteApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/cliente/create',
    summary: 'Cadastro de cliente (pessoa física com CPF ou jurídica com CNPJ); envia o código de confirmação',
    description:
      'E-mail, CPF e CNPJ únicos (409). Dígitos verificadores do CPF/CNPJ conferidos (CNPJ alfanumérico aceito). Campos de permissão no corpo são ignorados: o cadastro é sempre CLIENTE.',
    body: clienteCreateSchema,
    response: clienteSchema,
    status: 201,
  }),
  perfil: defineEndpoint({
    method: 'GET',
    path: '/profile/:userId',
    summary: 'Perfil do cliente pelo id do usuário',
    params: z.object({ userId: idParam }),
    response: clienteSchema,
  }),
  editarPerfil: defineEndpoint({
    method: 'PUT',
    path: '/profile/editar/:clientId',
    summary: 'Edita os dados e o endereço do próprio cliente',
    params: z.object({ clientId: idParam }),
    body: perfilInputSchema,
    response: clienteSchema,
  }),
  editarCro: defineEndpoint({
    method: 'PUT',
    path: '/cliente/:clientId/cro',
    summary: 'Informa, altera ou remove o CRO do próprio cliente (ADR 037)',
    description:
      'Número de 1 a 6 dígitos e UF (uma das 27), ambos ou nenhum (null remove). Exigido para comprar produtos de uso profissional.',
    params: z.object({ clientId: idParam }),
    body: croInputSchema,
    response: clienteSchema,
  }),
};
