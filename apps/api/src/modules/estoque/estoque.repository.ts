import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { estoqueMovimentos, type TipoMovimentoEstoque } from '../pedido/pedido.table.js';
import { produtos } from '../produto/produto.table.js';
import { usuarios } from '../usuario/usuario.table.js';
import { estoqueAvisos } from './estoque.table.js';

/** A product's stock columns, as the staff's screens and the moves read them. */
const colunasEstoque = {
  id: produtos.id,
  nome: produtos.nome,
  digital: produtos.digital,
  ativo: produtos.ativo,
  vendavel: produtos.vendavel,
  estoque: produtos.estoque,
  reservado: produtos.reservado,
  estoqueMinimo: produtos.estoqueMinimo,
};

/** Units that can be ordered, in SQL. */
const disponiveisSql = sql<number>`greatest(${produtos.estoque} - ${produtos.reservado}, 0)::int`;

/** A staff move as written: the product's new units on hand, the movement's row. */
interface MovimentoEquipe {
  tipo: Extract<TipoMovimentoEstoque, 'entrada' | 'ajuste' | 'perda'>;
  /** The units on hand after the move. */
  estoqueDepois: number;
  /** The signed change (never 0). */
  delta: number;
  motivo: string | null;
  quem: 'ADMIN' | 'USUARIO';
  quemId: number;
}

export function createEstoqueRepository(db: Db) {
  return {
    /** The product's stock, its row locked until the transaction ends (the staff's moves); undefined when unknown. */
    async travar(tx: Tx, id: number) {
      const [row] = await tx.select(colunasEstoque).from(produtos).where(eq(produtos.id, id)).for('update');
      return row;
    },

    /** The product's stock now; undefined when unknown. */
    async ler(id: number) {
      const [row] = await db.select(colunasEstoque).from(produtos).where(eq(produtos.id, id));
      return row;
    },

    /**
     * Sets the units on hand by one conditional UPDATE: only while the reserved units still fit (an order that
     * reserved meanwhile keeps them; the CHECK is never what refuses), with its movement in the same statement.
     * Returns the product's columns after, or undefined when the reserved units no longer fit.
     */
    async mover(tx: Tx, id: number, m: MovimentoEquipe) {
      const r = await tx.execute(sql`with p as (
          update produtos set estoque = ${m.estoqueDepois}::int
          where id = ${id} and not digital and reservado <= ${m.estoqueDepois}::int
          returning id, estoque, reservado, estoque_minimo, vendavel),
        m as (insert into estoque_movimentos
            (produto_id, pedido_id, tipo, quantidade, delta_estoque, delta_reservado, motivo, quem, quem_id)
          select p.id, null, ${m.tipo}, ${Math.abs(m.delta)}::int, ${m.delta}::int, 0, ${m.motivo}, ${m.quem}, ${m.quemId}::int
          from p)
        select estoque, reservado, estoque_minimo, vendavel from p`);
      const [row] = (r as unknown as { rows: Array<Record<string, unknown>> }).rows;
      if (!row) return undefined;
      return {
        estoque: Number(row.estoque),
        reservado: Number(row.reservado),
        estoqueMinimo: Number(row.estoque_minimo),
        vendavel: row.vendavel === true || row.vendavel === 't',
      };
    },

    /** Whether the product has requests of 'Avise-me' still to answer. */
    async temAvisosPendentes(tx: Tx, id: number): Promise<boolean> {
      const rows = await tx
        .select({ id: estoqueAvisos.id })
        .from(estoqueAvisos)
        .where(and(eq(estoqueAvisos.produtoId, id), sql`${estoqueAvisos.enviadoEm} is null`))
        .limit(1);
      return rows.length > 0;
    },

    /** One page of the product's movements, newest first, with the staff member's name; and the total. */
    async movimentos(id: number, pagina: { page: number; size: number }) {
      const where = eq(estoqueMovimentos.produtoId, id);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(estoqueMovimentos).where(where),
        db
          .select({
            id: estoqueMovimentos.id,
            quando: estoqueMovimentos.quando,
            tipo: estoqueMovimentos.tipo,
            quantidade: estoqueMovimentos.quantidade,
            deltaEstoque: estoqueMovimentos.deltaEstoque,
            deltaReservado: estoqueMovimentos.deltaReservado,
            pedidoId: estoqueMovimentos.pedidoId,
            motivo: estoqueMovimentos.motivo,
            quem: estoqueMovimentos.quem,
            quemNome: sql<
              string | null
            >`case when ${estoqueMovimentos.quem} in ('ADMIN', 'USUARIO') then ${usuarios.nome} end`,
          })
          .from(estoqueMovimentos)
          .leftJoin(usuarios, eq(usuarios.id, estoqueMovimentos.quemId))
          .where(where)
          .orderBy(desc(estoqueMovimentos.quando), desc(estoqueMovimentos.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /**
     * 'Estoque baixo': active physical products (the gift included) whose units that can be ordered are at or below
     * their threshold, sold out first, then fewest left, then by name; and the total.
     */
    async baixo(pagina: { page: number; size: number }) {
      const where = sql`${produtos.ativo} and not ${produtos.digital} and ${disponiveisSql} <= ${produtos.estoqueMinimo}`;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(produtos).where(where),
        db
          .select({
            id: produtos.id,
            nome: produtos.nome,
            ativo: produtos.ativo,
            estoque: produtos.estoque,
            reservado: produtos.reservado,
            disponiveis: disponiveisSql,
            estoqueMinimo: produtos.estoqueMinimo,
            pathImgDestaque: produtos.pathImgDestaque,
          })
          .from(produtos)
          .where(where)
          .orderBy(disponiveisSql, produtos.nomeOrdem, produtos.id)
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r, disponiveis: Number(r.disponiveis) })) };
    },

    /** A user's e-mail (the signed-in customer's 'Avise-me'). */
    async emailDoUsuario(id: number): Promise<string | undefined> {
      const [row] = await db.select({ email: usuarios.email }).from(usuarios).where(eq(usuarios.id, id));
      return row?.email;
    },

    /**
     * Stores a request of 'Avise-me' unless one for the product and e-mail is pending (the partial unique index
     * decides, also under concurrent requests): true when it was stored.
     */
    async registrarAviso(produtoId: number, email: string, usuarioId: number | null): Promise<boolean> {
      const rows = await db
        .insert(estoqueAvisos)
        .values({ produtoId, email, usuarioId })
        .onConflictDoNothing({
          target: [estoqueAvisos.produtoId, estoqueAvisos.email],
          where: sql`${estoqueAvisos.enviadoEm} is null`,
        })
        .returning({ id: estoqueAvisos.id });
      return rows.length > 0;
    },
  };
}

export type EstoqueRepository = ReturnType<typeof createEstoqueRepository>;
