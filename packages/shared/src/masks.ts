/**
 * Input masks (docs/behaviour/forms-and-validation.md#masks). A pattern character `9` takes a digit, `A` a letter,
 * `S` a letter or a digit; anything else is a literal written between slots.
 * Masks are progressive: they format what was typed so far and never add a
 * trailing literal, so they can run on every keystroke.
 */

const DIGIT = /[0-9]/;
const LETTER = /[a-zA-Z]/;
const ALNUM = /[0-9a-zA-Z]/;

const slotTest: Record<string, RegExp> = { '9': DIGIT, A: LETTER, S: ALNUM };

/** Letters and digits only, upper-cased (how masked fields are validated). */
export const unmask = (value: string): string => value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase();

/** Digits only. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** Applies `pattern` to the letters and digits of `value`; characters that fit no slot are dropped. */
export function applyMask(value: string, pattern: string): string {
  const chars = unmask(value);
  let out = '';
  let pendingLiterals = '';
  let i = 0;
  for (const p of pattern) {
    const test = slotTest[p];
    if (!test) {
      pendingLiterals += p;
      continue;
    }
    while (i < chars.length && !test.test(chars[i]!)) i++;
    if (i >= chars.length) break;
    out += pendingLiterals + chars[i]!;
    pendingLiterals = '';
    i++;
  }
  return out;
}

const CPF_PATTERN = '999.999.999-99';
/** Alphanumeric CNPJ (valid since July 2026): 12 letters or digits, 2 check digits. */
export const CNPJ_PATTERN = 'SS.SSS.SSS/SSSS-99';
const CEP_PATTERN = '99999-999';
const PHONE_PATTERN = '(99) 9 9999-9999';
const CARD_EXPIRY_PATTERN = '99/99';
const CARD_NUMBER_PATTERN = '9999 9999 9999 9999';
const AMEX_NUMBER_PATTERN = '9999 999999 99999';

/**
 * CPF while the value has up to 11 digits (000.000.000-00); a longer value, or
 * one with letters, is a CNPJ capped at 14 characters (00.000.000/0000-00).
 */
export function maskCpfCnpj(value: string): string {
  const chars = unmask(value).slice(0, 14);
  const isCpf = chars.length <= 11 && /^\d*$/.test(chars);
  return applyMask(chars, isCpf ? CPF_PATTERN : CNPJ_PATTERN);
}

export const maskCep = (value: string): string => applyMask(digitsOnly(value), CEP_PATTERN);
export const maskPhone = (value: string): string => applyMask(digitsOnly(value), PHONE_PATTERN);
/** Any phone: a landline's 10 digits as (99) 9999-9999, a mobile's 11 as maskPhone (a recipient's phone). */
export const maskTelefone = (value: string): string =>
  digitsOnly(value).length <= 10 ? applyMask(digitsOnly(value), '(99) 9999-9999') : maskPhone(value);
const LANDLINE_PATTERN = '(99) 9999-9999';

/** A stored phone for reading: 11 digits as a mobile '(11) 9 8765-4321', 10 as a landline '(11) 3456-7890'. */
export const formatPhone = (value: string): string => {
  const digits = digitsOnly(value);
  return applyMask(digits, digits.length === 10 ? LANDLINE_PATTERN : PHONE_PATTERN);
};
export const maskCardExpiry = (value: string): string => applyMask(digitsOnly(value), CARD_EXPIRY_PATTERN);

/** American Express numbers start with 34 or 37 and have 15 digits (4-6-5); the rest 16 (4-4-4-4). */
export function maskCardNumber(value: string): string {
  const digits = digitsOnly(value);
  return applyMask(digits, /^3[47]/.test(digits) ? AMEX_NUMBER_PATTERN : CARD_NUMBER_PATTERN);
}

/** Digits only, optionally capped (document digits, CVC, codes). */
export const maskDigits = (value: string, max?: number): string => {
  const digits = digitsOnly(value);
  return max === undefined ? digits : digits.slice(0, max);
};

export const maskCvc = (value: string): string => maskDigits(value, 4);

/** The cardholder name keeps only values containing letters; otherwise it is emptied. */
export const maskCardHolderName = (value: string): string => (/\p{L}/u.test(value) ? value : '');
