import crypto from 'node:crypto';

/**
 * Signed media URLs (ADR 013, docs/architecture.md#signed-media-urls):
 * `?u=<user id>&e=<expiry, Unix seconds>&s=<HMAC-SHA256, base64url>` over
 * the resource (`conteudo:<id>` or `certificado:<code>`), the user and the
 * expiry, keyed by a secret derived from the JWT secret (as ADR 006 does for
 * e-mail codes), so a leaked URL opens one file for one user for minutes.
 */
const MIDIA_TTL_SEGUNDOS = 600;

export interface AssinaturaQuery {
  u?: string | undefined;
  e?: string | undefined;
  s?: string | undefined;
}

export type Verificacao = { ok: true; usuarioId: number } | { ok: false; motivo: 'invalida' | 'expirada' };

export function chaveMidia(jwtSecret: string): Buffer {
  return crypto.createHash('sha256').update(`midia-assinada:${jwtSecret}`).digest();
}

const assinar = (chave: Buffer, recurso: string, usuarioId: number, expira: number) =>
  crypto.createHmac('sha256', chave).update(`${recurso}\n${usuarioId}\n${expira}`).digest();

/** The query string (without `?`) of a URL for `recurso`, valid until `agora + ttl`. */
export function assinarMidia(
  chave: Buffer,
  recurso: string,
  usuarioId: number,
  agora: Date,
  ttlSegundos: number = MIDIA_TTL_SEGUNDOS,
): { query: string; expiraEm: Date } {
  const expira = Math.floor(agora.getTime() / 1000) + ttlSegundos;
  const s = assinar(chave, recurso, usuarioId, expira).toString('base64url');
  return { query: `u=${usuarioId}&e=${expira}&s=${s}`, expiraEm: new Date(expira * 1000) };
}

/** Whether the query carries a signature at all (otherwise the bearer token is looked for). */
export const temAssinatura = (q: AssinaturaQuery) => q.u !== undefined || q.e !== undefined || q.s !== undefined;

/**
 * Checks a signed URL for `recurso`: the signature first (constant-time), so
 * "expired" is only ever said of a URL we issued; then the expiry.
 */
export function verificarMidia(chave: Buffer, recurso: string, q: AssinaturaQuery, agora: Date): Verificacao {
  if (!q.u || !q.e || !q.s || !/^[1-9]\d{0,9}$/.test(q.u) || !/^\d{1,12}$/.test(q.e) || !/^[\w-]{43}$/.test(q.s)) {
    return { ok: false, motivo: 'invalida' };
  }
  const usuarioId = Number(q.u);
  const expira = Number(q.e);
  const esperada = assinar(chave, recurso, usuarioId, expira);
  const recebida = Buffer.from(q.s, 'base64url');
  if (recebida.length !== esperada.length || !crypto.timingSafeEqual(recebida, esperada)) {
    return { ok: false, motivo: 'invalida' };
  }
  if (expira * 1000 <= agora.getTime()) return { ok: false, motivo: 'expirada' };
  return { ok: true, usuarioId };
}
