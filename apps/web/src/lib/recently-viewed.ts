import type { ProdutoCard, ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, writeJson } from './storage';

/**
 * 'Vistos recentemente' (docs/behaviour/catalogue-and-search.md#product-page): the last products seen on this device,
 * newest first, kept in the browser (`@vistosRecentemente`, listed on /privacidade) as the cards the store shows.
 * Nothing of it reaches the server.
 */

/** How many products are kept. */
export const MAX_VISTOS = 12;

const KEY = STORAGE_KEYS.recentlyViewed;
/** Told in this tab when the list changes (other tabs get the `storage` event). */
const CHANGED = 'clinica:vistos';
const EMPTY: readonly ProdutoCard[] = [];

function isCard(value: unknown): value is ProdutoCard {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.id) &&
    typeof v.nome === 'string' &&
    typeof v.preco === 'number' &&
    typeof v.digital === 'boolean' &&
    typeof v.disponivel === 'boolean' &&
    typeof v.nota === 'number' &&
    Number.isInteger(v.quantidadeAvaliacoes) &&
    (v.imagemDestaque === null || typeof v.imagemDestaque === 'object')
  );
}

function readRaw(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

// A stable snapshot for useSyncExternalStore: parsed again only when the stored text changes.
let cachedRaw: string | null | undefined;
let cached: readonly ProdutoCard[] = EMPTY;

/** The kept products, newest first; a corrupt entry reads as none. */
export function readVistos(): readonly ProdutoCard[] {
  const raw = readRaw();
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    cached = Array.isArray(value) ? value.filter(isCard).slice(0, MAX_VISTOS) : EMPTY;
  } catch {
    cached = EMPTY;
  }
  return cached;
}

/** The card of a product page's product. */
function cardOf(produto: ProdutoDetalhe): ProdutoCard {
  return {
    id: produto.id,
    nome: produto.nome,
    preco: produto.preco,
    digital: produto.digital,
    disponivel: produto.disponivel,
    pathImgDestaque: produto.pathImgDestaque,
    imagemDestaque: produto.imagemDestaque,
    nota: produto.nota,
    quantidadeAvaliacoes: produto.quantidadeAvaliacoes,
    // The product page does not carry the low-stock flag (ADR 044): the strip shows no such badge.
    ultimasUnidades: false,
  };
}

/** Puts the product first (once), with what its page says today, keeping the newest MAX_VISTOS. */
export function registrarVisto(produto: ProdutoDetalhe): void {
  const next = [cardOf(produto), ...readVistos().filter((c) => c.id !== produto.id)].slice(0, MAX_VISTOS);
  writeJson(KEY, next);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The kept products; none in the server's render (the browser's list comes after hydration). */
export const useVistosRecentemente = (): readonly ProdutoCard[] =>
  useSyncExternalStore(subscribe, readVistos, () => EMPTY);
