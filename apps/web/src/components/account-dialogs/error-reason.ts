import { isApiError } from '../../lib/api-client';

/** Statuses whose message says why a request was refused (a rule, a conflict, a bad code, a limit). */
const EXPLAINED = new Set([400, 404, 409, 410, 422, 429]);

/**
 * The server's message when it explains the refusal ('Código incorreto.',
 * 'Este e-mail já está cadastrado.', 'A senha atual está incorreta.'),
 * otherwise the screen's generic text ('Ocorreu um problema.', docs/behaviour/accounts-and-sign-in.md#profile).
 */
export function reasonOr(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message && EXPLAINED.has(error.status)) return error.message;
  return fallback;
}
