import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import { sandboxPagamentoApi } from '@clinica/shared/schemas/sandbox';
import { created, ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { SandboxPagamentoService } from './sandbox-pagamento.service.js';

/**
 * Routes of the payment sandbox (docs/behaviour/payments.md#sandbox); app.ts registers them
 * only in demo mode while PAYMENT_PROVIDER=sandbox (ADR 022). Public, as Mercado Pago's tokenizer is:
 * the card number arrives here only to be reduced to a token and is never
 * stored or logged (the request log writes no bodies).
 */
export const sandboxPagamentoRoutes: FastifyPluginAsync<{ service: SandboxPagamentoService }> = async (
  app,
  { service },
) => {
  route(app, sandboxPagamentoApi.cartaoToken, { access: 'public' }, async (request, reply) =>
    created(reply, await service.tokenizar(request.body)),
  );
  route(app, sandboxPagamentoApi.metodos, { access: 'public' }, async (request) =>
    ok(service.metodos(request.query.bin)),
  );
  route(app, sandboxPagamentoApi.pixConsultar, { access: 'public' }, async (request) =>
    ok(await service.consultarPix(request.body.codigo)),
  );
  route(app, sandboxPagamentoApi.pixPagar, { access: 'public' }, async (request) =>
    ok(await service.pagarPix(request.body.codigo), MSG.pixPagoSandbox),
  );
  route(app, sandboxPagamentoApi.boletoConsultar, { access: 'public' }, async (request) =>
    ok(await service.consultarBoleto(request.body.linha)),
  );
  route(app, sandboxPagamentoApi.boletoPagar, { access: 'public' }, async (request) =>
    ok(await service.pagarBoleto(request.body.linha), MSG_BOLETO.pagoSandbox),
  );
};
