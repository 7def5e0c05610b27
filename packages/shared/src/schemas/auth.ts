import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { idParam, permissaoSchema, safeText, textTypeError } from './common.js';
import { emailField, novaSenhaField, senhaAtualField } from './fields.js';

/** An identifier of the login; blank counts as absent (see the refine below). */
const optionalText = safeText().max(254).nullish();

/** POST /usuario/cliente/auth: password plus one of email, cpf, cnpj (the others null). */
export const loginRequestSchema = z
  .object({
    email: optionalText,
    cpf: optionalText,
    cnpj: optionalText,
    // Any character may be part of a password (it is only hashed, never stored or logged).
    password: z.string({ error: textTypeError }).min(1, MSG.vazio).max(256, MSG.senhaMax256),
  })
  .refine((b) => [b.email, b.cpf, b.cnpj].filter(Boolean).length === 1, {
    message: 'Informe um e-mail, CPF ou CNPJ.',
    path: ['email'],
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const loginContentSchema = z.object({
  idUsuario: z.number().int(),
  permissao: permissaoSchema,
  idCliente: z.number().int().nullable(),
  acess_token: z.string(),
});
export type LoginContent = z.infer<typeof loginContentSchema>;

const userIdParamsSchema = z.object({ idUser: idParam });
const userIdParamsSchemaAlt = z.object({ userId: idParam });
const idParamsSchema = z.object({ id: idParam });

const refreshContentSchema = z.object({ acess_token: z.string() });

/** GET /usuario/{id}: the staff profile. */
export const usuarioContentSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  permissao: z.object({ id: z.number().int(), nome: permissaoSchema }),
  ativo: z.boolean(),
  confirmado: z.boolean(),
});
export type UsuarioContent = z.infer<typeof usuarioContentSchema>;

/** JWT payload: `sub` is the user id, `exp` in seconds. */
export const tokenPayloadSchema = z.object({
  sub: z.string(),
  permissao: permissaoSchema,
  idCliente: z.number().int().nullable().optional(),
  exp: z.number(),
  iat: z.number().optional(),
  jti: z.string().optional(),
  /** Session id, shared by a login's token and its renewals (absent in tokens issued before sessions). */
  sid: z.string().optional(),
  /** Credentials version: tokens issued before the last password change carry an older one. */
  sv: z.number().int().min(0).optional(),
});

/** Sign-in endpoints (docs/behaviour/accounts-and-sign-in.md#session): login, token renewal, logout, staff profile. */
export const usuarioApi = {
  login: defineEndpoint({
    method: 'POST',
    path: '/usuario/cliente/auth',
    summary: 'Login por e-mail, CPF ou CNPJ e senha',
    description:
      'Informe `password` e exatamente um de `email`, `cpf` ou `cnpj` (os outros nulos). Limitado por IP e por identificador (429).',
    body: loginRequestSchema,
    response: loginContentSchema,
  }),
  atualizaToken: defineEndpoint({
    method: 'GET',
    path: '/usuario/auth/atualizatoken/:idUser',
    summary: 'Renova o token do próprio usuário (uma vez por token; repetir devolve o mesmo sucessor)',
    params: userIdParamsSchema,
    response: refreshContentSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/usuario/logout/:userId',
    summary: 'Logout: revoga o token usado e toda a sessão dele',
    params: userIdParamsSchemaAlt,
    response: z.null(),
  }),
  recuperarSenha: defineEndpoint({
    method: 'PUT',
    path: '/usuario/recuperarSenha',
    summary: 'Nova senha depois de validado o código de recuperação (uma vez, até 15 minutos depois)',
    description: 'Encerra todas as sessões abertas do usuário.',
    body: z.object({ email: emailField, novaSenha: novaSenhaField }),
    response: z.null(),
  }),
  editarEmail: defineEndpoint({
    method: 'PUT',
    path: '/usuario/editar/email/:idUser',
    summary: 'Troca o e-mail do próprio usuário (senha atual e código enviado ao novo e-mail validado)',
    description:
      'Senha atual errada: 422; tentativas erradas demais (somadas às da troca de senha): 429. Avisa o e-mail antigo.',
    params: userIdParamsSchema,
    body: z.object({ idUsuario: z.number().int().optional(), novoEmail: emailField, senhaAtual: senhaAtualField }),
    response: z.object({ email: z.string() }),
  }),
  editarSenha: defineEndpoint({
    method: 'PUT',
    path: '/usuario/editar/senha/:idUser',
    summary: 'Troca a senha do próprio usuário (senha atual e código de edição validado)',
    description: 'Encerra as outras sessões do usuário e devolve um token novo para a sessão atual (`acess_token`).',
    params: userIdParamsSchema,
    body: z.object({ senhaAtual: senhaAtualField, senhaNova: novaSenhaField }),
    response: refreshContentSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/usuario/:id',
    summary: 'Dados do usuário (o próprio ou, para o ADMIN, qualquer um)',
    params: idParamsSchema,
    response: usuarioContentSchema,
  }),
};
