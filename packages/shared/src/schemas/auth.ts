import { z } from 'zod';
import { MSG } from '../messages.js';
import { envelopeSchema, idParam, permissaoSchema, safeText, textTypeError } from './common.js';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = z.preprocess(blankToNull, safeText().max(254).nullish());

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

export const loginContentSchema = z.object({
  idUsuario: z.number().int(),
  permissao: permissaoSchema,
  idCliente: z.number().int().nullable(),
  acess_token: z.string(),
});
export type LoginContent = z.infer<typeof loginContentSchema>;
export const loginResponseSchema = envelopeSchema(loginContentSchema);

export const userIdParamsSchema = z.object({ idUser: idParam });
export const userIdParamsSchemaAlt = z.object({ userId: idParam });
export const idParamsSchema = z.object({ id: idParam });

export const refreshContentSchema = z.object({ acess_token: z.string() });
export const refreshResponseSchema = envelopeSchema(refreshContentSchema);

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
export const usuarioResponseSchema = envelopeSchema(usuarioContentSchema);

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
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
