/**
 * Card rules (docs/behaviour/forms-and-validation.md#card), pure so the web form and the server can share them.
 * The card number itself never leaves the browser: these run on what the
 * customer types, before the card is tokenized.
 *
 * Lengths: the original brief says "at least 16 digits (maximum 16)", yet American
 * Express numbers have 15 digits (its masks and preview use 15), so an Amex
 * number (34…, 37…) must have exactly 15 digits and every other card exactly
 * 16. CVC: 4 digits for Amex, 3 for the others. Expiry: MM/AA, a real month,
 * not before the current month. The number must pass the Luhn check.
 */
import { onlyAlphanumeric, onlyDigits } from './documents.js';

/** Field messages: the CVC one is the original brief's own; the others are ours. */
export const CARD_MSG = {
  numero: 'Informe um número de cartão válido.',
  nome: 'Informe o nome do titular como está no cartão.',
  validade: 'Informe uma validade válida (MM/AA).',
  cvc: 'O CVC tem que ter de 3 há 4 caracteres',
  documento: 'Este campo não pode ficar vazio e deverá conter um CPF ou CNPJ válido.',
} as const;

/** American Express numbers start with 34 or 37. */
export const isAmex = (numero: string): boolean => /^3[47]/.test(onlyDigits(numero));

/** How many digits a number of this brand has: 15 for Amex, 16 otherwise. */
const cardNumberLength = (numero: string): number => (isAmex(numero) ? 15 : 16);

/** How many digits the security code has: 4 for Amex, 3 otherwise. */
export const cvcLength = (numero: string): number => (isAmex(numero) ? 4 : 3);

/** The Luhn (mod 10) check of a card number. */
export function luhnValid(numero: string): boolean {
  const digits = onlyDigits(numero);
  if (digits.length === 0) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The number has its brand's length and passes the Luhn check. */
export const cardNumberValid = (numero: string): boolean =>
  onlyDigits(numero).length === cardNumberLength(numero) && luhnValid(numero);

/** Month and four-digit year ('20' + AA) of an expiry typed as MM/AA, or null when malformed. */
export function expiryParts(validade: string): { month: string; year: string } | null {
  const digits = onlyDigits(validade);
  if (digits.length !== 4) return null;
  const month = digits.slice(0, 2);
  const m = Number(month);
  if (m < 1 || m > 12) return null;
  return { month, year: `20${digits.slice(2)}` };
}

/** A well-formed expiry that is this month or later (a card is valid until the end of its month). */
export function expiryValid(validade: string, now: Date = new Date()): boolean {
  const parts = expiryParts(validade);
  if (!parts) return false;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return year > currentYear || (year === currentYear && month >= currentMonth);
}

/** The code has its brand's length (3, or 4 for Amex). */
export const cvcValid = (cvc: string, numero: string): boolean => {
  const digits = onlyDigits(cvc);
  return digits.length === cvc.length && digits.length === cvcLength(numero);
};

/** The holder's name as printed: letters (any accent) and spaces, at least one letter. */
export const holderNameValid = (nome: string): boolean => /^[\p{L}][\p{L} .'-]*$/u.test(nome.trim());

/**
 * The holder's document: a CPF's 11 digits or a CNPJ's 14
 * characters. Check digits are not verified here: Mercado Pago's own test
 * CPF (12345678909) is on the validators' block list, and the provider checks
 * the document when it charges.
 */
export const cardDocumentValid = (documento: string): boolean => {
  const chars = onlyAlphanumeric(documento);
  return /^\d{11}$/.test(chars) || /^[0-9A-Z]{12}\d{2}$/.test(chars);
};

export interface CardInput {
  numero: string;
  nome: string;
  validade: string;
  cvc: string;
  documento: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** Every card rule at once: the message of each broken field (empty when the card can be tokenized). */
export function cardErrors(card: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  if (!cardNumberValid(card.numero)) errors.numero = CARD_MSG.numero;
  if (!holderNameValid(card.nome)) errors.nome = CARD_MSG.nome;
  if (!expiryValid(card.validade, now)) errors.validade = CARD_MSG.validade;
  if (!cvcValid(card.cvc, card.numero)) errors.cvc = CARD_MSG.cvc;
  if (!cardDocumentValid(card.documento)) errors.documento = CARD_MSG.documento;
  return errors;
}

/** The first 8 digits, what the payment-method lookup takes, or null while fewer are typed. */
export const cardBin = (numero: string): string | null => {
  const digits = onlyDigits(numero);
  return digits.length >= 8 ? digits.slice(0, 8) : null;
};

/** 'CPF' for 11 characters, 'CNPJ' otherwise (MercadoPago.js identificationType). */
export const identificationType = (documento: string): 'CPF' | 'CNPJ' =>
  onlyAlphanumeric(documento).length === 11 ? 'CPF' : 'CNPJ';

/** The number as it may be shown: only the last four digits ('•••• •••• •••• 6351'). */
export function maskCardForDisplay(numero: string): string {
  const digits = onlyDigits(numero);
  if (digits.length < 4) return '';
  return isAmex(digits) ? `•••• •••••• •${digits.slice(-4)}` : `•••• •••• •••• ${digits.slice(-4)}`;
}
