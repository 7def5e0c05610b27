/**
 * The ADMIN's write of the commercial rules (docs/behaviour/payments.md#commercial-rules), apart from the public
 * read (comercial.ts) so the form's validation and its texts stay out of the public pages' JavaScript.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { regrasComerciaisSchema, SIGLAS_UF } from './comercial.js';
import { moneySchema } from './money.js';

/** A percentage from 0 to `max` with at most two decimals (1.99 is 1,99 %). */
const percentual = (max: number) => {
  const erro = MSG_BO.percentualInvalido.replace('{max}', String(max));
  return z
    .number({ error: erro })
    .min(0, erro)
    .max(max, erro)
    .refine((p) => /^\d+(\.\d{1,2})?$/.test(String(p)), { error: erro });
};

/** A whole number from `min` to `max`. */
const inteiro = (min: number, max: number) => {
  const erro = MSG_BO.numeroInteiroInvalido.replace('{min}', String(min)).replace('{max}', String(max));
  return z.number({ error: erro }).int(erro).min(min, erro).max(max, erro);
};

const parcelamentoSchema = z
  .object({
    /** The most installments a card purchase may have (1 = cash only). */
    maxParcelas: inteiro(1, 24),
    /** How many of them carry no interest (1 = only cash is interest-free). */
    parcelasSemJuros: inteiro(1, 24),
    /** The monthly rate beyond the interest-free ones, in percent (Tabela Price). */
    jurosMensal: percentual(20),
    /** The smallest installment offered (an option whose installment is below it is not offered). */
    parcelaMinima: moneySchema,
  })
  .refine((p) => p.parcelasSemJuros <= p.maxParcelas, {
    error: MSG_BO.parcelasSemJurosAcimaDoMaximo,
    path: ['parcelasSemJuros'],
  });

const pixSchema = z.object({
  /** The percentage off the products (after a coupon) when the customer pays by PIX. */
  desconto: percentual(50),
});

const boletoSchema = z.object({
  /** Whether boleto is offered at all. */
  ativo: z.boolean({ error: MSG.erroValidacao }),
  /** The boleto is due this many business days after it is issued. */
  diasUteis: inteiro(1, 30),
  /** Days after the due date before the order is cancelled (a bank may take that long to report a payment). */
  diasTolerancia: inteiro(0, 30),
  /** Whether the checkout preselects boleto for companies (CNPJ). */
  preSelecionadoEmpresa: z.boolean({ error: MSG.erroValidacao }),
});

const freteGratisSchema = z.object({
  ativo: z.boolean({ error: MSG.erroValidacao }),
  /** The products' subtotal (after a coupon) from which the freight is free. */
  valorMinimo: moneySchema,
  /** The states it applies to (siglas); empty: every state. */
  ufs: z.array(z.enum(SIGLAS_UF, { error: MSG_BO.ufInvalida })).max(27),
  /** The freight services that become free (the quote's option ids); empty: every service. */
  servicos: z.array(inteiro(1, 2_147_483_647)).max(50),
});

/** The commercial rules as the ADMIN writes them (POST /condicoescomerciais/). */
const regrasComerciaisInputSchema = z.object(
  {
    parcelamento: parcelamentoSchema,
    pix: pixSchema,
    boleto: boletoSchema,
    freteGratis: freteGratisSchema,
  },
  { error: MSG.erroValidacao },
);
export type RegrasComerciaisInput = z.input<typeof regrasComerciaisInputSchema>;

/** The ADMIN's write of the commercial rules. */
export const comercialAdminApi = {
  salvar: defineEndpoint({
    method: 'POST',
    path: '/condicoescomerciais/',
    summary: 'Grava as regras comerciais da loja (ADMIN)',
    description:
      'Substitui as regras de parcelamento, desconto no PIX, boleto e frete grátis; valem para os pedidos criados depois. Parcelas sem juros acima do máximo, percentual ou número fora da faixa: 400.',
    body: regrasComerciaisInputSchema,
    response: regrasComerciaisSchema,
  }),
};
