/**
 * The field rules (docs/behaviour/forms-and-validation.md#field-rules) as zod schemas with their messages. The API
 * validates request bodies with them and the web forms use the same schemas,
 * so a rule and its message live in one place.
 */
import { z } from 'zod';
import { isValidCpfOrCnpj, onlyAlphanumeric, onlyDigits } from '../documents.js';
import { MSG } from '../messages.js';
import { safeText, textTypeError } from './common.js';

/** Sign-in and checkout e-mail rule: not empty, has '@' and '.com'. */
export const isEmailCom = (value: string): boolean => {
  const v = value.trim();
  return EMAIL_SHAPE.test(v) && v.toLowerCase().includes('.com');
};

/** Sign-up and recovery e-mail rule: '.com' or '.br' accepted. */
export const isEmailComOuBr = (value: string): boolean => {
  const v = value.trim().toLowerCase();
  return EMAIL_SHAPE.test(v) && (v.includes('.com') || v.includes('.br'));
};

/** One '@', something on both sides, a dot in the domain, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail of sign-up, recovery and profile: trimmed and lower-cased. */
export const emailField = safeText()
  .max(254, MSG.email)
  .refine(isEmailComOuBr, { error: MSG.email })
  .transform((v) => v.toLowerCase());

/** An e-mail of sign-in, checkout and the other forms ('@' and '.com'): trimmed and lower-cased. */
export const emailComField = safeText()
  .max(254, MSG.email)
  .refine(isEmailCom, { error: MSG.email })
  .transform((v) => v.toLowerCase());

/** CPF (11 digits) or CNPJ (14 characters, alphanumeric since July 2026) with valid check digits. */
export const isCpfOrCnpj = (value: string): boolean => {
  const raw = onlyAlphanumeric(value);
  return (raw.length === 11 || raw.length === 14) && isValidCpfOrCnpj(raw);
};

/** A CPF: 11 digits with valid check digits; the value is the digits. */
export const cpfField = safeText()
  .refine((v) => onlyAlphanumeric(v).length === 11 && /^\d+$/.test(onlyAlphanumeric(v)) && isCpfOrCnpj(v), {
    error: MSG.cpfCnpj,
  })
  .transform(onlyDigits);

/** A CNPJ: 14 characters (letters allowed in the first 12) with valid check digits; upper-case, no punctuation. */
export const cnpjField = safeText()
  .refine((v) => onlyAlphanumeric(v).length === 14 && isCpfOrCnpj(v), { error: MSG.cpfCnpj })
  .transform(onlyAlphanumeric);

/** Names, razão social, titles: 3 or more characters. */
export const nomeField = (max = 150) => safeText().min(3, MSG.min3).max(max, MSG.textoLongo);

/** Mobile phone: exactly 11 digits once unmasked, mask (99) 9 9999-9999. */
export const celularField = safeText()
  .refine((v) => /^\d{11}$/.test(onlyDigits(v)) && onlyDigits(v).length === v.replace(/[\s().-]/g, '').length, {
    error: MSG.celular,
  })
  .transform(onlyDigits);

/** Any phone (landline or mobile): 10 or 11 digits once unmasked. */
export const telefoneField = safeText()
  .refine((v) => /^\d{10,11}$/.test(onlyDigits(v)) && onlyDigits(v).length === v.replace(/[\s().+-]/g, '').length, {
    error: MSG.telefone,
  })
  .transform(onlyDigits);

/** Password of sign-up and user forms: 4 or more (any character; only hashed). */
export const senhaField = z.string({ error: textTypeError }).min(4, MSG.senhaMin4).max(256, MSG.senhaMax256);
/** New password (recovery, change): 4 or more, its own message. */
export const novaSenhaField = z.string({ error: textTypeError }).min(4, MSG.novaSenhaMin4).max(256, MSG.senhaMax256);
/** Current password: not empty. */
export const senhaAtualField = z.string({ error: textTypeError }).min(1, MSG.senhaAtualVazia).max(256, MSG.senhaMax256);

/** A 6-digit e-mail code. */
export const codigoField = safeText().regex(/^\d{6}$/, { error: MSG.codigoSeisDigitos });

/** CEP: 8 digits once unmasked (99999-999); the value is the digits. */
export const cepField = safeText()
  .refine((v) => /^\d{8}$/.test(onlyDigits(v)) && /^\d{5}-?\d{3}$/.test(v), { error: MSG.cep })
  .transform(onlyDigits);

/** A required text: not empty. */
export const requiredText = (max: number, message: string = MSG.naoVazio) =>
  safeText().min(1, message).max(max, MSG.textoLongo);

/** Optional text: blank reads as null. */
export const optionalText = (max: number) =>
  safeText()
    .max(max, MSG.textoLongo)
    .nullish()
    .transform((v) => (v ? v : null));

/** `{ id }` reference to a row (município, UF). */
export const refId = (message: string) =>
  z.object(
    { id: z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message) },
    {
      error: message,
    },
  );
