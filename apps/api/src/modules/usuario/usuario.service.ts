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
  /** Failed attempts per account identifier per window. */
  maxPerAccount: number;
  windowSeconds: number;
}

/** The identifier a login names, normalized: e-mail lower-case, CPF digits, CNPJ upper-case alphanumerics. */
export function loginIdentifier(body: Pick<LoginRequest, 'email' | 'cpf' | 'cnpj'>): LoginIdentifier {
  if (body.email) return { kind: 'email', value: body.email.trim().toLowerCase() };
  if (body.cpf) return { kind: 'cpf', value: onlyDigits(body.cpf) };
  return { kind: 'cnpj', value: onlyAlphanumeric(body.cnpj ?? '') };
}

export const loginRateKeys = (ip: string, id: LoginIdentifier) => ({
  ip: `login:ip:${ip}`,
  account: `login:conta:${id.kind}:${id.value}`,
});

export function createUsuarioService(deps: {
  repository: UsuarioRepository;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  policy: LoginPolicy;
}) {
  const { repository, tokens, rateLimiter, policy } = deps;

  /** Checks the credentials; the caller pads the time. */
  async function authenticate(body: LoginRequest, accountKey: string): Promise<LoginContent> {
    const identifier = loginIdentifier(body);
    const candidate = identifier.value ? await repository.findLoginCandidate(identifier) : undefined;
    const valid = candidate
      ? await verifyPassword(body.password, candidate.senhaHash)
      : await verifyPasswordDummy(body.password);
    if (!candidate || !valid) throw unauthorized(MSG.credenciaisInvalidas);
    // Only a caller who knows the password learns that the account is inactive.
    if (!candidate.ativo) throw forbidden(MSG.usuarioInativo);

    await rateLimiter.reset(accountKey);
    const permissao = permissaoNome(candidate.permissaoId);
    const idCliente = permissao === 'CLIENTE' ? candidate.idCliente : null;
    const { token } = await tokens.sign({ id: candidate.id, permissao, idCliente });
    return { idUsuario: candidate.id, permissao, idCliente, acess_token: token };
  }

  return {
    /**
     * POST /usuario/cliente/auth. Rate limited per IP (every attempt) and per
     * account identifier (counted before the check, reset on success, so only
     * failures accumulate); both answers take at least `minDelayMs`.
     */
    async login(body: LoginRequest, ip: string): Promise<LoginContent> {
      const keys = loginRateKeys(ip, loginIdentifier(body));
      return takeAtLeast(policy.minDelayMs, async () => {
        await rateLimiter.consume(keys.ip, policy.maxPerIp, policy.windowSeconds);
        await rateLimiter.consume(keys.account, policy.maxPerAccount, policy.windowSeconds);
        return authenticate(body, keys.account);
      });
    },

    /** A new token (new jti and expiry) for the caller, with the current role. */
    async refreshToken(user: AuthUser): Promise<{ acess_token: string }> {
      const subject = await repository.findSubject(user.id);
      if (!subject || !subject.ativo) throw unauthorized(MSG.naoAutenticado);
      const permissao = permissaoNome(subject.permissaoId);
      const { token } = await tokens.sign({
        id: subject.id,
        permissao,
        idCliente: permissao === 'CLIENTE' ? subject.idCliente : null,
      });
      return { acess_token: token };
    },

    /** Revokes the caller's current token until it would expire. */
    async logout(user: AuthUser): Promise<void> {
      await repository.revokeToken(user.jti, user.id, new Date(user.exp * 1000));
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
    async check(userId, jti) {
      const row = await repository.sessionState(userId, jti);
      if (!row) return null;
      return { ativo: row.ativo, permissao: permissaoNome(row.permissaoId), revogado: Boolean(row.revogado) };
    },
  };
}
