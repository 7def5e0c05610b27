/**
 * Stock rules (ADR 032, docs/behaviour/bag-and-checkout.md#stock), pure, shared by the API and the web.
 *
 * A physical product holds `estoque` units on hand, `reservado` of them held by unpaid orders
 * (0 ≤ reservado ≤ estoque, enforced by the database); a digital product has no stock (null). A product is sold
 * while the staff's `disponivel` switch is on and it is digital or has a unit not reserved.
 *
 * An order's units move through one small state machine (estadoDepois): reserved at creation, then sold when it
 * is paid, or released when it is given up (a refused card, an expired PIX or boleto, a cancellation); sold units
 * come back (released) when the paid order is refunded before it ships; released units are reserved again by a
 * new payment attempt on the same open order. Every move starts from exactly one state, so a second notice of
 * the same event finds the order already moved and changes nothing.
 */
import { MSG_ESTOQUE } from './messages-estoque.js';

/** The stock columns of a product: null for a digital product (no stock). */
export interface Estoque {
  estoque: number | null;
  reservado: number;
}

/** Units that can still be ordered: on hand minus reserved, never below 0; Infinity without stock (digital). */
export function disponiveis(e: Estoque): number {
  if (e.estoque === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, e.estoque - Math.max(0, e.reservado));
}

/** Whether the store sells the product now: the staff's switch on, and digital or a unit left. */
export const vendavel = (p: Estoque & { disponivel: boolean; digital: boolean }): boolean =>
  p.disponivel && (p.digital || disponiveis(p) > 0);

/** What a bag line may hold given the units left, and the pt-BR text when it holds less than it asked for. */
export interface LinhaAjustada {
  /** The quantity the line may keep (0: the line goes away). */
  quantidade: number;
  /** Set when `quantidade` is lower than asked: 'Restam apenas 2 unidades de X.' or 'X esgotou.'. */
  mensagem: string | null;
}

/** The pt-BR text for a product with `restam` units left (0: sold out). */
export function mensagemDeEstoque(nome: string, restam: number): string {
  if (restam <= 0) return MSG_ESTOQUE.esgotou.replace('{nome}', nome);
  if (restam === 1) return MSG_ESTOQUE.restaUmaUnidade.replace('{nome}', nome);
  return MSG_ESTOQUE.restamUnidades.replace('{n}', String(restam)).replace('{nome}', nome);
}

/**
 * A bag line of `pedido` units of a product with `restam` units left: kept whole when they are there, lowered to
 * what is left otherwise (0 removes it), with the message. `restam` null or Infinity: no stock to respect.
 */
export function ajustarLinha(nome: string, pedido: number, restam: number | null): LinhaAjustada {
  if (restam === null || !Number.isFinite(restam) || pedido <= restam) return { quantidade: pedido, mensagem: null };
  const quantidade = Math.max(0, Math.floor(restam));
  return { quantidade, mensagem: mensagemDeEstoque(nome, quantidade) };
}

/** Where an order's units stand: null for an order without physical lines. */
export const ESTADOS_ESTOQUE = ['reservado', 'vendido', 'liberado', 'devolvido'] as const;
export type EstadoEstoque = (typeof ESTADOS_ESTOQUE)[number];

/**
 * What happens to an order's units:
 * - reservar: a new attempt to pay an order whose units were released takes them again (liberado → reservado);
 * - vender: the order is paid (reservado → vendido: on hand and reserved both go down);
 * - liberar: the order is given up unpaid (reservado → liberado: reserved goes down), or its payment is refunded
 *   before it ships (vendido → liberado: the units are back on hand);
 * - devolver: the goods of a withdrawn order came back to the clinic (vendido → devolvido: the units are back on
 *   hand; ADR 036). The refund that follows finds nothing left to release.
 */
export type MovimentoEstoque = 'reservar' | 'vender' | 'liberar' | 'devolver';

const TRANSICOES: Record<MovimentoEstoque, Partial<Record<EstadoEstoque, EstadoEstoque>>> = {
  reservar: { liberado: 'reservado' },
  vender: { reservado: 'vendido' },
  liberar: { reservado: 'liberado', vendido: 'liberado' },
  devolver: { vendido: 'devolvido' },
};

/** The state after `movimento` from `estado`; null when the move does not apply (already done, or never). */
export function estadoDepois(estado: EstadoEstoque | null, movimento: MovimentoEstoque): EstadoEstoque | null {
  if (estado === null) return null;
  return TRANSICOES[movimento][estado] ?? null;
}

/** The change a move makes to one product's columns for `q` units, from the order's state `estado`. */
export function efeito(
  estado: EstadoEstoque,
  movimento: MovimentoEstoque,
  q: number,
): { estoque: number; reservado: number } | null {
  const depois = estadoDepois(estado, movimento);
  if (depois === null) return null;
  if (movimento === 'reservar') return { estoque: 0, reservado: q };
  if (movimento === 'vender') return { estoque: -q, reservado: -q };
  return estado === 'vendido' ? { estoque: q, reservado: 0 } : { estoque: 0, reservado: -q };
}
