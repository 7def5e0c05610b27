/**
 * Users and access (docs/behaviour/back-office.md#users-and-access): the ADMIN's list of every account (staff and
 * customers), the creation of staff accounts, the switches of 'ativo' and of the
 * permission, and an extension to edit a staff account's name, e-mail and
 * password (the original brief has no endpoint for it). ADMIN only.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { textoMin3 } from './backoffice-fields.js';
import { idParam, PERMISSAO, type Permissao } from './common.js';
import { emailField, senhaField } from './fields.js';
import { usuarioContentSchema } from './auth.js';
import { booleanQuery, pageQuery, paginaShape, sizeQuery, sortQuery, textoQuery } from './paginacao.js';

/** The permission of a user on screen: ADMIN is shown as 'Gerente' (docs/behaviour/README.md#roles). */
export const PERMISSAO_ROTULO: Record<Permissao, string> = {
  ADMIN: 'Gerente',
  USUARIO: 'Usuário',
  CLIENTE: 'Cliente',
};

const PERMISSAO_POR_ID = new Map<number, Permissao>(
  (Object.entries(PERMISSAO) as Array<[Permissao, number]>).map(([nome, id]) => [id, nome]),
);

/** The permission of an id (1 ADMIN, 2 CLIENTE, 3 USUARIO), or undefined. */
const permissaoDoId = (id: number): Permissao | undefined => PERMISSAO_POR_ID.get(id);

/**
 * The permission filter of the listing: the id (1, 2, 3) as the original screens send it,
 * or the name (ADMIN, CLIENTE, USUARIO, any case); blank is no filter.
 */
const permissaoQuery = z
  .string({ error: MSG_BO.permissaoInvalida })
  .trim()
  .transform((v, ctx): Permissao | undefined => {
    if (v === '') return undefined;
    const nome = /^\d$/.test(v) ? permissaoDoId(Number(v)) : (v.toUpperCase() as Permissao);
    if (nome && nome in PERMISSAO) return nome;
    ctx.addIssue({ code: 'custom', message: MSG_BO.permissaoInvalida });
    return z.NEVER;
  })
  .optional();

/** A permission id in a body (`usuarioPermissao: {id}`, `{id}`): required, 1, 2 or 3. */
const permissaoIdField = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MSG_BO.permissaoVazia : MSG_BO.permissaoInvalida,
  })
  .int(MSG_BO.permissaoInvalida)
  .refine((id) => permissaoDoId(id) !== undefined, { error: MSG_BO.permissaoInvalida });

/** `{id}` of a permission; missing or null says 'Selecione uma permissão.'. */
const permissaoRefSchema = z.object(
  { id: permissaoIdField },
  {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MSG_BO.permissaoVazia : MSG_BO.permissaoInvalida,
  },
);

/** A row of the listing (`usuarioItemListagemDTOS`): never a password or its hash. */
const usuarioItemListagemSchema = usuarioContentSchema;
export type UsuarioItemListagem = z.infer<typeof usuarioItemListagemSchema>;

/** GET /usuario/buscar?size&sort&page&nome&usuarioPermissao&ativo. */
const usuarioListagemQuerySchema = z.object({
  page: pageQuery,
  size: sizeQuery,
  /** By name: asc (default) or desc. */
  sort: sortQuery,
  /** Name or e-mail contains the text (case and accents ignored). */
  nome: textoQuery,
  usuarioPermissao: permissaoQuery,
  ativo: booleanQuery,
});

const usuarioListagemSchema = z.object({
  usuarioItemListagemDTOS: z.array(usuarioItemListagemSchema),
  /** Rows on this page. */
  totalRegistroPagina: z.number().int(),
  ...paginaShape,
});
export type UsuarioListagem = z.infer<typeof usuarioListagemSchema>;

/** The name of a user (3 or more characters). */
const nomeUsuario = textoMin3(150);

/** POST /usuario/ {nome, email, password, usuarioPermissao{id}} (+ `ativo`, default true). */
export const usuarioCriacaoSchema = z.object(
  {
    nome: nomeUsuario,
    email: emailField,
    // The password rule of sign-up and the user form: 'O campo tem que ter 4 ou mais caracteres.'
    password: senhaField,
    usuarioPermissao: permissaoRefSchema,
    ativo: z.boolean({ error: 'Valor inválido: esperava verdadeiro ou falso.' }).optional(),
  },
  { error: MSG.erroValidacao },
);
export type UsuarioCriacao = z.output<typeof usuarioCriacaoSchema>;

/**
 * PUT /usuario/admin/{id} {nome, email, password?} (extension): a blank or
 * absent password keeps the current one; a new one ends the user's sessions.
 */
const usuarioEdicaoAdminSchema = z.object(
  {
    nome: nomeUsuario,
    email: emailField,
    password: z
      .string({ error: MSG.textoEsperado })
      .max(256, MSG.senhaMax256)
      .refine((v) => v === '' || v.length >= 4, { error: MSG.senhaMin4 })
      .nullish()
      .transform((v) => (v ? v : undefined)),
  },
  { error: MSG.erroValidacao },
);
export type UsuarioEdicaoAdmin = z.output<typeof usuarioEdicaoAdminSchema>;

const idParams = z.object({ id: idParam });

/** `/updateativo/{id}/{ativo}`: ativo is `true` or `false`. */
const ativoParams = z.object({
  id: idParam,
  ativo: z.enum(['true', 'false'], { error: MSG_BO.ativoParametroInvalido }).transform((v) => v === 'true'),
});

/** The users of the back-office (ADMIN). The staff read is `usuarioApi.get` (GET /usuario/{id}). */
export const usuarioAdminApi = {
  buscar: defineEndpoint({
    method: 'GET',
    path: '/usuario/buscar',
    summary: 'Usuários com filtros por nome ou e-mail, permissão e ativo, paginados (página começa em 0)',
    description:
      '`usuarioPermissao`: 1 (ADMIN), 2 (CLIENTE), 3 (USUARIO) ou o nome; `sort`: asc (padrão) ou desc, pelo nome.',
    query: usuarioListagemQuerySchema,
    response: usuarioListagemSchema,
  }),
  criar: defineEndpoint({
    method: 'POST',
    path: '/usuario/',
    summary: 'Cadastra um usuário da equipe (Gerente ou Usuário)',
    description:
      'E-mail único (409). Clientes não são cadastrados aqui (422): o cliente cria a própria conta na loja, com CPF/CNPJ e endereço.',
    body: usuarioCriacaoSchema,
    response: usuarioContentSchema,
    status: 201,
  }),
  alterarAtivo: defineEndpoint({
    method: 'PUT',
    path: '/usuario/updateativo/:id/:ativo',
    summary: 'Ativa ou desativa um usuário; os tokens de um usuário desativado param de valer na hora',
    description:
      'Os tokens de antes da desativação não voltam a valer com a reativação. O último gerente ativo não pode ser desativado (409); o gerente não pode desativar a própria conta (409).',
    params: ativoParams,
    response: usuarioContentSchema,
  }),
  alterarPermissao: defineEndpoint({
    method: 'PUT',
    path: '/usuario/updatepermissao/:id',
    summary: 'Troca a permissão de um usuário da equipe entre Gerente (1) e Usuário (3)',
    description:
      'Corpo `{id}`: a nova permissão. Clientes não mudam de permissão e a equipe não vira cliente (422); o último gerente ativo não deixa de ser gerente (409), nem o próprio gerente (409).',
    params: idParams,
    body: permissaoRefSchema,
    response: usuarioContentSchema,
  }),
  editar: defineEndpoint({
    method: 'PUT',
    path: '/usuario/admin/:id',
    summary: 'Edita nome, e-mail e (opcional) a senha de um usuário da equipe (extensão do contrato original)',
    description:
      'Uma senha nova encerra todas as sessões do usuário. O próprio gerente troca o seu e-mail e a sua senha pelos diálogos com código (422 aqui).',
    params: idParams,
    body: usuarioEdicaoAdminSchema,
    response: usuarioContentSchema,
  }),
};
