import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idParam } from './common.js';
import { STATUS_PAGAMENTO } from './pagamento.js';

/** How many notifications the bell lists (the latest), ADR 046. */
export const NOTIFICACOES_LISTADAS = 30;

/**
 * A notification kept for the customer (ADR 046): what the realtime channel said (an order received, a payment's new
 * status) or a notice of the store, with when it was written and when it was read (null while unread). `id` is the one the realtime message
 * carries, so the bell never lists a notification twice.
 */
const notificacaoSchema = z.object({
  id: z.number().int().positive(),
  tipo: z.enum(['pedido', 'pagamento', 'aviso']),
  message: z.string(),
  statusPayment: z.enum(STATUS_PAGAMENTO).nullable(),
  idPedido: z.number().int().nullable(),
  criadaEm: z.string(),
  lidaEm: z.string().nullable(),
});
export type Notificacao = z.infer<typeof notificacaoSchema>;

export type TipoNotificacao = Notificacao['tipo'];

/** The latest notifications, newest first, and how many of all are unread. */
const notificacoesSchema = z.object({
  naoLidas: z.number().int().min(0),
  itens: z.array(notificacaoSchema),
});
export type Notificacoes = z.infer<typeof notificacoesSchema>;

/** The signed-in customer's notifications (docs/behaviour/payments.md#realtime-notifications). CLIENTE only. */
export const notificacaoApi = {
  listar: defineEndpoint({
    method: 'GET',
    path: '/notificacao',
    summary: 'As últimas notificações do cliente e quantas não foram lidas',
    description: `Só clientes (403 para a equipe, 401 sem sessão). As ${NOTIFICACOES_LISTADAS} mais recentes, da mais nova para a mais antiga.`,
    response: notificacoesSchema,
  }),
  marcarLida: defineEndpoint({
    method: 'PUT',
    path: '/notificacao/:id/lida',
    summary: 'Marca uma notificação como lida',
    description:
      'Só o cliente dono da notificação (403 para outro cliente); inexistente: 404. Já lida: nada muda. Responde a lista atualizada.',
    params: z.object({ id: idParam }),
    response: notificacoesSchema,
  }),
  marcarTodasLidas: defineEndpoint({
    method: 'PUT',
    path: '/notificacao/lidas',
    summary: 'Marca todas as notificações do cliente como lidas',
    description: 'Só clientes. Responde a lista atualizada.',
    response: notificacoesSchema,
  }),
};
