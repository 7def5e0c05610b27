import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { onlyAlphanumeric, onlyDigits } from '@clinica/shared/documents';
import type { LoginContent, LoginRequest, UsuarioContent } from '@clinica/shared/schemas/auth';
import { permissaoSchema } from '@clinica/shared/schemas/common';
import type { Db, Tx } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/mail.js';
import { emailAlteradoEmail, senhaAlteradaEmail } from '../../integrations/mail/templates.js';
import { registrarAuditoria } from '../../lib/auditoria.js';
import { conflict, notFound, sqlState, tooManyRequests, unauthorized, unprocessable } from '../../lib/errors.js';
import type { TokenService } from '../../lib/jwt.js';
import { hashPassword, verifyPassword, verifyPasswordDummy } from '../../lib/password.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { takeAtLeast } from '../../lib/timing.js';
import type { AuthUser, SessionStore } from '../../plugins/auth.js';
import type { CodigoService } from '../email/codigo.service.js';
import { createUsuarioAdminRepository } from './usuario-admin.repository.js';
import { createUsuarioAdminService, usuarioContent } from './usuario-admin.service.js';
import { permissaoNome, type LoginIdentifier, type UsuarioRepository } from './usuario.repository.js';

/** The claims stored as a renewal's successor (tokens_revogados.sucessor). */
const tokenBodySchema = z.object({
  id: z.number().int().positive(),
  permissao: permissaoSchema,
  idCliente: z.number().int().nullable(),
  jti: z.string(),
  sid: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
  sessaoVersao: z.number().int().min(0).optional(),
});

export interface LoginPolicy {
  /** Every login answer (success or failure) takes at least this long. */
  minDelayMs: number;
  /** Failed attempts (wrong password, unknown identifier) per source IP per window (429 beyond); successes are free. */
  maxPerIp: number;
  /**
   * Failed attempts per identifier (e-mail, CPF or CNPJ) from one source IP per
   * window (429 beyond); the same number of failures from all sources together
   * starts the slowdown of that identifier.
   */
  maxPerAccount: number;
  windowSeconds: number;
  /** Cap of the slowdown added to each attempt on an identifier under a spread-out attack. */
  slowdownMaxMs: number;
}

/** The identifier a login names, normalized: e-mail lower-case, CPF digits, CNPJ upper-case alphanumerics. */
function loginIdentifier(body: Pick<LoginRequest, 'email' | 'cpf' | 'cnpj'>): LoginIdentifier {
  if (body.email) return { kind: 'email', value: body.email.trim().toLowerCase() };
  if (body.cpf) return { kind: 'cpf', value: onlyDigits(body.cpf) };
  return { kind: 'cnpj', value: onlyAlphanumeric(body.cnpj ?? '') };
}

/**
 * Rate-limit keys of a login (ADR 003). Every key names the identifier as it
 * was typed, never the account behind it, so a throttled answer cannot tell
 * which CPF or CNPJ belongs to which e-mail, nor whether an account exists.
 *  - per source IP: failures (an attempt counts while it runs, and gives its
 *    hit back unless its password check fails), so a crowd behind one address
 *    signing in correctly is never refused, and a guesser is;
 *  - per identifier and source IP: failures; a single source is stopped (429);
 *  - per identifier from all sources: failures; past the limit each attempt is
 *    slowed, never refused, so a spread-out attack cannot lock out the owner.
 */
const loginIpKey = (ip: string): string => `login:ip:${ip}`;
const loginSourceKey = (id: LoginIdentifier, ip: string): string => `login:origem:${id.kind}:${id.value}:${ip}`;
const loginIdentifierKey = (id: LoginIdentifier): string => `login:conta:${id.kind}:${id.value}`;

/**
 * Delay added to an attempt on an identifier that has `failures` failed
 * attempts in the window from all sources: none up to `threshold`, then 250 ms
 * doubling with every further failure, up to `maxMs`.
 */
export function loginSlowdownMs(failures: number, threshold: number, maxMs: number): number {
  if (failures <= threshold) return 0;
  return Math.min(maxMs, 250 * 2 ** Math.min(failures - threshold - 1, 16));
}

/** How long a token replaced through atualizatoken keeps working (requests already in flight). */
const DEFAULT_RENEW_GRACE_SECONDS = 30;

/**
 * Wrong current passwords per user per window, before 429: one count for every step that asks for it (the password
 * change, the e-mail change and its code request), so a stolen token buys no guesses by switching routes.
 */
const MAX_SENHA_ATUAL_ERRADA = 10;
const senhaAtualKey = (userId: number): string => `senha-atual:usuario:${userId}`;

export function createUsuarioService(deps: {
  db: Db;
  repository: UsuarioRepository;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  codigos: CodigoService;
  mailer: Mailer;
  policy: LoginPolicy;
  /** Grace of a renewed-away token; default DEFAULT_RENEW_GRACE_SECONDS. */
  renewGraceSeconds?: number;
}) {
  const { db, repository, tokens, rateLimiter, codigos, mailer, policy } = deps;
  const renewGraceSeconds = deps.renewGraceSeconds ?? DEFAULT_RENEW_GRACE_SECONDS;

  /**
   * Counts the attempt (per IP, per identifier and IP, per identifier), waits
   * the identifier's slowdown, then checks the password. The account lookup
   * runs for every attempt, known or not, before any verification, so the
   * work done does not depend on whether it exists. The per-IP hit is given
   * back unless the password check fails (ADR 003, amendment): while the
   * attempt runs it counts, so a burst of guesses is bounded all the same.
   */
  async function attempt(body: LoginRequest, ip: string): Promise<LoginContent> {
    const ipKey = loginIpKey(ip);
    const porIp = await rateLimiter.hit(ipKey, policy.maxPerIp, policy.windowSeconds);
    let falhou = false;
    try {
      if (!porIp.allowed) throw tooManyRequests(porIp.retryAfterSeconds);
      return await checkCredentials(body, ip, () => (falhou = true));
    } finally {
      if (!falhou) await rateLimiter.release(ipKey);
    }
  }

  /** The attempt behind the per-IP count: `onFailure` is called when the password check fails. */
  async function checkCredentials(body: LoginRequest, ip: string, onFailure: () => void): Promise<LoginContent> {
    const identifier = loginIdentifier(body);
    const { windowSeconds } = policy;
    const sourceKey = loginSourceKey(identifier, ip);
    await rateLimiter.consume(sourceKey, policy.maxPerAccount, windowSeconds);
    // Counted before the check and cleared on success, so only failures accumulate.
    const identifierKey = loginIdentifierKey(identifier);
    const spread = await rateLimiter.hit(identifierKey, Number.MAX_SAFE_INTEGER, windowSeconds);
    const slowdown = loginSlowdownMs(spread.count - 1, policy.maxPerAccount, policy.slowdownMaxMs);
    if (slowdown > 0) await sleep(slowdown);

    const candidate = identifier.value ? await repository.findLoginCandidate(identifier) : undefined;
    const valid = candidate
      ? await verifyPassword(body.password, candidate.senhaHash)
      : await verifyPasswordDummy(body.password);
    if (!candidate || !valid) {
      onFailure();
      throw unauthorized(MSG.credenciaisInvalidas);
    }
    // Only a caller who knows the password learns that the account is inactive (a rule, not a role: 422).
    if (!candidate.ativo) throw unprocessable(MSG_API.usuarioInativo);

    await Promise.all([rateLimiter.reset(sourceKey), rateLimiter.reset(identifierKey)]);
    const permissao = permissaoNome(candidate.permissaoId);
    const idCliente = permissao === 'CLIENTE' ? candidate.idCliente : null;
    // A new session (sid) starts here; renewals carry it over.
    const { token } = await tokens.sign({
      id: candidate.id,
      permissao,
      idCliente,
      sessaoVersao: candidate.sessaoVersao,
    });
    return { idUsuario: candidate.id, permissao, idCliente, acess_token: token };
  }

  /**
   * The caller's current password, asked before a change of the account's credentials (password, e-mail), so a
   * token alone cannot take the account over. Wrong: 422 'A senha atual está incorreta.'; past
   * MAX_SENHA_ATUAL_ERRADA tries in the window: 429 (the count is cleared by the right password).
   */
  async function conferirSenhaAtual(userId: number, senhaAtual: string): Promise<void> {
    const usuario = await repository.findCredentials(userId);
    if (!usuario || !usuario.ativo) throw unauthorized(MSG.naoAutenticado);
    const chave = senhaAtualKey(userId);
    const limite = await rateLimiter.hit(chave, MAX_SENHA_ATUAL_ERRADA, policy.windowSeconds);
    if (!limite.allowed) throw tooManyRequests(limite.retryAfterSeconds);
    if (!(await verifyPassword(senhaAtual, usuario.senhaHash))) throw unprocessable(MSG.senhaAtualIncorreta);
    await rateLimiter.reset(chave);
  }

  /** A staff member's change of the own e-mail or password is audited (a customer's self-service is not). */
  const auditaCredencial = async (
    tx: Tx,
    user: AuthUser,
    acao: 'ALTERAR_EMAIL' | 'ALTERAR_SENHA',
    antes: UsuarioContent,
  ) => {
    if (user.permissao === 'CLIENTE') return;
    const depois = await repository.findById(user.id, tx);
    await registrarAuditoria(tx, user, {
      entidade: 'usuario',
      entidadeId: user.id,
      acao,
      antes,
      depois: depois ? usuarioContent(depois) : null,
    });
  };

  return {
    /** Users and access of the back-office (ADMIN): usuario-admin.service.ts. */
    admin: createUsuarioAdminService({ db, repository: createUsuarioAdminRepository(db), usuarios: repository }),

    /**
     * POST /usuario/cliente/auth. Rate limited per IP and per identifier and
     * source, slowed per identifier (see the keys above); every answer takes
     * at least `minDelayMs`.
     */
    async login(body: LoginRequest, ip: string): Promise<LoginContent> {
      return takeAtLeast(policy.minDelayMs, () => attempt(body, ip));
    },

    /**
     * A new token (new jti and expiry, same session) for the caller, with the
     * current role. A token renews once: the token used stops working after a
     * short grace, and asking again during the grace (another tab, a retry)
     * gets the same successor, never a second live token.
     */
    async refreshToken(user: AuthUser): Promise<{ acess_token: string }> {
      const subject = await repository.findSubject(user.id);
      if (!subject || !subject.ativo) throw unauthorized(MSG.naoAutenticado);
      const permissao = permissaoNome(subject.permissaoId);
      const successor = tokens.claims(
        {
          id: subject.id,
          permissao,
          idCliente: permissao === 'CLIENTE' ? subject.idCliente : null,
          sessaoVersao: subject.sessaoVersao,
        },
        { sid: user.sid },
      );
      const first = await repository.recordRenewal(
        user.jti,
        user.id,
        new Date(user.exp * 1000),
        renewGraceSeconds,
        successor,
      );
      if (first) return { acess_token: await tokens.signBody(successor) };
      const recorded = tokenBodySchema.safeParse(await repository.successorOf(user.jti));
      if (!recorded.success || recorded.data.id !== user.id) throw unauthorized(MSG.naoAutenticado);
      return { acess_token: await tokens.signBody(recorded.data) };
    },

    /** Ends the caller's session: the token used and every other token of the same login (earlier or renewed). */
    async logout(user: AuthUser): Promise<void> {
      await repository.revokeSession(user.sid, user.id, tokens.ttlSeconds, new Date(user.exp * 1000));
    },

    /**
     * PUT /usuario/recuperarSenha: only within 15 minutes after a recovery code
     * of that e-mail was accepted, once. Every open session of the user ends.
     */
    async recuperarSenha(email: string, novaSenha: string): Promise<void> {
      const usuario = await repository.findActiveByEmail(email);
      if (!usuario) throw unprocessable(MSG_API.recuperacaoNaoValidada);
      const senhaHash = await hashPassword(novaSenha);
      await db.transaction(async (tx) => {
        await codigos.consumirValidado(usuario.id, 'RECUPERACAO_ACESSO', MSG_API.recuperacaoNaoValidada, tx);
        await repository.updateSenha(usuario.id, senhaHash, tx);
        await mailer.enviar({ para: usuario.email, ...senhaAlteradaEmail({ nome: usuario.nome }) }, tx);
      });
    },

    /** The current password check of the credential changes (also the e-mail change's code request, email.service.ts). */
    conferirSenhaAtual,

    /**
     * PUT /usuario/editar/email/{idUser}: the current password, and the code
     * sent to the new address accepted; the address must be free. The old
     * address is told.
     */
    async editarEmail(user: AuthUser, novoEmail: string, senhaAtual: string): Promise<{ email: string }> {
      await conferirSenhaAtual(user.id, senhaAtual);
      const usuario = await repository.findById(user.id);
      if (!usuario) throw notFound(MSG_API.usuarioNaoEncontrado);
      await db
        .transaction(async (tx) => {
          await codigos.consumirValidado(usuario.id, 'EDICAO_EMAIL', MSG_API.edicaoNaoValidada, tx, novoEmail);
          if (await repository.emailEmUso(novoEmail, usuario.id, tx)) throw conflict(MSG_API.emailEmUso);
          await repository.updateEmail(usuario.id, novoEmail, tx);
          await auditaCredencial(tx, user, 'ALTERAR_EMAIL', usuarioContent(usuario));
          await mailer.enviar({ para: usuario.email, ...emailAlteradoEmail({ nome: usuario.nome, novoEmail }) }, tx);
        })
        .catch((err: unknown) => {
          if (sqlState(err) === '23505') throw conflict(MSG_API.emailEmUso);
          throw err;
        });
      return { email: novoEmail };
    },

    /**
     * PUT /usuario/editar/senha/{idUser}: the current password and an accepted
     * password-change code. Every other session of the user ends; the caller
     * gets a token of a new session.
     */
    async editarSenha(user: AuthUser, senhaAtual: string, senhaNova: string): Promise<{ acess_token: string }> {
      await conferirSenhaAtual(user.id, senhaAtual);
      const senhaHash = await hashPassword(senhaNova);
      const perfil = await repository.findById(user.id);
      const sessaoVersao = await db.transaction(async (tx) => {
        await codigos.consumirValidado(user.id, 'EDICAO_SENHA', MSG_API.edicaoNaoValidada, tx);
        const versao = await repository.updateSenha(user.id, senhaHash, tx);
        if (perfil) await auditaCredencial(tx, user, 'ALTERAR_SENHA', usuarioContent(perfil));
        if (perfil) await mailer.enviar({ para: perfil.email, ...senhaAlteradaEmail({ nome: perfil.nome }) }, tx);
        return versao;
      });
      // Every earlier token (this call's included) is of the old version; the caller continues in a new session.
      const { token } = await tokens.sign({
        id: user.id,
        permissao: user.permissao,
        idCliente: user.idCliente,
        sessaoVersao,
      });
      return { acess_token: token };
    },

    async getUsuario(id: number): Promise<UsuarioContent> {
      const row = await repository.findById(id);
      if (!row) throw notFound(MSG_API.usuarioNaoEncontrado);
      return usuarioContent(row);
    },
  };
}

export type UsuarioService = ReturnType<typeof createUsuarioService>;

/** The guard's view of the database (plugins/auth.ts). */
export function createSessionStore(repository: UsuarioRepository): SessionStore {
  return {
    async check(userId, jti, sid, sessaoVersao) {
      const row = await repository.sessionState(userId, jti, sid, sessaoVersao);
      if (!row) return null;
      return { ativo: row.ativo, permissao: permissaoNome(row.permissaoId), revogado: Boolean(row.revogado) };
    },
  };
}
