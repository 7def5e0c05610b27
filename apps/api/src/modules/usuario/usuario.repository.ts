import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { PERMISSAO, type Permissao } from '@clinica/shared/schemas/common';
import type { Db, Tx } from '../../db/client.js';
import { prepareRead } from '../../db/prepared.js';
import type { TokenBody } from '../../lib/jwt.js';
import { clientes } from '../cliente/cliente.table.js';
import { sessoesRevogadas, tokensRevogados, usuarios } from './usuario.table.js';

/** The columns of a user that the API reads back (never the password hash). */
export const colunasUsuario = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  permissaoId: usuarios.permissaoId,
  ativo: usuarios.ativo,
  confirmado: usuarios.confirmado,
};

const PERMISSAO_BY_ID = new Map<number, Permissao>(
  (Object.entries(PERMISSAO) as Array<[Permissao, number]>).map(([nome, id]) => [id, nome]),
);

/** The role name of a permission id (ids fixed by the contract: ADMIN 1, CLIENTE 2, USUARIO 3). */
export function permissaoNome(id: number): Permissao {
  const nome = PERMISSAO_BY_ID.get(id);
  if (!nome) throw new Error(`Permissão desconhecida: ${id}`);
  return nome;
}

export interface LoginCandidate {
  id: number;
  senhaHash: string;
  ativo: boolean;
  permissaoId: number;
  idCliente: number | null;
  sessaoVersao: number;
}

export type LoginIdentifier = { kind: 'email' | 'cpf' | 'cnpj'; value: string };

export function createUsuarioRepository(db: Db) {
  const candidateColumns = {
    id: usuarios.id,
    senhaHash: usuarios.senhaHash,
    ativo: usuarios.ativo,
    permissaoId: usuarios.permissaoId,
    idCliente: clientes.id,
    sessaoVersao: usuarios.sessaoVersao,
  };

  const tokenRevogado = sql`exists (select 1 from ${tokensRevogados} where ${tokensRevogados.jti} = ${sql.placeholder('jti')} and ${tokensRevogados.revogadoEm} <= now())`;
  const sessaoRevogada = sql`exists (select 1 from ${sessoesRevogadas} where ${sessoesRevogadas.sid} = ${sql.placeholder('sid')})`;
  const anteriorASenha = sql`${usuarios.sessaoVersao} <> ${sql.placeholder('sessaoVersao')}`;
  const estadoDaSessao = prepareRead(
    db
      .select({
        ativo: usuarios.ativo,
        permissaoId: usuarios.permissaoId,
        revogado: sql<boolean>`(${tokenRevogado} or ${sessaoRevogada} or ${anteriorASenha})`,
      })
      .from(usuarios)
      .where(eq(usuarios.id, sql.placeholder('id')))
      .limit(1),
    'usuario_estado_sessao',
  );

  return {
    /** The account a login names: e-mail (case-insensitive), CPF or CNPJ (normalized). */
    async findLoginCandidate({ kind, value }: LoginIdentifier): Promise<LoginCandidate | undefined> {
      const where =
        kind === 'email'
          ? sql`lower(${usuarios.email}) = ${value.toLowerCase()}`
          : kind === 'cpf'
            ? eq(clientes.cpf, value)
            : eq(clientes.cnpj, value);
      const [row] = await db
        .select(candidateColumns)
        .from(usuarios)
        .leftJoin(clientes, eq(clientes.usuarioId, usuarios.id))
        .where(where)
        .limit(1);
      return row;
    },

    /** The password hash and state of a user, to check the current password. */
    async findCredentials(id: number) {
      const [row] = await db
        .select({ senhaHash: usuarios.senhaHash, ativo: usuarios.ativo })
        .from(usuarios)
        .where(eq(usuarios.id, id))
        .limit(1);
      return row;
    },

    /** Current role and client id of a user, for a new token. */
    async findSubject(id: number) {
      const [row] = await db
        .select({
          id: usuarios.id,
          permissaoId: usuarios.permissaoId,
          ativo: usuarios.ativo,
          idCliente: clientes.id,
          sessaoVersao: usuarios.sessaoVersao,
        })
        .from(usuarios)
        .leftJoin(clientes, eq(clientes.usuarioId, usuarios.id))
        .where(eq(usuarios.id, id))
        .limit(1);
      return row;
    },

    /**
     * One round-trip per authenticated request: is the user active, with which
     * role, and is the token revoked (its jti, once its grace has passed, its
     * whole session, or its credentials version is not the user's current one).
     * Built once (db/prepared.ts): it runs before every authenticated route.
     */
    async sessionState(id: number, jti: string, sid: string, sessaoVersao: number) {
      const [row] = await estadoDaSessao.execute({ id, jti, sid, sessaoVersao });
      return row;
    },

    async findById(id: number, tx: Db | Tx = db) {
      const [row] = await tx.select(colunasUsuario).from(usuarios).where(eq(usuarios.id, id)).limit(1);
      return row;
    },

    /**
     * Records that token `jti` was renewed into `sucessor`: the token stops
     * working `graceSeconds` from now (database clock). Only the first renewal
     * of a token is recorded; returns false when it had been renewed already.
     */
    async recordRenewal(
      jti: string,
      usuarioId: number,
      expiraEm: Date,
      graceSeconds: number,
      sucessor: TokenBody,
    ): Promise<boolean> {
      const inserted = await db
        .insert(tokensRevogados)
        .values({ jti, usuarioId, expiraEm, sucessor, revogadoEm: sql`now() + make_interval(secs => ${graceSeconds})` })
        .onConflictDoNothing()
        .returning({ jti: tokensRevogados.jti });
      await db.delete(tokensRevogados).where(lt(tokensRevogados.expiraEm, sql`now()`));
      return inserted.length === 1;
    },

    /** The successor recorded for a renewed token (null when it was revoked without one). */
    async successorOf(jti: string): Promise<unknown> {
      const [row] = await db
        .select({ sucessor: tokensRevogados.sucessor })
        .from(tokensRevogados)
        .where(eq(tokensRevogados.jti, jti))
        .limit(1);
      return row?.sucessor ?? null;
    },

    /** An active user by e-mail (case-insensitive), for codes and recovery. */
    async findActiveByEmail(email: string) {
      const [row] = await db
        .select({ id: usuarios.id, nome: usuarios.nome, email: usuarios.email, confirmado: usuarios.confirmado })
        .from(usuarios)
        .where(and(sql`lower(${usuarios.email}) = ${email.toLowerCase()}`, eq(usuarios.ativo, true)))
        .limit(1);
      return row;
    },

    /** Whether another user (not `exceptId`) has this e-mail, case-insensitively. */
    async emailEmUso(email: string, exceptId?: number, tx: Db | Tx = db): Promise<boolean> {
      const where = sql`lower(${usuarios.email}) = ${email.toLowerCase()}`;
      const [row] = await tx
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(exceptId === undefined ? where : and(where, ne(usuarios.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * A new password hash and the next credentials version: every token issued
     * before stops working (sessionState). Returns the new version.
     */
    async updateSenha(id: number, senhaHash: string, tx: Db | Tx = db): Promise<number> {
      const [row] = await tx
        .update(usuarios)
        .set({ senhaHash, sessaoVersao: sql`${usuarios.sessaoVersao} + 1`, updatedAt: sql`now()` })
        .where(eq(usuarios.id, id))
        .returning({ sessaoVersao: usuarios.sessaoVersao });
      return row?.sessaoVersao ?? 0;
    },

    /** A new e-mail, confirmed (the code sent to it proved it). */
    async updateEmail(id: number, email: string, tx: Db | Tx = db): Promise<void> {
      await tx
        .update(usuarios)
        .set({ email, confirmado: true, updatedAt: sql`now()` })
        .where(eq(usuarios.id, id));
    },

    async setConfirmado(id: number, tx: Db | Tx = db): Promise<void> {
      await tx
        .update(usuarios)
        .set({ confirmado: true, updatedAt: sql`now()` })
        .where(eq(usuarios.id, id));
    },

    /**
     * Revokes a whole session at once, until every token it may hold has
     * expired: `ttlSeconds` from now, since none was issued later than now (or
     * the given token's own expiry, if later).
     */
    async revokeSession(sid: string, usuarioId: number, ttlSeconds: number, tokenExpiraEm: Date): Promise<void> {
      const expiraEm = sql`greatest(now() + make_interval(secs => ${ttlSeconds}), ${tokenExpiraEm.toISOString()}::timestamptz)`;
      await db.insert(sessoesRevogadas).values({ sid, usuarioId, expiraEm }).onConflictDoNothing();
      await db.delete(sessoesRevogadas).where(lt(sessoesRevogadas.expiraEm, sql`now()`));
    },
  };
}

export type UsuarioRepository = ReturnType<typeof createUsuarioRepository>;
