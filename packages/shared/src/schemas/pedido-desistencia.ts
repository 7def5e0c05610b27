/**
 * The right of withdrawal (direito de arrependimento, CDC art. 49; docs/behaviour/orders.md#right-of-withdrawal,
 * ADR 036): the customer's 'Desistir da compra' and the staff's 'Registrar chegada da devolução'.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG_DESISTENCIA } from '../messages-desistencia.js';
import { idParam } from './common.js';
import { pedidoSchema } from './pedido.js';

const pedidoDesistirBodySchema = z.object(
  {
    /** Optional, up to 500 characters (trimmed; blank counts as none). */
    motivo: z.string().max(500, { error: MSG_DESISTENCIA.motivoLongo }).optional(),
  },
  { error: MSG_DESISTENCIA.motivoLongo },
);

export const pedidoDesistenciaApi = {
  desistir: defineEndpoint({
    method: 'PUT',
    path: '/pedido/desistir/:id',
    summary: 'Desistência da compra pelo cliente em até 7 dias (CDC art. 49; extensão do contrato original)',
    description:
      'Só o cliente dono do pedido (outro cliente: 403). Pedido só de cursos: até 7 dias corridos do pagamento; o pedido vai para DEVOLUCAO_SOLICITADA, o acesso ao curso termina na hora, o certificado emitido é revogado e o estorno do valor total é pedido ao meio de pagamento (a confirmação cancela o pedido). Pedido com produtos: até 7 dias corridos da entrega; o pedido vai para DEVOLUCAO_SOLICITADA e aguarda a chegada da devolução. Fora do prazo, não pago, a caminho, cancelado ou já desistido: 409 com o motivo. Repetir o pedido não estorna duas vezes (409).',
    params: z.object({ id: idParam }),
    body: pedidoDesistirBodySchema,
    response: pedidoSchema,
  }),
  receberDevolucao: defineEndpoint({
    method: 'PUT',
    path: '/pedido/receber-devolucao/:id',
    summary: 'Registra a chegada dos produtos devolvidos e estorna o valor total (USUARIO e ADMIN)',
    description:
      'Pedido em DEVOLUCAO_SOLICITADA com produtos: as unidades voltam ao estoque (movimento devolucao), o valor total (produtos e frete) é estornado pelo meio de pagamento (a confirmação cancela o pedido), com auditoria e e-mail ao cliente. Em outra situação, sem produtos ou com a chegada já registrada: 409.',
    params: z.object({ id: idParam }),
    response: pedidoSchema,
  }),
};
