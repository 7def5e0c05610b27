/**
 * The order total (docs/behaviour/bag-and-checkout.md#order-total: "Order total = sum of non-gift item amounts plus
 * the selected freight custom_price, kept to two decimals") in integer cents,
 * and the items of the order-creation payload.
 *
 * orderTotals works on plain priced lines, not on cart lines, so the API can
 * run it on the prices it reloads from the database (docs/architecture.md#money: the server is
 * the authority on money); the web runs it on the cart through
 * cartPricedLines / cartOrderTotals.
 *
 * Choices of our own:
 * - a line never counts below 0: a negative unit price or a quantity below 1
 *   gives 0 (negative line amounts are ignored in sums); a
 *   fractional quantity is truncated. The API validates quantities with its
 *   schema before pricing, this is only the floor that keeps totals sane;
 * - freight counts only when some line needs shipping (neither digital nor a
 *   gift): a bag of courses has no freight options (POST /frete/calcular
 *   is for non-digital items), so a freight sent with it is ignored;
 *   a negative or non-numeric freight counts as 0.
 */
import { cartNeedsShipping } from './cart.js';
import { multiplyCents, toCents, type Cents } from './money.js';
import type { CartLine } from './schemas/cart.js';

/** One order line priced in cents. `digital` missing counts as physical. */
export interface PricedLine {
  unitCents: Cents;
  quantity: number;
  digital?: boolean;
  brinde?: boolean;
}

export interface OrderTotals {
  /** Each input line's cents, in order: unit × quantity, 0 for a gift or a negative result. */
  lineCents: Cents[];
  /** Sum of lineCents: the non-gift items. */
  itemsCents: Cents;
  /** The freight that counts (0 when nothing needs shipping). */
  freightCents: Cents;
  /** itemsCents + freightCents: the order's valorTotal. */
  totalCents: Cents;
  /** Whether some line is neither digital nor a gift. */
  needsShipping: boolean;
}

const safeCents = (value: Cents | null | undefined): Cents =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

/** A priced line's cents: unit × quantity, never negative, 0 for a gift. */
export function pricedLineCents(line: PricedLine): Cents {
  if (line.brinde) return 0;
  if (!Number.isFinite(line.quantity)) return 0;
  const cents = multiplyCents(safeCents(line.unitCents), line.quantity);
  return cents > 0 ? cents : 0;
}

/** The order total, in cents. */
export function orderTotals(input: { items: readonly PricedLine[]; freightCents?: Cents | null }): OrderTotals {
  const lineCents = input.items.map(pricedLineCents);
  const itemsCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const needsShipping = cartNeedsShipping(
    input.items.map((line) => ({ digital: line.digital ?? false, brinde: line.brinde ?? false })),
  );
  const freightCents = needsShipping ? safeCents(input.freightCents) : 0;
  return { lineCents, itemsCents, freightCents, totalCents: itemsCents + freightCents, needsShipping };
}

/** Cart lines as priced lines, at the unit values they hold. */
export const cartPricedLines = (items: readonly CartLine[]): PricedLine[] =>
  items.map((line) => ({
    unitCents: line.brinde ? 0 : toCents(line.unitaryValue),
    quantity: line.quantity,
    digital: line.digital,
    brinde: line.brinde,
  }));

/** The order total of the cart and the chosen freight's custom_price (cents): the checkout summary's Total. */
export const cartOrderTotals = (items: readonly CartLine[], freightCents?: Cents | null): OrderTotals =>
  orderTotals({ items: cartPricedLines(items), freightCents });

/**
 * One item of the order-creation payload (itens [{produto {id},
 * quantidade, valor, valorTotal}]). `valor` (unit) and `valorTotal` (line) are
 * cents in code; the shared money schema writes them as reais on the wire.
 */
export interface OrderItemInput {
  produto: { id: number };
  quantidade: number;
  valor: Cents;
  valorTotal: Cents;
}

/**
 * The payload's `itens` from the cart, one per line, in cart order. The gift
 * line is included (valor 0, valorTotal 0) so the order lists what is shipped;
 * the API decides again whether it is earned. `valorTotal` of the payload is
 * cartOrderTotals(items, freight).totalCents.
 */
export function orderItemsFromCart(items: readonly CartLine[]): OrderItemInput[] {
  const priced = cartPricedLines(items);
  return items.map((line, i) => {
    const p = priced[i]!;
    return {
      produto: { id: line.id },
      quantidade: line.quantity,
      valor: line.brinde ? 0 : safeCents(p.unitCents),
      valorTotal: pricedLineCents(p),
    };
  });
}
