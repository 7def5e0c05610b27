import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { condicoesDesconto } from './desconto.table.js';

export function createDescontoRepository(db: Db) {
  return {
    /**
     * The active discount condition: id, descrição, valor (cents) and ativo;
     * the most recently changed one if several are active; undefined when none.
     */
    async findAtiva() {
      const [row] = await db
        .select({
          id: condicoesDesconto.id,
          descricao: condicoesDesconto.descricao,
          valor: condicoesDesconto.valor,
          ativo: condicoesDesconto.ativo,
        })
        .from(condicoesDesconto)
        .where(eq(condicoesDesconto.ativo, true))
        .orderBy(desc(condicoesDesconto.updatedAt), desc(condicoesDesconto.id))
        .limit(1);
      return row;
    },
  };
}

export type DescontoRepository = ReturnType<typeof createDescontoRepository>;
