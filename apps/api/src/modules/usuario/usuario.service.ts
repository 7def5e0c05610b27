import { MSG } from '@clinica/shared/messages';
import { onlyAlphanumeric, onlyDigits } from '@clinica/shared/documents';
import type { LoginContent, LoginRequest, UsuarioContent } from '@clinica/shared/schemas/auth';
import { PERMISSAO } from '@clinica/shared/schemas/common';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { TokenService } from '../../lib/jwt.js';
import { verifyPassword, verifyPasswordDummy } from '../../lib/password.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { takeAtLeast } from '../../lib/timing.js';
import type { AuthUser, SessionStore } from '../../plugins/auth.js';
import { permissaoNome, type LoginIdentifier, type UsuarioRepository } from './usuario.repository.js';

export interface LoginPolicy {
  /** Every login answer (success or failure) takes at least this long. */
  minDelayMs: number;
  /** Attempts per IP per window. */
  maxPerIp: number;
  /** Failed attempts per account (per user; per identifier when it names nobody) per window. */
  maxPerAccount: number;
  windowSeconds: number;
}

/** The identifier a login names, normalized: e-mail lower-case, CPF digits, CNPJ upper-case alphanumerics. */
export function loginIdentifier(body: Pick<LoginRequest, 'email' | 'cpf' | 'cnpj'>): LoginIdentifier {
  if (body.email) return { kind: 'email', value: body.email.trim().toLowerCase() };
  if (body.cpf) return { kind: 'cpf', value: onlyDigits(body.cpf) };
  return { kind: 'cnpj', value: onlyAlphanumeric(body.cnpj ?? '') };
}

/**
 * Rate-limit keys of a login: the client IP, and the account. An identifier
 * that names a user counts against the user (`login:usuario:<id>`), so the
 * e-mail, CPF and CNPJ of one account share one counter; an unknown identifier
 * counts against itself, so probing unknown accounts is limited too.
 */
export const loginIpKey = (ip: string): string => `login:ip:${ip}`;
export const loginAccountKey = (id: LoginIdentifier, userId: number | undefined): string =>
  userId === undefined ? `login:conta:${id.kind}:${id.value}` : `login:usuario:${userId}`;

/** How long a token replaced through atualizatoken keeps working (requests already in flight). */
export const DEFAULT_RENEW_GRACE_SECONDS = 30;

export function createUsuarioService(deps: {
  repository: UsuarioRepository;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  policy: LoginPolicy;
  /** Grace of a renewed-away token; default DEFAULT_RENEW_GRACE_SECONDS. */
  renewGraceSeconds?: number;
}) {
  const { repository, tokens, rateLimiter, policy } = deps;
  const renewGraceSeconds = deps.renewGraceSeconds ?? DEFAULT_RENEW_GRACE_SECONDS;

  /**
   * Counts the attempt (per IP, then per account), then checks the password.
   * The account lookup runs for every attempt, known or not, before any
   * verification, so the work done does not depend on whether it exists.
   */
  async function attempt(body: LoginRequest, ip: string): Promise<LoginContent> {
    const identifier = loginIdentifier(body);
    await rateLimiter.consume(loginIpKey(ip), policy.maxPerIp, policy.windowSeconds);
    const candidate = identifier.value ? await repository.findLoginCandidate(identifier) : undefined;
    const accountKey = loginAccountKey(identifier, candidate?.id);
    await rateLimiter.consume(accountKey, policy.maxPerAccount, policy.windowSeconds);

    const valid = candidate
      ? await verifyPassword(body.password, candidate.senhaHash)
      : await verifyPasswordDummy(body.password);
    if (!candidate || !valid) throw unauthorized(MSG.credenciaisInvalidas);
    // Only a caller who knows the password learns that the account is inactive.
    if (!candidate.ativo) throw forbidden(MSG.usuarioInativo);

    await rateLimiter.reset(accountKey);
    const permissao = permissaoNome(candidate.permissaoId);
    const idCliente = permissao === 'CLIENTE' ? candidate.idCliente : null;
    // A new session (sid) starts here; renewals carry it over.
    const { token } = await tokens.sign({ id: candidate.id, permissao, idCliente });
    return { idUsuario: candidate.id, permissao, idCliente, acess_token: token };
  }

  return {
    /**
     * POST /usuario/cliente/auth. Rate limited per IP (every attempt) and per
     * account (counted before the check, reset on success, so only failures
     * accumulate); every answer takes at least `minDelayMs`.
     */
    async login(body: LoginRequest, ip: string): Promise<LoginContent> {
      return takeAtLeast(policy.minDelayMs, () => attempt(body, ip));
    },

    /**
     * A new token (new jti and expiry, same session) for the caller, with the
     * current role. The token used for the call stops working after a short
     * grace, so a copied token cannot be renewed into a chain of live tokens.
     */
    async refreshToken(user: AuthUser): Promise<{ acess_token: string }> {
      const subject = await repository.findSubject(user.id);
      if (!subject || !subject.ativo) throw unauthorized(MSG.naoAutenticado);
      const permissao = permissaoNome(subject.permissaoId);
      const { token } = await tokens.sign(
        { id: subject.id, permissao, idCliente: permissao === 'CLIENTE' ? subject.idCliente : null },
        { sid: user.sid },
      );
      await repository.revokeToken(user.jti, user.id, new Date(user.exp * 1000), renewGraceSeconds);
      return { acess_token: token };
    },

    /** Ends the caller's session: the token used and every other token of the same login (earlier or renewed). */
    async logout(user: AuthUser): Promise<void> {
      await repository.revokeSession(user.sid, user.id, tokens.ttlSeconds, new Date(user.exp * 1000));
    },

    async getUsuario(id: number): Promise<UsuarioContent> {
      const row = await repository.findById(id);
      if (!row) throw notFound(MSG.usuarioNaoEncontrado);
      const nome = permissaoNome(row.permissaoId);
      return {
        id: row.id,
        nome: row.nome,
        email: row.email,
        permissao: { id: PERMISSAO[nome], nome },
        ativo: row.ativo,
        confirmado: row.confirmado,
      };
    },
  };
}

export type UsuarioService = ReturnType<typeof createUsuarioService>;

/** The guard's view of the database (plugins/auth.ts). */
export function createSessionStore(repository: UsuarioRepository): SessionStore {
  return {
    async check(userId, jti, sid) {
      const row = await repository.sessionState(userId, jti, sid);
      if (!row) return null;
      return { ativo: row.ativo, permissao: permissaoNome(row.permissaoId), revogado: Boolean(row.revogado) };
    },
  };
}
