import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { FileStorage } from './integrations/files/index.js';
import type { Mailer, MailTransport } from './integrations/mail/index.js';
import type { SandboxPayments } from './integrations/payments/index.js';
import type { JobQueue } from './lib/jobs/index.js';
import type { Metrics } from './lib/metrics.js';
import type { RateLimiter } from './lib/rate-limit.js';
import type { CheckoutService } from './modules/checkout/checkout.service.js';
import type { ConteudoAdminService } from './modules/conteudo/conteudo-admin.service.js';
import type { CodigoService, Clock } from './modules/email/codigo.service.js';
import type { FreteService } from './modules/frete/frete.service.js';
import type { AvisosPedido } from './modules/pedido/pedido-avisos.js';
import type { NotaFiscalService } from './modules/nota-fiscal/nota-fiscal.service.js';
import type { PedidoRepository } from './modules/pedido/pedido.repository.js';
import type { SacolaService } from './modules/sacola/sacola.service.js';
import type { ImagemArquivos } from './modules/produto/imagem-arquivos.service.js';
import type { UsuarioRepository } from './modules/usuario/usuario.repository.js';
import type { UsuarioService } from './modules/usuario/usuario.service.js';

/**
 * What the API's modules are built from: the configuration, the database, and the services more than one
 * module uses (built once, in app-services.ts). Each module reads what it needs and builds the rest itself.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** The app's logger; a module logs through `log.child({ modulo })`. */
  log: FastifyBaseLogger;
  storage: FileStorage;
  /** The JWT secret; e-mail codes, signed media URLs and the Melhor Envio state are keyed off it. */
  jwtSecret: string;
  rateLimiter: RateLimiter;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  mailTransport: MailTransport;
  usuarios: UsuarioRepository;
  codigos: CodigoService;
  usuarioService: UsuarioService;
  frete: FreteService;
  checkout: CheckoutService;
  pedidoRepository: PedidoRepository;
  /** The customer's order e-mails (modules/pedido/pedido-avisos.ts, ADR 030). */
  avisos: AvisosPedido;
  conteudoAdmin: ConteudoAdminService;
  imagemArquivos: ImagemArquivos;
  /** The NF-e of paid physical orders (ADR 031): its job, its reads and the ship form's check. */
  notasFiscais: NotaFiscalService;
  /** The customer's bag kept on the server and its abandoned-bag reminder (ADR 034). */
  sacolas: SacolaService;
  /** Prometheus metrics when METRICS_TOKEN or METRICS_PORT is set (ADR 040); null otherwise. */
  metrics: Metrics | null;
  /** The payment sandbox, when PAYMENT_PROVIDER=sandbox. */
  paymentSandbox: SandboxPayments | null;
}

/** A module of the API: registers its routes under /api (its own scope), building its services from the context. */
export type ApiModule = (api: FastifyInstance, context: AppContext) => Promise<void>;
