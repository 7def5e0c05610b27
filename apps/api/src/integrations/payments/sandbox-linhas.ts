/**
 * The payment sandbox's charges as rows (sandbox_pagamentos) and as the provider answers them: what its card
 * and PIX halves (sandbox-cartao.ts, sandbox-pix.ts) and the provider itself (sandbox.ts) share.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { linhaDigitavel } from '@clinica/shared/boleto';
import type { Db } from '../../db/client.js';
import { sandboxPagamentos } from '../../modules/checkout/pagamento.table.js';
import { qrCodePngBase64 } from './br-code.js';
import { CobrancaRecusadaError, type CobrancaBase, type PagamentoProvedor } from './payment-provider.js';

export type LinhaPagamento = typeof sandboxPagamentos.$inferSelect;
export type NovaLinhaPagamento = typeof sandboxPagamentos.$inferInsert;

/** 'sbx-' + 24 random hex characters: unguessable, so ids cannot be enumerated through consultar(). */
export const novoId = (): string => `sbx-${crypto.randomBytes(12).toString('hex')}`;

/** The checks Mercado Pago makes on any charge, card or PIX. */
export function validarCobranca(cobranca: CobrancaBase): void {
  if (!Number.isSafeInteger(cobranca.valorCents) || cobranca.valorCents <= 0) {
    throw new CobrancaRecusadaError('valor da cobrança inválido');
  }
  // numeric(12, 2): at most 9,999,999,999.99.
  if (cobranca.valorCents > 999_999_999_999) throw new CobrancaRecusadaError('valor da cobrança acima do limite');
  if (!cobranca.chaveIdempotencia || cobranca.chaveIdempotencia.length > 120) {
    throw new CobrancaRecusadaError('chave de idempotência inválida');
  }
  if (cobranca.referencia.length > 64) throw new CobrancaRecusadaError('referência externa longa demais');
}

export function createSandboxLinhas(db: Db) {
  function paraProvedor(linha: LinhaPagamento): PagamentoProvedor {
    return {
      providerId: linha.id,
      tipo: linha.tipo,
      status: linha.status,
      statusDetalhe: linha.statusDetalhe,
      valorCents: linha.valor,
      referencia: linha.referencia,
      paymentMethodId: linha.paymentMethodId,
      lastFour: linha.lastFour,
      aprovadoEm: linha.aprovadoEm,
      parcelamento:
        linha.parcelas !== null && linha.valorParcela !== null && linha.totalCobrado !== null
          ? { parcelas: linha.parcelas, valorParcela: linha.valorParcela, total: linha.totalCobrado }
          : null,
      pix:
        linha.tipo === 'pix' && linha.qrCode
          ? { qrCode: linha.qrCode, qrCodeBase64: qrCodePngBase64(linha.qrCode) }
          : null,
      boleto:
        linha.tipo === 'boleto' && linha.codigoBarras && linha.vencimento
          ? {
              linhaDigitavel: linhaDigitavel(linha.codigoBarras),
              codigoBarras: linha.codigoBarras,
              vencimento: linha.vencimento,
              pdfUrl: null,
            }
          : null,
    };
  }

  async function porChave(chave: string): Promise<LinhaPagamento | undefined> {
    const [linha] = await db.select().from(sandboxPagamentos).where(eq(sandboxPagamentos.chave, chave));
    return linha;
  }

  async function porId(id: string): Promise<LinhaPagamento | undefined> {
    const [linha] = await db.select().from(sandboxPagamentos).where(eq(sandboxPagamentos.id, id));
    return linha;
  }

  return { paraProvedor, porChave, porId };
}

export type SandboxLinhas = ReturnType<typeof createSandboxLinhas>;
