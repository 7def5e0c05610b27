/**
 * A card purchase's installments on the wire (docs/behaviour/payments.md#installments), shared by the order's creation
 * (schemas/pedido.ts) and the payment of an order (schemas/pagamento.ts).
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { moneySchema } from './money.js';

/**
 * A card purchase's installments as the customer chose them (docs/behaviour/payments.md#installments): the count,
 * the regular installment and the total charged, interest included, as the offer showed them. The server works the
 * offer out again for the amount to pay and refuses (409) a choice it does not offer with these very values.
 */
/**
 * installments.ts's MAX_PARCELAS, written again rather than imported: the order's schemas are in every public page's
 * JavaScript, and the installments' code is not (docs/quality.md#p6-javascript-of-the-public-pages). A test holds
 * the two equal.
 */
export const MAX_PARCELAS_NO_FIO = 24;

export const parcelamentoSchema = z.object(
  {
    parcelas: z
      .number({ error: MSG.dadosPagamentoInvalidos })
      .int(MSG.dadosPagamentoInvalidos)
      .min(1, MSG.dadosPagamentoInvalidos)
      .max(MAX_PARCELAS_NO_FIO, MSG.dadosPagamentoInvalidos),
    valorParcela: moneySchema,
    total: moneySchema,
  },
  { error: MSG.dadosPagamentoInvalidos },
);
export type Parcelamento = z.output<typeof parcelamentoSchema>;

/** The card's first 6 to 8 digits (its BIN): what the provider's installment offer depends on; never the number. */
export const binSchema = z
  .string({ error: MSG.dadosPagamentoInvalidos })
  .regex(/^\d{6,8}$/, MSG.dadosPagamentoInvalidos);
