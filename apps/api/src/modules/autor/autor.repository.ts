import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { contemSemAcento, semAcento } from '../../lib/texto-sql.js';
import { produtoAutores } from '../produto/produto.table.js';
import { autores } from './autor.table.js';

/** The columns of the contract (packages/shared/src/schemas/autor.ts). */
const colunas = {
  id: autores.id,
  nome: autores.nome,
  sobre: autores.sobre,
  nomeImg: autores.nomeImg,
  pathImg: autores.pathImg,
};

/** How many products name the author (correlated count). */
// Written out with qualified names: inside a select, Drizzle renders columns without their table.
const totalProdutos = sql<number>`(SELECT count(*) FROM produto_autores pa WHERE pa.autor_id = "autores"."id")`.mapWith(
  Number,
);

export interface FiltrosAutor {
  nome?: string | undefined;
  id?: number | undefined;
}

export function createAutorRepository(db: Db) {
  return {
    /** Every author, by name (accents ignored), then id. */
    async todos() {
      return db.select(colunas).from(autores).orderBy(semAcento(autores.nome), asc(autores.id));
    },

    /** One author, or undefined. */
    async buscar(id: number) {
      const [row] = await db.select(colunas).from(autores).where(eq(autores.id, id)).limit(1);
      return row;
    },

    /** One page of authors matching `f`, by name (`ordem`), with their product counts, and the total count. */
    async listar(f: FiltrosAutor, pagina: { page: number; size: number; ordem: 'asc' | 'desc' }) {
      const filtros: SQL[] = [];
      if (f.nome) filtros.push(contemSemAcento(autores.nome, f.nome));
      if (f.id !== undefined) filtros.push(eq(autores.id, f.id));
      const where = filtros.length ? and(...filtros) : undefined;
      const ordem = pagina.ordem === 'asc' ? asc : desc;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(autores).where(where),
        db
          .select({ ...colunas, totalProdutos })
          .from(autores)
          .where(where)
          .orderBy(ordem(semAcento(autores.nome)), ordem(autores.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /** Inserts an author with its audit entry (CRIAR), in one transaction; returns it. */
    async criar(data: { nome: string; sobre: string }, quem: QuemAudita) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(autores).values(data).returning(colunas);
        await registrarAuditoria(tx, quem, { entidade: 'autor', entidadeId: row!.id, acao: 'CRIAR', depois: row });
        return row!;
      });
    },

    /**
     * Changes name and "sobre" with its audit entry (EDITAR, the author before
     * and after), in one transaction; undefined when the author does not exist.
     */
    async editar(id: number, data: { nome: string; sobre: string }, quem: QuemAudita) {
      return db.transaction(async (tx) => {
        const [antes] = await tx.select(colunas).from(autores).where(eq(autores.id, id)).for('update');
        if (!antes) return undefined;
        const [row] = await tx
          .update(autores)
          .set({ ...data, updatedAt: sql`now()` })
          .where(eq(autores.id, id))
          .returning(colunas);
        await registrarAuditoria(tx, quem, { entidade: 'autor', entidadeId: id, acao: 'EDITAR', antes, depois: row });
        return row;
      });
    },

    /**
     * Deletes an author that no product names, in one transaction: the row is
     * locked first, so a product linking it meanwhile waits (and then fails on
     * its foreign key) and a link committed before is counted. 'em-uso' leaves
     * everything as it was; a deletion is audited (EXCLUIR, the author before).
     */
    async excluir(id: number, quem: QuemAudita): Promise<'excluido' | 'nao-encontrado' | 'em-uso'> {
      return db.transaction(async (tx) => {
        const [alvo] = await tx.select(colunas).from(autores).where(eq(autores.id, id)).for('update');
        if (!alvo) return 'nao-encontrado';
        const [uso] = await tx.select({ n: count() }).from(produtoAutores).where(eq(produtoAutores.autorId, id));
        if ((uso?.n ?? 0) > 0) return 'em-uso';
        await tx.delete(autores).where(eq(autores.id, id));
        await registrarAuditoria(tx, quem, { entidade: 'autor', entidadeId: id, acao: 'EXCLUIR', antes: alvo });
        return 'excluido';
      });
    },
  };
}

export type AutorRepository = ReturnType<typeof createAutorRepository>;
