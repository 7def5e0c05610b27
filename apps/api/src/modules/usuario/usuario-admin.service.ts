import type { EndpointQuery } from '@clinica/shared/endpoint';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { UsuarioContent } from '@clinica/shared/schemas/auth';
import { PERMISSAO, type Permissao } from '@clinica/shared/schemas/common';
import type {
  UsuarioCriacao,
  UsuarioEdicaoAdmin,
  UsuarioListagem,
  usuarioAdminApi,
} from '@clinica/shared/schemas/usuario-admin';
import type { Db, Tx } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { conflict, forbidden, notFound, sqlState, unprocessable } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import type { UsuarioAdminRepository, UsuarioLinha } from './usuario-admin.repository.js';
import { permissaoNome, type UsuarioRepository } from './usuario.repository.js';

/** A user as the contract shows it (and as the audit log keeps it). */
export function usuarioContent(row: UsuarioLinha): UsuarioContent {
  const nome = permissaoNome(row.permissaoId);
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    permissao: { id: PERMISSAO[nome], nome },
    ativo: row.ativo,
    confirmado: row.confirmado,
  };
}

const isEquipe = (p: Permissao) => p === 'ADMIN' || p === 'USUARIO';

/** A unique e-mail taken meanwhile (the index on lower(email)) is the same 409 as the check before. */
const emailDuplicado = (err: unknown): never => {
  if (sqlState(err) === '23505') throw conflict(MSG_API.emailEmUso);
  throw err;
};

/**
 * Users and access (docs/behaviour/back-office.md#users-and-access), ADMIN only. Every write is
 * audited in its own transaction (entidade 'usuario').
 *
 * The rules of access:
 *  - staff accounts are ADMIN or USUARIO; customers sign up in the store (with
 *    CPF/CNPJ and address), so none is created here and none changes permission,
 *    and no staff account becomes a customer (422);
 *  - the last active ADMIN is neither deactivated nor demoted (409), and an
 *    ADMIN never deactivates or demotes the own account (409): both under a
 *    lock of the active ADMINs, so two ADMINs demoting each other at the same
 *    time leave one;
 *  - the auth guard reads the user's state on every request (ADR 002): a
 *    deactivated user's next call is 401, a demoted one's next ADMIN call 403.
 */
export function createUsuarioAdminService(deps: {
  db: Db;
  repository: UsuarioAdminRepository;
  usuarios: UsuarioRepository;
}) {
  const { db, repository, usuarios } = deps;

  /**
   * The part of a change of 'ativo' or permission that guards the ADMINs:
   * locks the active ADMINs, then the target; checks the route's own `regras`
   * (422); refuses what would leave no
   * active ADMIN (409), a change of the caller's own access (409) and a caller
   * who is no longer an active ADMIN (403). Returns the target.
   */
  async function travarAlvo(
    tx: Tx,
    quem: QuemAudita,
    id: number,
    reduzGerentes: (alvo: UsuarioLinha) => boolean,
    regras?: (alvo: UsuarioLinha) => void,
  ) {
    const gerentes = await repository.travarGerentesAtivos(tx);
    const alvo = await repository.travar(tx, id);
    if (!alvo) throw notFound(MSG_API.usuarioNaoEncontrado);
    regras?.(alvo);
    const reduz = reduzGerentes(alvo);
    if (reduz && gerentes.includes(alvo.id) && gerentes.length <= 1) throw conflict(MSG_BO.usuarioUltimoGerente);
    if (reduz && alvo.id === quem.id) throw conflict(MSG_BO.usuarioProprioAcesso);
    // The caller lost the role while waiting for the lock (another ADMIN demoted or deactivated them).
    if (!gerentes.includes(quem.id)) throw forbidden(MSG.semPermissao);
    return alvo;
  }

  return {
    /** GET /usuario/buscar: one page, with the totals. */
    async listar(q: EndpointQuery<typeof usuarioAdminApi.buscar>): Promise<UsuarioListagem> {
      const { total, rows } = await repository.listar(
        { nome: q.nome, permissao: q.usuarioPermissao, ativo: q.ativo },
        { page: q.page, size: q.size, ordem: q.sort },
      );
      return {
        usuarioItemListagemDTOS: rows.map(usuarioContent),
        totalRegistroPagina: rows.length,
        totalRegistros: total,
        totalPaginas: Math.ceil(total / q.size),
        page: q.page,
      };
    },

    /** POST /usuario/: a staff account (ADMIN or USUARIO); 409 for an e-mail in use. */
    async criar(quem: QuemAudita, data: UsuarioCriacao): Promise<UsuarioContent> {
      const permissao = permissaoNome(data.usuarioPermissao.id);
      if (!isEquipe(permissao)) throw unprocessable(MSG_BO.usuarioClienteNaoCadastra);
      if (await usuarios.emailEmUso(data.email)) throw conflict(MSG_API.emailEmUso);
      const senhaHash = await hashPassword(data.password);
      const criado = await db
        .transaction(async (tx) => {
          const row = await repository.inserir(tx, {
            nome: data.nome,
            email: data.email,
            senhaHash,
            permissaoId: PERMISSAO[permissao],
            ativo: data.ativo ?? true,
          });
          const content = usuarioContent(row);
          await registrarAuditoria(tx, quem, {
            entidade: 'usuario',
            entidadeId: row.id,
            acao: 'CRIAR',
            depois: content,
          });
          return content;
        })
        .catch(emailDuplicado);
      return criado;
    },

    /** PUT /usuario/updateativo/{id}/{ativo}: the same value changes nothing (and writes no audit entry). */
    async alterarAtivo(quem: QuemAudita, id: number, ativo: boolean): Promise<UsuarioContent> {
      return db.transaction(async (tx) => {
        const alvo = await travarAlvo(tx, quem, id, (a) => a.ativo && !ativo);
        if (alvo.ativo === ativo) return usuarioContent(alvo);
        // A deactivation also ends every session for good: turning the account on again revives no old token.
        const depois = usuarioContent(await repository.atualizar(tx, id, { ativo, encerrarSessoes: !ativo }));
        await registrarAuditoria(tx, quem, {
          entidade: 'usuario',
          entidadeId: id,
          acao: 'ALTERAR_ATIVO',
          antes: usuarioContent(alvo),
          depois,
        });
        return depois;
      });
    },

    /** PUT /usuario/updatepermissao/{id} {id}: staff only, between ADMIN and USUARIO. */
    async alterarPermissao(quem: QuemAudita, id: number, permissaoId: number): Promise<UsuarioContent> {
      const nova = permissaoNome(permissaoId);
      return db.transaction(async (tx) => {
        const alvo = await travarAlvo(
          tx,
          quem,
          id,
          (a) => a.ativo && a.permissaoId === PERMISSAO.ADMIN && nova !== 'ADMIN',
          // Customers keep their permission; no staff account becomes a customer (before the ADMIN rules).
          (a) => {
            if (!isEquipe(permissaoNome(a.permissaoId))) throw unprocessable(MSG_BO.usuarioClientePermissaoFixa);
            if (!isEquipe(nova)) throw unprocessable(MSG_BO.usuarioEquipeNaoViraCliente);
          },
        );
        if (alvo.permissaoId === PERMISSAO[nova]) return usuarioContent(alvo);
        const depois = usuarioContent(await repository.atualizar(tx, id, { permissaoId: PERMISSAO[nova] }));
        await registrarAuditoria(tx, quem, {
          entidade: 'usuario',
          entidadeId: id,
          acao: 'ALTERAR_PERMISSAO',
          antes: usuarioContent(alvo),
          depois,
        });
        return depois;
      });
    },

    /**
     * PUT /usuario/admin/{id} {nome, email, password?}: a staff account's name,
     * e-mail (unconfirmed again when it changes) and, optionally, a new password
     * (every session of the user ends). The caller's own e-mail and password
     * change through the dialogs with an e-mail code (422 here).
     */
    async editar(quem: QuemAudita, id: number, data: UsuarioEdicaoAdmin): Promise<UsuarioContent> {
      const senhaHash = data.password ? await hashPassword(data.password) : undefined;
      return db
        .transaction(async (tx) => {
          const alvo = await repository.travar(tx, id);
          if (!alvo) throw notFound(MSG_API.usuarioNaoEncontrado);
          if (!isEquipe(permissaoNome(alvo.permissaoId))) throw unprocessable(MSG_BO.usuarioClienteSemEdicao);
          const novoEmail = data.email.toLowerCase() !== alvo.email.toLowerCase();
          if (alvo.id === quem.id && (novoEmail || senhaHash)) throw unprocessable(MSG_BO.usuarioProprioCredencial);
          if (novoEmail && (await usuarios.emailEmUso(data.email, id, tx))) throw conflict(MSG_API.emailEmUso);
          const mudou = data.nome !== alvo.nome || data.email !== alvo.email || senhaHash !== undefined;
          if (!mudou) return usuarioContent(alvo);
          const row = await repository.atualizar(tx, id, {
            nome: data.nome,
            email: data.email,
            ...(novoEmail ? { confirmado: false } : {}),
            novaSenhaHash: senhaHash,
          });
          const depois = usuarioContent(row);
          await registrarAuditoria(tx, quem, {
            entidade: 'usuario',
            entidadeId: id,
            acao: 'EDITAR',
            antes: usuarioContent(alvo),
            // The password itself is never logged: only that a new one was set.
            depois: senhaHash ? { ...depois, acessoRedefinido: true } : depois,
          });
          return depois;
        })
        .catch(emailDuplicado);
    },
  };
}
