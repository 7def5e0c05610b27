import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG_BOLETO } from '../messages-boleto.js';
import { safeText } from './common.js';
import { moneySchema } from './money.js';

/** A message of the mail outbox, as the sandbox mailbox shows it. */
const emailSaidaSchema = z.object({
  para: z.string(),
  assunto: z.string(),
  texto: z.string(),
  html: z.string().nullable(),
  /** ISO 8601. */
  criadoEm: z.string(),
});
export type EmailSaida = z.infer<typeof emailSaidaSchema>;

/** Routes of the offline sandboxes; each exists only while its sandbox is the active implementation. */
export const sandboxApi = {
  emails: defineEndpoint({
    method: 'GET',
    path: '/sandbox/emails',
    summary: 'Caixa de saída do sandbox de e-mail (mais novos primeiro)',
    description: 'Existe só com `MAIL_TRANSPORT=outbox`.',
    query: z.object({ para: safeText().min(1).max(254) }),
    response: z.array(emailSaidaSchema),
  }),
};

/** MercadoPago.js `createCardToken` input, as the sandbox tokenizer takes it (the number is never stored). */
export const sandboxCartaoTokenBodySchema = z.object({
  cardNumber: z.string().regex(/^\d{13,19}$/),
  cardholderName: safeText().min(1).max(150),
  cardExpirationMonth: z.string().regex(/^(0[1-9]|1[0-2])$/),
  /** Four digits (the web prefixes "20"). */
  cardExpirationYear: z.string().regex(/^\d{4}$/),
  securityCode: z.string().regex(/^\d{3,4}$/),
  identificationType: z.enum(['CPF', 'CNPJ']),
  identificationNumber: z.string().regex(/^[0-9A-Za-z]{11,14}$/),
});

/** The token, as Mercado Pago answers `createCardToken` (snake case). */
const sandboxCartaoTokenSchema = z.object({
  id: z.string(),
  first_six_digits: z.string(),
  last_four_digits: z.string(),
  payment_method_id: z.string(),
  expiration_month: z.number().int(),
  expiration_year: z.number().int(),
  cardholder: z.object({ name: z.string() }),
});
export type SandboxCartaoToken = z.infer<typeof sandboxCartaoTokenSchema>;

/** One result of MercadoPago.js `getPaymentMethods({ bin })`. */
const metodoPagamentoSchema = z.object({
  id: z.string(),
  name: z.string(),
  payment_type_id: z.string(),
  status: z.string(),
  issuer: z.object({ id: z.number().int(), name: z.string() }),
});
export type MetodoPagamento = z.infer<typeof metodoPagamentoSchema>;

/** A PIX charge of the sandbox, as the "bank" shows it before paying. */
const sandboxPixSchema = z.object({
  txid: z.string(),
  recebedor: z.string(),
  cidade: z.string(),
  valor: moneySchema,
  status: z.string(),
  /** ISO-8601. */
  expiraEm: z.string().nullable(),
  idPedido: z.number().int().nullable(),
});
export type SandboxPix = z.output<typeof sandboxPixSchema>;

const codigoPixBody = z.object({ codigo: z.string().trim().min(20).max(600) });

/** A boleto of the sandbox, as the "bank" shows it before paying (docs/behaviour/payments.md#boleto). */
const sandboxBoletoSchema = z.object({
  linhaDigitavel: z.string(),
  beneficiario: z.string(),
  pagador: z.string(),
  valor: moneySchema,
  /** 'YYYY-MM-DD'. */
  vencimento: z.string(),
  status: z.string(),
  idPedido: z.number().int().nullable(),
});
export type SandboxBoleto = z.output<typeof sandboxBoletoSchema>;

/** A typed or pasted line: 47 digits, with the dots and spaces it is printed with. */
const linhaBoletoBody = z.object({
  linha: z
    .string({ error: MSG_BOLETO.linhaInvalida })
    .trim()
    .max(80, MSG_BOLETO.linhaInvalida)
    .regex(/^[\d.\s]+$/, MSG_BOLETO.linhaInvalida),
});

/** Sandbox of the payment provider (PAYMENT_PROVIDER=sandbox): card tokens, method lookup, a PIX and boleto "bank". */
export const sandboxPagamentoApi = {
  cartaoToken: defineEndpoint({
    method: 'POST',
    path: '/sandbox/cartao/token',
    summary: 'Tokeniza um cartão como o MercadoPago.js createCardToken (o número não é guardado)',
    description:
      'Existe só com PAYMENT_PROVIDER=sandbox. O nome do titular decide o resultado da cobrança, como nos cartões de teste do Mercado Pago: APRO aprovado, OTHE recusado, CONT pendente, CALL, FUND, SECU, EXPI, FORM recusados.',
    body: sandboxCartaoTokenBodySchema,
    response: sandboxCartaoTokenSchema,
    status: 201,
  }),
  metodos: defineEndpoint({
    method: 'GET',
    path: '/sandbox/cartao/metodos',
    summary: 'Bandeira do cartão pelos 8 primeiros dígitos (como getPaymentMethods do MercadoPago.js)',
    query: z.object({ bin: z.string().regex(/^\d{6,8}$/) }),
    response: z.object({ results: z.array(metodoPagamentoSchema) }),
  }),
  pixConsultar: defineEndpoint({
    method: 'POST',
    path: '/sandbox/pix/consultar',
    summary: 'Mostra a cobrança de um código PIX copia e cola (banco de teste)',
    body: codigoPixBody,
    response: sandboxPixSchema,
  }),
  pixPagar: defineEndpoint({
    method: 'POST',
    path: '/sandbox/pix/pagar',
    summary: 'Paga um código PIX copia e cola como um banco faria (aviso pelo mesmo caminho de um webhook)',
    description: 'Código desconhecido: 404. Cobrança já paga: 409. Expirada ou cancelada: 409.',
    body: codigoPixBody,
    response: sandboxPixSchema,
  }),
  boletoConsultar: defineEndpoint({
    method: 'POST',
    path: '/sandbox/boleto/consultar',
    summary: 'Mostra o boleto de uma linha digitável (banco de teste)',
    description: 'Linha com dígitos verificadores errados: 422. Boleto desconhecido: 404.',
    body: linhaBoletoBody,
    response: sandboxBoletoSchema,
  }),
  boletoPagar: defineEndpoint({
    method: 'POST',
    path: '/sandbox/boleto/pagar',
    summary: 'Paga um boleto pela linha digitável como um banco faria (aviso pelo mesmo caminho de um webhook)',
    description:
      'Linha inválida: 422. Boleto desconhecido: 404. Já pago: 409. Cancelado (vencido além da tolerância, ou trocado por outro): 409.',
    body: linhaBoletoBody,
    response: sandboxBoletoSchema,
  }),
};
