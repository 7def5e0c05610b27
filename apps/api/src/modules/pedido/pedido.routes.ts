import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { COMPROVANTE_PEDIDO_PATH, pedidoApi } from '@clinica/shared/schemas/pedido';
import { MSG_DESISTENCIA } from '@clinica/shared/messages-desistencia';
import { pedidoDesistenciaApi } from '@clinica/shared/schemas/pedido-desistencia';
import { pedidoEquipeApi } from '@clinica/shared/schemas/pedido-equipe';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { Desistencia } from './pedido-desistencia.js';
import type { PedidoService } from './pedido.service.js';

/** Who sees and cancels an order: its client (checked in the service) or staff. */
const DONO_OU_EQUIPE = ['CLIENTE', 'USUARIO', 'ADMIN'] as const;

/** Staff (docs/behaviour/README.md#roles): the back-office's order moves. */
const EQUIPE = ['USUARIO', 'ADMIN'] as const;

/**
 * /pedido/* (docs/behaviour/orders.md): reading and cancelling, the two lists, the staff moves (creation is the
 * checkout's).
 */
export const pedidoRoutes: FastifyPluginAsync<{ service: PedidoService; desistencia: Desistencia }> = async (
  app,
  { service, desistencia },
) => {
  route(app, pedidoApi.detalhe, { access: DONO_OU_EQUIPE }, async (request) =>
    ok(await service.ler(authUser(request), request.params.id)),
  );

  // The order's confirmation (ADR 035): a binary answer outside the JSON contract, as the DANFE's; the customer only.
  app.get(
    COMPROVANTE_PEDIDO_PATH,
    {
      config: { access: ['CLIENTE'] },
      schema: {
        summary: 'O comprovante do pedido (PDF)',
        description: 'Só o cliente dono do pedido. Outro cliente ou a equipe: 403; pedido inexistente: 404.',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const pdf = await service.comprovante(authUser(request), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="pedido-${id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(pdf);
    },
  );

  route(app, pedidoApi.cancelar, { access: DONO_OU_EQUIPE }, async (request) =>
    ok(await service.cancelar(authUser(request), request.params.id), MSG.pedidoCancelado),
  );

  route(app, pedidoApi.listagemCliente, { access: { owner: 'clientId', claim: 'idCliente' } }, async (request) =>
    ok(await service.listagemCliente(request.params.clientId, request.query)),
  );

  route(app, pedidoApi.listagemAdmin, { access: EQUIPE }, async (request) =>
    ok(await service.listagemAdmin(request.query)),
  );

  route(app, pedidoEquipeApi.enviar, { access: EQUIPE }, async (request) =>
    ok(
      await service.enviar(authUser(request), request.params.id, request.body.codigoRastreio, {
        semNotaFiscal: request.body.semNotaFiscal === true,
      }),
      MSG_BO.pedidoEnviado,
    ),
  );

  route(app, pedidoEquipeApi.entregar, { access: EQUIPE }, async (request) =>
    ok(await service.entregar(authUser(request), request.params.id), MSG_BO.pedidoEntregue),
  );

  // The right of withdrawal (ADR 036): the order's customer only (checked in the service), and the staff's arrival.
  route(app, pedidoDesistenciaApi.desistir, { access: ['CLIENTE'] }, async (request) => {
    const pedido = await desistencia.desistir(authUser(request), request.params.id, request.body.motivo);
    return ok(
      pedido,
      pedido.desistencia?.tipo === 'produtos' ? MSG_DESISTENCIA.sucessoProdutos : MSG_DESISTENCIA.sucessoCurso,
    );
  });

  route(app, pedidoDesistenciaApi.receberDevolucao, { access: EQUIPE }, async (request) =>
    ok(await desistencia.registrarChegada(authUser(request), request.params.id), MSG_DESISTENCIA.chegadaRegistrada),
  );
};
