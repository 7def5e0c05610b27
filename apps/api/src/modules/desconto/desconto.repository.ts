import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contemSemAcento, semAcento } from '../../lib/texto-sql.js';
import { condicoesDesconto } from './desconto.table.js';

/** The columns of the contract (SPEC §3 Discount condition); valor in cents. */
const colunas = {
  id: condicoesDesconto.id,
  descricao: condicoesDesconto.descricao,
  valor: condicoesDesconto.valor,
  ativo: condicoesDesconto.ativo,
};

export interface FiltrosDesconto {
  descricao?: string | undefined;
  id?: number | undefined;
  ativo?: boolean | undefined;
}

export interface DadosDesconto {
  descricao: string;
  /** Cents. */
  valor: number;
  ativo: boolean;
}

export function createDescontoRepository(db: Db) {
  return {
    /**
     * The active discount condition: id, descrição, valor (cents) and ativo;
     * the most recently changed one if several are active; undefined when none.
     */
    async findAtiva() {
      const [row] = await db
        .select(colunas)
        .from(condicoesDesconto)
        .where(eq(condicoesDesconto.ativo, true))
        .orderBy(desc(condicoesDesconto.updatedAt), desc(condicoesDesconto.id))
        .limit(1);
      return row;
    },

    /** One condition, or undefined. */
    async buscar(id: number) {
      const [row] = await db.select(colunas).from(condicoesDesconto).where(eq(condicoesDesconto.id, id)).limit(1);
      return row;
    },

    /** One page of conditions matching `f`, by descrição (`ordem`), then id, and the total count. */
    async listar(f: FiltrosDesconto, pagina: { page: number; size: number; ordem: 'asc' | 'desc' }) {
      const filtros: SQL[] = [];
      if (f.descricao) filtros.push(contemSemAcento(condicoesDesconto.descricao, f.descricao));
      if (f.id !== undefined) filtros.push(eq(condicoesDesconto.id, f.id));
      if (f.ativo !== undefined) filtros.push(eq(condicoesDesconto.ativo, f.ativo));
      const where = filtros.length ? and(...filtros) : undefined;
      const ordem = pagina.ordem === 'asc' ? asc : desc;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(condicoesDesconto).where(where),
        db
          .select(colunas)
          .from(condicoesDesconto)
          .where(where)
          .orderBy(ordem(semAcento(condicoesDesconto.descricao)), ordem(condicoesDesconto.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /** Inserts a condition; a second active one fails on condicoes_desconto_ativo_uq. */
    async criar(data: DadosDesconto) {
      const [row] = await db.insert(condicoesDesconto).values(data).returning(colunas);
      return row!;
    },

    /** Replaces a condition's fields; undefined when it does not exist. A second active one fails on the index. */
    async editar(id: number, data: DadosDesconto) {
      const [row] = await db
        .update(condicoesDesconto)
        .set({ ...data, updatedAt: sql`now()` })
        .where(eq(condicoesDesconto.id, id))
        .returning(colunas);
      return row;
    },

    /**
     * Deletes an inactive condition in one transaction (the row locked, so an
     * edit that activates it meanwhile is seen); the active one stays ('ativa').
     */
    async excluir(id: number): Promise<'excluida' | 'nao-encontrada' | 'ativa'> {
      return db.transaction(async (tx) => {
        const [alvo] = await tx
          .select({ ativo: condicoesDesconto.ativo })
          .from(condicoesDesconto)
          .where(eq(condicoesDesconto.id, id))
          .for('update');
        if (!alvo) return 'nao-encontrada';
        if (alvo.ativo) return 'ativa';
        await tx.delete(condicoesDesconto).where(eq(condicoesDesconto.id, id));
        return 'excluida';
      });
    },
  };
}

export type DescontoRepository = ReturnType<typeof createDescontoRepository>;
