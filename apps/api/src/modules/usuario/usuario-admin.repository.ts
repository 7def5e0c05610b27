import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { PERMISSAO, type Permissao } from '@clinica/shared/schemas/common';
import type { Db, Tx } from '../../db/client.js';
import { contemSemAcento, semAcento } from '../../lib/texto-sql.js';
import { colunasUsuario } from './usuario.repository.js';
import { usuarios } from './usuario.table.js';

export type UsuarioLinha = {
  id: number;
  nome: string;
  email: string;
  permissaoId: number;
  ativo: boolean;
  confirmado: boolean;
};

export interface FiltrosUsuario {
  /** Name or e-mail contains (case and accents ignored). */
  nome?: string | undefined;
  permissao?: Permissao | undefined;
  ativo?: boolean | undefined;
}

/** The users' back-office (ADMIN): listing, creation, the switches and the edit. */
export function createUsuarioAdminRepository(db: Db) {
  return {
    /** One page of users matching `f`, by name (`ordem`, accents ignored) then id, and the total count. */
    async listar(f: FiltrosUsuario, pagina: { page: number; size: number; ordem: 'asc' | 'desc' }) {
      const filtros: SQL[] = [];
      if (f.nome) filtros.push(or(contemSemAcento(usuarios.nome, f.nome), contemSemAcento(usuarios.email, f.nome))!);
      if (f.permissao) filtros.push(eq(usuarios.permissaoId, PERMISSAO[f.permissao]));
      if (f.ativo !== undefined) filtros.push(eq(usuarios.ativo, f.ativo));
      const where = filtros.length ? and(...filtros) : undefined;
      const ordem = pagina.ordem === 'asc' ? asc : desc;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(usuarios).where(where),
        db
          .select(colunasUsuario)
          .from(usuarios)
          .where(where)
          .orderBy(ordem(semAcento(usuarios.nome)), ordem(usuarios.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /** Inserts a user; returns it. */
    async inserir(
      tx: Tx,
      data: { nome: string; email: string; senhaHash: string; permissaoId: number; ativo: boolean },
    ): Promise<UsuarioLinha> {
      const [row] = await tx
        .insert(usuarios)
        .values({ ...data, confirmado: false })
        .returning(colunasUsuario);
      return row!;
    },

    /**
     * Locks the active ADMINs (by id, so two transactions always lock them in
     * the same order) and returns their ids: every change that could leave the
     * store without an active ADMIN takes this lock first, so two of them never
     * count the ADMINs at the same time.
     */
    async travarGerentesAtivos(tx: Tx): Promise<number[]> {
      const rows = await tx
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(and(eq(usuarios.permissaoId, PERMISSAO.ADMIN), eq(usuarios.ativo, true)))
        .orderBy(asc(usuarios.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** A user, locked for the rest of the transaction; undefined when it does not exist. */
    async travar(tx: Tx, id: number): Promise<UsuarioLinha | undefined> {
      const [row] = await tx.select(colunasUsuario).from(usuarios).where(eq(usuarios.id, id)).for('update');
      return row;
    },

    /**
     * Changes a user. A new password (`novaSenhaHash`) or `encerrarSessoes`
     * also moves the credentials version on, so every token issued before
     * stops working for good. Returns the user.
     */
    async atualizar(
      tx: Tx,
      id: number,
      set: Partial<Pick<UsuarioLinha, 'nome' | 'email' | 'permissaoId' | 'ativo' | 'confirmado'>> & {
        novaSenhaHash?: string | undefined;
        encerrarSessoes?: boolean;
      },
    ): Promise<UsuarioLinha> {
      const { novaSenhaHash, encerrarSessoes, ...campos } = set;
      const [row] = await tx
        .update(usuarios)
        .set({
          ...campos,
          ...(novaSenhaHash ? { senhaHash: novaSenhaHash } : {}),
          ...(novaSenhaHash || encerrarSessoes ? { sessaoVersao: sql`${usuarios.sessaoVersao} + 1` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(usuarios.id, id))
        .returning(colunasUsuario);
      return row!;
    },
  };
}

export type UsuarioAdminRepository = ReturnType<typeof createUsuarioAdminRepository>;
