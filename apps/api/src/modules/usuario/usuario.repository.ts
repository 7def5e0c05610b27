import { eq, lt, sql } from 'drizzle-orm';
import { PERMISSAO, type Permissao } from '@clinica/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { clientes } from '../cliente/cliente.table.js';
import { sessoesRevogadas, tokensRevogados, usuarios } from './usuario.table.js';

const PERMISSAO_BY_ID = new Map<number, Permissao>(
  (Object.entries(PERMISSAO) as Array<[Permissao, number]>).map(([nome, id]) => [id, nome]),
);

/** The role name of a permission id (ids fixed by the spec: ADMIN 1, CLIENTE 2, USUARIO 3). */
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
}

export type LoginIdentifier = { kind: 'email' | 'cpf' | 'cnpj'; value: string };

export function createUsuarioRepository(db: Db) {
  const candidateColumns = {
    id: usuarios.id,
    senhaHash: usuarios.senhaHash,
    ativo: usuarios.ativo,
    permissaoId: usuarios.permissaoId,
    idCliente: clientes.id,
  };

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

    /** Current role and client id of a user, for a new token. */
    async findSubject(id: number) {
      const [row] = await db
        .select({ id: usuarios.id, permissaoId: usuarios.permissaoId, ativo: usuarios.ativo, idCliente: clientes.id })
        .from(usuarios)
        .leftJoin(clientes, eq(clientes.usuarioId, usuarios.id))
        .where(eq(usuarios.id, id))
        .limit(1);
      return row;
    },

    /**
     * One round-trip per authenticated request: is the user active, with which
     * role, and is the token revoked (its jti, once its grace has passed, or its
     * whole session).
     */
    async sessionState(id: number, jti: string, sid: string) {
      const tokenRevogado = sql`exists (select 1 from ${tokensRevogados} where ${tokensRevogados.jti} = ${jti} and ${tokensRevogados.revogadoEm} <= now())`;
      const sessaoRevogada = sql`exists (select 1 from ${sessoesRevogadas} where ${sessoesRevogadas.sid} = ${sid})`;
      const [row] = await db
        .select({
          ativo: usuarios.ativo,
          permissaoId: usuarios.permissaoId,
          revogado: sql<boolean>`(${tokenRevogado} or ${sessaoRevogada})`,
        })
        .from(usuarios)
        .where(eq(usuarios.id, id))
        .limit(1);
      return row;
    },

    async findById(id: number) {
      const [row] = await db
        .select({
          id: usuarios.id,
          nome: usuarios.nome,
          email: usuarios.email,
          permissaoId: usuarios.permissaoId,
          ativo: usuarios.ativo,
          confirmado: usuarios.confirmado,
        })
        .from(usuarios)
        .where(eq(usuarios.id, id))
        .limit(1);
      return row;
    },

    /**
     * Revokes one token from `graceSeconds` from now (database clock) until its
     * own expiry. A second revocation of the same token keeps the first time.
     */
    async revokeToken(jti: string, usuarioId: number, expiraEm: Date, graceSeconds = 0): Promise<void> {
      await db
        .insert(tokensRevogados)
        .values({ jti, usuarioId, expiraEm, revogadoEm: sql`now() + make_interval(secs => ${graceSeconds})` })
        .onConflictDoNothing();
      await db.delete(tokensRevogados).where(lt(tokensRevogados.expiraEm, sql`now()`));
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
