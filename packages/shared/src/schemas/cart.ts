import { z } from 'zod';
import { fromCents, toCents } from '../money.js';

/** A reais number written with at most two decimals (25.8, 25.80, 0): what `unitaryValue` holds. */
const reaisTwoDecimals = z
  .number()
  .min(0)
  .refine((reais) => Number.isFinite(reais) && fromCents(toCents(reais)) === reais);

/**
 * The line amount as the original store kept it: a string with exactly two decimals
 * ('25.80'). A leading minus is accepted when reading, because the bag rules say
 * negative line amounts are ignored in sums (so a stored cart holding one is
 * not corrupt); this code never writes one.
 */
const amountString = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * A cart line as kept in browser storage under `@shoppingCartItems`
 * (docs/behaviour/bag-and-checkout.md#bag-rules), exactly its fields.
 *
 * Units, chosen to keep the stored shape of the original store: `unitaryValue` is a
 * number of reais with two decimals (25.8) and `amount` is the string '25.80'.
 * Code never computes with them as floats: it converts `unitaryValue` to
 * integer cents (`toCents`), multiplies by the quantity in cents and writes
 * `amount` back with `centsToDecimalString` (packages/shared/src/cart.ts).
 *
 * `pathImg` is always written (a URL path or null); lines stored before this
 * schema without it are still read.
 */
export const cartLineSchema = z.object({
  id: z.number().int().positive(),
  nome: z.string(),
  pathImg: z.string().nullable().optional(),
  quantity: z.number().int().min(1),
  unitaryValue: reaisTwoDecimals,
  amount: amountString,
  brinde: z.boolean(),
  digital: z.boolean(),
  /**
   * A professional-use product (ADR 037), written only when true, by the product page: the bag and the checkout ask
   * for the CRO without another read. Absent on lines from elsewhere: the order's creation decides all the same.
   */
  usoProfissional: z.literal(true).optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** The whole stored cart. */
export const cartSchema = z.array(cartLineSchema);
