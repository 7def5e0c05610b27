/**
 * Cart rules shared by the web and the API, pure and in integer
 * cents: building a line, adding, removing, setting the quantity, reading a
 * stored cart (docs/behaviour/bag-and-checkout.md#bag-rules). The gift rule is in gift.ts and
 * the order total in order-total.ts.
 *
 * Invariants every function here keeps (and parseStoredCart restores):
 * - `amount` is `unitaryValue × quantity` written with exactly two decimals;
 * - a digital line and a gift line have quantity 1 (they never grow);
 * - one line per product id among the non-gift lines (so a digital product is
 *   in the cart at most once), and at most one gift line;
 * - no line is worth more than numeric(12,2) holds (MAX_CENTS).
 */
import { centsToDecimalString, fromCents, multiplyCents, toCents, type Cents } from './money.js';
import { cartLineSchema, type CartLine } from './schemas/cart.js';
import { MAX_CENTS } from './schemas/money.js';

/** What a page knows about a product when it adds it to the cart. `preco` in cents. */
export interface CartProduct {
  id: number;
  nome: string;
  /** URL path of the product's picture, or null. */
  pathImg: string | null;
  preco: Cents;
  digital: boolean;
  brinde?: boolean;
  /** Sold only to a customer with a CRO (ADR 037): kept on the line when true. */
  usoProfissional?: boolean;
}

/** The amount of a line in cents: unit value × quantity (integers only). */
export const lineCents = (line: Pick<CartLine, 'unitaryValue' | 'quantity'>): Cents =>
  multiplyCents(toCents(line.unitaryValue), line.quantity);

/** A new cart line with exactly the fields of a stored cart item (schemas/cart.ts). */
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
    ...(product.usoProfissional ? { usoProfissional: true as const } : {}),
  };
}

/** `added`: a new line; `increased`: an existing line got more units; `unchanged`: nothing to do. */
export type AddOutcome = 'added' | 'increased' | 'unchanged';

/**
 * Adds a line to a cart, without changing the given array.
 * When the id is already in the cart its quantity rises and the amount is
 * recomputed at the newest unit value, unless the line is digital or a gift:
 * then the cart stays unchanged (a digital product is bought once per cart).
 * A new line is appended normalized: a digital or gift line with one unit, the
 * amount recomputed. A line with no units, a second gift, or a quantity whose
 * amount would pass MAX_CENTS leaves the cart unchanged. A gift line and a
 * bought line of the same product id are different lines.
 */
export function addCartLine(items: readonly CartLine[], line: CartLine): { items: CartLine[]; outcome: AddOutcome } {
  const unchanged = { items: [...items], outcome: 'unchanged' as const };
  if (!Number.isInteger(line.quantity) || line.quantity < 1) return unchanged;
  if (line.brinde && items.some((item) => item.brinde)) return unchanged;
  const index = items.findIndex((item) => item.id === line.id && item.brinde === line.brinde);
  if (index === -1) {
    const added = normalizeLine(line);
    return lineCents(added) > MAX_CENTS ? unchanged : { items: [...items, added], outcome: 'added' };
  }
  const current = items[index]!;
  if (isFixedQuantity(current) || isFixedQuantity(line)) return unchanged;
  const quantity = current.quantity + line.quantity;
  if (!acceptsQuantity(line, quantity)) return unchanged;
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

/** Whether a digital product is already in the cart (its add controls are hidden, docs/behaviour/catalogue-and-search.md#product-page). */
export const hasDigitalLine = (items: readonly CartLine[], id: number): boolean =>
  items.some((item) => item.id === id && item.digital);

/** Whether a line's quantity is fixed at 1 (docs/behaviour/bag-and-checkout.md#bag-drawer: no plus/minus for digital and gift items). */
export const isFixedQuantity = (line: Pick<CartLine, 'digital' | 'brinde'>): boolean => line.digital || line.brinde;

/**
 * The line's `amount` in cents, as sums read it: a negative amount counts as 0
 * (negative line amounts are ignored in sums).
 */
export function amountCents(line: Pick<CartLine, 'amount'>): Cents {
  const cents = toCents(line.amount);
  return cents > 0 ? cents : 0;
}

/** Subtotal in cents: the sum of the amounts of the non-gift lines, negatives ignored (docs/behaviour/bag-and-checkout.md#order-total). */
export const cartSubtotalCents = (items: readonly CartLine[]): Cents =>
  items.reduce((sum, line) => (line.brinde ? sum : sum + amountCents(line)), 0);

/** Whether any line is neither digital nor a gift, i.e. the order needs shipping. */
export const cartNeedsShipping = (items: readonly Pick<CartLine, 'digital' | 'brinde'>[]): boolean =>
  items.some((line) => !line.digital && !line.brinde);

/** Removes every line with that product id. A new array; the given one is not changed. */
export const removeCartLine = (items: readonly CartLine[], id: number): CartLine[] =>
  items.filter((line) => line.id !== id);

/** An empty cart (the cart can be cleared). */
export const clearCart = (): CartLine[] => [];

/** A quantity a line may hold: a safe integer ≥ 1 whose line amount fits MAX_CENTS. */
function acceptsQuantity(line: CartLine, quantity: number): boolean {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return false;
  return multiplyCents(toCents(line.unitaryValue), quantity) <= MAX_CENTS;
}

/**
 * Sets the quantity of the product's (non-gift) line and recomputes its amount
 * Nothing changes when the quantity is not an integer ≥ 1
 * (0 is refused: "Quantidade deve ser maior que zero"; removing is
 * removeCartLine), when the line amount would pass MAX_CENTS, or when the
 * line is digital or a gift (their quantity stays 1). Always a new array.
 */
export function setCartLineQuantity(items: readonly CartLine[], id: number, quantity: number): CartLine[] {
  return items.map((line) => {
    if (line.id !== id || isFixedQuantity(line) || line.quantity === quantity) return line;
    if (!acceptsQuantity(line, quantity)) return line;
    return {
      ...line,
      quantity,
      amount: centsToDecimalString(lineCents({ unitaryValue: line.unitaryValue, quantity })),
    };
  });
}

/** Plus: one more unit (not for digital or gift lines). */
export function incrementCartLine(items: readonly CartLine[], id: number): CartLine[] {
  const line = items.find((item) => item.id === id && !item.brinde);
  return line ? setCartLineQuantity(items, id, line.quantity + 1) : [...items];
}

/** Minus: one unit less, stopping at 1 (decrease works only while above 1). */
export function decrementCartLine(items: readonly CartLine[], id: number): CartLine[] {
  const line = items.find((item) => item.id === id && !item.brinde);
  return line && line.quantity > 1 ? setCartLineQuantity(items, id, line.quantity - 1) : [...items];
}

/**
 * A valid line rewritten to the invariants: gift lines cost nothing and hold
 * one unit, digital lines hold one unit, `amount` is recomputed from
 * `unitaryValue × quantity` (a stored amount that disagrees, a negative one
 * included, is replaced: what is shown is then what the server will charge),
 * `pathImg` is always present.
 */
function normalizeLine(line: CartLine): CartLine {
  const base = { ...line, pathImg: line.pathImg ?? null };
  if (line.brinde) return { ...base, quantity: 1, unitaryValue: 0, amount: '0.00' };
  const quantity = line.digital ? 1 : line.quantity;
  return { ...base, quantity, amount: centsToDecimalString(lineCents({ unitaryValue: line.unitaryValue, quantity })) };
}

/**
 * Reads the cart kept under `@shoppingCartItems` (docs/behaviour/accounts-and-sign-in.md#session:
 * corrupt entries are ignored). Takes the raw stored text or the already
 * parsed JSON; never throws. Anything that is not an array gives an empty
 * cart; each line that fails the shared cart-line schema (missing or
 * ill-typed fields, amount as a number, quantity 0, …) or whose amount passes
 * MAX_CENTS is dropped; the others are normalized (normalizeLine) and
 * de-duplicated, first one wins: one line per product id among the non-gift
 * lines, one gift line in all.
 */
export function parseStoredCart(stored: unknown): CartLine[] {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const result: CartLine[] = [];
  const seen = new Set<number>();
  let hasGift = false;
  for (const raw of value as unknown[]) {
    const parsed = cartLineSchema.safeParse(raw);
    if (!parsed.success) continue;
    const line = normalizeLine(parsed.data);
    if (lineCents(line) > MAX_CENTS) continue;
    if (line.brinde) {
      if (hasGift) continue;
      hasGift = true;
    } else {
      if (seen.has(line.id)) continue;
      seen.add(line.id);
    }
    result.push(line);
  }
  return result;
}

/*
 * The customer's bag kept on the server (ADR 034, docs/behaviour/bag-and-checkout.md#server-bag). The server keeps
 * only what the customer chose, a product id and a quantity per line: names and prices are read from the catalogue
 * on every answer, and the gift is never kept (it is recomputed by the gift rule, gift.ts).
 */

/** At most this many lines in a kept bag. */
export const MAX_BAG_LINES = 50;
/** A kept line holds 1..MAX_BAG_QUANTITY units. */
export const MAX_BAG_QUANTITY = 99;

/** A line of a kept bag: the product and how many units (1 for a digital product). */
export interface BagEntry {
  id: number;
  quantity: number;
  digital: boolean;
}

/** What a line of a stored cart keeps on the server: its product and quantity, the gift left out. */
export const bagEntries = (items: readonly CartLine[]): BagEntry[] =>
  items.filter((line) => !line.brinde).map(({ id, quantity, digital }) => ({ id, quantity, digital }));

/** Units left of a product, or null when there is no stock to respect (digital, unknown). */
export type UnitsLeft = (id: number) => number | null;

/** A quantity within what a kept line may hold: 1 for a digital line, else 1..99 and the units left (0: drop). */
function keptQuantity(entry: BagEntry, unitsLeft: UnitsLeft | undefined): number {
  if (entry.digital) return 1;
  const left = unitsLeft?.(entry.id);
  const wanted = Math.min(Math.max(Math.trunc(entry.quantity), 0), MAX_BAG_QUANTITY);
  return left === null || left === undefined || !Number.isFinite(left) ? wanted : Math.min(wanted, Math.max(0, left));
}

/**
 * The bag kept after signing in (ADR 034): the union of the server's bag and the browser's, the server's lines first
 * in their order, then the browser's new ones in theirs.
 *
 * - A product in both keeps the LARGER quantity, not the sum: merging is then idempotent (signing in twice, or in
 *   two tabs at once, with the same browser bag changes nothing the second time) and never buys more units than
 *   either bag asked for.
 * - A digital product is there once, with one unit.
 * - Gift lines are not kept (the caller recomputes the gift with applyGift).
 * - Each quantity is clamped to 1..99 and to the units left (`unitsLeft`); a line with no unit left goes away.
 * - At most MAX_BAG_LINES lines (the first ones win).
 */
export function mergeBags(
  server: readonly (BagEntry & { brinde?: boolean })[],
  browser: readonly (BagEntry & { brinde?: boolean })[],
  unitsLeft?: UnitsLeft,
): BagEntry[] {
  const merged = new Map<number, BagEntry>();
  for (const entry of [...server, ...browser]) {
    if (entry.brinde || !Number.isInteger(entry.id) || entry.id <= 0) continue;
    const quantity = entry.digital ? 1 : Math.trunc(entry.quantity);
    if (!(quantity >= 1)) continue;
    const current = merged.get(entry.id);
    if (!current) merged.set(entry.id, { id: entry.id, quantity, digital: entry.digital });
    else if (!current.digital) merged.set(entry.id, { ...current, quantity: Math.max(current.quantity, quantity) });
  }
  const result: BagEntry[] = [];
  for (const entry of merged.values()) {
    if (result.length >= MAX_BAG_LINES) break;
    const quantity = keptQuantity(entry, unitsLeft);
    if (quantity >= 1) result.push({ ...entry, quantity });
  }
  return result;
}

/**
 * A local change replayed on a newer server bag (ADR 034: a write based on an old version is refused with the
 * current bag, and the device replays its own change on it instead of overwriting what another device did).
 * `base` is the bag both started from, `local` this device's bag, `server` the current one. Per product: when this
 * device changed it (added, removed or another quantity than in `base`) its value wins, otherwise the server's.
 * Order: the server's lines, then this device's additions.
 */
export function rebaseBag(
  base: readonly BagEntry[],
  local: readonly BagEntry[],
  server: readonly BagEntry[],
): BagEntry[] {
  const before = new Map(base.map((e) => [e.id, e.quantity]));
  const mine = new Map(local.map((e) => [e.id, e]));
  const changedHere = (id: number) => before.get(id) !== mine.get(id)?.quantity;
  const result: BagEntry[] = [];
  const placed = new Set<number>();
  for (const entry of server) {
    placed.add(entry.id);
    if (!changedHere(entry.id)) result.push(entry);
    else {
      const local = mine.get(entry.id);
      if (local) result.push(local);
    }
  }
  for (const entry of local) if (!placed.has(entry.id) && changedHere(entry.id)) result.push(entry);
  return result.slice(0, MAX_BAG_LINES);
}

/** Whether two kept bags hold the same lines in the same order. */
export const sameBag = (a: readonly BagEntry[], b: readonly BagEntry[]): boolean =>
  a.length === b.length && a.every((e, i) => e.id === b[i]!.id && e.quantity === b[i]!.quantity);
