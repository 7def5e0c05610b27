import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa } from '../empresa/empresa.table.js';
import { produtos } from '../produto/produto.table.js';

/** What a freight quote needs of a product: whether it ships and its measures (cm, kg; numeric strings or null). */
export interface ProdutoFrete {
  id: number;
  digital: boolean;
  ativo: boolean;
  preco: number;
  peso: string | null;
  altura: string | null;
  largura: string | null;
  comprimento: string | null;
}

export function createFreteRepository(db: Db) {
  return {
    /** The products with these ids (unknown ids are simply absent), one query. */
    async produtos(ids: number[]): Promise<ProdutoFrete[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: produtos.id,
          digital: produtos.digital,
          ativo: produtos.ativo,
          preco: produtos.preco,
          peso: produtos.peso,
          altura: produtos.altura,
          largura: produtos.largura,
          comprimento: produtos.comprimento,
        })
        .from(produtos)
        .where(inArray(produtos.id, ids));
    },

    /** The company's CEP (8 digits), or null when the company or its CEP is not registered. */
    async cepDaEmpresa(): Promise<string | null> {
      const [row] = await db.select({ cep: empresa.cep }).from(empresa).where(eq(empresa.id, 1)).limit(1);
      return row?.cep ?? null;
    },
  };
}

export type FreteRepository = ReturnType<typeof createFreteRepository>;
