/**
 * The one cart store of the app (docs/behaviour/bag-and-checkout.md#bag-rules): the lines kept
 * in localStorage under `@shoppingCartItems`, read with the shared
 * `parseStoredCart` (corrupt or ill-typed lines are dropped, never shown) and
 * written only through the shared cart rules (packages/shared/src/cart.ts).
 *
 * Every reader (header badge, /details buy box, bag drawer) subscribes with
 * useSyncExternalStore, so a write here updates them at once, and a write in
 * another tab arrives through the `storage` event. It lives in lib/ because
 * the shell, the store and the cart features all use it.
 */
import {
  addCartLine,
  cartSubtotalCents,
  clearCart,
  decrementCartLine,
  incrementCartLine,
  parseStoredCart,
  removeCartLine,
  setCartLineQuantity,
  type AddOutcome,
} from '@clinica/shared/cart';
import type { Cents } from '@clinica/shared/money';
import type { CartLine } from '@clinica/shared/schemas/cart';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage';

/** A cart line as kept under `@shoppingCartItems` (schema in packages/shared/src/schemas/cart.ts). */
export type StoredCartItem = CartLine;

/** Fired in this tab when the cart is written (the `storage` event only reaches other tabs). */
export const CART_CHANGED_EVENT = 'clinica:cart-changed';

const KEY = STORAGE_KEYS.cart;
const EMPTY: readonly StoredCartItem[] = Object.freeze([]);

/** Kept only while localStorage refuses to work (privacy mode, quota): the cart still works in this tab. */
let memoryRaw: string | null = null;
let storageBroken = false;

function readRaw(): string | null {
  if (storageBroken) return memoryRaw;
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return memoryRaw;
  }
}

function writeRaw(text: string): void {
  try {
    window.localStorage.setItem(KEY, text);
    storageBroken = false;
  } catch {
    storageBroken = true;
  }
  memoryRaw = text;
}

function removeRaw(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}

/** Whether the stored text is not a JSON array at all (then the entry is removed, docs/behaviour/accounts-and-sign-in.md#session). */
function isCorrupt(raw: string): boolean {
  try {
    return !Array.isArray(JSON.parse(raw));
  } catch {
    return true;
  }
}

/**
 * The lines of a stored text: an entry that is not a JSON array is removed and
 * reads as empty; inside an array, lines that fail the schema are dropped
 * (parseStoredCart), the others normalized.
 */
function parseRaw(raw: string | null): StoredCartItem[] {
  if (raw === null) return [];
  if (isCorrupt(raw)) {
    removeRaw();
    return [];
  }
  return parseStoredCart(raw);
}

/** The stored cart, read now (corrupt entries ignored, docs/behaviour/accounts-and-sign-in.md#session). */
export const readCartItems = (): StoredCartItem[] => parseRaw(readRaw());

/** Writes the whole cart and tells this tab. Prefer updateCart, which goes through the shared rules. */
export function writeCartItems(items: readonly StoredCartItem[]): void {
  writeRaw(JSON.stringify(items));
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/**
 * Changes the cart with a rule of packages/shared (addCartLine,
 * removeCartLine, …): reads the current lines, applies `rule` and writes
 * only when the result differs from what is stored, so readers and other
 * tabs are told only about real changes. Returns the cart after the change.
 */
export function updateCart(rule: (items: StoredCartItem[]) => readonly StoredCartItem[]): StoredCartItem[] {
  const current = readCartItems();
  const next = rule(current);
  if (next === current) return current;
  const text = JSON.stringify(next);
  if (text !== readRaw()) {
    writeRaw(text);
    window.dispatchEvent(new Event(CART_CHANGED_EVENT));
  }
  return [...next];
}

/**
 * Adds a line to the stored cart (an id already there gets more
 * units, unless digital or a gift). Writes only when something changed, so the
 * header badge and other tabs update through the usual events.
 */
export function addToCart(line: StoredCartItem): AddOutcome {
  let outcome: AddOutcome = 'unchanged';
  updateCart((items) => {
    const result = addCartLine(items, line);
    outcome = result.outcome;
    return result.outcome === 'unchanged' ? items : result.items;
  });
  return outcome;
}

/** The cart's actions, each through its shared rule (packages/shared/src/cart.ts). */
export const cartActions = {
  add: addToCart,
  /** Removes the product's lines (the remove button of the bag). */
  remove: (id: number) => void updateCart((items) => removeCartLine(items, id)),
  /** Plus: one more unit (digital and gift lines stay at 1). */
  increment: (id: number) => void updateCart((items) => incrementCartLine(items, id)),
  /** Minus: one unit less, stopping at 1. */
  decrement: (id: number) => void updateCart((items) => decrementCartLine(items, id)),
  setQuantity: (id: number, quantity: number) => void updateCart((items) => setCartLineQuantity(items, id, quantity)),
  clear: () => void updateCart(() => clearCart()),
};

/** Total quantity for the header badge (every line, the gift included). */
export const cartQuantity = (items: readonly StoredCartItem[]): number =>
  items.reduce((sum, item) => sum + (item.quantity > 0 ? Math.trunc(item.quantity) : 0), 0);

// useSyncExternalStore needs a stable snapshot: parse again only when the stored text changes.
let cachedRaw: string | null | undefined;
let cachedItems: readonly StoredCartItem[] = EMPTY;

function snapshot(): StoredCartItem[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    const items = parseRaw(raw);
    cachedItems = items.length === 0 ? EMPTY : items;
    cachedRaw = readRaw(); // a corrupt entry was just removed
  }
  return cachedItems as StoredCartItem[];
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

const serverSnapshot = () => EMPTY as StoredCartItem[];

/** The cart items, re-read when this or another tab changes them. */
export const useCartItems = (): StoredCartItem[] => useSyncExternalStore(subscribe, snapshot, serverSnapshot);

export interface CartState {
  items: StoredCartItem[];
  /** Total quantity (the header badge). */
  quantity: number;
  /** Sum of the non-gift amounts, in cents. */
  subtotalCents: Cents;
}

/** The cart and its actions: `const { items, quantity, increment } = useCart()`. */
export function useCart(): CartState & typeof cartActions {
  const items = useCartItems();
  return { items, quantity: cartQuantity(items), subtotalCents: cartSubtotalCents(items), ...cartActions };
}
