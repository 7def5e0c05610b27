import type { FastifyInstance } from 'fastify';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import type { ApiModule } from '../../app-context.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../integrations/payments/index.js';
import type { JobQueue } from '../../lib/jobs/index.js';
import type { Metrics } from '../../lib/metrics.js';
import { avaliarCupom } from '../cupom/cupom-uso.js';
import { createIdempotenciaService, type IdempotenciaOptions } from '../idempotencia/idempotencia.service.js';
import type { FreteService } from '../frete/frete.service.js';
import type { AvisosPedido } from '../pedido/pedido-avisos.js';
import type { PedidoRepository } from '../pedido/pedido.repository.js';
import { toPedido } from '../pedido/pedido.service.js';
import { checkoutRoutes } from './checkout.routes.js';
import { createCheckoutService } from './checkout.service.js';
import { createPagamentoRepository } from './pagamento.repository.js';
import { createPagamentos } from './pagamentos.js';
import { createParcelamento } from './parcelamento.js';
import { createPrecificacao } from './precificacao.js';
import { createPrecificacaoRepository } from './precificacao.repository.js';

/**
 * The checkout (ADR 010, ADR 012): pricing, orders, charges at the provider of PAYMENT_PROVIDER, its
 * notifications, refunds and the reconciler, the last three as jobs that never give up.
 */
export function createCheckout(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    jobs: JobQueue;
    frete: FreteService;
    pedidoRepository: PedidoRepository;
    provider: PaymentProvider;
    idempotency: IdempotenciaOptions | undefined;
    agora: () => Date;
    /** The customer's order e-mails (modules/pedido/pedido-avisos.ts). */
    avisos: AvisosPedido;
    /** Prometheus metrics, when on (ADR 040). */
    metrics: Metrics | null;
  },
) {
  const { config, db, provider, agora } = deps;
  // Late-bound: the realtime bus is decorated before any request or job runs.
  const notificar = (idUsuario: number, notificacao: NotificacaoPagamento) =>
    app.notificacoes.publicar(idUsuario, notificacao);
  const repository = createPagamentoRepository(db);
  const pagamentos = createPagamentos({
    db,
    repository,
    provider,
    jobs: deps.jobs,
    notificar,
    log: app.log.child({ modulo: 'pagamentos' }),
    nomeLoja: config.PIX_RECEBEDOR_NOME,
    // Refunds, payment re-reads and PIX expiries retry until they succeed (ADR 007, ADR 012).
    opcoesTarefaDeDinheiro: { maxAttempts: Infinity },
    agora,
    avisos: deps.avisos,
    contarPagamento: deps.metrics?.payment,
  });
  const precificacaoRepository = createPrecificacaoRepository(db);
  const parcelamento = createParcelamento(provider);
  return createCheckoutService({
    db,
    pagamentos,
    repository,
    pedidosNovos: precificacaoRepository,
    precificar: createPrecificacao({
      repository: precificacaoRepository,
      frete: deps.frete,
      parcelamento,
      avaliarCupom: (uso) => avaliarCupom(db, { ...uso, agora: agora() }),
    }),
    parcelamento,
    lerPedido: async (id) => {
      const d = await deps.pedidoRepository.detalhe(id);
      if (!d) throw new Error(`pedido ${id} não encontrado`);
      return toPedido(d);
    },
    idempotencia: createIdempotenciaService(db, deps.idempotency),
    notificar,
    log: app.log.child({ modulo: 'checkout' }),
    publicKey: config.PAYMENT_PROVIDER === 'mercadopago' ? (config.MERCADOPAGO_PUBLIC_KEY ?? null) : null,
    provedor: provider.kind,
    nomeLoja: config.PIX_RECEBEDOR_NOME,
    agora,
  });
}

/** The checkout's routes, with Mercado Pago's signed webhook when its secret is set. */
export const checkoutModule: ApiModule = async (api, { config, checkout }) => {
  await api.register(checkoutRoutes, {
    service: checkout,
    webhook:
      config.PAYMENT_PROVIDER === 'mercadopago' && config.MERCADOPAGO_WEBHOOK_SECRET
        ? {
            secret: config.MERCADOPAGO_WEBHOOK_SECRET,
            toleranciaSegundos: config.MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS,
          }
        : null,
  });
};
