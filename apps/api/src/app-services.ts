/**
 * The services several modules share, and the background machinery they run on: the durable job queue and its
 * worker, the mail outbox, the checkout with its payment provider, content conversion, retention, and the
 * realtime channel. Built once per app, after the plugins (they use the rate limiter and the app's logger) and
 * before the API's modules.
 */
import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from './app.js';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { FileStorage } from './integrations/files/index.js';
import { createMailer, emailJobHandlers, type MailTransport } from './integrations/mail/index.js';
import { createAvisosPedido } from './modules/pedido/pedido-avisos.js';
import { createInvoiceProvider } from './integrations/invoices/index.js';
import { createPaymentProvider } from './integrations/payments/index.js';
import { createJobQueue, createJobWorker, DEFAULT_BACKOFF_UNTIL_SUCCESS, queueStats } from './lib/jobs/index.js';
import type { TokenService } from './lib/jwt.js';
import type { Metrics } from './lib/metrics.js';
import type { ProxyTrust } from './lib/proxy-trust.js';
import { createCheckout } from './modules/checkout/checkout.module.js';
import { createConteudoAdmin } from './modules/conteudo/conteudo.module.js';
import { createCodigoRepository } from './modules/email/codigo.repository.js';
import { createCodigoService } from './modules/email/codigo.service.js';
import { createFrete } from './modules/frete/frete.module.js';
import {
  AVISAR_ESTOQUE_A_CADA_SEGUNDOS,
  createEstoqueAvisos,
  JOB_AVISAR_ESTOQUE,
} from './modules/estoque/estoque-avisos.js';
import { createNotaFiscalRepository } from './modules/nota-fiscal/nota-fiscal.repository.js';
import { createNotaFiscalService } from './modules/nota-fiscal/nota-fiscal.service.js';
import { createPedidoRepository } from './modules/pedido/pedido.repository.js';
import { createImagemArquivos } from './modules/produto/imagem-arquivos.service.js';
import { createImagemRepository } from './modules/produto/imagem.repository.js';
import { createRetencaoRepository } from './modules/retencao/retencao.repository.js';
import {
  createRetencaoService,
  JOB_RETENCAO,
  RETENCAO_INTERVALO_SEGUNDOS,
} from './modules/retencao/retencao.service.js';
import { createSacolaRepository } from './modules/sacola/sacola.repository.js';
import { createSacolaService, JOB_LEMBRETE_SACOLA, LEMBRETE_A_CADA_SEGUNDOS } from './modules/sacola/sacola.service.js';
import { JOB_RECONCILIAR, RECONCILIAR_A_CADA_SEGUNDOS } from './modules/checkout/reconciliador.js';
import type { UsuarioRepository } from './modules/usuario/usuario.repository.js';
import { createUsuarioService } from './modules/usuario/usuario.service.js';
import { createNotificationBus } from './realtime/notification-bus.js';
import { createSessionRevocations } from './realtime/session-revocations.js';
import { installStompServer } from './realtime/stomp-server.js';

interface AppBase {
  config: Config;
  database: Database;
  storage: FileStorage;
  jwtSecret: string;
  usuarios: UsuarioRepository;
  mailTransport: MailTransport;
  proxyTrust: ProxyTrust | false;
  tokens: TokenService;
  metrics: Metrics | null;
}

export async function createAppServices(
  app: FastifyInstance,
  base: AppBase,
  options: BuildAppOptions,
): Promise<AppContext> {
  const { config, database, storage, jwtSecret, usuarios, mailTransport, metrics } = base;
  const db = database.db;
  const clock = options.clock ?? (() => new Date());

  // Background jobs and mail: an e-mail is an outbox row plus its delivery job, written together.
  const jobs = createJobQueue(db, options.jobClock);
  const mailer = createMailer({ db, jobs, ...(options.jobClock ? { clock: options.jobClock } : {}) });
  // Freight: also what the checkout re-prices a chosen option with (frete.opcao).
  const frete = createFrete(config, db, jwtSecret);
  const payments = createPaymentProvider(config, db);
  const pedidoRepository = createPedidoRepository(db);
  // The customer's order e-mails, linking to PUBLIC_URL (ADR 030).
  const avisos = createAvisosPedido({ mailer, publicUrl: config.PUBLIC_URL });
  const checkout = createCheckout(app, {
    config,
    db,
    jobs,
    frete,
    pedidoRepository,
    provider: options.paymentProvider ? options.paymentProvider(payments.provider) : payments.provider,
    idempotency: options.idempotency,
    agora: clock,
    avisos,
    metrics,
  });
  // NF-e of paid physical orders (ADR 031): asked for in the payment's transaction, issued by a job.
  const invoiceProvider = createInvoiceProvider(config);
  const notasFiscais = createNotaFiscalService({
    db,
    repository: createNotaFiscalRepository(db),
    provider: options.invoiceProvider ? options.invoiceProvider(invoiceProvider) : invoiceProvider,
    jobs,
    log: app.log.child({ modulo: 'notas-fiscais' }),
    agora: clock,
  });
  const conteudoAdmin = createConteudoAdmin(app, { config, db, storage, jobs });
  // Retention of what only grows (finished jobs, sent e-mails, applied payment notifications; ADR 007).
  const retencao = createRetencaoService({
    repository: createRetencaoRepository(db),
    politica: { dias: config.RETENTION_DAYS, diasFalhas: config.RETENTION_FAILED_DAYS },
    log: app.log.child({ modulo: 'retencao' }),
  });
  // 'Avise-me quando chegar' (ADR 032): the back-in-stock e-mails, sent once per request by a job.
  const estoqueAvisos = createEstoqueAvisos({ db, mailer, publicUrl: config.PUBLIC_URL });
  // The customer's bag kept on the server and its abandoned-bag reminder, a periodic job (ADR 034).
  const sacolas = createSacolaService({
    db,
    repository: createSacolaRepository(db),
    mailer,
    publicUrl: config.PUBLIC_URL,
    jwtSecret,
    horasAbandono: config.ABANDONED_BAG_HOURS,
    log: app.log.child({ modulo: 'sacola' }),
  });
  const jobWorker = createJobWorker({
    db,
    // The e-mails run in batches: a busy store delivers its due e-mails in a few statements (ADR 007).
    batchHandlers: emailJobHandlers(mailTransport, db),
    handlers: {
      ...checkout.jobHandlers(),
      ...notasFiscais.jobHandlers(),
      ...conteudoAdmin.jobHandlers(),
      ...retencao.jobHandlers(),
      ...estoqueAvisos.jobHandlers(),
      ...sacolas.jobHandlers(),
    },
    log: app.log.child({ modulo: 'tarefas' }),
    leaseSeconds: config.JOBS_LEASE_SECONDS,
    backoffUntilSuccess: { ...DEFAULT_BACKOFF_UNTIL_SUCCESS, maxSeconds: config.JOBS_RETRY_MAX_SECONDS },
    ...(options.jobClock ? { clock: options.jobClock } : {}),
    ...(metrics ? { onFailure: metrics.jobFailed } : {}),
    ...options.jobWorker,
  });
  // The queue's state across the instances, read when scraped (lib/metrics.ts keeps it a few seconds).
  metrics?.watchJobs(() => queueStats(db, options.jobClock));
  jobWorker.registerRecurring(JOB_RETENCAO, RETENCAO_INTERVALO_SEGUNDOS);
  // The checkout's safety net: one run every few minutes across the instances (modules/checkout/reconciliador.ts).
  jobWorker.registerRecurring(JOB_RECONCILIAR, RECONCILIAR_A_CADA_SEGUNDOS);
  // The back-in-stock sweep: units released by orders come back without a staff move (estoque-avisos.ts).
  jobWorker.registerRecurring(JOB_AVISAR_ESTOQUE, AVISAR_ESTOQUE_A_CADA_SEGUNDOS);
  jobWorker.registerRecurring(JOB_LEMBRETE_SACOLA, LEMBRETE_A_CADA_SEGUNDOS);
  jobs.onEnqueue(() => jobWorker.wake());
  app.decorate('jobs', jobs);
  app.decorate('mailer', mailer);
  app.decorate('jobWorker', jobWorker);
  const realtime = await startRealtime(app, config, database, base.proxyTrust);
  metrics?.watchRealtime(realtime.connections);
  // Shutdown (ADR 040): the worker stops claiming as soon as the app starts closing, while the HTTP requests still
  // finish; its running jobs get half of SHUTDOWN_GRACE_MS and are then given back to the queue, so another instance
  // takes them at once. Before the caller closes the database, they are done or given back; then the SMTP transport.
  let workerStopped: Promise<void> | undefined;
  app.addHook('preClose', (done) => {
    workerStopped = jobWorker.stop({ waitMs: config.SHUTDOWN_GRACE_MS / 2 });
    done();
  });
  app.addHook('onClose', async () => {
    await (workerStopped ?? jobWorker.stop());
    await mailTransport.close?.();
  });

  // E-mail codes: HMAC-keyed with a secret derived from the JWT secret (ADR 006).
  const codigos = createCodigoService({
    repository: createCodigoRepository(db),
    mailer,
    rateLimiter: app.rateLimiter,
    clock,
    secret: jwtSecret,
  });
  const usuarioService = createUsuarioService({
    db,
    repository: usuarios,
    tokens: base.tokens,
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
  const imagemArquivos = createImagemArquivos({
    db,
    storage,
    repository: createImagemRepository(db),
    log: app.log.child({ modulo: 'imagens' }),
  });

  return {
    config,
    database,
    db,
    log: app.log,
    storage,
    jwtSecret,
    rateLimiter: app.rateLimiter,
    clock,
    jobs,
    mailer,
    mailTransport,
    usuarios,
    codigos,
    usuarioService,
    frete,
    checkout,
    pedidoRepository,
    avisos,
    conteudoAdmin,
    imagemArquivos,
    notasFiscais,
    sacolas,
    metrics,
    paymentSandbox: payments.sandbox,
  };
}

/** Realtime: LISTEN/NOTIFY fan-out and SockJS/STOMP at /api/ws on this app's HTTP server (before listen). */
async function startRealtime(app: FastifyInstance, config: Config, database: Database, proxyTrust: ProxyTrust | false) {
  const notificacoes = await createNotificationBus(database, app.log.child({ modulo: 'notificacoes' }));
  app.decorate('notificacoes', notificacoes);
  // The database's notices of ended sessions (logout, password, deactivation) close them on every instance (ADR 023).
  const revocations = await createSessionRevocations(database, app.log.child({ modulo: 'realtime' }));
  const server = installStompServer(app, {
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
  return server;
}
