import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { MSG } from '@clinica/shared/messages';
import { tokenPayloadSchema } from '@clinica/shared/schemas/auth';
import type { Permissao } from '@clinica/shared/schemas/common';
import { unauthorized } from './errors.js';

/** Who a token speaks for. */
export interface TokenSubject {
  id: number;
  permissao: Permissao;
  idCliente: number | null;
}

/** A verified token's claims. */
export interface TokenClaims extends TokenSubject {
  jti: string;
  /**
   * Session id: created at login and carried over by every renewal, so all the
   * tokens of one sign-in form a family that logout revokes at once.
   */
  sid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  iat: number;
}

export interface IssuedToken {
  token: string;
  jti: string;
  sid: string;
  exp: number;
}

export interface TokenService {
  /** Token lifetime in seconds. */
  readonly ttlSeconds: number;
  /** A new token; a new session unless `sid` continues one (renewal). */
  sign(subject: TokenSubject, options?: { sid?: string }): Promise<IssuedToken>;
  /** Verifies signature (HS256 only), expiry and payload shape; throws a 401 AppError. */
  verify(token: string): Promise<TokenClaims>;
}

const ALGORITHM = 'HS256';
/** jti and sid are ours (UUIDs) and are stored in varchar(64) columns. */
const TOKEN_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(subject, options = {}) {
      const iat = Math.floor(Date.now() / 1000);
      const exp = iat + ttlSeconds;
      const jti = crypto.randomUUID();
      const sid = options.sid ?? crypto.randomUUID();
      const token = await new SignJWT({ permissao: subject.permissao, idCliente: subject.idCliente, sid })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(subject.id))
        .setJti(jti)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, jti, sid, exp };
    },
    async verify(token) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp', 'jti'] }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthorized(MSG.sessaoExpirada);
        throw unauthorized(MSG.naoAutenticado);
      }
      const parsed = tokenPayloadSchema.safeParse(payload);
      if (!parsed.success || !/^[1-9]\d{0,9}$/.test(parsed.data.sub)) throw unauthorized(MSG.naoAutenticado);
      const { sub, permissao, idCliente, jti, exp, iat } = parsed.data;
      // A token from before sessions had ids is a session of its own.
      const sid = parsed.data.sid ?? jti;
      if (!jti || !TOKEN_ID.test(jti) || !sid || !TOKEN_ID.test(sid)) throw unauthorized(MSG.naoAutenticado);
      return { id: Number(sub), permissao, idCliente: idCliente ?? null, jti, sid, exp, iat: iat ?? 0 };
    },
  };
}
