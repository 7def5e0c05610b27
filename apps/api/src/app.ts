import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiModule, AppContext } from './app-context.js';
import { createAppServices } from './app-services.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createFileStorage, initFileStorage, type FileStorage } from './integrations/files/index.js';
import type { InvoiceProvider } from './integrations/invoices/index.js';
import type { PaymentProvider } from './integrations/payments/index.js';
import { createMailTransport, type Mailer } from './integrations/mail/index.js';
import type { JobClock, JobQueue, JobWorker, JobWorkerOptions } from './lib/jobs/index.js';
import { createTokenService } from './lib/jwt.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import { createLogger } from './lib/logger.js';
import { createMetrics, type Metrics } from './lib/metrics.js';
import { createProxyTrust } from './lib/proxy-trust.js';
import { installZodPtBr } from './lib/zod-pt-br.js';
import { arquivoModule } from './modules/arquivo/arquivo.module.js';
import { auditoriaModule } from './modules/auditoria/auditoria.module.js';
import { autorImagemModule, autorModule } from './modules/autor/autor.module.js';
import { avaliacaoModule } from './modules/avaliacao/avaliacao.module.js';
import { catalogoEnderecosModule } from './modules/catalogo-enderecos/catalogo-enderecos.module.js';
import { categoriaModule } from './modules/categoria/categoria.module.js';
import { checkoutModule } from './modules/checkout/checkout.module.js';
import { clienteModule } from './modules/cliente/cliente.module.js';
import { conteudoAdminModule, conteudoModule } from './modules/conteudo/conteudo.module.js';
import { cupomModule } from './modules/cupom/cupom.module.js';
import { dashboardModule } from './modules/dashboard/dashboard.module.js';
import { descontoModule } from './modules/desconto/desconto.module.js';
import type { Clock } from './modules/email/codigo.service.js';
import { emailModule } from './modules/email/email.module.js';
import { comercialModule } from './modules/comercial/comercial.module.js';
import { empresaModule } from './modules/empresa/empresa.module.js';
import { enderecoModule } from './modules/endereco/endereco.module.js';
import { estoqueModule } from './modules/estoque/estoque.module.js';
import { freteModule } from './modules/frete/frete.module.js';
import type { IdempotenciaOptions } from './modules/idempotencia/idempotencia.service.js';
import { notaFiscalModule } from './modules/nota-fiscal/nota-fiscal.module.js';
import { pedidoModule } from './modules/pedido/pedido.module.js';
import { produtoAdminModule, produtoImagemModule, produtoModule } from './modules/produto/produto.module.js';
import { privacidadeModule } from './modules/privacidade/privacidade.module.js';
import { sacolaModule } from './modules/sacola/sacola.module.js';
import { notificacaoModule } from './modules/notificacao/notificacao.module.js';
import { favoritoModule } from './modules/favorito/favorito.module.js';
import { sandboxEmailModule, sandboxPagamentoModule } from './modules/sandbox/sandbox.module.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { createSeoRepository } from './modules/seo/seo.repository.js';
import { createSeoService } from './modules/seo/seo.service.js';
import { tarefaModule } from './modules/tarefa/tarefa.module.js';
import { usuarioModule } from './modules/usuario/usuario.module.js';
import { createUsuarioRepository } from './modules/usuario/usuario.repository.js';
import { createSessionStore } from './modules/usuario/usuario.service.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler, sendApiNotFound } from './plugins/errors.js';
import { healthModule } from './plugins/health.js';
import { metricsModule } from './plugins/metrics.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { gracefulClosePlugin } from './plugins/graceful-close.js';
import { createGenReqId, requestIdPlugin } from './plugins/request-id.js';
import { lazyChildLoggerFactory, RequestLogController } from './plugins/request-log.js';
import { createResponseSerializerCompiler } from './plugins/response-serializer.js';
import { securityPlugin } from './plugins/security.js';
import { staticWebRoutes } from './plugins/static-web.js';
import { swaggerPlugin, swaggerUiRoutes } from './plugins/swagger.js';
import type { NotificationBus } from './realtime/notification-bus.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** A pino logger; by default one built from LOG_LEVEL (with redaction). */
  logger?: FastifyBaseLogger;
  /** File storage; by default the one of STORAGE (the local disk under `${DATA_DIR}/files`, or S3: ADR 039). */
  storage?: FileStorage;
  /** Extra routes registered under /api before the app is sealed (tests only). */
  extraRoutes?: (api: FastifyInstance) => void | Promise<void>;
  /** How long a token renewed through atualizatoken keeps working; default 30 s (tests shorten it). */
  sessionRenewGraceSeconds?: number;
  /** The clock of e-mail code expiry; tests move it forward. Default: the system clock. */
  clock?: Clock;
  /** Run the job worker in this app; default config.JOBS_WORKER (tests run jobs with app.jobWorker.runOnce()). */
  startJobWorker?: boolean;
  /** Job worker tuning (poll interval, lease, batch, backoff, clock); tests shorten the backoff. */
  jobWorker?: Partial<
    Pick<JobWorkerOptions, 'workerId' | 'leaseSeconds' | 'pollMs' | 'batchSize' | 'backoff' | 'backoffUntilSuccess'>
  >;
  /** Idempotency-Key lease and polling (default 30 s lease); tests shorten the lease. */
  idempotency?: IdempotenciaOptions;
  /** Wraps the payment provider of PAYMENT_PROVIDER (tests: a provider that fails, or acts during a charge). */
  paymentProvider?: (provider: PaymentProvider) => PaymentProvider;
  /** Wraps the invoicing provider of INVOICE_PROVIDER (tests: one that fails, or refuses). */
  invoiceProvider?: (provider: InvoiceProvider) => InvoiceProvider;
  /** The job queue's clock, for the queue and this app's worker alike (tests move it: lib/jobs shiftedClock). */
  jobClock?: JobClock;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (lib/jobs): `app.jobs.enqueue(tipo, payload, { db: tx })`. */
    jobs: JobQueue;
    /** Sends e-mail through the outbox and a job (integrations/mail): `app.mailer.enviar({ para, ...codigoEmail(…) }, tx)`. */
    mailer: Mailer;
    /** This instance's job worker; stopped (waiting for running jobs) when the app closes. */
    jobWorker: JobWorker;
    /**
     * Realtime payment notifications to a user's STOMP connections on every instance
     * (realtime/notification-bus): `await app.notificacoes.publicar(idUsuario, { message, statusPayment, idPedido })`
     * after the payment's transaction committed.
     */
    notificacoes: NotificationBus;
    /** Prometheus metrics when METRICS_TOKEN or METRICS_PORT is set (ADR 040); server.ts serves METRICS_PORT. */
    metrics: Metrics | null;
  }
}

/**
 * The API's modules under /api, in the order they register their routes. Each one builds its services from the
 * context (the shared ones come from app-services.ts) and registers its routes in the /api scope.
 */
const API_MODULES: readonly ApiModule[] = [
  healthModule,
  metricsModule,
  usuarioModule,
  emailModule,
  clienteModule,
  catalogoEnderecosModule,
  empresaModule,
  produtoModule,
  produtoAdminModule,
  estoqueModule,
  produtoImagemModule,
  autorImagemModule,
  avaliacaoModule,
  descontoModule,
  cupomModule,
  comercialModule,
  autorModule,
  categoriaModule,
  arquivoModule,
  conteudoModule,
  conteudoAdminModule,
  sandboxEmailModule,
  enderecoModule,
  freteModule,
  pedidoModule,
  checkoutModule,
  sacolaModule,
  notificacaoModule,
  favoritoModule,
  privacidadeModule,
  notaFiscalModule,
  sandboxPagamentoModule,
  auditoriaModule,
  dashboardModule,
  tarefaModule,
];

/**
 * The whole HTTP application, ready (not listening). Plugin order matters:
 *  1. request id + structured logging, one line per request (Fastify options + requestIdPlugin);
 *  2. the auth onRoute hook, first, so it sees every route registered after it
 *     (CORS' preflight route included) and installs the role guard on each;
 *  3. security headers (helmet) and CORS;
 *  4. zod validator/serializer, envelope + central error handler;
 *  5. rate limiter, OpenAPI collector;
 *  6. the shared services and background machinery (app-services.ts);
 *  7. the API's modules under /api (with its JSON 404), the site's SEO files, the docs page, the static SPA.
 */
export async function buildApp(options: BuildAppOptions) {
  installZodPtBr();
  const { config, database } = options;
  const logger = options.logger ?? createLogger(config);

  const jwtSecret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const tokens = createTokenService(jwtSecret, config.JWT_TTL_SECONDS);
  // The store of STORAGE (ADR 039), prepared before any route can use it: S3 creates its bucket when missing.
  const storage = await initFileStorage(options.storage ?? createFileStorage({ dataDir: config.DATA_DIR, ...config }));
  const usuarios = createUsuarioRepository(database.db);
  // Mail first: MAIL_TRANSPORT=smtp without SMTP_URL stops the start here.
  const mailTransport = createMailTransport(config);

  // One trust rule for request.ip (rate limits) and for keeping a proxy's request id.
  const proxyTrust = createProxyTrust(config.TRUST_PROXY);
  // In production the access lines of a turn of the event loop share one write (request-log.ts coalescingWriter).
  const coalesceLog = config.NODE_ENV === 'production';
  const requestLog = new RequestLogController(logger, { coalesce: coalesceLog });
  const app = Fastify({
    loggerInstance: logger,
    genReqId: createGenReqId(proxyTrust),
    requestIdHeader: false,
    // One line per request, written when the answer is sent (ADR 008).
    logController: requestLog,
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: proxyTrust,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  await app.register(requestIdPlugin);
  // Metrics (ADR 040): off unless METRICS_TOKEN or METRICS_PORT; when on, its onRoute hook must see every route.
  const metrics = config.METRICS_TOKEN || config.METRICS_PORT ? createMetrics() : null;
  app.decorate('metrics', metrics);
  if (metrics) await app.register(metrics.httpPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(authPlugin, {
    tokens,
    sessions: createSessionStore(usuarios),
    // @fastify/cors answers preflights in its own hook; its route carries no config.
    builtIn: [{ method: 'OPTIONS', url: '*', access: 'public' }],
  });
  await app.register(securityPlugin, {
    corsOrigins: config.CORS_ORIGINS,
    // MercadoPago.js and its card fields, only when Mercado Pago is the provider (ADR 012).
    ...(config.PAYMENT_PROVIDER === 'mercadopago'
      ? {
          extraSources: {
            scriptSrc: ['https://sdk.mercadopago.com'],
            connectSrc: ['https://api.mercadopago.com', 'https://api.mercadolibre.com'],
            frameSrc: ['https://*.mercadopago.com', 'https://*.mercadolibre.com'],
          },
        }
      : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses: compiled per schema; also checked by zod's full encode outside production (ADR 008).
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));
  await app.register(errorsPlugin);
  await app.register(rateLimitPlugin, { db: database.db });
  await app.register(swaggerPlugin);
  if (coalesceLog) {
    // The access lines still held are written when the app closes, or when the process exits without closing it.
    process.on('exit', requestLog.flush);
    app.addHook('onClose', (_app, done) => {
      process.off('exit', requestLog.flush);
      requestLog.flush();
      done();
    });
  }

  const context = await createAppServices(
    app,
    { config, database, storage, jwtSecret, tokens, usuarios, mailTransport, proxyTrust, metrics },
    options,
  );
  await app.register(async (api) => registerApi(api, context, options.extraRoutes), { prefix: '/api' });
  await app.register(seoRoutes, {
    service: createSeoService({ repository: createSeoRepository(database.db) }),
    publicUrl: config.PUBLIC_URL,
  });
  await app.register(swaggerUiRoutes);
  await app.register(staticWebRoutes, {
    webDist: config.WEB_DIST,
    // The web build's server renderer sits beside it (`vite build --ssr`, apps/web/package.json; ADR 019).
    ssrEntry: path.join(config.WEB_DIST, '..', 'dist-ssr', 'entry-server.js'),
    publicOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined,
    // Every page of a demo store says so; outside demo mode the sandbox pages answer 404 (ADR 022).
    demo: config.DEMO_MODE,
  });

  await app.ready();
  if (options.startJobWorker ?? config.JOBS_WORKER) app.jobWorker.start();
  return app;
}

/** The /api scope: its JSON 404, every module in order, then the tests' extra routes. */
async function registerApi(
  api: FastifyInstance,
  context: AppContext,
  extraRoutes: BuildAppOptions['extraRoutes'],
): Promise<void> {
  api.setNotFoundHandler((_request, reply) => sendApiNotFound(reply));
  for (const register of API_MODULES) await register(api, context);
  if (extraRoutes) await api.register(async (scope) => extraRoutes(scope));
}
