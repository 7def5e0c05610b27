import { and, eq, inArray, sql, type Column } from 'drizzle-orm';
import { SITUACOES_COMPRADO } from '@clinica/shared/order-status';
import type { Db } from '../../db/client.js';
import { pedidoItens, pedidos } from './pedido.table.js';

/**
 * `EXISTS` a paid, shipped or delivered order of the client holding the product: the ownership rule of the
 * classroom and of a verified review. `produtoId` is a value or the outer query's product column.
 */
export const comprouProduto = (db: Db, clienteId: number, produtoId: number | Column) =>
  sql<boolean>`EXISTS (${db
    .select({ um: sql`1` })
    .from(pedidoItens)
    .innerJoin(pedidos, eq(pedidos.id, pedidoItens.pedidoId))
    .where(
      and(
        eq(pedidoItens.produtoId, produtoId),
        eq(pedidos.clienteId, clienteId),
        inArray(pedidos.situacao, [...SITUACOES_COMPRADO]),
      ),
    )})`;
