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
  /** Credentials version (`sv`): a password change increments it and every older token stops working. */
  sessaoVersao?: number;
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

interface IssuedToken {
  token: string;
  jti: string;
  sid: string;
  exp: number;
}

/** Everything a token says, enough to sign it again byte for byte (HS256 is deterministic). */
export interface TokenBody extends TokenSubject {
  jti: string;
  sid: string;
  iat: number;
  exp: number;
}

export interface TokenService {
  /** Token lifetime in seconds. */
  readonly ttlSeconds: number;
  /** A new token; a new session unless `sid` continues one (renewal). */
  sign(subject: TokenSubject, options?: { sid?: string }): Promise<IssuedToken>;
  /** The claims a new token would carry (new jti, iat now, exp after the TTL), without signing. */
  claims(subject: TokenSubject, options?: { sid?: string }): TokenBody;
  /** Signs given claims; the same claims always give the same token. */
  signBody(body: TokenBody): Promise<string>;
  /** Verifies signature (HS256 only), expiry and payload shape; throws a 401 AppError. */
  verify(token: string): Promise<TokenClaims>;
}

const ALGORITHM = 'HS256';
/** jti and sid are ours (UUIDs) and are stored in varchar(64) columns. */
const TOKEN_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // Imported once: given the secret's bytes, jose imports them into a CryptoKey on every sign and verify (about 0.7 %
  // of the store's CPU on the order bench, bench/README.md).
  const key = crypto.webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A secret the import refuses fails on first use, where the error is handled, not as an unhandled rejection here.
  key.catch(() => undefined);
  const claims = (subject: TokenSubject, options: { sid?: string } = {}): TokenBody => {
    const iat = Math.floor(Date.now() / 1000);
    return {
      id: subject.id,
      permissao: subject.permissao,
      idCliente: subject.idCliente,
      sessaoVersao: subject.sessaoVersao ?? 0,
      jti: crypto.randomUUID(),
      sid: options.sid ?? crypto.randomUUID(),
      iat,
      exp: iat + ttlSeconds,
    };
  };
  // The payload is built in one fixed key order, so equal claims sign to equal tokens.
  const signBody = async (body: TokenBody): Promise<string> =>
    new SignJWT({ permissao: body.permissao, idCliente: body.idCliente, sid: body.sid, sv: body.sessaoVersao ?? 0 })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(body.id))
      .setJti(body.jti)
      .setIssuedAt(body.iat)
      .setExpirationTime(body.exp)
      .sign(await key);

  return {
    ttlSeconds,
    claims,
    signBody,
    async sign(subject, options = {}) {
      const body = claims(subject, options);
      return { token: await signBody(body), jti: body.jti, sid: body.sid, exp: body.exp };
    },
    async verify(token) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          requiredClaims: ['sub', 'exp', 'jti'],
        }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthorized(MSG.sessaoExpirada);
        throw unauthorized(MSG.naoAutenticado);
      }
      const parsed = tokenPayloadSchema.safeParse(payload);
      if (!parsed.success || !/^[1-9]\d{0,9}$/.test(parsed.data.sub)) throw unauthorized(MSG.naoAutenticado);
      const { sub, permissao, idCliente, jti, exp, iat, sv } = parsed.data;
      // A token from before sessions had ids is a session of its own.
      const sid = parsed.data.sid ?? jti;
      if (!jti || !TOKEN_ID.test(jti) || !sid || !TOKEN_ID.test(sid)) throw unauthorized(MSG.naoAutenticado);
      return {
        id: Number(sub),
        permissao,
        idCliente: idCliente ?? null,
        sessaoVersao: sv ?? 0,
        jti,
        sid,
        exp,
        iat: iat ?? 0,
      };
    },
  };
}
