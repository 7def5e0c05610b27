import { normalizeCouponCode } from '@clinica/shared/coupon';
import { MSG_CUPOM } from '@clinica/shared/messages-cupom';
import type { CartLine } from '@clinica/shared/schemas/cart';
import { cupomApi, type CupomValidado } from '@clinica/shared/schemas/cupom';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { callEndpoint, errorMessage, isApiError } from './api-client';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from './storage';
import { useSession } from './use-session';

/**
 * The bag's discount coupon (docs/behaviour/bag-and-checkout.md#coupons): the code the customer applied, kept with
 * the bag in this browser under `@cupomSacola` (it survives a reload and goes on to the checkout), checked with
 * POST /cupom/validar on the bag's lines whenever they change. The discount shown is the server's answer; the order's
 * creation evaluates the coupon again and decides (ADR 028).
 */
const isCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z0-9]{3,30}$/.test(value);

const listeners = new Set<() => void>();
const readCode = (): string | null => readJson(STORAGE_KEYS.bagCoupon, isCode);
const notify = () => listeners.forEach((listener) => listener());

function writeCode(code: string | null): void {
  if (code === null) removeItem(STORAGE_KEYS.bagCoupon);
  else writeJson(STORAGE_KEYS.bagCoupon, code);
  notify();
}

/** Forgets the bag's coupon (the order that used it exists, or the bag emptied). */
const forgetBagCoupon = () => writeCode(null);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.bagCoupon) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The lines a coupon is checked on: every non-gift line (the gift is never discounted). */
const couponItems = (items: readonly CartLine[]) =>
  items.filter((line) => !line.brinde).map((line) => ({ produto: { id: line.id }, quantidade: line.quantity }));

const cupomQuery = (codigo: string, itens: ReturnType<typeof couponItems>) =>
  queryOptions({
    queryKey: ['cupom', 'validar', codigo, itens] as const,
    queryFn: ({ signal }) => callEndpoint(cupomApi.validar, { body: { codigo, itens }, signal }),
    staleTime: 60_000,
    // A refusal is an answer (the reason), not a failure to retry; a refused check counts against the account.
    retry: false,
    meta: { private: true },
  });

export interface BagCoupon {
  /** The code kept with the bag, or null. */
  codigo: string | null;
  /** The coupon as the server checked it on these lines; null while checking, refused or absent. */
  cupom: CupomValidado | null;
  /** Why the kept code does not apply to the bag now (its pt-BR reason), or null. */
  motivo: string | null;
  checking: boolean;
  /** The coupon's discount in cents (0 without an applied coupon). */
  descontoCents: number;
  /** Checks `typed` on the bag and keeps it when it applies; otherwise the reason. */
  apply(typed: string): Promise<{ ok: true } | { ok: false; motivo: string }>;
  remove(): void;
}

/** The bag's coupon and its check on `items` (signed-in customers only: POST /cupom/validar is theirs). */
export function useBagCoupon(items: readonly CartLine[]): BagCoupon {
  const codigo = useSyncExternalStore(subscribe, readCode, () => null);
  const { isSignedIn } = useSession();
  const client = useQueryClient();
  const itens = couponItems(items);
  const enabled = codigo !== null && isSignedIn && itens.length > 0;
  const query = useQuery({ ...cupomQuery(codigo ?? '', itens), enabled });

  // An emptied bag (its order exists, or the customer removed everything) takes its coupon with it.
  const emptied = items.length === 0 && codigo !== null;
  useEffect(() => {
    if (emptied) forgetBagCoupon();
  }, [emptied]);

  const apply = useCallback(
    async (typed: string): Promise<{ ok: true } | { ok: false; motivo: string }> => {
      const code = normalizeCouponCode(typed);
      if (code === '') return { ok: false, motivo: MSG_CUPOM.codigoVazio };
      try {
        await client.fetchQuery(cupomQuery(code, itens));
        writeCode(code);
        return { ok: true };
      } catch (error) {
        return {
          ok: false,
          motivo: isApiError(error) && error.status < 500 ? error.message : errorMessage(error, MSG_CUPOM.erroValidar),
        };
      }
    },
    [client, itens],
  );

  const cupom = enabled && query.isSuccess ? query.data : null;
  const motivo = enabled && query.isError ? errorMessage(query.error, MSG_CUPOM.erroValidar) : null;
  return {
    codigo,
    cupom,
    motivo,
    checking: enabled && query.isFetching,
    descontoCents: cupom?.desconto ?? 0,
    apply,
    remove: forgetBagCoupon,
  };
}
