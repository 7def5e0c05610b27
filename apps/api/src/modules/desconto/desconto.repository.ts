import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { contemSemAcento, semAcento } from '../../lib/texto-sql.js';
import { condicoesDesconto } from './desconto.table.js';

/** The columns of the contract (packages/shared/src/schemas/desconto.ts); valor in cents. */
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

    /**
     * Inserts a condition with its audit entry (CRIAR), in one transaction; a
     * second active one fails on condicoes_desconto_ativo_uq, and nothing is written.
     */
    async criar(data: DadosDesconto, quem: QuemAudita) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(condicoesDesconto).values(data).returning(colunas);
        await registrarAuditoria(tx, quem, { entidade: 'desconto', entidadeId: row!.id, acao: 'CRIAR', depois: row });
        return row!;
      });
    },

    /**
     * Replaces a condition's fields with its audit entry (EDITAR, before and
     * after), in one transaction; undefined when it does not exist. A second
     * active one fails on the index, and nothing is written.
     */
    async editar(id: number, data: DadosDesconto, quem: QuemAudita) {
      return db.transaction(async (tx) => {
        const [antes] = await tx
          .select(colunas)
          .from(condicoesDesconto)
          .where(eq(condicoesDesconto.id, id))
          .for('update');
        if (!antes) return undefined;
        const [row] = await tx
          .update(condicoesDesconto)
          .set({ ...data, updatedAt: sql`now()` })
          .where(eq(condicoesDesconto.id, id))
          .returning(colunas);
        await registrarAuditoria(tx, quem, {
          entidade: 'desconto',
          entidadeId: id,
          acao: 'EDITAR',
          antes,
          depois: row,
        });
        return row;
      });
    },

    /**
     * Deletes an inactive condition in one transaction (the row locked, so an
     * edit that activates it meanwhile is seen); the active one stays ('ativa').
     * A deletion is audited (EXCLUIR, the condition before).
     */
    async excluir(id: number, quem: QuemAudita): Promise<'excluida' | 'nao-encontrada' | 'ativa'> {
      return db.transaction(async (tx) => {
        const [alvo] = await tx
          .select(colunas)
          .from(condicoesDesconto)
          .where(eq(condicoesDesconto.id, id))
          .for('update');
        if (!alvo) return 'nao-encontrada';
        if (alvo.ativo) return 'ativa';
        await tx.delete(condicoesDesconto).where(eq(condicoesDesconto.id, id));
        await registrarAuditoria(tx, quem, { entidade: 'desconto', entidadeId: id, acao: 'EXCLUIR', antes: alvo });
        return 'excluida';
      });
    },
  };
}

export type DescontoRepository = ReturnType<typeof createDescontoRepository>;
