/**
 * Payments (docs/behaviour/payments.md). The card number
 * never appears here: the browser tokenizes it and only the token travels.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { toCents } from '../money.js';
import { safeText } from './common.js';
import { optionalText } from './fields.js';
import { moneySchema } from './money.js';
import { binSchema, parcelamentoSchema } from './parcelamento.js';
import { boletoPagamentoSchema } from './boleto.js';
import { tipoPagamentoSchema } from './pedido.js';

/** How long a PIX charge can be paid (docs/behaviour/timings-and-limits.md#payment-timings): 600 s made at checkout, 30 minutes from an order's payment dialog. */
export const PIX_VALIDADE_CHECKOUT_S = 600;
export const PIX_VALIDADE_PEDIDO_S = 30 * 60;

/** Where a payment attempt starts: the checkout (PIX valid 600 s) or an order's payment dialog (30 min). */
const origemPagamentoSchema = z.enum(['checkout', 'pedido']);
export type OrigemPagamento = z.infer<typeof origemPagamentoSchema>;

/** Mercado Pago's payment statuses; the sandbox reports the same. */
export const STATUS_PAGAMENTO = [
  'pending',
  'approved',
  'authorized',
  'in_process',
  'in_mediation',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
] as const;
const statusPagamentoSchema = z.enum(STATUS_PAGAMENTO);
export type StatusPagamento = z.infer<typeof statusPagamentoSchema>;

const MAX_ID = 2_147_483_647;

/** `POST /pagamento/processar` body, plus `origem` (where the attempt starts; default the order dialog). */
const processarPagamentoBodySchema = z.object(
  {
    idPedido: z
      .number({ error: MSG.identificadorInvalido })
      .int(MSG.identificadorInvalido)
      .positive(MSG.identificadorInvalido)
      .max(MAX_ID, MSG.identificadorInvalido),
    tipoPagamento: tipoPagamentoSchema,
    /** Card only: the token from the sandbox tokenizer or MercadoPago.js. */
    token: optionalText(500),
    /** Card only: visa, master, amex, elo… */
    paymentMethodId: optionalText(40),
    /** The amount to pay by this method (the PIX discount off by PIX), before any card interest. */
    valor: moneySchema,
    email: optionalText(254),
    origem: origemPagamentoSchema.default('pedido'),
    /** Card only: the installments chosen; absent, 1x. */
    parcelamento: parcelamentoSchema.nullish(),
    /** Card only: the card's BIN, which Mercado Pago's installment offer depends on. */
    bin: binSchema.nullish(),
  },
  { error: MSG.dadosPagamentoInvalidos },
);
export type ProcessarPagamentoBody = z.input<typeof processarPagamentoBodySchema>;
export type ProcessarPagamentoData = z.output<typeof processarPagamentoBodySchema>;

/** A PIX charge (docs/behaviour/payments.md#pix): the QR code as a base64 PNG and the copy-and-paste BR Code, plus when it expires. */
const pixPaymentResponseSchema = z.object({
  qrCodeBase64: z.string(),
  qrCode: z.string(),
  /** ISO-8601 instant the charge stops being payable. */
  expiraEm: z.string(),
  /** Seconds of validity from creation (600 at checkout, 1800 from the order dialog): the countdown's start. */
  validadeSegundos: z.number().int(),
});

/** What a payment attempt answers: its status (card), the PIX charge or the boleto to pay. */
const processarPagamentoRespostaSchema = z.object({
  idPedido: z.number().int(),
  idPagamento: z.number().int(),
  tipoPagamento: tipoPagamentoSchema,
  status: statusPagamentoSchema,
  statusDetalhe: z.string().nullable(),
  valor: moneySchema,
  /** Card: the installments charged (1x included); null for PIX. */
  parcelamento: parcelamentoSchema.nullable(),
  pixPaymentResponse: pixPaymentResponseSchema.nullable(),
  boleto: boletoPagamentoSchema.nullable(),
});
export type ProcessarPagamentoResposta = z.output<typeof processarPagamentoRespostaSchema>;

/** One installment option of a card purchase, as GET /pagamento/parcelas answers it. */
const opcaoParcelamentoSchema = z.object({
  parcelas: z.number().int(),
  /** The regular installment (the last one may differ by a few cents). */
  valorParcela: moneySchema,
  /** What is charged in all, interest included. */
  total: moneySchema,
  /** Percent a month and the effective yearly rate; 0 when interest-free. */
  jurosMensal: z.number(),
  jurosAnual: z.number(),
  semJuros: z.boolean(),
});

/** `GET /pagamento/parcelas` query: the amount to pay (reais, '1067.88') and, once typed, the card's BIN. */
const parcelasQuerySchema = z.object({
  valor: z
    .string({ error: MSG.dadosPagamentoInvalidos })
    .regex(/^\d{1,10}(\.\d{1,2})?$/, MSG.dadosPagamentoInvalidos)
    .transform((v) => toCents(v))
    .refine((c) => c > 0, MSG.dadosPagamentoInvalidos),
  bin: binSchema.optional(),
});

/** Which payment service the browser talks to for card tokens (and Mercado Pago's public key when it is that). */
const configuracaoPagamentoSchema = z.object({
  provedor: z.enum(['sandbox', 'mercadopago']),
  publicKey: z.string().nullable(),
});
export type ConfiguracaoPagamento = z.infer<typeof configuracaoPagamentoSchema>;

/** A Mercado Pago webhook body (docs/integrations.md#webhooks); ids come as text or numbers, unknown fields are kept. */
const idTextoOuNumero = z.union([z.string().max(120), z.number()]);
const webhookMercadoPagoBodySchema = z.looseObject({
  id: idTextoOuNumero.optional(),
  live_mode: z.boolean().optional(),
  type: z.string().max(60).optional(),
  action: z.string().max(60).optional(),
  date_created: z.string().max(60).optional(),
  data: z.looseObject({ id: idTextoOuNumero.optional() }).optional(),
});

/** A payment notification (docs/behaviour/payments.md#realtime-notifications) as the realtime channel delivers it (and `idPedido`). */
export const notificacaoPagamentoSchema = z.object({
  /** The kept notification's id (ADR 046): the bell lists each once, whether read from the API or heard live. */
  id: z.number().int().positive(),
  message: z.string(),
  statusPayment: statusPagamentoSchema,
  idPedido: z.number().int(),
});
export type NotificacaoPagamento = z.infer<typeof notificacaoPagamentoSchema>;

/** The payment endpoints (docs/behaviour/payments.md#paying-an-order). */
export const pagamentoApi = {
  processar: defineEndpoint({
    method: 'POST',
    path: '/pagamento/processar',
    summary: 'Paga um pedido do cliente com cartão (token), PIX ou boleto',
    description:
      'Exige Idempotency-Key. Só o cliente dono do pedido (403). O pedido é precificado de novo para o meio escolhido (o desconto do PIX só no PIX): `valor` diferente desse total: 409. Cartão: `parcelamento` (ausente, 1x) precisa ser uma opção oferecida para esse total, com a mesma parcela e o mesmo total; senão 409. Pedido pago, cancelado ou enviado: 409. Token de cartão inválido, usado ou forjado: 422. Uma nova tentativa cancela o PIX ainda vivo do pedido. PIX vale 600 s com `origem` checkout e 30 minutos com `origem` pedido. Boleto: vence em N dias úteis (regras comerciais) e cancela o boleto anterior do pedido; boleto desativado nas regras: 409.',
    body: processarPagamentoBodySchema,
    response: processarPagamentoRespostaSchema,
    status: 201,
  }),
  parcelas: defineEndpoint({
    method: 'GET',
    path: '/pagamento/parcelas',
    summary: 'As opções de parcelamento no cartão para um valor (e o BIN do cartão)',
    description:
      'Com o sandbox, as opções saem das regras comerciais da loja (o BIN é opcional); com o Mercado Pago, das parcelas que ele oferece para o BIN e o valor (GET /v1/payment_methods/installments), limitadas ao máximo de parcelas e à parcela mínima da loja; sem o BIN, só à vista. Sempre começa por 1x (à vista).',
    query: parcelasQuerySchema,
    response: z.object({ opcoes: z.array(opcaoParcelamentoSchema) }),
  }),
  configuracao: defineEndpoint({
    method: 'GET',
    path: '/pagamento/configuracao',
    summary: 'Meio de pagamento em uso (sandbox ou Mercado Pago) e a chave pública do Mercado Pago',
    response: configuracaoPagamentoSchema,
  }),
  webhookMercadoPago: defineEndpoint({
    method: 'POST',
    path: '/pagamento/webhook/mercadopago',
    summary: 'Aviso de pagamento do Mercado Pago (assinado com x-signature)',
    description:
      'Só existe com PAYMENT_PROVIDER=mercadopago. Assinatura x-signature inválida, ausente ou antiga: 401. O aviso é gravado uma vez e aplicado por uma tarefa que relê o pagamento no Mercado Pago.',
    query: z.looseObject({
      'data.id': safeText().max(120).optional(),
      type: safeText().max(60).optional(),
      topic: safeText().max(60).optional(),
      id: safeText().max(120).optional(),
    }),
    body: webhookMercadoPagoBodySchema,
    response: z.object({ recebido: z.boolean() }),
  }),
};
