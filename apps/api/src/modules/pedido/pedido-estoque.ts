/**
 * An order's units in stock (ADR 032, packages/shared/src/stock.ts): the moves of the order's stock state machine
 * written to the products and the movements, in the caller's transaction, under the order's row lock (ADR 012:
 * every decision about an order's money takes it), so each move happens once across instances and duplicate
 * notices. The reservation of a new order is written by the order's own statement (checkout's
 * precificacao.repository.ts); these are every later move.
 */
import { sql } from 'drizzle-orm';
import { MSG_ESTOQUE } from '@clinica/shared/messages-estoque';
import {
  efeito,
  estadoDepois,
  mensagemDeEstoque,
  type EstadoEstoque,
  type MovimentoEstoque,
} from '@clinica/shared/stock';
import type { Tx } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import type { Autor } from './pedido-situacao.repository.js';
import type { SituacaoPedido } from './pedido.table.js';

const TIPO_DO_MOVIMENTO = {
  reservar: 'reserva',
  vender: 'venda',
  liberar: 'liberacao',
  devolver: 'devolucao',
} as const;

/** The order's lines short of units when a reservation failed: each product's name and how many are left. */
export interface Falta {
  produtoId: number;
  nome: string;
  restam: number;
}

/** The 409 of units asked for that are no longer there: the first line's message, and one per line. */
export function semEstoque(faltas: readonly Falta[], campo: (produtoId: number) => string) {
  const errors = faltas.map((f) => ({ campo: campo(f.produtoId), mensagem: mensagemDeEstoque(f.nome, f.restam) }));
  return conflict(errors[0]?.mensagem ?? MSG_ESTOQUE.esgotou.replace('{nome}', ''), { errors });
}

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
const linhasDe = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

const paraFalta = (r: { id: number; nome: string; restam: number }): Falta => ({
  produtoId: Number(r.id),
  nome: r.nome,
  restam: Number(r.restam),
});

/** How many units of `ids` are left now (on hand minus reserved), with their names, read in `tx`. */
export async function restantes(tx: Tx, ids: readonly number[]): Promise<Falta[]> {
  const r = await tx.execute(sql`select id, nome, greatest(estoque - reservado, 0)::int as restam from produtos
    where id = any(${`{${ids.join(',')}}`}::int[]) order by id`);
  return linhasDe<{ id: number; nome: string; restam: number }>(r).map(paraFalta);
}

/**
 * Applies `movimento` to the order's physical units (its lines, the gift included) if its stock state allows it
 * (estadoDepois), in one statement: the order's state moves by compare-and-set, each product's columns by the
 * move's effect, and a movement row per product. A reservation takes only products with the units free (estoque -
 * reservado ≥ q); when one is short, nothing of it stays (it runs in a savepoint) and the 409 names what is left.
 * Returns false when the move did not apply (already made, or the order has no stock state).
 */
export async function moverEstoque(
  tx: Tx,
  pedidoId: number,
  estado: EstadoEstoque | null,
  movimento: MovimentoEstoque,
  autor: Autor,
): Promise<boolean> {
  const para = estadoDepois(estado, movimento);
  const d = estado && efeito(estado, movimento, 1);
  if (!estado || !para || !d) return false;
  const reservar = movimento === 'reservar';
  const mover = (q: Tx) =>
    q.execute(sql`with o as (
        update pedidos set estoque_situacao = ${para}, updated_at = now()
        where id = ${pedidoId} and estoque_situacao = ${estado} returning id),
      l as (select i.produto_id, sum(i.quantidade)::int as q from pedido_itens i join o on o.id = i.pedido_id
        where not i.digital group by i.produto_id),
      p as (update produtos p set estoque = p.estoque + ${d.estoque}::int * l.q,
          reservado = p.reservado + ${d.reservado}::int * l.q
        from l where p.id = l.produto_id and (not ${reservar}::boolean or p.estoque - p.reservado >= l.q)
        returning p.id, l.q),
      m as (insert into estoque_movimentos
          (produto_id, pedido_id, tipo, quantidade, delta_estoque, delta_reservado, quem, quem_id)
        select p.id, ${pedidoId}::int, ${TIPO_DO_MOVIMENTO[movimento]}, p.q, ${d.estoque}::int * p.q,
          ${d.reservado}::int * p.q, ${autor.quem}, ${autor.quemId}::int from p)
      select (select count(*) from o)::int as ordem, (select count(*) from l)::int as linhas,
        (select count(*) from p)::int as movidas`);
  const linhaDe = (r: unknown) => linhasDe<{ ordem: number; linhas: number; movidas: number }>(r)[0]!;
  if (!reservar) return Number(linhaDe(await mover(tx)).ordem) > 0;
  // A reservation: all the lines or none (a savepoint undoes a partial one before the 409).
  let aplicada = false;
  await tx
    .transaction(async (sp) => {
      const r = linhaDe(await mover(sp));
      if (Number(r.movidas) < Number(r.linhas)) throw new ReservaIncompleta();
      aplicada = Number(r.ordem) > 0;
    })
    .catch(async (err: unknown) => {
      if (!(err instanceof ReservaIncompleta)) throw err;
      const faltas = await faltasDoPedido(tx, pedidoId);
      throw semEstoque(faltas, () => 'idPedido');
    });
  return aplicada;
}

class ReservaIncompleta extends Error {}

/** The order's products whose units are not all free now (a failed reservation's reasons). */
async function faltasDoPedido(tx: Tx, pedidoId: number): Promise<Falta[]> {
  const r = await tx.execute(sql`select p.id, p.nome, greatest(p.estoque - p.reservado, 0)::int as restam
    from produtos p join (select produto_id, sum(quantidade)::int as q from pedido_itens
      where pedido_id = ${pedidoId} and not digital group by produto_id) l on l.produto_id = p.id
    where p.estoque - p.reservado < l.q order by p.id`);
  return linhasDe<{ id: number; nome: string; restam: number }>(r).map(paraFalta);
}

/**
 * The stock move an order's status change makes (ADR 032): paid, its reserved units are sold; cancelled (given up
 * unpaid, or refunded before it shipped), they are released. Called by mudarSituacaoEm in the change's own
 * transaction, under the order's lock.
 */
export function movimentoDaSituacao(para: SituacaoPedido): MovimentoEstoque | null {
  if (para === 'PAGO') return 'vender';
  if (para === 'CANCELADO') return 'liberar';
  return null;
}
