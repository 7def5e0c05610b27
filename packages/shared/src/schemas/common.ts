import { z } from 'zod';

/** Every JSON response of the API: `{ statusCode, message, content }`. */
export const envelopeSchema = <T extends z.ZodType>(content: T) =>
  z.object({
    statusCode: z.number().int(),
    message: z.string(),
    content,
  });

export type Envelope<T> = { statusCode: number; message: string; content: T };

/** Per-field validation errors, sent with 400 as `content.errors`. */
export const fieldErrorSchema = z.object({ campo: z.string(), mensagem: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorContentSchema = z
  .object({ errors: z.array(fieldErrorSchema).optional(), requestId: z.string().optional() })
  .nullable();

export const errorEnvelopeSchema = envelopeSchema(errorContentSchema);

/** Positive integer id taken from a path parameter ("12" -> 12). */
export const idParam = z.coerce
  .number({ message: 'Identificador inválido.' })
  .int({ message: 'Identificador inválido.' })
  .positive({ message: 'Identificador inválido.' })
  .max(2_147_483_647, { message: 'Identificador inválido.' });

/** Permission ids and names (SPEC §3). */
export const PERMISSAO = { ADMIN: 1, CLIENTE: 2, USUARIO: 3 } as const;
export type Permissao = keyof typeof PERMISSAO;
export const permissaoSchema = z.enum(['ADMIN', 'CLIENTE', 'USUARIO']);
