import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxySetting } from './lib/proxy-trust.js';

/** Root of the @clinica/api package (works from src/ under tsx and from dist/). */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(API_ROOT, '..', '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET precisa de pelo menos 32 caracteres.').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  /** `false`, a hop count (`1`) or the proxies' IPs/CIDRs (`10.0.0.0/8,192.168.0.10`); see lib/proxy-trust.ts. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxySetting => {
      try {
        return parseTrustProxy(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * A deliberate public demo (ADR 022): the offline sandboxes, the demo data and a notice on every page. Unset, it is
   * on except for a deployment (NODE_ENV=production with DATABASE_URL); see demoModeOf.
   */
  DEMO_MODE: bool.optional(),
  /** Load the demo data into an empty database; unset, it follows DEMO_MODE (only allowed in demo mode). */
  SEED_DEMO: bool.optional(),
  LOGIN_MIN_DELAY_MS: z.coerce.number().int().min(0).default(400),
  RATE_LIMIT_LOGIN_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_ACCOUNT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_SIGNUP_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_CONTACT_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).default(8000),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Public address of the site (https://…, no trailing slash) for absolute links: sitemap, e-mails. */
  PUBLIC_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps', 'web', 'dist')),
  /** Mail delivery: `outbox` (sandbox: messages stay in emails_saida, read at /api/sandbox/emails) or `smtp`. */
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  /** SMTP server for MAIL_TRANSPORT=smtp: `smtp://user:pass@host:587` (STARTTLS) or `smtps://…:465`. */
  SMTP_URL: z
    .string()
    .refine(
      (v) => /^smtps?:\/\/[^\s/]+/i.test(v),
      'precisa começar com smtp:// ou smtps:// (ex.: smtp://usuario:senha@servidor:587).',
    )
    .optional(),
  /** From header of every e-mail. */
  MAIL_FROM: z.string().min(3).default('"Clínica Sorriso Pleno" <nao-responda@sorrisopleno.com.br>'),
  /** Run the background job worker (e-mail delivery, …) in this process. */
  JOBS_WORKER: bool.default(true),
  /** How long a worker's claim on a job lasts (renewed while it runs); a job whose worker died runs again after it. */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** Longest wait between attempts of a job that retries until it succeeds (refunds, payment syncs, periodic jobs). */
  JOBS_RETRY_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Days kept of finished jobs, sent e-mails and applied payment notifications (retention job, ADR 007). */
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Hours a signed-in customer's bag stays untouched before its one reminder e-mail (ADR 034). */
  ABANDONED_BAG_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  /** Days kept of dead jobs (FALHOU) and e-mails never delivered: evidence, kept longer. */
  RETENTION_FAILED_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** CEP lookups: `offline` (bundled CEPs + state ranges, no network) or `viacep` (the real service). */
  CEP_PROVIDER: z.enum(['offline', 'viacep']).default('offline'),
  /** Base URL of ViaCEP (CEP_PROVIDER=viacep); lookups go to `${VIACEP_URL}/ws/{cep}/json/`. */
  VIACEP_URL: z.string().url().default('https://viacep.com.br'),
  /** How long one ViaCEP lookup may take before the API answers 503. */
  VIACEP_TIMEOUT_MS: z.coerce.number().int().min(1).default(3000),
  /** Freight quotes: `local` (the store's own table, no network) or `melhorenvio` (the real API, OAuth2). */
  FREIGHT_PROVIDER: z.enum(['local', 'melhorenvio']).default('local'),
  /** CEP the parcels leave from; by default the company's CEP (GET /empresa/). */
  FREIGHT_ORIGIN_CEP: z
    .string()
    .regex(/^\d{5}-?\d{3}$/, 'precisa ter 8 dígitos (01310-100).')
    .transform((v) => v.replace('-', ''))
    .optional(),
  /** Freight quotes per source IP per hour (each may call Melhor Envio). */
  RATE_LIMIT_FREIGHT_IP: z.coerce.number().int().min(1).default(120),
  /** Melhor Envio environment: the sandbox by default; production is https://melhorenvio.com.br. */
  MELHOR_ENVIO_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://sandbox.melhorenvio.com.br'),
  /** OAuth2 application of the store at Melhor Envio (FREIGHT_PROVIDER=melhorenvio). */
  MELHOR_ENVIO_CLIENT_ID: z.string().min(1).optional(),
  MELHOR_ENVIO_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where Melhor Envio sends the browser back; default `${PUBLIC_URL}/api/melhorenvio/callback`. */
  MELHOR_ENVIO_REDIRECT_URI: z.string().url().optional(),
  /** `User-Agent` Melhor Envio asks for: `<app name> (<contact e-mail>)`. */
  MELHOR_ENVIO_USER_AGENT: z.string().min(3).default('Clinica Sorriso Pleno (contato@sorrisopleno.com.br)'),
  /** Service ids quoted (1 PAC, 2 SEDEX, 17 Mini Envios, …), comma-separated. */
  MELHOR_ENVIO_SERVICES: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'ids de serviço separados por vírgula (1,2).')
    .default('1,2'),
  /** How long one call to Melhor Envio may take before the API answers 503. */
  MELHOR_ENVIO_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  /** Payments: the offline sandbox (default) or Mercado Pago. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mercadopago']).default('sandbox'),
  /** Mercado Pago's private access token (server side; PAYMENT_PROVIDER=mercadopago). */
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  /** Mercado Pago's public key, handed to MercadoPago.js in the browser for card tokens. */
  MERCADOPAGO_PUBLIC_KEY: z.string().min(1).optional(),
  /** The webhook secret Mercado Pago signs `x-signature` with. */
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Mercado Pago's API (tests point it at a local fake server). */
  MERCADOPAGO_API_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://api.mercadopago.com'),
  /** How long one call to Mercado Pago may take before the API answers 503. */
  MERCADOPAGO_TIMEOUT_MS: z.coerce.number().int().min(1).default(10000),
  /** Oldest `x-signature` timestamp accepted on a webhook, in seconds. */
  MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).default(300),
  /** NF-e of physical sales (ADR 031): the offline sandbox (default, demo mode only) or NFE.io. */
  INVOICE_PROVIDER: z.enum(['sandbox', 'nfeio']).default('sandbox'),
  /** NFE.io's API key and the clinic's company id there (INVOICE_PROVIDER=nfeio). */
  NFEIO_API_KEY: z.string().min(1).optional(),
  NFEIO_COMPANY_ID: z.string().min(1).optional(),
  /** NFE.io's product-invoice API (tests point it at a local fake server). */
  NFEIO_API_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://api.nfse.io'),
  /** How long one call to NFE.io may take before the attempt fails (and is retried). */
  NFEIO_TIMEOUT_MS: z.coerce.number().int().min(1).default(10000),
  /** The store's PIX key, name (≤ 25) and city (≤ 15) written into sandbox BR Codes; defaults: the demo clinic. */
  PIX_CHAVE: z.string().min(1).max(77).default('34567890000130'),
  PIX_RECEBEDOR_NOME: z.string().min(1).max(25).default('Sorriso Pleno'),
  PIX_RECEBEDOR_CIDADE: z.string().min(1).max(15).default('Sao Paulo'),
  /** Most simultaneous realtime (SockJS/STOMP) connections per instance. */
  REALTIME_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2000),
  /** Largest picture (product image, author photo) an upload may send, in bytes (default 10 MiB). */
  IMAGE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /**
   * Memory for the store's catalogue answers kept by the catalogue's version (ADR 021), in MB; 0 turns it off (every
   * read runs its statement, as `npm run bench -- --sem-cache` measures).
   */
  CATALOG_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** Most pixels (width × height) an uploaded picture may declare: larger ones (decompression bombs) are refused undecoded. */
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1).default(50_000_000),
  /** Largest course content (PDF, MP4, AVI) accepted by POST /conteudoproduto/create, in bytes; streamed, never held in memory. */
  CONTEUDO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024 * 1024),
  /** Longest an AVI → MP4 conversion (ffmpeg) may run before it is killed and retried, in seconds. */
  CONTEUDO_TRANSCODE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 60),
  /**
   * Where uploaded files live (ADR 039): `local` (default, `${DATA_DIR}/files`, one machine) or `s3` (an S3-compatible
   * bucket shared by every instance: AWS S3, MinIO, Cloudflare R2, Backblaze B2…).
   */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** The S3 service's address for a server other than AWS (MinIO, R2, B2, a local one); unset, AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  /** The bucket of the store's files (STORAGE=s3); created at start when missing. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The bucket's region (AWS); other services usually take any value, `us-east-1` or `auto`. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The access key pair that reads and writes the bucket (STORAGE=s3). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Addresses `${S3_ENDPOINT}/${bucket}/key` instead of `${bucket}.${host}/key`: MinIO and local servers need true. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * Prometheus metrics (docs/monitoring.md, ADR 040): with a token, `GET /api/metrics` on the main port answers to
   * `Authorization: Bearer <token>` only (at least 16 characters). Off, with METRICS_PORT unset, by default.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN precisa de pelo menos 16 caracteres.').optional(),
  /** Prometheus metrics on a separate small listener at METRICS_HOST:METRICS_PORT, path /metrics, no token (ADR 040). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where that listener listens; the loopback by default (ADR 040). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * How long SIGTERM/SIGINT may take (ADR 040): in-flight requests finish, running jobs get until half of it and are
   * then given back to the queue, realtime sessions are closed; past it the process exits with code 1.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
});

type Env = z.infer<typeof envSchema>;

/**
 * Whether the store runs in demo mode (ADR 022): DEMO_MODE when it is set; otherwise on, except for a deployment
 * (NODE_ENV=production with DATABASE_URL). So `npm start` with nothing set (PGlite) is the demo store, and a server
 * with its own PostgreSQL in production is a real store unless DEMO_MODE=true says it is a public demo.
 */
function demoModeOf(env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'DEMO_MODE'>): boolean {
  return env.DEMO_MODE ?? !(env.NODE_ENV === 'production' && env.DATABASE_URL !== undefined);
}

/** Marks the issues of a store outside demo mode: loadConfig ends their list with how to ask for a demo instead. */
const FORA_DA_DEMO = { foraDaDemo: true } as const;

/** What each Mercado Pago credential is, for the line that asks for it. */
const CREDENCIAIS_MERCADOPAGO = {
  MERCADOPAGO_ACCESS_TOKEN: 'o token de acesso (Access Token) da conta',
  MERCADOPAGO_PUBLIC_KEY: 'a chave pública (Public Key) da conta',
  MERCADOPAGO_WEBHOOK_SECRET: 'a assinatura secreta dos avisos (webhooks)',
} as const;

/** The variables STORAGE=s3 cannot do without, with what each one is (ADR 039). */
const OBRIGATORIAS_S3 = {
  S3_BUCKET: 'o nome do bucket dos arquivos da loja (criado ao subir se não existir)',
  S3_ACCESS_KEY_ID: 'o id da chave de acesso ao bucket',
  S3_SECRET_ACCESS_KEY: 'a chave secreta de acesso ao bucket',
} as const;

/** One issue per S3 variable STORAGE=s3 lacks (loadConfig and loadStorageSettings alike). */
function storageIssues(
  env: Pick<Env, 'STORAGE' | keyof typeof OBRIGATORIAS_S3>,
  issue: (path: keyof typeof OBRIGATORIAS_S3, message: string) => void,
): void {
  if (env.STORAGE !== 's3') return;
  for (const key of Object.keys(OBRIGATORIAS_S3) as (keyof typeof OBRIGATORIAS_S3)[]) {
    if (!env[key]) issue(key, `defina ${OBRIGATORIAS_S3[key]}; obrigatório com STORAGE=s3.`);
  }
}

/**
 * Rules across variables, one issue on each variable to set, in the order an operator fills them in.
 *  - Outside demo mode (ADR 022) the store needs real mail, a real payment provider with production credentials, its
 *    public address and no demo data. The local freight table and the offline CEP list are the store's own data, not
 *    simulations: allowed.
 *  - Instances on one PostgreSQL must share one JWT secret (a token signed by one is checked by another); the file
 *    generated in DATA_DIR is per machine, so production with DATABASE_URL requires JWT_SECRET.
 */
const checkedEnvSchema = envSchema
  .superRefine((env, ctx) => {
    const demo = demoModeOf(env);
    const issue = (path: keyof Env, message: string, outsideDemo = false) =>
      ctx.addIssue({ code: 'custom', path: [path], message, ...(outsideDemo ? { params: FORA_DA_DEMO } : {}) });

    if (!demo && env.MAIL_TRANSPORT !== 'smtp') {
      issue(
        'MAIL_TRANSPORT',
        'defina MAIL_TRANSPORT=smtp: fora do modo de demonstração os e-mails vão para os clientes; a caixa de saída de demonstração mostraria a qualquer visitante os e-mails da loja, códigos de recuperação de senha inclusive.',
        true,
      );
    }
    if ((env.MAIL_TRANSPORT === 'smtp' || !demo) && !env.SMTP_URL) {
      issue(
        'SMTP_URL',
        'defina o servidor de envio, por exemplo smtp://usuario:senha@smtp.exemplo.com.br:587 (ou smtps://…:465); obrigatório com MAIL_TRANSPORT=smtp.',
        !demo,
      );
    }

    if (!demo && env.PAYMENT_PROVIDER !== 'mercadopago') {
      issue(
        'PAYMENT_PROVIDER',
        'defina PAYMENT_PROVIDER=mercadopago: o banco de demonstração (sandbox) aprova qualquer PIX ou cartão sem dinheiro de verdade.',
        true,
      );
    }
    if (env.PAYMENT_PROVIDER === 'mercadopago' || !demo) {
      for (const key of Object.keys(CREDENCIAIS_MERCADOPAGO) as (keyof typeof CREDENCIAIS_MERCADOPAGO)[]) {
        const value = env[key];
        if (!value) {
          issue(
            key,
            `defina ${CREDENCIAIS_MERCADOPAGO[key]} do Mercado Pago; obrigatório com PAYMENT_PROVIDER=mercadopago.`,
            !demo,
          );
        } else if (!demo && key !== 'MERCADOPAGO_WEBHOOK_SECRET' && value.startsWith('TEST-')) {
          issue(
            key,
            'é uma credencial de teste do Mercado Pago (TEST-…): defina a credencial de produção (APP_USR-…).',
            true,
          );
        }
      }
    }

    if (!demo && env.INVOICE_PROVIDER !== 'nfeio') {
      issue(
        'INVOICE_PROVIDER',
        'defina INVOICE_PROVIDER=nfeio: as notas fiscais de demonstração (sandbox) não têm valor fiscal.',
        true,
      );
    }
    if (env.INVOICE_PROVIDER === 'nfeio' || !demo) {
      for (const key of ['NFEIO_API_KEY', 'NFEIO_COMPANY_ID'] as const) {
        if (!env[key]) {
          issue(
            key,
            `defina ${key === 'NFEIO_API_KEY' ? 'a chave de API' : 'o id da empresa'} da NFE.io; obrigatório com INVOICE_PROVIDER=nfeio.`,
            !demo,
          );
        }
      }
    }

    if (!demo && !env.PUBLIC_URL) {
      issue(
        'PUBLIC_URL',
        'defina o endereço público da loja (https://…): sem ele, os links do sitemap, das páginas e dos e-mails seguiriam o cabeçalho Host de cada requisição.',
        true,
      );
    }
    if (!demo && env.SEED_DEMO === true) {
      issue(
        'SEED_DEMO',
        'defina SEED_DEMO=false (ou deixe-a sem valor): os dados de demonstração trazem contas com senhas que todos conhecem.',
        true,
      );
    }

    if (env.FREIGHT_PROVIDER === 'melhorenvio') {
      for (const key of ['MELHOR_ENVIO_CLIENT_ID', 'MELHOR_ENVIO_CLIENT_SECRET'] as const) {
        if (!env[key]) issue(key, 'obrigatório com FREIGHT_PROVIDER=melhorenvio.');
      }
      if (!env.MELHOR_ENVIO_REDIRECT_URI && !env.PUBLIC_URL) {
        issue(
          'MELHOR_ENVIO_REDIRECT_URI',
          'com FREIGHT_PROVIDER=melhorenvio, informe MELHOR_ENVIO_REDIRECT_URI ou PUBLIC_URL (o retorno vai para /api/melhorenvio/callback).',
        );
      }
      if (!demo && new URL(env.MELHOR_ENVIO_URL).hostname.startsWith('sandbox.')) {
        issue(
          'MELHOR_ENVIO_URL',
          'defina MELHOR_ENVIO_URL=https://melhorenvio.com.br: o padrão é o sandbox do Melhor Envio, que não gera envios de verdade.',
          true,
        );
      }
    }

    storageIssues(env, (path, message) => issue(path, message));

    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.JWT_SECRET) {
      issue(
        'JWT_SECRET',
        'obrigatório em produção com DATABASE_URL: todas as instâncias da API precisam do mesmo segredo (mín. 32 caracteres; gere um com `openssl rand -hex 32`).',
      );
    }
  })
  .transform((env) => {
    const demo = demoModeOf(env);
    return { ...env, DEMO_MODE: demo, SEED_DEMO: env.SEED_DEMO ?? demo };
  });

/** The settings, with DEMO_MODE decided (demoModeOf) and SEED_DEMO defaulting to it. */
export type Config = z.output<typeof checkedEnvSchema>;

/** Every variable the server reads (README's "Variáveis de ambiente" names each one; config.test.ts checks it). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof Config)[];

/**
 * A setting, or a database, the server refuses to start with. Its message is the whole explanation, one line per
 * variable: the process entries print it without a stack trace.
 */
export class ConfiguracaoRecusada extends Error {
  override name = 'ConfiguracaoRecusada';
}

/** The variables that have a value: an empty one (`DATABASE_URL=` in a .env file) means "not set". */
const presentOf = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));

/** One line per issue, under 'Configuração inválida:'. */
const refusal = (issues: z.core.$ZodIssue[], extra: string[] = []) =>
  new ConfiguracaoRecusada(
    ['Configuração inválida:', ...issues.map((i) => `  ${i.path.join('.')}: ${i.message}`), ...extra].join('\n'),
  );

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = checkedEnvSchema.safeParse(presentOf(env));
  if (!parsed.success) {
    const outsideDemo = parsed.error.issues.some((i) => i.code === 'custom' && i.params?.foraDaDemo);
    throw refusal(
      parsed.error.issues,
      outsideDemo
        ? [
            '  (Fora do modo de demonstração a loja só sobe com e-mail, pagamento e endereço de verdade. Para uma loja de demonstração pública, defina DEMO_MODE=true: cada página avisa que é uma demonstração.)',
          ]
        : [],
    );
  }
  return { ...parsed.data, ...overrides };
}

/** Only where the database is (DATABASE_URL, DATA_DIR): for commands that use the database and nothing else. */
export function loadDatabaseSettings(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> {
  const parsed = envSchema.pick({ DATABASE_URL: true, DATA_DIR: true }).safeParse(presentOf(env));
  if (!parsed.success) throw refusal(parsed.error.issues);
  return parsed.data;
}

/**
 * The PostgreSQL programs of `npm run backup` and `npm run restore` (README "Cópias de segurança", ADR 041); the
 * server never reads them. Their major version must be at least the server's (pg_dump refuses an older one).
 */
const backupEnvSchema = envSchema.pick({ DATABASE_URL: true, DATA_DIR: true }).extend({
  /** The path of pg_dump; default `${PG_BIN_DIR}/pg_dump`, or `pg_dump` on the PATH. */
  PG_DUMP: z.string().min(1).optional(),
  /** The path of pg_restore; default `${PG_BIN_DIR}/pg_restore`, or `pg_restore` on the PATH. */
  PG_RESTORE: z.string().min(1).optional(),
  /** The folder of a PostgreSQL version's programs (e.g. /usr/lib/postgresql/16/bin), for both. */
  PG_BIN_DIR: z.string().min(1).optional(),
});

/** Where the database is and which pg_dump / pg_restore to run: for `npm run backup` and `npm run restore`. */
export function loadBackupSettings(env: NodeJS.ProcessEnv = process.env): z.output<typeof backupEnvSchema> {
  const parsed = backupEnvSchema.safeParse(presentOf(env));
  if (!parsed.success) throw refusal(parsed.error.issues);
  return parsed.data;
}

/**
 * What `npm run worker` (worker.ts) refuses beyond loadConfig (ADR 042): a worker-only process always runs beside
 * web instances, so it needs their PostgreSQL (PGlite belongs to one process) and their JWT_SECRET (a secret generated
 * in its own DATA_DIR would sign the links of its e-mails, and the codes' keys, differently from the web's).
 */
export function recusaDoProcessoDeTarefas(
  config: Pick<Config, 'DATABASE_URL' | 'JWT_SECRET'>,
): ConfiguracaoRecusada | undefined {
  const linhas: string[] = [];
  if (!config.DATABASE_URL) {
    linhas.push(
      '  DATABASE_URL: defina o PostgreSQL das instâncias web: o processo de tarefas trabalha ao lado delas no mesmo banco (o PGlite de DATA_DIR pertence a um processo só; sem PostgreSQL, `npm start` já roda as tarefas).',
    );
  }
  if (!config.JWT_SECRET) {
    linhas.push(
      '  JWT_SECRET: defina o mesmo segredo das instâncias web (mín. 32 caracteres): um segredo gerado no DATA_DIR deste processo assinaria os links dos e-mails de outro jeito.',
    );
  }
  return linhas.length ? new ConfiguracaoRecusada(['Configuração inválida:', ...linhas].join('\n')) : undefined;
}

/** The file store's settings (ADR 039): STORAGE and S3_*; for commands that move files (cli/arquivos-copiar-para-s3). */
export type StorageSettings = Pick<
  Config,
  | 'STORAGE'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** Only the file store's settings, refused like loadConfig refuses them (STORAGE=s3 without its bucket or keys). */
export function loadStorageSettings(env: NodeJS.ProcessEnv = process.env): StorageSettings {
  const parsed = envSchema
    .pick({
      STORAGE: true,
      S3_ENDPOINT: true,
      S3_BUCKET: true,
      S3_REGION: true,
      S3_ACCESS_KEY_ID: true,
      S3_SECRET_ACCESS_KEY: true,
      S3_FORCE_PATH_STYLE: true,
    })
    .superRefine((settings, ctx) =>
      storageIssues(settings, (path, message) => ctx.addIssue({ code: 'custom', path: [path], message })),
    )
    .safeParse(presentOf(env));
  if (!parsed.success) throw refusal(parsed.error.issues);
  return parsed.data;
}
