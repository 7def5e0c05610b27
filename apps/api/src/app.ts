import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createCepProvider } from './integrations/cep/index.js';
import { createFileStorage, type FileStorage } from './integrations/files/index.js';
import { createFreight } from './integrations/freight/index.js';
import { createPaymentProvider, type PaymentProvider } from './integrations/payments/index.js';
import { createMailer, createMailTransport, emailJobHandlers, type Mailer } from './integrations/mail/index.js';
import {
  createJobQueue,
  createJobWorker,
  DEFAULT_BACKOFF_UNTIL_SUCCESS,
  type JobClock,
  type JobQueue,
  type JobWorker,
  type JobWorkerOptions,
} from './lib/jobs/index.js';
import { createTokenService } from './lib/jwt.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import { createLogger } from './lib/logger.js';
import { createProxyTrust } from './lib/proxy-trust.js';
import { installZodPtBr } from './lib/zod-pt-br.js';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { createVersionedReads, type VersionedReads } from './lib/versioned-reads.js';
import { arquivoRoutes } from './modules/arquivo/arquivo.routes.js';
import { createArquivoService } from './modules/arquivo/arquivo.service.js';
import { createAuditoriaRepository } from './modules/auditoria/auditoria.repository.js';
import { auditoriaRoutes } from './modules/auditoria/auditoria.routes.js';
import { createAuditoriaService } from './modules/auditoria/auditoria.service.js';
import { createAutorRepository } from './modules/autor/autor.repository.js';
import { createAutorImagemRepository } from './modules/autor/autor-imagem.repository.js';
import { autorImagemRoutes } from './modules/autor/autor-imagem.routes.js';
import { createAutorImagemService } from './modules/autor/autor-imagem.service.js';
import { autorRoutes } from './modules/autor/autor.routes.js';
import { createAutorService } from './modules/autor/autor.service.js';
import { createAvaliacaoRepository } from './modules/avaliacao/avaliacao.repository.js';
import { avaliacaoRoutes } from './modules/avaliacao/avaliacao.routes.js';
import { createAvaliacaoService } from './modules/avaliacao/avaliacao.service.js';
import { createCategoriaRepository } from './modules/categoria/categoria.repository.js';
import { categoriaRoutes } from './modules/categoria/categoria.routes.js';
import { createCategoriaService } from './modules/categoria/categoria.service.js';
import { createClienteRepository } from './modules/cliente/cliente.repository.js';
import { clienteRoutes } from './modules/cliente/cliente.routes.js';
import { createClienteService } from './modules/cliente/cliente.service.js';
import { chaveMidia } from './modules/conteudo/assinatura.js';
import { createConteudoAdminRepository } from './modules/conteudo/conteudo-admin.repository.js';
import { conteudoAdminRoutes } from './modules/conteudo/conteudo-admin.routes.js';
import { createConteudoAdminService } from './modules/conteudo/conteudo-admin.service.js';
import { createConteudoRepository } from './modules/conteudo/conteudo.repository.js';
import { conteudoRoutes } from './modules/conteudo/conteudo.routes.js';
import { createConteudoService } from './modules/conteudo/conteudo.service.js';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createDescontoRepository } from './modules/desconto/desconto.repository.js';
import { descontoRoutes } from './modules/desconto/desconto.routes.js';
import { createDescontoService } from './modules/desconto/desconto.service.js';
import { createCodigoRepository } from './modules/email/codigo.repository.js';
import { createCodigoService, type Clock } from './modules/email/codigo.service.js';
import { createContatoService } from './modules/email/contato.service.js';
import { emailRoutes } from './modules/email/email.routes.js';
import { createEmailService } from './modules/email/email.service.js';
import { createEmpresaRepository } from './modules/empresa/empresa.repository.js';
import { empresaRoutes } from './modules/empresa/empresa.routes.js';
import { createEmpresaService } from './modules/empresa/empresa.service.js';
import { createEnderecoRepository } from './modules/endereco/endereco.repository.js';
import { enderecoRoutes } from './modules/endereco/endereco.routes.js';
import { createEnderecoService } from './modules/endereco/endereco.service.js';
import { createFreteRepository } from './modules/frete/frete.repository.js';
import { freteRoutes } from './modules/frete/frete.routes.js';
import { createFreteService } from './modules/frete/frete.service.js';
import { createIdempotenciaService, type IdempotenciaOptions } from './modules/idempotencia/idempotencia.service.js';
import { checkoutRoutes } from './modules/checkout/checkout.routes.js';
import { createCheckoutService } from './modules/checkout/checkout.service.js';
import { createPagamentoRepository } from './modules/checkout/pagamento.repository.js';
import { createPagamentos } from './modules/checkout/pagamentos.js';
import { createPrecificacao } from './modules/checkout/precificacao.js';
import { createPrecificacaoRepository } from './modules/checkout/precificacao.repository.js';
import { JOB_RECONCILIAR, RECONCILIAR_A_CADA_SEGUNDOS } from './modules/checkout/reconciliador.js';
import { createPedidoRepository } from './modules/pedido/pedido.repository.js';
import { pedidoRoutes } from './modules/pedido/pedido.routes.js';
import { createPedidoService, toPedido } from './modules/pedido/pedido.service.js';
import { createProdutoRepository } from './modules/produto/produto.repository.js';
import { createImagemArquivos } from './modules/produto/imagem-arquivos.service.js';
import { createImagemRepository } from './modules/produto/imagem.repository.js';
import { createProdutoAdminRepository } from './modules/produto/produto-admin.repository.js';
import { produtoAdminRoutes } from './modules/produto/produto-admin.routes.js';
import { createProdutoAdminService } from './modules/produto/produto-admin.service.js';
import { createProdutoImagemRepository } from './modules/produto/produto-imagem.repository.js';
import { produtoImagemRoutes } from './modules/produto/produto-imagem.routes.js';
import { createProdutoImagemService } from './modules/produto/produto-imagem.service.js';
import { criarVersaoDoCatalogo } from './modules/produto/catalogo-versao.js';
import { produtoRoutes } from './modules/produto/produto.routes.js';
import { createProdutoService } from './modules/produto/produto.service.js';
import { createRetencaoRepository } from './modules/retencao/retencao.repository.js';
import {
  createRetencaoService,
  JOB_RETENCAO,
  RETENCAO_INTERVALO_SEGUNDOS,
} from './modules/retencao/retencao.service.js';
import { createTarefaRepository } from './modules/tarefa/tarefa.repository.js';
import { tarefaRoutes } from './modules/tarefa/tarefa.routes.js';
import { createTarefaService } from './modules/tarefa/tarefa.service.js';
import { sandboxPagamentoRoutes } from './modules/sandbox/sandbox-pagamento.routes.js';
import { createSandboxPagamentoService } from './modules/sandbox/sandbox-pagamento.service.js';
import { createSandboxRepository } from './modules/sandbox/sandbox.repository.js';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes.js';
import { createSandboxService } from './modules/sandbox/sandbox.service.js';
import { createSeoRepository } from './modules/seo/seo.repository.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { createSeoService } from './modules/seo/seo.service.js';
import { createUsuarioRepository } from './modules/usuario/usuario.repository.js';
import { usuarioRoutes } from './modules/usuario/usuario.routes.js';
import { createSessionStore, createUsuarioService } from './modules/usuario/usuario.service.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler, sendApiNotFound } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { gracefulClosePlugin } from './plugins/graceful-close.js';
import { createGenReqId, requestIdPlugin } from './plugins/request-id.js';
import { lazyChildLoggerFactory, RequestLogController } from './plugins/request-log.js';
import { createResponseSerializerCompiler } from './plugins/response-serializer.js';
import { securityPlugin } from './plugins/security.js';
import { staticWebRoutes } from './plugins/static-web.js';
import { swaggerPlugin, swaggerUiRoutes } from './plugins/swagger.js';
import { createNotificationBus, type NotificationBus } from './realtime/notification-bus.js';
import { createSessionRevocations } from './realtime/session-revocations.js';
import { installStompServer } from './realtime/stomp-server.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** A pino logger; by default one built from LOG_LEVEL (with redaction). */
  logger?: FastifyBaseLogger;
  /** File storage; by default the local disk under `${DATA_DIR}/files`. */
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
  }
}

/**
 * The whole HTTP application, ready (not listening). Plugin order matters:
 *  1. request id + structured logging, one line per request (Fastify options + requestIdPlugin);
 *  2. the auth onRoute hook, first, so it sees every route registered after it
 *     (CORS' preflight route included) and installs the role guard on each;
 *  3. security headers (helmet) and CORS;
 *  4. zod validator/serializer, envelope + central error handler;
 *  5. rate limiter, OpenAPI collector;
 *  6. the API under /api (with its JSON 404), the docs page, the static SPA.
 */
export async function buildApp(options: BuildAppOptions) {
  installZodPtBr();
  const { config, database } = options;
  const logger = options.logger ?? createLogger(config);

  const jwtSecret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const tokens = createTokenService(jwtSecret, config.JWT_TTL_SECONDS);
  const storage = options.storage ?? createFileStorage({ dataDir: config.DATA_DIR });
  const usuarioRepository = createUsuarioRepository(database.db);
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
  await app.register(gracefulClosePlugin);
  await app.register(authPlugin, {
    tokens,
    sessions: createSessionStore(usuarioRepository),
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

  // Background jobs and mail: an e-mail is an outbox row plus its delivery job, written together.
  const jobs = createJobQueue(database.db, options.jobClock);
  const mailer = createMailer({ db: database.db, jobs });
  // The checkout (ADR 010, ADR 012): pricing, orders, charges at the provider of PAYMENT_PROVIDER, its
  // notifications, refunds and the reconciler, the last three as jobs that never give up.
  const idempotencia = createIdempotenciaService(database.db, options.idempotency);
  const payments = createPaymentProvider(config, database.db);
  const provider = options.paymentProvider ? options.paymentProvider(payments.provider) : payments.provider;
  const agora = options.clock ?? (() => new Date());
  // Late-bound: the realtime bus is decorated below, before any request or job runs.
  const notificar = (idUsuario: number, notificacao: NotificacaoPagamento) =>
    app.notificacoes.publicar(idUsuario, notificacao);
  const pagamentoRepository = createPagamentoRepository(database.db);
  const pagamentos = createPagamentos({
    db: database.db,
    repository: pagamentoRepository,
    provider,
    jobs,
    notificar,
    log: app.log.child({ modulo: 'pagamentos' }),
    nomeLoja: config.PIX_RECEBEDOR_NOME,
    // Refunds, payment re-reads and PIX expiries retry until they succeed (ADR 007, ADR 012).
    opcoesTarefaDeDinheiro: { maxAttempts: Infinity },
    agora,
  });
  const pedidoRepository = createPedidoRepository(database.db);
  const precificacaoRepository = createPrecificacaoRepository(database.db);
  // Freight: also what the checkout re-prices a chosen option with (freteService.opcao).
  const freight = createFreight(config, database.db, jwtSecret);
  const freteService = createFreteService({
    repository: createFreteRepository(database.db),
    provider: freight.provider,
    melhorEnvio: freight.melhorEnvio,
    cepOrigem: config.FREIGHT_ORIGIN_CEP,
  });
  const checkoutService = createCheckoutService({
    db: database.db,
    pagamentos,
    repository: pagamentoRepository,
    pedidosNovos: precificacaoRepository,
    precificar: createPrecificacao({ repository: precificacaoRepository, frete: freteService }),
    lerPedido: async (id) => {
      const d = await pedidoRepository.detalhe(id);
      if (!d) throw new Error(`pedido ${id} não encontrado`);
      return toPedido(d);
    },
    idempotencia,
    notificar,
    log: app.log.child({ modulo: 'checkout' }),
    publicKey: config.PAYMENT_PROVIDER === 'mercadopago' ? (config.MERCADOPAGO_PUBLIC_KEY ?? null) : null,
    provedor: provider.kind,
    agora,
  });
  // Course contents (ADMIN): uploads streamed to private storage; an AVI converted to MP4 by a job (course-contents ADR).
  const conteudoAdminService = createConteudoAdminService({
    db: database.db,
    repository: createConteudoAdminRepository(database.db),
    storage,
    jobs,
    maxBytes: config.CONTEUDO_MAX_BYTES,
    conversaoTimeoutMs: config.CONTEUDO_TRANSCODE_TIMEOUT_SECONDS * 1000,
    log: app.log.child({ modulo: 'conteudos' }),
  });
  // Retention of what only grows (finished jobs, sent e-mails, applied payment notifications; ADR 007).
  const retencao = createRetencaoService({
    repository: createRetencaoRepository(database.db),
    politica: { dias: config.RETENTION_DAYS, diasFalhas: config.RETENTION_FAILED_DAYS },
    log: app.log.child({ modulo: 'retencao' }),
  });
  const jobWorker = createJobWorker({
    db: database.db,
    handlers: {
      ...emailJobHandlers(mailTransport, database.db),
      ...checkoutService.jobHandlers(),
      ...conteudoAdminService.jobHandlers(),
      ...retencao.jobHandlers(),
    },
    log: app.log.child({ modulo: 'tarefas' }),
    leaseSeconds: config.JOBS_LEASE_SECONDS,
    backoffUntilSuccess: { ...DEFAULT_BACKOFF_UNTIL_SUCCESS, maxSeconds: config.JOBS_RETRY_MAX_SECONDS },
    ...(options.jobClock ? { clock: options.jobClock } : {}),
    ...options.jobWorker,
  });
  jobWorker.registerRecurring(JOB_RETENCAO, RETENCAO_INTERVALO_SEGUNDOS);
  // The checkout's safety net: one run every few minutes across the instances (modules/checkout/reconciliador.ts).
  jobWorker.registerRecurring(JOB_RECONCILIAR, RECONCILIAR_A_CADA_SEGUNDOS);
  jobs.onEnqueue(() => jobWorker.wake());
  app.decorate('jobs', jobs);
  if (coalesceLog) {
    // The access lines still held are written when the app closes, or when the process exits without closing it.
    process.on('exit', requestLog.flush);
    app.addHook('onClose', (_app, done) => {
      process.off('exit', requestLog.flush);
      requestLog.flush();
      done();
    });
  }

  app.decorate('mailer', mailer);
  app.decorate('jobWorker', jobWorker);
  // Realtime: LISTEN/NOTIFY fan-out and SockJS/STOMP at /api/ws on this app's HTTP server (before listen).
  const notificacoes = await createNotificationBus(database, app.log.child({ modulo: 'notificacoes' }));
  app.decorate('notificacoes', notificacoes);
  // The database's notices of ended sessions (logout, password, deactivation) close them on every instance (ADR 023).
  const revocations = await createSessionRevocations(database, app.log.child({ modulo: 'realtime' }));
  installStompServer(app, {
    bus: notificacoes,
    maxConnections: config.REALTIME_MAX_CONNECTIONS,
    trustProxy: proxyTrust,
    corsOrigins: config.CORS_ORIGINS,
    publicUrl: config.PUBLIC_URL,
    revocations,
  });
  // The STOMP sessions close in preClose; the LISTEN connections go before the caller closes the database.
  app.addHook('onClose', () => notificacoes.close());
  app.addHook('onClose', () => revocations.close());
  // Before the caller closes the database: let running jobs finish, then drop the SMTP transport.
  app.addHook('onClose', async () => {
    await jobWorker.stop();
    await mailTransport.close?.();
  });

  // E-mail codes: HMAC-keyed with a secret derived from the JWT secret (ADR 006).
  const codigos = createCodigoService({
    repository: createCodigoRepository(database.db),
    mailer,
    rateLimiter: app.rateLimiter,
    clock: options.clock ?? (() => new Date()),
    secret: jwtSecret,
  });

  const usuarioService = createUsuarioService({
    db: database.db,
    repository: usuarioRepository,
    tokens,
    rateLimiter: app.rateLimiter,
    codigos,
    mailer,
    policy: {
      minDelayMs: config.LOGIN_MIN_DELAY_MS,
      maxPerIp: config.RATE_LIMIT_LOGIN_IP,
      maxPerAccount: config.RATE_LIMIT_LOGIN_ACCOUNT,
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
      slowdownMaxMs: config.RATE_LIMIT_LOGIN_SLOWDOWN_MAX_MS,
    },
    ...(options.sessionRenewGraceSeconds === undefined ? {} : { renewGraceSeconds: options.sessionRenewGraceSeconds }),
  });

  await app.register(
    async (api) => {
      api.setNotFoundHandler((_request, reply) => sendApiNotFound(reply));
      await api.register(healthRoutes, { database });
      await api.register(usuarioRoutes, { service: usuarioService });
      await api.register(emailRoutes, {
        rateLimiter: app.rateLimiter,
        maxContatosPorIpHora: config.RATE_LIMIT_CONTACT_IP,
        contato: createContatoService({ db: database.db, mailer }),
        service: createEmailService({
          db: database.db,
          usuarios: usuarioRepository,
          codigos,
          minDelayMs: config.LOGIN_MIN_DELAY_MS,
          conferirSenhaAtual: usuarioService.conferirSenhaAtual,
        }),
      });
      await api.register(clienteRoutes, {
        rateLimiter: app.rateLimiter,
        maxCadastrosPorIpHora: config.RATE_LIMIT_SIGNUP_IP,
        service: createClienteService({
          db: database.db,
          repository: createClienteRepository(database.db),
          usuarios: usuarioRepository,
          codigos,
        }),
      });
      await api.register(empresaRoutes, {
        service: createEmpresaService({ repository: createEmpresaRepository(database.db) }),
      });
      const produtoRepository = createProdutoRepository(database.db);
      // The catalogue's answers, kept by its version (ADR 021); CATALOG_CACHE_MB=0 runs every read.
      let versoes: VersionedReads | undefined;
      if (config.CATALOG_CACHE_MB > 0) {
        const versaoDoCatalogo = await criarVersaoDoCatalogo(database, produtoRepository);
        api.addHook('onClose', () => versaoDoCatalogo.parar());
        versoes = createVersionedReads({
          version: versaoDoCatalogo.versao,
          maxBytes: config.CATALOG_CACHE_MB * 1024 * 1024,
        });
      }
      await api.register(produtoRoutes, {
        service: createProdutoService({ repository: produtoRepository }),
        versoes,
      });
      // Back-office of products and picture uploads (staff; ADR 015): pictures checked by content, stored as WebP.
      await api.register(produtoAdminRoutes, {
        service: createProdutoAdminService({ db: database.db, repository: createProdutoAdminRepository(database.db) }),
      });
      const imagemArquivos = createImagemArquivos({
        db: database.db,
        storage,
        repository: createImagemRepository(database.db),
        log: app.log.child({ modulo: 'imagens' }),
      });
      const limitesImagem = { maxBytes: config.IMAGE_UPLOAD_MAX_BYTES, maxPixels: config.IMAGE_MAX_PIXELS };
      await api.register(produtoImagemRoutes, {
        service: createProdutoImagemService({
          repository: createProdutoImagemRepository(database.db),
          arquivos: imagemArquivos,
          limites: limitesImagem,
        }),
      });
      await api.register(autorImagemRoutes, {
        service: createAutorImagemService({
          repository: createAutorImagemRepository(database.db),
          arquivos: imagemArquivos,
          limites: limitesImagem,
        }),
      });
      await api.register(avaliacaoRoutes, {
        service: createAvaliacaoService({ repository: createAvaliacaoRepository(database.db) }),
      });
      await api.register(descontoRoutes, {
        service: createDescontoService({ repository: createDescontoRepository(database.db) }),
      });
      // Back-office of authors and categories (staff; ADR 015).
      await api.register(autorRoutes, {
        service: createAutorService({ repository: createAutorRepository(database.db) }),
      });
      await api.register(categoriaRoutes, {
        service: createCategoriaService({ repository: createCategoriaRepository(database.db) }),
      });
      await api.register(arquivoRoutes, { service: createArquivoService({ storage }) });
      // Library, classroom and certificates: media through signed URLs keyed off the JWT secret (ADR 013).
      await api.register(conteudoRoutes, {
        service: createConteudoService({
          repository: createConteudoRepository(database.db),
          storage,
          chave: chaveMidia(jwtSecret),
          clock: options.clock ?? (() => new Date()),
          publicUrl: config.PUBLIC_URL,
        }),
      });
      await api.register(conteudoAdminRoutes, { service: conteudoAdminService, maxBytes: config.CONTEUDO_MAX_BYTES });
      // The sandboxes' own routes exist only in demo mode (ADR 022), and only while their sandbox is the one in use.
      if (config.DEMO_MODE && mailTransport.kind === 'outbox') {
        await api.register(sandboxRoutes, {
          service: createSandboxService({ repository: createSandboxRepository(database.db) }),
        });
      }
      await api.register(enderecoRoutes, {
        service: createEnderecoService({
          repository: createEnderecoRepository(database.db),
          cepProvider: createCepProvider(config, database.db),
        }),
      });
      await api.register(freteRoutes, {
        rateLimiter: app.rateLimiter,
        maxCotacoesPorIpHora: config.RATE_LIMIT_FREIGHT_IP,
        service: freteService,
      });
      // Orders: read, listed, cancelled and moved by staff; created and paid through the checkout.
      await api.register(pedidoRoutes, {
        service: createPedidoService({
          db: database.db,
          repository: pedidoRepository,
          pagamentos: checkoutService,
          mailer,
          jobs,
        }),
      });
      await api.register(checkoutRoutes, {
        service: checkoutService,
        webhook:
          config.PAYMENT_PROVIDER === 'mercadopago' && config.MERCADOPAGO_WEBHOOK_SECRET
            ? {
                secret: config.MERCADOPAGO_WEBHOOK_SECRET,
                toleranciaSegundos: config.MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS,
              }
            : null,
      });
      if (config.DEMO_MODE && payments.sandbox) {
        await api.register(sandboxPagamentoRoutes, {
          service: createSandboxPagamentoService({ sandbox: payments.sandbox, pagamentos: checkoutService }),
        });
      }
      await api.register(auditoriaRoutes, {
        service: createAuditoriaService({ repository: createAuditoriaRepository(database.db) }),
      });
      await api.register(dashboardRoutes, {
        service: createDashboardService({ repository: createDashboardRepository(database.db) }),
      });
      // Background jobs for the manager: failing and dead ones, 'Tentar novamente' (ADR 007).
      await api.register(tarefaRoutes, {
        service: createTarefaService({ repository: createTarefaRepository(database.db), jobs }),
      });
      const extra = options.extraRoutes;
      if (extra) await api.register(async (scope) => extra(scope));
    },
    { prefix: '/api' },
  );
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
  if (options.startJobWorker ?? config.JOBS_WORKER) jobWorker.start();
  return app;
}
