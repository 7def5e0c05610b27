/**
 * Staff moves of an order (docs/behaviour/orders.md#shipping-and-tracking, ADR 016): PAGO → ENVIADO
 * with the carrier's tracking code (mailed to the client), then ENVIADO →
 * ENTREGUE. Kept apart from pedido.ts so the customer's screens, which use
 * that file, do not carry the back-office texts (MSG_BO).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG_BO } from '../messages-backoffice.js';
import { idParam } from './common.js';
import { pedidoSchema } from './pedido.js';

/**
 * A carrier's tracking code: trimmed and upper-cased, then 4 to 50 letters,
 * digits or hyphens (Correios 'AA123456789BR', Jadlog's digits, …).
 */
const codigoRastreioSchema = z
  .string({ error: MSG_BO.codigoRastreioInvalido })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{4,50}$/, { error: MSG_BO.codigoRastreioInvalido });

export const pedidoEnviarBodySchema = z.object(
  {
    codigoRastreio: codigoRastreioSchema,
    /** The staff confirmed shipping without an issued NF-e (ADR 031); without it such an order is refused (409). */
    semNotaFiscal: z.boolean().optional(),
  },
  { error: MSG_BO.codigoRastreioInvalido },
);
export type PedidoEnviarBody = z.input<typeof pedidoEnviarBodySchema>;

export const pedidoEquipeApi = {
  enviar: defineEndpoint({
    method: 'PUT',
    path: '/pedido/enviar/:id',
    summary:
      'Marca um pedido pago como enviado, com o código de rastreio (USUARIO e ADMIN; extensão do contrato original)',
    description:
      'PAGO → ENVIADO. O código é aparado e passado para maiúsculas (4 a 50 letras, números ou hífens). Grava o histórico e a auditoria e envia ao cliente, na mesma transação, o e-mail com o código. Pedido não pago, já enviado, entregue, cancelado ou recusado, ou sem produtos físicos a entregar: 409. Nota fiscal não emitida: 409, salvo com semNotaFiscal: true (a confirmação da equipe). Dois envios simultâneos: um vence, o outro recebe 409.',
    params: z.object({ id: idParam }),
    body: pedidoEnviarBodySchema,
    response: pedidoSchema,
  }),
  entregar: defineEndpoint({
    method: 'PUT',
    path: '/pedido/entregar/:id',
    summary: 'Marca um pedido enviado como entregue (USUARIO e ADMIN; extensão do contrato original)',
    description:
      'ENVIADO → ENTREGUE. Grava o histórico e a auditoria e avisa o cliente por e-mail. De qualquer outra situação: 409 (sem pular etapas nem voltar).',
    params: z.object({ id: idParam }),
    response: pedidoSchema,
  }),
};
