import { fromCents, type Cents } from '@clinica/shared/money';
import type { CartLine } from '@clinica/shared/schemas/cart';
import { freteApi, type FreteItem, type OpcaoFrete } from '@clinica/shared/schemas/frete';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * POST /frete/calcular: the freight options for a CEP (8 digits) and the lines that ship, with the bag's products
 * after the coupon (`subtotalCents`) so the options free shipping covers come at 0 ('Grátis'). Public (ADR 009,
 * ADR 026, ADR 028).
 */
const fetchFrete = (cep: string, pedidoProdutos: FreteItem[], subtotalCents: Cents | undefined, signal?: AbortSignal) =>
  callEndpoint(freteApi.calcular, {
    body: { cep, pedidoProdutos, ...(subtotalCents !== undefined ? { subtotal: fromCents(subtotalCents) } : {}) },
    signal,
  });

/** Two options are shown (docs/behaviour/bag-and-checkout.md#freight). */
const FRETE_OPCOES_MOSTRADAS = 2;

/**
 * The quote of a CEP and some lines, kept 5 minutes: the product page, the bag and the checkout asking for the same
 * CEP and lines share one answer. Never retried by itself (a failure is shown, with 'Tentar novamente').
 */
export const freteQuery = (cep: string, pedidoProdutos: FreteItem[], subtotalCents?: Cents) =>
  queryOptions({
    queryKey: ['frete', 'calcular', cep, pedidoProdutos, subtotalCents ?? null] as const,
    queryFn: ({ signal }) => fetchFrete(cep, pedidoProdutos, subtotalCents, signal),
    select: (options: OpcaoFrete[]) => options.slice(0, FRETE_OPCOES_MOSTRADAS),
    staleTime: 5 * 60_000,
    retry: false,
    // A CEP says where someone lives: it leaves the cache with the session (app/providers.tsx).
    meta: { private: true },
  });

/**
 * The lines a freight quote covers: neither digital nor the gift, the same
 * lines the server quotes (/frete/calcular is for non-digital items).
 */
export const freteItems = (items: readonly CartLine[]): FreteItem[] =>
  items.filter((line) => !line.digital && !line.brinde).map((line) => ({ id: line.id, quantidade: line.quantity }));
