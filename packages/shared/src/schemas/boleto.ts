/** The boleto of a payment as the API answers it (docs/behaviour/payments.md#boleto). */
import { z } from 'zod';

/**
 * A boleto to pay (docs/behaviour/payments.md#boleto): its 47-digit line and 44-digit barcode (digits only), the due
 * day, the last day it is still accepted (due date plus the grace period) and the bank's printable PDF when the
 * provider gives one (Mercado Pago); without it the store prints it (GET /pagamento/{id}/boleto/pdf).
 */
export const boletoPagamentoSchema = z.object({
  linhaDigitavel: z.string(),
  codigoBarras: z.string(),
  /** 'YYYY-MM-DD'. */
  vencimento: z.string(),
  /** 'YYYY-MM-DD': unpaid after this day, the order is cancelled. */
  pagavelAte: z.string(),
  pdfUrl: z.string().nullable(),
});
export type BoletoPagamento = z.output<typeof boletoPagamentoSchema>;

/**
 * The store's printable boleto of a payment (a binary route, outside the JSON contract): the order's own customer
 * only (403 another, 404 unknown or not a boleto).
 */
export const BOLETO_PDF_PATH = '/pagamento/:id/boleto/pdf';
export const boletoPdfPath = (idPagamento: number) => `/pagamento/${idPagamento}/boleto/pdf`;
