/**
 * The ANVISA number of a product (ADR 037): its formats, mask and how the product page writes it. Without imports,
 * so the product page carries only this (docs/quality.md#p6-javascript-of-the-public-pages); anvisa.ts re-exports it.
 */

/**
 * An ANVISA number as stored: digits only. 11 digits: a health product's (produto para saúde: instruments,
 * materials, whiteners) registration or notification; 13 digits: a medicine's (dental anaesthetics) or a cosmetic's registration.
 * ANVISA's own format for each; nothing else is accepted (ADR 037).
 */
export const ANVISA_REGEX = /^(\d{11}|\d{13})$/;

/** Masks of the two formats (masks.ts patterns): 1.2345.6789.01 and 1.2345.6789.012-3. */
const MASCARA_ANVISA_11 = '9.9999.9999.99';
const MASCARA_ANVISA_13 = '9.9999.9999.999-9';

/** The digits of a typed number (dots, dashes, slashes and spaces of a mask dropped); letters are kept to fail. */
export const normalizarAnvisa = (valor: string): string => valor.replace(/[\s.\-/]/g, '');

/** Whether a typed number (masked or not) is an ANVISA number of one of the accepted formats. */
export const anvisaValido = (valor: string): boolean => ANVISA_REGEX.test(normalizarAnvisa(valor));

/** The number as the product page writes it: 1.0234.5678.01 (11 digits) or 1.0235.1107.010-1 (13); else as given. */
export function formatarAnvisa(valor: string): string {
  const d = normalizarAnvisa(valor);
  if (/^\d{11}$/.test(d)) return `${d.slice(0, 1)}.${d.slice(1, 5)}.${d.slice(5, 9)}.${d.slice(9)}`;
  if (/^\d{13}$/.test(d)) return `${d.slice(0, 1)}.${d.slice(1, 5)}.${d.slice(5, 9)}.${d.slice(9, 12)}-${d.slice(12)}`;
  return valor;
}

/** The mask for what is being typed: the 11-digit one until a 12th digit comes. */
export const mascaraAnvisa = (valor: string): string =>
  valor.replace(/\D/g, '').length > 11 ? MASCARA_ANVISA_13 : MASCARA_ANVISA_11;
