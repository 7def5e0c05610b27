import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * The CEP a shopper last asked a freight quote for (docs/behaviour/bag-and-checkout.md#freight-before-checkout),
 * kept in this browser under `@cepFrete` (8 digits, as a JSON string): the next quote, on any product page or in the
 * bag, starts from it, and the checkout fills it in for a customer without an address of their own. A damaged value
 * is ignored and removed.
 */
const isCep = (value: unknown): value is string => typeof value === 'string' && /^\d{8}$/.test(value);

const listeners = new Set<() => void>();

/** The remembered CEP (8 digits), or null. */
const readFreightCep = (): string | null => readJson(STORAGE_KEYS.freightCep, isCep);

/** Remembers an 8-digit CEP for the next quote (anything else is ignored). */
export function rememberFreightCep(cep: string): void {
  if (!isCep(cep) || cep === readFreightCep()) return;
  writeJson(STORAGE_KEYS.freightCep, cep);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab quoting another CEP.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.freightCep) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The remembered CEP; null on the server and while a server-rendered page hydrates (the browser's value follows). */
export const useFreightCep = (): string | null => useSyncExternalStore(subscribe, readFreightCep, () => null);
