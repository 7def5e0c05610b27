import { z } from 'zod';
import { MSG } from '../messages.js';

/** Every JSON response of the API: `{ statusCode, message, content }`. */
export const envelopeSchema = <T extends z.ZodType>(content: T) =>
  z.object({
    statusCode: z.number().int(),
    message: z.string(),
    content,
  });

export type Envelope<T> = { statusCode: number; message: string; content: T };

/** One refused field of a 400 answer (`content.errors`). */
export type FieldError = { campo: string; mensagem: string };

/**
 * Characters no text field accepts: control characters (\p{Cc}: the C0 set
 * with NUL, which PostgreSQL cannot store in text, DEL and the C1 set) and
 * lone UTF-16 surrogates (\p{Cs}: not valid Unicode). Multi-line text keeps
 * tab, line feed and carriage return.
 */
const CONTROL_SINGLE_LINE = /\p{Cc}|\p{Cs}/u;
const CONTROL_MULTILINE = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** Whether a string is free of the characters above. */
export function isCleanText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !(multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(value);
}

/**
 * The message of a string schema's type error, and only of that: in zod 4 an
 * error given to `z.string({ error })` also labels every check of the schema
 * that has no message of its own, so a plain string message would say "não
 * pode ficar vazio" for a too-long value. Returning undefined defers to the
 * check's own message or the process-wide pt-BR default.
 */
export const textTypeError = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code !== 'invalid_type' || issue.input === undefined) return undefined;
  return issue.input === null ? MSG.vazio : MSG.textoEsperado;
};

/**
 * A text field of the API contract: a string, trimmed, without control
 * characters. Chain `.min()`, `.max()`, … on it, each with its own message.
 */
export function safeText({ multiline = false }: { multiline?: boolean } = {}) {
  return z
    .string({ error: textTypeError })
    .trim()
    .refine((value) => isCleanText(value, { multiline }), { error: MSG.caracteresInvalidos, abort: true });
}

const ID_PATTERN = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

/**
 * Positive integer id taken from a path parameter ("12" -> 12): only plain
 * decimal digits without a leading zero, up to PostgreSQL's integer maximum,
 * so `0x1`, `1e0`, `01`, `1.0` and `" 1"` are not aliases of 1.
 */
export const idParam = z
  .string({ error: MSG.identificadorInvalido })
  .regex(ID_PATTERN, { error: MSG.identificadorInvalido, abort: true })
  .refine((v) => Number(v) <= MAX_ID, { error: MSG.identificadorInvalido })
  .transform(Number);

/** Permission ids and names (docs/behaviour/README.md#roles). */
export const PERMISSAO = { ADMIN: 1, CLIENTE: 2, USUARIO: 3 } as const;
export type Permissao = keyof typeof PERMISSAO;
export const permissaoSchema = z.enum(['ADMIN', 'CLIENTE', 'USUARIO']);
