import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientes } from '../cliente/cliente.table.js';
import { comprouProduto } from '../pedido/compra.js';
import { produtos } from '../produto/produto.table.js';
import { avaliacoes } from './avaliacao.table.js';

export interface NovaAvaliacao {
  clienteId: number;
  produtoId: number;
  /** 1 to 5 in half steps. */
  nota: number;
  comentario: string | null;
}

export function createAvaliacaoRepository(db: Db) {
  return {
    /**
     * What a review needs to know, in one query: whether the product is active
     * (no row when it is unknown or inactive), whether the client bought it in
     * a paid, shipped or delivered order, and the client's name columns.
     */
    async contexto(produtoId: number, clienteId: number) {
      const comprou = comprouProduto(db, clienteId, produtoId);
      const [row] = await db
        .select({
          comprou,
          cliente: { nome: clientes.nome, razaoSocial: clientes.razaoSocial, juridica: clientes.juridica },
        })
        .from(produtos)
        .innerJoin(clientes, eq(clientes.id, clienteId))
        .where(and(eq(produtos.id, produtoId), eq(produtos.ativo, true)))
        .limit(1);
      return row;
    },

    /**
     * Writes the client's review of the product, replacing an earlier one (the
     * date becomes today's); returns the stored row.
     */
    async salvar(a: NovaAvaliacao) {
      const [row] = await db
        .insert(avaliacoes)
        .values({ clienteId: a.clienteId, produtoId: a.produtoId, nota: String(a.nota), comentario: a.comentario })
        .onConflictDoUpdate({
          target: [avaliacoes.clienteId, avaliacoes.produtoId],
          set: { nota: sql`excluded.nota`, comentario: sql`excluded.comentario`, createdAt: sql`now()` },
        })
        .returning({
          clienteId: avaliacoes.clienteId,
          produtoId: avaliacoes.produtoId,
          nota: avaliacoes.nota,
          comentario: avaliacoes.comentario,
          createdAt: avaliacoes.createdAt,
        });
      if (!row) throw new Error('avaliação não gravada');
      return row;
    },
  };
}

export type AvaliacaoRepository = ReturnType<typeof createAvaliacaoRepository>;
