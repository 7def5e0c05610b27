/**
 * The customer's side of discount coupons (docs/behaviour/bag-and-checkout.md#coupons): POST /cupom/validar, which
 * the bag and the checkout call to check a code against what is in the bag. The back-office's endpoints are in
 * cupom-admin.ts, so the customer's screens do not load back-office texts.
 */
import { z } from 'zod';
import { normalizeCouponCode } from '../coupon.js';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_CUPOM } from '../messages-cupom.js';
import { isCleanText } from './common.js';
import { moneySchema } from './money.js';

/** Most lines of a bag (as an order has), and most units of one product. */
const MAX_ITENS = 100;
const MAX_QUANTIDADE = 999;
const MAX_ID = 2_147_483_647;

/** A line of the bag: which product and how many; prices and categories are the server's. */
const itemDaSacolaSchema = z.object(
  {
    produto: z.object(
      {
        id: z
          .number({ error: MSG.identificadorInvalido })
          .int(MSG.identificadorInvalido)
          .positive(MSG.identificadorInvalido)
          .max(MAX_ID, MSG.identificadorInvalido),
      },
      { error: MSG.identificadorInvalido },
    ),
    quantidade: z
      .number({ error: MSG.quantidadeMaiorQueZero })
      .int(MSG.quantidadeMaiorQueZero)
      .min(1, MSG.quantidadeMaiorQueZero)
      .max(MAX_QUANTIDADE, MSG.quantidadeMaxima),
  },
  { error: MSG.pedidoSemItens },
);

/**
 * The code as the customer typed it: spaces removed and upper-cased ('bem vindo10' is BEMVINDO10); empty is
 * 'Informe o código do cupom.'. A code that could be no coupon's is answered 'Cupom inválido.' by the server (422),
 * like an unknown one.
 */
const codigoDigitadoField = z
  .string({ error: (issue) => (issue.code === 'invalid_type' ? MSG_CUPOM.codigoVazio : undefined) })
  .max(60, MSG_CUPOM.invalido)
  .refine((v) => isCleanText(v), { error: MSG_CUPOM.invalido, abort: true })
  .transform(normalizeCouponCode)
  .refine((v) => v !== '', { error: MSG_CUPOM.codigoVazio });

/** POST /cupom/validar {codigo, itens: [{produto: {id}, quantidade}]}. */
const validarCupomBodySchema = z.object(
  {
    codigo: codigoDigitadoField,
    itens: z
      .array(itemDaSacolaSchema, { error: MSG.pedidoSemItens })
      .min(1, MSG.pedidoSemItens)
      .max(MAX_ITENS, MSG.pedidoItensDemais),
  },
  { error: MSG.corpoInvalido },
);

/** A coupon that applies to the bag: what it takes off now (the order re-checks it) and what it does not combine with. */
const cupomValidadoSchema = z.object({
  codigo: z.string(),
  /** The manager's description of the coupon. */
  descricao: z.string(),
  /** What it gives, in words: '10% de desconto nos produtos'. */
  resumo: z.string(),
  /** The discount on this bag (reais on the wire, cents in code). */
  desconto: moneySchema,
  /** Combines with the PIX discount. */
  acumulaPix: z.boolean(),
  /** Combines with the automatic gift. */
  acumulaBrinde: z.boolean(),
  /** What it does not combine with: 'Não acumula com o desconto do PIX', 'Não acumula com o brinde'. */
  avisos: z.array(z.string()),
});
export type CupomValidado = z.output<typeof cupomValidadoSchema>;

export const cupomApi = {
  validar: defineEndpoint({
    method: 'POST',
    path: '/cupom/validar',
    summary: 'Confere um cupom de desconto na sacola do cliente e diz quanto ele desconta',
    description:
      'Cliente autenticado. Os preços, categorias e brindes vêm do banco; o desconto vale para esta sacola agora ' +
      'e é conferido de novo quando o pedido é criado. Um cupom que não vale é 422 com o motivo (inválido, ' +
      'desativado, fora da validade, esgotado, já usado, só para a primeira compra, sem itens incluídos, abaixo ' +
      'do valor mínimo); um produto desconhecido ou indisponível é 422. Muitas tentativas recusadas: 429.',
    body: validarCupomBodySchema,
    response: cupomValidadoSchema,
  }),
};
