import { pagamentoApi, type ProcessarPagamentoBody } from '@clinica/shared/schemas/pagamento';
import { IDEMPOTENCY_HEADER } from '@clinica/shared/schemas/pedido';
import { sandboxPagamentoApi, type sandboxCartaoTokenBodySchema } from '@clinica/shared/schemas/sandbox';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { callEndpoint } from '../api-client';
import { idempotentAttempts } from './idempotency';

/** GET /pagamento/configuracao: sandbox or Mercado Pago (and its public key). Fixed while the page lives. */
const fetchConfiguracaoPagamento = (signal?: AbortSignal) => callEndpoint(pagamentoApi.configuracao, { signal });

const configuracaoPagamentoQuery = () =>
  queryOptions({
    queryKey: ['pagamento', 'configuracao'] as const,
    queryFn: ({ signal }) => fetchConfiguracaoPagamento(signal),
    staleTime: Infinity,
  });

export const useConfiguracaoPagamento = () => useQuery(configuracaoPagamentoQuery());

/**
 * GET /pagamento/parcelas: the card installments of an amount (docs/behaviour/payments.md#installments); with Mercado
 * Pago they depend on the card's BIN (null: cash only until the number is typed). Off while `enabled` is false.
 */
export function useParcelas(valorCents: number, bin: string | null, enabled = true) {
  const valor = (valorCents / 100).toFixed(2);
  return useQuery({
    queryKey: ['pagamento', 'parcelas', valor, bin] as const,
    queryFn: ({ signal }) => callEndpoint(pagamentoApi.parcelas, { query: { valor, ...(bin ? { bin } : {}) }, signal }),
    enabled: enabled && valorCents > 0,
    staleTime: 60_000,
  });
}

/** POST /pagamento/processar with its Idempotency-Key: another attempt to pay an existing order (card token or PIX). */
const processarPagamento = (body: ProcessarPagamentoBody, idempotencyKey: string) =>
  callEndpoint(pagamentoApi.processar, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** Pays an order; a retry of the same body keeps its key (the server answers the first attempt). */
export function useProcessarPagamento() {
  const [attempts] = useState(idempotentAttempts);
  return useMutation({
    mutationKey: ['pagamento', 'processar'],
    mutationFn: (body: ProcessarPagamentoBody) => processarPagamento(body, attempts.keyFor(body)),
    onSuccess: () => attempts.done(),
  });
}

/** Sandbox (PAYMENT_PROVIDER=sandbox): the payment methods of a bin, like MercadoPago.js getPaymentMethods. */
export const sandboxMetodos = (bin: string) => callEndpoint(sandboxPagamentoApi.metodos, { query: { bin } });

/** Sandbox: a card token, like MercadoPago.js createCardToken (the number goes to the tokenizer only). */
export const sandboxCartaoToken = (body: z.input<typeof sandboxCartaoTokenBodySchema>) =>
  callEndpoint(sandboxPagamentoApi.cartaoToken, { body });

/** Sandbox "bank": what a PIX copy-and-paste code charges. */
export const sandboxPixConsultar = (codigo: string) =>
  callEndpoint(sandboxPagamentoApi.pixConsultar, { body: { codigo } });

/** Sandbox "bank": the boleto of a typed line (docs/behaviour/payments.md#sandbox). */
export const sandboxBoletoConsultar = (linha: string) =>
  callEndpoint(sandboxPagamentoApi.boletoConsultar, { body: { linha } });

/** Sandbox "bank": pays the boleto of a typed line (the order is told through the same path as a real webhook). */
export const sandboxBoletoPagar = (linha: string) => callEndpoint(sandboxPagamentoApi.boletoPagar, { body: { linha } });

/** Sandbox "bank": pays a PIX code (the order is told through the same path as a real webhook). */
export const sandboxPixPagar = (codigo: string) => callEndpoint(sandboxPagamentoApi.pixPagar, { body: { codigo } });
