import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { contemSemAcento, semAcento } from '../../lib/texto-sql.js';
import { produtos } from '../produto/produto.table.js';
import { categorias } from './categoria.table.js';

/** The columns of the contract (packages/shared/src/schemas/categoria.ts). */
const colunas = { id: categorias.id, nome: categorias.nome, digital: categorias.digital };

/** How many products the category has (correlated count; inactive products count too). */
// Written out with qualified names: inside a select, Drizzle renders columns without their table.
const totalProdutos = sql<number>`(SELECT count(*) FROM produtos p WHERE p.categoria_id = "categorias"."id")`.mapWith(
  Number,
);

export interface FiltrosCategoria {
  nome?: string | undefined;
  id?: number | undefined;
  digital?: boolean | undefined;
}

export function createCategoriaRepository(db: Db) {
  return {
    /** Every category (or only the digital or the physical ones), by name (accents ignored), then id. */
    async todas(digital?: boolean) {
      return db
        .select(colunas)
        .from(categorias)
        .where(digital === undefined ? undefined : eq(categorias.digital, digital))
        .orderBy(semAcento(categorias.nome), asc(categorias.id));
    },

    /** One category, or undefined. */
    async buscar(id: number) {
      const [row] = await db.select(colunas).from(categorias).where(eq(categorias.id, id)).limit(1);
      return row;
    },

    /** One page of categories matching `f`, by name (`ordem`), with their product counts, and the total count. */
    async listar(f: FiltrosCategoria, pagina: { page: number; size: number; ordem: 'asc' | 'desc' }) {
      const filtros: SQL[] = [];
      if (f.nome) filtros.push(contemSemAcento(categorias.nome, f.nome));
      if (f.id !== undefined) filtros.push(eq(categorias.id, f.id));
      if (f.digital !== undefined) filtros.push(eq(categorias.digital, f.digital));
      const where = filtros.length ? and(...filtros) : undefined;
      const ordem = pagina.ordem === 'asc' ? asc : desc;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(categorias).where(where),
        db
          .select({ ...colunas, totalProdutos })
          .from(categorias)
          .where(where)
          .orderBy(ordem(semAcento(categorias.nome)), ordem(categorias.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /**
     * Inserts a category with its audit entry (CRIAR), in one transaction;
     * returns it (a repeated name fails on categorias_nome_lower_uq, and nothing is written).
     */
    async criar(data: { nome: string; digital: boolean }, quem: QuemAudita) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(categorias).values(data).returning(colunas);
        await registrarAuditoria(tx, quem, { entidade: 'categoria', entidadeId: row!.id, acao: 'CRIAR', depois: row });
        return row!;
      });
    },

    /**
     * Changes name and type in one transaction. The type may change only while
     * no product of the category is of the other type ('tipo-com-produtos').
     * A repeated name fails on categorias_nome_lower_uq. Audited (EDITAR, before and after).
     */
    async editar(
      id: number,
      data: { nome: string; digital: boolean },
      quem: QuemAudita,
    ): Promise<{ id: number; nome: string; digital: boolean } | 'nao-encontrada' | 'tipo-com-produtos'> {
      return db.transaction(async (tx) => {
        const [atual] = await tx.select(colunas).from(categorias).where(eq(categorias.id, id)).for('update');
        if (!atual) return 'nao-encontrada';
        if (atual.digital !== data.digital) {
          const [outros] = await tx
            .select({ n: count() })
            .from(produtos)
            .where(and(eq(produtos.categoriaId, id), ne(produtos.digital, data.digital)));
          if ((outros?.n ?? 0) > 0) return 'tipo-com-produtos';
        }
        const [row] = await tx.update(categorias).set(data).where(eq(categorias.id, id)).returning(colunas);
        await registrarAuditoria(tx, quem, {
          entidade: 'categoria',
          entidadeId: id,
          acao: 'EDITAR',
          antes: atual,
          depois: row,
        });
        return row!;
      });
    },

    /**
     * Deletes a category without products, in one transaction: the row is
     * locked first, so a product created in it meanwhile waits (and then fails
     * on its foreign key) and one committed before is counted. Audited (EXCLUIR, the category before).
     */
    async excluir(id: number, quem: QuemAudita): Promise<'excluida' | 'nao-encontrada' | 'em-uso'> {
      return db.transaction(async (tx) => {
        const [alvo] = await tx.select(colunas).from(categorias).where(eq(categorias.id, id)).for('update');
        if (!alvo) return 'nao-encontrada';
        const [uso] = await tx.select({ n: count() }).from(produtos).where(eq(produtos.categoriaId, id));
        if ((uso?.n ?? 0) > 0) return 'em-uso';
        await tx.delete(categorias).where(eq(categorias.id, id));
        await registrarAuditoria(tx, quem, { entidade: 'categoria', entidadeId: id, acao: 'EXCLUIR', antes: alvo });
        return 'excluida';
      });
    },
  };
}

export type CategoriaRepository = ReturnType<typeof createCategoriaRepository>;
