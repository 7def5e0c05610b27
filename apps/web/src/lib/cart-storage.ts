import { addCartLine, type AddOutcome } from '@clinica/shared/cart';
import { cartSchema, type CartLine } from '@clinica/shared/schemas/cart';
import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/** A cart line as kept under `@shoppingCartItems` (SPEC §3 Cart item; schema in packages/shared/src/schemas/cart.ts). */
export type StoredCartItem = CartLine;

/** Fired in this tab when the cart is written (the `storage` event only reaches other tabs). */
export const CART_CHANGED_EVENT = 'clinica:cart-changed';

const isCart = (v: unknown): v is StoredCartItem[] => cartSchema.safeParse(v).success;

/** The stored cart; a corrupt entry is removed and the cart is empty (SPEC §4). */
export const readCartItems = (): StoredCartItem[] => readJson(STORAGE_KEYS.cart, isCart) ?? [];

export function writeCartItems(items: StoredCartItem[]): void {
  writeJson(STORAGE_KEYS.cart, items);
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/**
 * Adds a line to the stored cart (SPEC §4 Cart: an id already there gets more
 * units, unless digital or a gift). Writes only when something changed, so the
 * header badge and other tabs update through the usual events.
 */
export function addToCart(line: StoredCartItem): AddOutcome {
  const { items, outcome } = addCartLine(readCartItems(), line);
  if (outcome !== 'unchanged') writeCartItems(items);
  return outcome;
}

/** Total quantity for the header badge. */
export const cartQuantity = (items: readonly StoredCartItem[]): number =>
  items.reduce((sum, item) => sum + (item.quantity > 0 ? Math.trunc(item.quantity) : 0), 0);

const EMPTY: StoredCartItem[] = [];
// useSyncExternalStore needs a stable snapshot: parse again only when the stored text changes.
let cachedRaw: string | null | undefined;
let cachedItems: StoredCartItem[] = EMPTY;

function rawCart(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.cart);
  } catch {
    return null;
  }
}

function snapshot(): StoredCartItem[] {
  const raw = rawCart();
  if (raw === cachedRaw) return cachedItems;
  cachedItems = raw === null ? EMPTY : readCartItems();
  cachedRaw = rawCart(); // a corrupt entry was just removed
  return cachedItems;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.cart) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

/** The cart items, re-read when this or another tab changes them. */
export const useCartItems = (): StoredCartItem[] => useSyncExternalStore(subscribe, snapshot, () => EMPTY);
