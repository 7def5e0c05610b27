/**
 * The sanitary rules of a dental store (ADR 035, RDC 6/2015): a product's ANVISA number and the dentist's CRO.
 * Pure and shared by the API (validation, the order's refusal) and the web (masks, messages). Texts in
 * messages-anvisa.ts.
 */
import { SIGLAS_UF, type SiglaUf } from './schemas/comercial.js';

/**
 * An ANVISA number as stored: digits only. 11 digits: a health product's (produto para saúde: instruments,
 * materials, whiteners) registration or notification; 13 digits: a medicine's registration (dental anaesthetics).
 * ANVISA's own format for each; nothing else is accepted (ADR 035).
 */
export const ANVISA_REGEX = /^(\d{11}|\d{13})$/;

/** Masks of the two formats (masks.ts patterns): 1.2345.6789.01 and 1.2345.6789.012-3. */
export const MASCARA_ANVISA_11 = '9.9999.9999.99';
export const MASCARA_ANVISA_13 = '9.9999.9999.999-9';

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

/**
 * A CRO number as stored: 1 to 6 digits, without leading zeros (the regional councils number their members from 1;
 * the largest, CRO-SP, is below 200 000). Typed with dots or leading zeros, it is read as its digits.
 */
export const CRO_NUMERO_REGEX = /^[1-9]\d{0,5}$/;

/** The digits of a typed CRO number, leading zeros and punctuation dropped ('012.345' → '12345'). */
export const normalizarCroNumero = (valor: string): string => valor.replace(/[\s.]/g, '').replace(/^0+(?=\d)/, '');

export const croNumeroValido = (valor: string): boolean => CRO_NUMERO_REGEX.test(normalizarCroNumero(valor));

/** A UF sigla of the 27 (each has its regional council). */
export const ufValida = (valor: string): valor is SiglaUf => (SIGLAS_UF as readonly string[]).includes(valor);

/** A customer's CRO as the store keeps it and prints it. */
export interface Cro {
  numero: string;
  uf: string;
}

/** 'CRO-SP 12345': how the order, the invoice and the back-office write it. */
export const formatarCro = (cro: Cro): string => `CRO-${cro.uf} ${cro.numero}`;

/**
 * The professional items a customer may not buy (RDC 6/2015: only dentists, identified by their CRO): every
 * `usoProfissional` line when the customer has no CRO, none otherwise.
 */
export function itensSemCro<T extends { usoProfissional: boolean }>(itens: readonly T[], cro: Cro | null): T[] {
  return cro ? [] : itens.filter((i) => i.usoProfissional);
}
