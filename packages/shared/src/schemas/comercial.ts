/**
 * The store's commercial rules (docs/behaviour/payments.md#commercial-rules): installments, the PIX discount,
 * boleto and free shipping, one set for the whole store, edited by the ADMIN (schemas/comercial-admin.ts). The
 * public read feeds the product cards' offers, the bag and the checkout; the server prices every order with the
 * same rules. The form's validation lives in comercial-admin.ts, out of the public pages' JavaScript
 * (docs/quality.md#p6-javascript-of-the-public-pages).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { moneySchema } from './money.js';

/** The 27 UF siglas. */
export const SIGLAS_UF = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const; // prettier-ignore
export type SiglaUf = (typeof SIGLAS_UF)[number];

/** The commercial rules as the API answers them. */
export const regrasComerciaisSchema = z.object({
  parcelamento: z.object({
    /** The most installments a card purchase may have (1 = cash only). */
    maxParcelas: z.number().int(),
    /** How many of them carry no interest (1 = only cash is interest-free). */
    parcelasSemJuros: z.number().int(),
    /** The monthly rate beyond the interest-free ones, in percent (Tabela Price). */
    jurosMensal: z.number(),
    /** The smallest installment offered (an option whose installment is below it is not offered). */
    parcelaMinima: moneySchema,
  }),
  pix: z.object({
    /** The percentage off the products (after a coupon) when the customer pays by PIX. */
    desconto: z.number(),
  }),
  boleto: z.object({
    /** Whether boleto is offered at all. */
    ativo: z.boolean(),
    /** The boleto is due this many business days after it is issued. */
    diasUteis: z.number().int(),
    /** Days after the due date before the order is cancelled (a bank may take that long to report a payment). */
    diasTolerancia: z.number().int(),
    /** Whether the checkout preselects boleto for companies (CNPJ). */
    preSelecionadoEmpresa: z.boolean(),
  }),
  freteGratis: z.object({
    ativo: z.boolean(),
    /** The products' subtotal (after a coupon) from which the freight is free. */
    valorMinimo: moneySchema,
    /** The states it applies to (siglas); empty: every state. */
    ufs: z.array(z.enum(SIGLAS_UF)),
    /** The freight services that become free (the quote's option ids); empty: every service. */
    servicos: z.array(z.number().int()),
  }),
});
export type RegrasComerciais = z.output<typeof regrasComerciaisSchema>;

/** The public read of the commercial rules. */
export const comercialApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/condicoescomerciais/',
    summary: 'As regras comerciais da loja: parcelamento, desconto no PIX, boleto e frete grátis',
    response: regrasComerciaisSchema,
  }),
};
