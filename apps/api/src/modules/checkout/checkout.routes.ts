import type { FastifyPluginAsync } from 'fastify';
import { MSG_API } from '@clinica/shared/messages-api';
import { BOLETO_PDF_PATH } from '@clinica/shared/schemas/boleto';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { z } from 'zod';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { verificarAssinaturaMercadoPago } from '../../integrations/payments/webhook-signature.js';
import { ok, withStatus } from '../../lib/envelope.js';
import { unauthorized } from '../../lib/errors.js';
import { authUser, route } from '../../lib/route.js';
import { chaveDaRequisicao } from '../idempotencia/idempotencia.service.js';
import type { CheckoutService } from './checkout.service.js';

export interface CheckoutRoutesOptions {
  service: CheckoutService;
  /** Mercado Pago's webhook secret: the webhook route exists only with it (PAYMENT_PROVIDER=mercadopago). */
  webhook: { secret: string; toleranciaSegundos: number } | null;
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The checkout's routes (docs/behaviour/bag-and-checkout.md#order-creation): POST /pedido/create (one order per
 * checkout attempt, ADR 010), the lookup of an attempt's order, POST /pagamento/processar, the provider choice for
 * the browser, and Mercado Pago's webhook.
 */
export const checkoutRoutes: FastifyPluginAsync<CheckoutRoutesOptions> = async (app, { service, webhook }) => {
  route(app, pedidoApi.create, { access: ['CLIENTE'] }, async (request, reply) => {
    const { chave, rota } = chaveDaRequisicao(request);
    const { resposta, repetida } = await service.criarPedido(authUser(request), request.body, chave, rota);
    if (repetida) reply.header('idempotent-replayed', 'true');
    return withStatus(reply, resposta.statusCode, resposta.content, resposta.message);
  });

  route(app, pedidoApi.tentativa, { access: ['CLIENTE'] }, async (request) =>
    ok(await service.pedidoDaTentativa(authUser(request), request.params.chave)),
  );

  route(app, pagamentoApi.processar, { access: ['CLIENTE'] }, async (request, reply) => {
    const { chave, rota } = chaveDaRequisicao(request);
    const { resposta, repetida } = await service.processar(authUser(request), request.body, chave, rota);
    if (repetida) reply.header('idempotent-replayed', 'true');
    return withStatus(reply, resposta.statusCode, resposta.content, resposta.message);
  });

  route(app, pagamentoApi.configuracao, { access: 'public' }, async () => ok(service.configuracao()));

  // Customers only: with Mercado Pago each read is a call to it with the store's credentials.
  route(app, pagamentoApi.parcelas, { access: ['CLIENTE'] }, async (request) => {
    const opcoes = await service.parcelas(request.query.valor, request.query.bin ?? null);
    return ok({
      opcoes: opcoes.map(({ parcelas, valorParcela, total, jurosMensal, jurosAnual, semJuros }) => ({
        parcelas,
        valorParcela,
        total,
        jurosMensal,
        jurosAnual,
        semJuros,
      })),
    });
  });

  // A binary answer, outside the JSON contract: the customer's own boleto, printed by the store.
  app.get(
    BOLETO_PDF_PATH,
    {
      config: { access: ['CLIENTE'] },
      schema: {
        summary: 'O boleto de um pagamento em PDF (só o cliente dono do pedido)',
        description: 'Outro cliente: 403. Pagamento desconhecido ou que não é um boleto: 404.',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const pdf = await service.boletoPdf(authUser(request), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="boleto-${id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(pdf);
    },
  );

  if (webhook) {
    route(app, pagamentoApi.webhookMercadoPago, { access: 'public' }, async (request) => {
      const body = request.body;
      const dataId = request.query['data.id'] ?? (body.data?.id !== undefined ? String(body.data.id) : undefined);
      const xRequestId = header(request.headers['x-request-id']);
      const assinatura = verificarAssinaturaMercadoPago({
        xSignature: header(request.headers['x-signature']),
        xRequestId,
        dataId,
        secret: webhook.secret,
        agora: new Date(),
        toleranciaSegundos: webhook.toleranciaSegundos,
      });
      if (!assinatura.ok) {
        request.log.warn({ motivo: assinatura.motivo }, 'webhook do Mercado Pago recusado');
        throw unauthorized(MSG_API.webhookAssinaturaInvalida);
      }
      const tipo = request.query.type ?? request.query.topic ?? body.type;
      // Only payment notifications matter; others are acknowledged and ignored.
      if (tipo !== 'payment' || !dataId) return ok({ recebido: false });
      const eventoId =
        body.id !== undefined ? String(body.id) : `${body.action ?? 'payment'}:${dataId}:${xRequestId ?? ''}`;
      await service.receberEvento({
        provedor: 'mercadopago',
        eventoId,
        providerId: dataId,
        acao: body.action ?? null,
        payload: body,
      });
      return ok({ recebido: true });
    });
  }
};
