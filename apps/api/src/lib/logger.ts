import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.js';

/** Never logged: credentials, tokens, cookies, passwords and card data. */
export const REDACT_PATHS = [
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

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[oculto]' },
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
