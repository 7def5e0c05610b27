/**
 * The offline payment provider (PAYMENT_PROVIDER=sandbox, the default): a
 * faithful stand-in for Mercado Pago, following its contract (ADR 012). It
 * tokenizes cards like MercadoPago.js (the number and CVC are checked and
 * dropped; only first six, last four and brand are kept), charges a token once
 * with the result forced by the cardholder name as Mercado Pago's test cards
 * do, issues real BR Codes with a QR PNG, and plays the payer's bank that pays
 * them. Its state lives in the database (sandbox_cartoes, sandbox_pagamentos)
 * so every API instance sees the same tokens and charges, and every state
 * change is a single conditional UPDATE so concurrent callers cannot pay,
 * cancel or refund twice.
 *
 * This file is the provider and what card and PIX share (reads, cancels,
 * refunds); the cards are sandbox-cartao.ts, the PIX sandbox-pix.ts, the boleto sandbox-boleto.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { installmentOptions } from '@clinica/shared/installments';
import type {
  MetodoPagamento,
  SandboxCartaoToken,
  sandboxCartaoTokenBodySchema,
} from '@clinica/shared/schemas/sandbox';
import type { Db } from '../../db/client.js';
import { sandboxPagamentos } from '../../modules/checkout/pagamento.table.js';
import { MAX_CHAVE_PIX, MAX_CIDADE_RECEBEDOR, MAX_NOME_RECEBEDOR, textoBrCode } from './br-code.js';
import { type PagamentoProvedor, type PaymentProvider } from './payment-provider.js';
import { createSandboxBoleto, type BoletoSandbox } from './sandbox-boleto.js';
import { metodosPorBin } from './sandbox-cards.js';
import { createSandboxCartao } from './sandbox-cartao.js';
import { createSandboxLinhas } from './sandbox-linhas.js';
import { createSandboxPix, type PixSandbox } from './sandbox-pix.js';

export interface SandboxPaymentOptions {
  /** The store's name as the payer's bank shows it (cut to 25 characters, accents stripped). */
  recebedorNome: string;
  /** The store's city (cut to 15 characters, accents stripped). */
  recebedorCidade: string;
  /** The PIX key written in every BR Code. */
  chavePix: string;
  /** Current time (tests move it); defaults to the system clock. */
  clock?: () => Date;
}

export type SandboxPayments = PaymentProvider & {
  kind: 'sandbox';
  /**
   * createCardToken: Luhn-valid number of a known brand, card not expired,
   * CVC of 3 digits (4 for amex), valid CPF/CNPJ → a random single-use token
   * valid for 7 days. Throws CartaoInvalidoError with the reason (pt-BR).
   */
  tokenizar(body: z.output<typeof sandboxCartaoTokenBodySchema>): Promise<SandboxCartaoToken>;
  /** getPaymentMethods({ bin }): the brand of the first 6–8 digits; [] when unknown. */
  metodos(bin: string): MetodoPagamento[];
  /** The PIX charge of a pasted BR Code (parsed and CRC-checked); null when unknown or not ours. */
  consultarPix(codigo: string): Promise<PixSandbox | null>;
  /** Pays a PIX charge as the payer's bank would (once, and only while pending and unexpired). */
  pagarPix(codigo: string): Promise<PagamentoProvedor>;
  /** The boleto of a typed line; LinhaInvalidaError for wrong check digits; null when unknown. */
  consultarBoleto(linha: string): Promise<BoletoSandbox | null>;
  /** Pays a boleto as the payer's bank would (once, while pending: also late, until the store cancels it). */
  pagarBoleto(linha: string): Promise<BoletoSandbox>;
};

export function createSandboxPaymentProvider(db: Db, opts: SandboxPaymentOptions): SandboxPayments {
  const agora = (): Date => opts.clock?.() ?? new Date();
  const chavePix = opts.chavePix.trim();
  // Misconfiguration is caught at start-up rather than on the first PIX of a buyer.
  if (!chavePix || chavePix.length > MAX_CHAVE_PIX) throw new Error('Chave PIX do sandbox inválida');
  if (
    !textoBrCode(opts.recebedorNome, MAX_NOME_RECEBEDOR) ||
    !textoBrCode(opts.recebedorCidade, MAX_CIDADE_RECEBEDOR)
  ) {
    throw new Error('Nome e cidade do recebedor PIX do sandbox são obrigatórios');
  }
  const linhas = createSandboxLinhas(db);
  const { paraProvedor, porId } = linhas;
  const cartao = createSandboxCartao(db, agora, linhas);
  const pix = createSandboxPix(db, agora, linhas, { ...opts, chavePix });
  const boleto = createSandboxBoleto(db, agora, linhas, opts.recebedorNome);

  async function consultar(providerId: string): Promise<PagamentoProvedor | null> {
    // Reported as stored: an overdue pending PIX stays pending until cancelar() (our expiry job) runs.
    const linha = await porId(providerId);
    return linha ? paraProvedor(linha) : null;
  }

  async function cancelar(providerId: string): Promise<PagamentoProvedor | null> {
    const instante = agora();
    const [cancelado] = await db
      .update(sandboxPagamentos)
      .set({
        status: 'cancelled',
        // Mercado Pago tells an expired PIX ('expired') from one the store called off ('by_collector').
        statusDetalhe: sql<string>`CASE WHEN ${sandboxPagamentos.expiraEm} IS NOT NULL AND ${sandboxPagamentos.expiraEm} <= ${instante.toISOString()}::timestamptz THEN 'expired' ELSE 'by_collector' END`,
        updatedAt: instante,
      })
      .where(and(eq(sandboxPagamentos.id, providerId), eq(sandboxPagamentos.status, 'pending')))
      .returning();
    const linha = cancelado ?? (await porId(providerId));
    return linha ? paraProvedor(linha) : null;
  }

  async function estornar(providerId: string): Promise<PagamentoProvedor | null> {
    const instante = agora();
    const [estornado] = await db
      .update(sandboxPagamentos)
      .set({ status: 'refunded', statusDetalhe: 'refunded', updatedAt: instante })
      .where(and(eq(sandboxPagamentos.id, providerId), eq(sandboxPagamentos.status, 'approved')))
      .returning();
    const linha = estornado ?? (await porId(providerId));
    return linha ? paraProvedor(linha) : null;
  }

  return {
    kind: 'sandbox',
    tokenizar: cartao.tokenizar,
    metodos: metodosPorBin,
    // The store's own rule, as a seller's account configures its installments; the offer does not depend on the card.
    parcelas: async ({ valorCents, regra }) => installmentOptions(valorCents, regra),
    cobrarCartao: cartao.cobrarCartao,
    criarPix: pix.criarPix,
    criarBoleto: boleto.criarBoleto,
    consultar,
    cancelar,
    estornar,
    consultarPix: pix.consultarPix,
    pagarPix: pix.pagarPix,
    consultarBoleto: boleto.consultarBoleto,
    pagarBoleto: boleto.pagarBoleto,
  };
}
