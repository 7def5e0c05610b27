/**
 * Cart rules shared by the web and the API (DESIGN.md). For now: building a
 * line and adding it to a cart (SPEC §4 Cart); removal, quantity changes, the
 * gift and totals come with the cart issue.
 */
import { centsToDecimalString, fromCents, multiplyCents, toCents, type Cents } from './money.js';
import type { CartLine } from './schemas/cart.js';

/** What a page knows about a product when it adds it to the cart. `preco` in cents. */
export interface CartProduct {
  id: number;
  nome: string;
  /** URL path of the product's picture, or null. */
  pathImg: string | null;
  preco: Cents;
  digital: boolean;
  brinde?: boolean;
}

/** The amount of a line in cents: unit value × quantity (integers only). */
export const lineCents = (line: Pick<CartLine, 'unitaryValue' | 'quantity'>): Cents =>
  multiplyCents(toCents(line.unitaryValue), line.quantity);

/** A new cart line with exactly the fields of SPEC §3 Cart item. */
export function cartLine(product: CartProduct, quantity: number): CartLine {
  const unit = Math.max(0, Math.round(product.preco));
  return {
    id: product.id,
    nome: product.nome,
    pathImg: product.pathImg,
    quantity,
    unitaryValue: fromCents(unit),
    amount: centsToDecimalString(multiplyCents(unit, quantity)),
    brinde: product.brinde ?? false,
    digital: product.digital,
  };
}

/** `added`: a new line; `increased`: an existing line got more units; `unchanged`: nothing to do. */
export type AddOutcome = 'added' | 'increased' | 'unchanged';

/**
 * Adds a line to a cart (SPEC §4 Cart), without changing the given array.
 * When the id is already in the cart its quantity rises and the amount is
 * recomputed at the newest unit value, unless the line is digital or a gift:
 * then the cart stays unchanged (a digital product is bought once per cart).
 * A line with no units leaves the cart unchanged.
 */
export function addCartLine(items: readonly CartLine[], line: CartLine): { items: CartLine[]; outcome: AddOutcome } {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) return { items: [...items], outcome: 'unchanged' };
  const index = items.findIndex((item) => item.id === line.id);
  if (index === -1) return { items: [...items, line], outcome: 'added' };
  const current = items[index]!;
  if (current.digital || current.brinde || line.digital || line.brinde) {
    return { items: [...items], outcome: 'unchanged' };
  }
  const quantity = current.quantity + line.quantity;
  const merged: CartLine = {
    ...current,
    nome: line.nome,
    pathImg: line.pathImg ?? current.pathImg ?? null,
    unitaryValue: line.unitaryValue,
    quantity,
    amount: centsToDecimalString(lineCents({ unitaryValue: line.unitaryValue, quantity })),
  };
  return { items: items.map((item, i) => (i === index ? merged : item)), outcome: 'increased' };
}

/** Whether a digital product is already in the cart (its add controls are hidden, SPEC §2 /details). */
export const hasDigitalLine = (items: readonly CartLine[], id: number): boolean =>
  items.some((item) => item.id === id && item.digital);
