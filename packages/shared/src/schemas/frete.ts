import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { safeText } from './common.js';
import { cepField } from './fields.js';
import { moneySchema } from './money.js';

/** Most units of one product in one quote (the bag has no limit; a shipment does). */
const MAX_QUANTIDADE_FRETE = 999;
/** Most lines in one quote. */
const MAX_PRODUTOS_FRETE = 100;

const produtoId = z
  .number({ error: MSG.identificadorInvalido })
  .int(MSG.identificadorInvalido)
  .positive(MSG.identificadorInvalido)
  .max(2_147_483_647, MSG.identificadorInvalido);

/** One line of the quote: a product id and how many units (0 not allowed). */
const freteItemSchema = z.object({
  id: produtoId,
  quantidade: z
    .number({ error: MSG.quantidadeMaiorQueZero })
    .int(MSG.quantidadeMaiorQueZero)
    .min(1, MSG.quantidadeMaiorQueZero)
    .max(MAX_QUANTIDADE_FRETE, MSG.quantidadeMaxima),
});
export type FreteItem = z.infer<typeof freteItemSchema>;

/** `POST /frete/calcular` body (docs/behaviour/bag-and-checkout.md#freight): the destination CEP and the physical items of the bag. */
const freteCalcularBodySchema = z.object({
  cep: cepField,
  pedidoProdutos: z
    .array(freteItemSchema, { error: MSG.freteSemProdutos })
    .min(1, MSG.freteSemProdutos)
    .max(MAX_PRODUTOS_FRETE, MSG.freteProdutosDemais),
  /**
   * The bag's products after the coupon (docs/behaviour/bag-and-checkout.md#free-shipping): with it, the options the
   * store's free shipping covers come at 0 with `freteGratis` and their `precoOriginal`. Only a display: the order is
   * priced by the server.
   */
  subtotal: moneySchema.optional(),
});

const prazoSchema = z.object({ min: z.number().int().min(0), max: z.number().int().min(0) });

/**
 * A freight option, shaped like one service of Melhor Envio's quote
 * (docs/integrations.md#melhor-envio) with the fields the checkout reads (docs/behaviour/bag-and-checkout.md#freight
 * option: id, name, custom_price, delivery_range.max, company.name).
 * `custom_price` is what the customer pays (cents in code, reais on the wire);
 * `delivery_time` and `delivery_range` are working days, already the
 * provider's custom ones when it has them.
 */
const opcaoFreteSchema = z.object({
  /** Melhor Envio's service id: 1 PAC, 2 SEDEX (Correios), … */
  id: z.number().int().positive(),
  /** Service name: "PAC", "SEDEX". */
  name: z.string(),
  custom_price: moneySchema,
  /** Made free by the store's free shipping (only when the quote was given the bag's subtotal): custom_price is 0. */
  freteGratis: z.boolean().optional(),
  /** The option's price before free shipping, kept to show struck through. */
  precoOriginal: moneySchema.optional(),
  delivery_time: z.number().int().min(0),
  delivery_range: prazoSchema,
  company: z.object({ id: z.number().int(), name: z.string(), picture: z.string().nullable() }),
});
export type OpcaoFrete = z.output<typeof opcaoFreteSchema>;

/** `GET /melhorenvio/auth` (docs/behaviour/back-office.md#freight-account): whether the store must (re)connect its Melhor Envio account, and the link. */
const melhorEnvioAuthSchema = z.object({
  autenticar: z.boolean(),
  /** Spelled as the original contract has it. */
  urlAutheticar: z.string().nullable(),
});
export type MelhorEnvioAuth = z.infer<typeof melhorEnvioAuthSchema>;

const queryText = (max: number) => safeText().max(max, MSG.textoLongo).optional();

/** The freight endpoints. */
export const freteApi = {
  calcular: defineEndpoint({
    method: 'POST',
    path: '/frete/calcular',
    summary: 'Opções de frete (PAC, SEDEX…) para um CEP e os produtos físicos da sacola',
    description:
      'Produtos digitais são ignorados (não há o que entregar). Produto inexistente ou inativo, CEP fora das faixas dos estados ou nenhum produto físico: 422. Serviço de frete fora do ar: 503.',
    body: freteCalcularBodySchema,
    response: z.array(opcaoFreteSchema),
  }),
};

/** The store's Melhor Envio account (OAuth2 authorization code, docs/integrations.md#melhor-envio). */
export const melhorEnvioApi = {
  auth: defineEndpoint({
    method: 'GET',
    path: '/melhorenvio/auth',
    summary: 'Se a conta do Melhor Envio precisa ser conectada, e o link de autorização',
    description:
      'Com FREIGHT_PROVIDER=local (tabela própria) sempre `{ autenticar: false, urlAutheticar: null }`. O link vale 15 minutos.',
    response: melhorEnvioAuthSchema,
  }),
  callback: defineEndpoint({
    method: 'GET',
    path: '/melhorenvio/callback',
    summary: 'Retorno da autorização no Melhor Envio: troca o código pelos tokens da loja',
    description:
      'Chamada pelo navegador ao voltar do Melhor Envio (redirect_uri). O `state` é o do link de /melhorenvio/auth (assinado, 15 minutos).',
    query: z.object({
      code: queryText(4000),
      state: queryText(1000),
      error: queryText(200),
    }),
    response: melhorEnvioAuthSchema,
  }),
};
