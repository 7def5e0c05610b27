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
  /** Expiry, seconds since the epoch. */
  exp: number;
  iat: number;
}

export interface IssuedToken {
  token: string;
  jti: string;
  exp: number;
}

export interface TokenService {
  sign(subject: TokenSubject): Promise<IssuedToken>;
  /** Verifies signature (HS256 only), expiry and payload shape; throws a 401 AppError. */
  verify(token: string): Promise<TokenClaims>;
}

const ALGORITHM = 'HS256';

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(subject) {
      const iat = Math.floor(Date.now() / 1000);
      const exp = iat + ttlSeconds;
      const jti = crypto.randomUUID();
      const token = await new SignJWT({ permissao: subject.permissao, idCliente: subject.idCliente })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(subject.id))
        .setJti(jti)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, jti, exp };
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
      if (!parsed.success || !/^[1-9]\d{0,9}$/.test(parsed.data.sub) || !parsed.data.jti) {
        throw unauthorized(MSG.naoAutenticado);
      }
      const { sub, permissao, idCliente, jti, exp, iat } = parsed.data;
      return { id: Number(sub), permissao, idCliente: idCliente ?? null, jti, exp, iat: iat ?? 0 };
    },
  };
}
