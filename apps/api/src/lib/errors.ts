import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';

/**
 * The one error type services throw. The central error handler turns it into
 * the envelope `{ statusCode, message, content }` with the same HTTP status.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly content: unknown;
  /** Extra response headers (e.g. `retry-after` on 429). */
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, content: unknown = null, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.content = content;
    this.headers = headers;
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;

export const badRequest = (message: string = MSG.erroValidacao, content: unknown = null) =>
  new AppError(400, message, content);
export const unauthorized = (message: string = MSG.naoAutenticado) => new AppError(401, message);
export const forbidden = (message: string = MSG.semPermissao) => new AppError(403, message);
export const notFound = (message: string = MSG.naoEncontrado) => new AppError(404, message);
export const conflict = (message: string = MSG_API.conflito, content: unknown = null) =>
  new AppError(409, message, content);
export const unprocessable = (message: string = MSG_API.regraViolada, content: unknown = null) =>
  new AppError(422, message, content);
export const tooManyRequests = (retryAfterSeconds: number, message: string = MSG.muitasTentativas) =>
  new AppError(429, message, { retryAfter: retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });

/**
 * The SQLSTATE of a database error, looking through wrappers (Drizzle wraps
 * driver errors in DrizzleQueryError with the original as `cause`).
 */
export function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint named by a database error (unique, foreign key, check), looking through wrappers. */
export function sqlConstraint(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint) return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
