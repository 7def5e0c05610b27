/**
 * A coupon on an order, for the order's creation (docs/behaviour/bag-and-checkout.md#coupons, ADR 025):
 *
 * - `avaliarCupom(db, uso)`: read-only, before the order's transaction (the order's pricing, POST /cupom/validar):
 *   does the coupon apply to these lines, and how much does it take off?
 * - `registrarUso(tx, { ...uso, pedidoId })`: inside the order's transaction, once the order exists: locks the
 *   coupon's row, counts its uses again, evaluates again and writes the use, or refuses with a 409 and the reason.
 *   Of many orders racing for a coupon's last uses, exactly as many as are left get it.
 *
 * Both read the lines' categories and kinds from the database and evaluate with the shared rule (evaluateCoupon),
 * so the discount is the server's; `valor` of a line is its amount as the order prices it (unit price × quantity).
 */
import {
  CODIGO_CUPOM,
  evaluateCoupon,
  invalidCoupon,
  normalizeCouponCode,
  type CouponLine,
  type CouponRefusal,
  type CouponRule,
} from '@clinica/shared/coupon';
import { MSG_API } from '@clinica/shared/messages-api';
import type { Cents } from '@clinica/shared/money';
import type { Db, Tx } from '../../db/client.js';
import { conflict, sqlConstraint, sqlState } from '../../lib/errors.js';
import { contagensDoCupom, inserirUso, produtosParaCupom, regraPorCodigo } from './cupom.repository.js';

/** One line of the order: the product, its amount (cents) and whether it is the gift (never discounted). */
export interface LinhaDoPedido {
  produtoId: number;
  valor: Cents;
  brinde: boolean;
}

export interface UsoDeCupom {
  /** As the customer typed it (spaces and case do not matter). */
  codigo: string;
  clienteId: number;
  linhas: readonly LinhaDoPedido[];
  /** The instant the validity window is read at; now by default. */
  agora?: Date;
}

/** A coupon that applies: the coupon as the rule read it, the discount (cents) and the amount it was taken of. */
export interface CupomAplicado {
  cupom: CouponRule & { id: number };
  desconto: Cents;
  elegivel: Cents;
}

export type AvaliacaoDeCupom = ({ ok: true } & CupomAplicado) | CouponRefusal;

/** The lines as the rule reads them: category and kind from the database (an unknown product has neither). */
async function linhasDoCupom(ex: Db | Tx, linhas: readonly LinhaDoPedido[]): Promise<CouponLine[]> {
  const produtos = new Map(
    (await produtosParaCupom(ex, [...new Set(linhas.map((l) => l.produtoId))])).map((p) => [p.id, p]),
  );
  return linhas.map((l) => {
    const p = produtos.get(l.produtoId);
    return {
      produtoId: l.produtoId,
      categoriaId: p?.categoriaId ?? null,
      digital: p?.digital ?? false,
      brinde: l.brinde,
      valor: l.valor,
    };
  });
}

async function avaliar(ex: Db | Tx, uso: UsoDeCupom, paraUso: boolean): Promise<AvaliacaoDeCupom> {
  const codigo = normalizeCouponCode(uso.codigo);
  if (!CODIGO_CUPOM.test(codigo)) return invalidCoupon();
  const cupom = await regraPorCodigo(ex, codigo, { paraUso });
  if (!cupom) return invalidCoupon();
  // One statement after the other: inside a transaction they share its connection.
  const contagens = await contagensDoCupom(ex, cupom.id, uso.clienteId);
  const linhas = await linhasDoCupom(ex, uso.linhas);
  const resultado = evaluateCoupon(cupom, { agora: uso.agora ?? new Date(), linhas, ...contagens });
  return resultado.ok ? { ok: true, cupom, desconto: resultado.desconto, elegivel: resultado.elegivel } : resultado;
}

/**
 * Whether the coupon `uso.codigo` applies to the customer's lines now, and its discount; otherwise the reason
 * ('Cupom inválido.' for a code that names no coupon). Reads only; the answer may change before the order is
 * written (another customer takes the last use), which registrarUso decides.
 */
export function avaliarCupom(db: Db | Tx, uso: UsoDeCupom): Promise<AvaliacaoDeCupom> {
  return avaliar(db, uso, false);
}

/**
 * Records that order `pedidoId` uses the coupon, in the caller's open transaction `tx` (the order's creation, with
 * the order already written in it): the coupon's row is locked (SELECT … FOR UPDATE) until `tx` ends, its uses are
 * counted again (a use counts while its order is not cancelled) with the customer's own and first purchase (no
 * order paid, sent or delivered), the rule runs again on `linhas`, and the use is written. Returns the coupon and
 * the discount the order gets; a coupon that no longer applies throws a 409 with the reason as the message (and
 * `content.errors` on the field `cupom`), as does an order that already has a coupon. The caller's transaction then
 * rolls back: no order without its use, no use without its order.
 */
export async function registrarUso(tx: Tx, uso: UsoDeCupom & { pedidoId: number }): Promise<CupomAplicado> {
  const avaliacao = await avaliar(tx, uso, true);
  if (!avaliacao.ok) {
    throw conflict(avaliacao.mensagem, { errors: [{ campo: 'cupom', mensagem: avaliacao.mensagem }] });
  }
  try {
    await inserirUso(tx, {
      cupomId: avaliacao.cupom.id,
      pedidoId: uso.pedidoId,
      clienteId: uso.clienteId,
      desconto: avaliacao.desconto,
    });
  } catch (err) {
    if (sqlState(err) === '23505' && sqlConstraint(err) === 'cupom_usos_pedido_uq') {
      throw conflict(MSG_API.pedidoJaTemCupom, { errors: [{ campo: 'cupom', mensagem: MSG_API.pedidoJaTemCupom }] });
    }
    throw err;
  }
  const { cupom, desconto, elegivel } = avaliacao;
  return { cupom, desconto, elegivel };
}
