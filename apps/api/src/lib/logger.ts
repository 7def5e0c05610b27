import { createRequire } from 'node:module';
import { pino, stdSerializers, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.js';

/** Never logged: credentials, tokens, cookies, passwords and card data. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'password',
  'senha',
  'senhaAtual',
  'senhaNova',
  'novaSenha',
  'token',
  'acess_token',
  '*.password',
  '*.senha',
  '*.senhaAtual',
  '*.senhaNova',
  '*.novaSenha',
  '*.token',
  '*.acess_token',
  '*.authorization',
  '*.cardNumber',
  '*.numeroCartao',
];

type ErrorLink = Record<string, unknown> & { message?: unknown; stack?: unknown };

/** The error and its causes (Drizzle wraps the driver's error in `cause`). */
function causeChain(err: unknown): ErrorLink[] {
  const links: ErrorLink[] = [];
  for (let current = err; current && typeof current === 'object' && links.length < 5;) {
    links.push(current as ErrorLink);
    current = (current as ErrorLink).cause;
  }
  return links;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** An error raised by a query: Drizzle's DrizzleQueryError, or a pg / PGlite error (they carry `severity`). */
function isDatabaseError(links: ErrorLink[]): boolean {
  return links.some(
    (l) =>
      'params' in l ||
      (typeof l.query === 'string' && l.name === 'DrizzleQueryError') ||
      (typeof l.severity === 'string' && typeof l.code === 'string' && SQLSTATE.test(l.code)),
  );
}

/** Driver fields that name things (objects, types, routines), never the values of a row. */
const DATABASE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

/**
 * A PostgreSQL message without the value it quotes
 * (`invalid input syntax for type integer: "abc"` → `…: "[oculto]"`).
 */
function sanitizeDatabaseMessage(message: string): string {
  return message.replace(/:\s*".*"\s*$/s, ': "[oculto]"').slice(0, 500);
}

/** Stack frames only: a DrizzleQueryError's first stack lines repeat its message, params included. */
const framesOf = (stack: unknown): string | undefined =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

/**
 * The `err` serializer. A database error is logged with its SQLSTATE, the
 * objects it names, its message without quoted values and the statement text
 * (placeholders only), never with `params`, `detail` or `where`: those carry
 * the row's values (e-mails, documents, …). Other errors as pino logs them.
 */
function serializeError(err: unknown): unknown {
  const links = causeChain(err);
  if (!isDatabaseError(links)) return stdSerializers.err(err as Error);
  const driver = links.find((l) => typeof l.severity === 'string') ?? links.find((l) => !('params' in l));
  const query = links.find((l) => typeof l.query === 'string')?.query as string | undefined;
  const out: Record<string, unknown> = {
    type: 'DatabaseError',
    message: sanitizeDatabaseMessage(typeof driver?.message === 'string' ? driver.message : 'Falha na consulta'),
  };
  for (const field of DATABASE_FIELDS) {
    const value = driver?.[field];
    if (typeof value === 'string' && value) out[field] = value;
  }
  if (query) out.query = query.slice(0, 2000);
  const stack = framesOf(links[0]?.stack);
  if (stack) out.stack = stack;
  return out;
}

function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[oculto]' },
    serializers: { err: serializeError },
    base: { service: 'clinica-api' },
  };
}

/** pino-pretty is a dev dependency: use it only when present and on a terminal. */
function prettyTransport(config: Pick<Config, 'NODE_ENV'>): LoggerOptions['transport'] | undefined {
  if (config.NODE_ENV !== 'development' || !process.stdout.isTTY) return undefined;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' } };
}

/** The structured logger of the process (JSON lines; pretty on a dev terminal). */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, destination?: DestinationStream): Logger {
  const options = loggerOptions(config);
  if (destination) return pino(options, destination);
  const transport = prettyTransport(config);
  return pino(transport ? { ...options, transport } : options);
}
