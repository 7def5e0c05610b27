/**
 * The unsubscribe link's token (ADR 034): the customer's id and an HMAC-SHA256 of it, keyed by a secret derived
 * from the app's JWT secret for this purpose only. It works without signing in, never expires (a link in an old
 * e-mail still unsubscribes) and cannot be made for another customer without the secret.
 */
import crypto from 'node:crypto';

/** The unsubscribe link's path (under /api), in every marketing e-mail and its List-Unsubscribe header. */
export const DESCADASTRO_PATH = '/email/descadastrar';

const FINALIDADE = 'clinica:descadastro-email:v1';

const chave = (secret: string) => crypto.createHmac('sha256', secret).update(FINALIDADE).digest();

const assinatura = (secret: string, clienteId: number) =>
  crypto.createHmac('sha256', chave(secret)).update(`cliente:${clienteId}`).digest('base64url');

/** `{clienteId}.{hmac}`: short enough for a List-Unsubscribe header. */
export const tokenDescadastro = (secret: string, clienteId: number): string =>
  `${clienteId}.${assinatura(secret, clienteId)}`;

/** The customer a token names, or null for a forged, tampered or malformed one. */
export function lerTokenDescadastro(secret: string, token: unknown): number | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const clienteId = Number(match[1]);
  if (clienteId > 2_147_483_647) return null;
  const esperado = Buffer.from(assinatura(secret, clienteId));
  const recebido = Buffer.from(match[2]!);
  return esperado.length === recebido.length && crypto.timingSafeEqual(esperado, recebido) ? clienteId : null;
}
