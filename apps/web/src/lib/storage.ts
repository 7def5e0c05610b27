/** Browser storage keys (docs/behaviour/timings-and-limits.md#storage-keys). */
export const STORAGE_KEYS = {
  authUser: '@authUser',
  token: '@Token',
  cart: '@shoppingCartItems',
  /** The checkout attempt whose order is not known yet (lib/checkout-attempt.ts). */
  checkoutAttempt: '@checkoutTentativa',
  /** Orders this device already took out of its bag (lib/bag-sync.ts). */
  seenOrders: '@pedidosVistos',
  /** The CEP of the last freight quote, for the next one and the checkout (lib/freight-cep.ts). */
  freightCep: '@cepFrete',
  /** The signed-in customer's bag as last read from the server: version and lines (lib/server-bag.ts, ADR 034). */
  serverBag: '@sacolaServidor',
  /** The discount coupon applied to the bag (lib/bag-coupon.ts). */
  bagCoupon: '@cupomSacola',
  /** The last products seen on this device, shown again on a product page (lib/recently-viewed.ts). */
  recentlyViewed: '@vistosRecentemente',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

export function removeItem(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    /* ignore */
  }
}

/**
 * Reads and parses a JSON entry. A corrupt entry (invalid JSON, or a value the
 * `accept` guard refuses) is removed and treated as absent (docs/behaviour/accounts-and-sign-in.md#session).
 */
export function readJson<T>(key: StorageKey, accept: (value: unknown) => value is T): T | null {
  const raw = (() => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  })();
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (accept(value)) return value;
  } catch {
    /* corrupt: fall through */
  }
  removeItem(key);
  return null;
}

export function writeJson(key: StorageKey, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* quota exceeded or storage disabled: the in-memory state still works */
  }
}
