import { z } from 'zod';
import { fromCents, toCents } from '../money.js';

/** The largest amount numeric(12,2) holds, in cents. */
export const MAX_CENTS = 999_999_999_999;

/**
 * Whether a number is written with at most two decimals (its shortest decimal
 * form, as JSON prints it): 12.9 and 12.90 yes; 0.1 + 0.2 = 0.30000000000000004 no.
 */
const twoDecimals = (reais: number): boolean => /^\d+(\.\d{1,2})?$/.test(String(reais));

/**
 * Money at the JSON boundary (docs/architecture.md#money): a non-negative number of reais with
 * at most two decimals on the wire (`12.9`), integer cents in code (`1290`).
 * Parsing (API requests, web responses) decodes to cents; the API's response
 * serializer encodes cents back to reais. Amounts are never floats in code.
 */
export const moneySchema = z.codec(
  z
    .number({ error: 'Informe um valor em reais.' })
    .min(0, { error: 'O valor não pode ser negativo.' })
    .max(MAX_CENTS / 100, { error: 'O valor é grande demais.' })
    .refine(twoDecimals, { error: 'O valor deve ter no máximo duas casas decimais.' }),
  z.int().min(0).max(MAX_CENTS),
  {
    decode: (reais) => toCents(reais),
    encode: (cents) => fromCents(cents),
  },
);
