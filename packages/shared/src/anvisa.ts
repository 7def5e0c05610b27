/**
 * The sanitary rules of a dental store (ADR 037, RDC 6/2015): a product's ANVISA number and the dentist's CRO.
 * Pure and shared by the API (validation, the order's refusal) and the web (masks, messages). Texts in
 * messages-anvisa.ts.
 */
import { SIGLAS_UF, type SiglaUf } from './schemas/comercial.js';

export { ANVISA_REGEX, anvisaValido, formatarAnvisa, mascaraAnvisa, normalizarAnvisa } from './anvisa-numero.js';

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
