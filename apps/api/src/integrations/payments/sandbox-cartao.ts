/**
 * The sandbox's cards (ADR 012): tokenized like MercadoPago.js does (the number and CVC are checked and dropped;
 * only first six, last four and brand are kept), and a token charged once with the result forced by the
 * cardholder name, as Mercado Pago's test cards do.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { diaDe } from '@clinica/shared/clinic-day';
import { MAX_PARCELAS } from '@clinica/shared/installments';
import { isValidCnpj, isValidCpf } from '@clinica/shared/documents';
import type { SandboxCartaoToken, sandboxCartaoTokenBodySchema } from '@clinica/shared/schemas/sandbox';
import type { Db } from '../../db/client.js';
import { sandboxCartoes, sandboxPagamentos } from '../../modules/checkout/pagamento.table.js';
import {
  CartaoInvalidoError,
  CobrancaRecusadaError,
  type CobrancaCartao,
  type PagamentoProvedor,
} from './payment-provider.js';
import {
  bandeiraAceita,
  bandeiraPorBin,
  comprimentoValido,
  digitosCvc,
  luhnValido,
  resultadoPorTitular,
} from './sandbox-cards.js';

import { type SandboxLinhas, novoId, validarCobranca } from './sandbox-linhas.js';

/**
 * Mercado Pago's card tokens last 7 days and charge once; the sandbox keeps
 * the same lifetime so a checkout that works here does not rely on a token
 * living longer than it would in production.
 */
export const VALIDADE_TOKEN_DIAS = 7;
const VALIDADE_TOKEN_MS = VALIDADE_TOKEN_DIAS * 24 * 60 * 60_000;

/** Card expiry dates further ahead than this are typing mistakes, as issuers refuse them. */
const MAX_ANOS_VALIDADE_CARTAO = 20;

const TOKEN_RE = /^[0-9a-f]{32}$/;

/**
 * Mercado Pago's documented test CPF. Its check digits are right, but the
 * validator library blacklists it as a famous fake; the sandbox must take it
 * because the test-card instructions tell people to type it.
 */
const CPF_TESTE_MERCADO_PAGO = '12345678909';

/** A payment replaying its idempotency key lost the race to an identical request; the caller returns the winner. */
class ChaveRepetidaError extends Error {}

/**
 * Year × 12 + month of an instant in Brasília time: a card printed "11/30" is
 * good through the last day of November 2030 where the store and its buyers
 * are, not in UTC (which turns the month three hours early).
 */
function mesCorrente(instante: Date): number {
  const [ano, mes] = diaDe(instante);
  return ano * 12 + mes;
}

export function createSandboxCartao(db: Db, agora: () => Date, linhas: SandboxLinhas) {
  const { paraProvedor, porChave } = linhas;

  async function tokenizar(body: z.output<typeof sandboxCartaoTokenBodySchema>): Promise<SandboxCartaoToken> {
    const numero = body.cardNumber.replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(numero) || !luhnValido(numero)) throw new CartaoInvalidoError('número do cartão inválido');
    const bandeira = bandeiraPorBin(numero);
    if (!bandeira) throw new CartaoInvalidoError('bandeira do cartão não reconhecida');
    if (!comprimentoValido(bandeira, numero)) throw new CartaoInvalidoError('número do cartão inválido');

    const mes = Number(body.cardExpirationMonth);
    const ano = Number(body.cardExpirationYear);
    if (!Number.isInteger(mes) || mes < 1 || mes > 12 || !Number.isInteger(ano)) {
      throw new CartaoInvalidoError('data de validade do cartão inválida');
    }
    const instante = agora();
    const atual = mesCorrente(instante);
    if (ano * 12 + mes < atual) throw new CartaoInvalidoError('cartão vencido');
    if (ano * 12 + mes > atual + MAX_ANOS_VALIDADE_CARTAO * 12) {
      throw new CartaoInvalidoError('data de validade do cartão inválida');
    }

    if (!new RegExp(`^\\d{${digitosCvc(bandeira)}}$`).test(body.securityCode)) {
      throw new CartaoInvalidoError('código de segurança inválido');
    }

    const titular = body.cardholderName.trim().replace(/\s+/g, ' ');
    if (!titular || titular.length > 150) throw new CartaoInvalidoError('nome do titular inválido');

    const documento = body.identificationNumber.toUpperCase();
    const documentoValido =
      body.identificationType === 'CPF'
        ? /^\d{11}$/.test(documento) && (documento === CPF_TESTE_MERCADO_PAGO || isValidCpf(documento))
        : documento.length === 14 && isValidCnpj(documento);
    if (!documentoValido) throw new CartaoInvalidoError('documento do titular inválido');

    // Only what Mercado Pago's token answer exposes is kept; the full number and the CVC end here.
    const token = crypto.randomBytes(16).toString('hex');
    await db.insert(sandboxCartoes).values({
      token,
      primeirosSeis: numero.slice(0, 6),
      ultimosQuatro: numero.slice(-4),
      paymentMethodId: bandeira,
      titular,
      documento,
      expiraEm: new Date(instante.getTime() + VALIDADE_TOKEN_MS),
    });
    return {
      id: token,
      first_six_digits: numero.slice(0, 6),
      last_four_digits: numero.slice(-4),
      payment_method_id: bandeira,
      expiration_month: mes,
      expiration_year: ano,
      cardholder: { name: titular },
    };
  }

  async function cobrarCartao(cobranca: CobrancaCartao): Promise<PagamentoProvedor> {
    validarCobranca(cobranca);
    // The installments as the sandbox's offer (the store's rule) gave them; 1x when none were chosen.
    const plano = cobranca.parcelamento ?? {
      parcelas: 1,
      valorParcela: cobranca.valorCents,
      total: cobranca.valorCents,
    };
    if (
      !Number.isInteger(plano.parcelas) ||
      plano.parcelas < 1 ||
      plano.parcelas > MAX_PARCELAS ||
      !Number.isSafeInteger(plano.total) ||
      plano.total < cobranca.valorCents ||
      !Number.isSafeInteger(plano.valorParcela) ||
      plano.valorParcela <= 0
    ) {
      throw new CobrancaRecusadaError('parcelamento inválido');
    }
    // A repeated key is answered with the first payment before anything else, as
    // Mercado Pago does: the token (already spent by that payment) is not re-checked.
    const anterior = await porChave(cobranca.chaveIdempotencia);
    if (anterior) return paraProvedor(anterior);
    if (!TOKEN_RE.test(cobranca.token)) throw new CartaoInvalidoError('token de cartão inválido');

    try {
      const linha = await db.transaction(async (tx) => {
        const instante = agora();
        // The row lock makes a concurrent charge with the same token wait and then see it spent.
        const [cartao] = await tx
          .select()
          .from(sandboxCartoes)
          .where(eq(sandboxCartoes.token, cobranca.token))
          .for('update');
        if (!cartao) throw new CartaoInvalidoError('token de cartão desconhecido');
        if (cartao.usadoEm) throw new CartaoInvalidoError('token de cartão já utilizado');
        if (cartao.expiraEm.getTime() <= instante.getTime()) throw new CartaoInvalidoError('token de cartão expirado');
        if (cartao.paymentMethodId !== cobranca.paymentMethodId) {
          throw new CobrancaRecusadaError('o meio de pagamento não corresponde à bandeira do cartão');
        }
        if (!bandeiraAceita(cartao.paymentMethodId)) throw new CobrancaRecusadaError('bandeira do cartão não aceita');

        // A rejected charge spends the token too: Mercado Pago tokens are single use whatever the outcome.
        const resultado = resultadoPorTitular(cartao.titular);
        const [criado] = await tx
          .insert(sandboxPagamentos)
          .values({
            id: novoId(),
            tipo: 'credit',
            status: resultado.status,
            statusDetalhe: resultado.statusDetalhe,
            valor: cobranca.valorCents,
            parcelas: plano.parcelas,
            valorParcela: plano.valorParcela,
            totalCobrado: plano.total,
            referencia: cobranca.referencia,
            chave: cobranca.chaveIdempotencia,
            paymentMethodId: cartao.paymentMethodId,
            lastFour: cartao.ultimosQuatro,
            aprovadoEm: resultado.status === 'approved' ? instante : null,
            createdAt: instante,
            updatedAt: instante,
          })
          .onConflictDoNothing({ target: sandboxPagamentos.chave })
          .returning();
        if (!criado) throw new ChaveRepetidaError();
        await tx.update(sandboxCartoes).set({ usadoEm: instante }).where(eq(sandboxCartoes.token, cobranca.token));
        return criado;
      });
      return paraProvedor(linha);
    } catch (err) {
      // Two identical requests at once: the loser finds the token spent (or the key
      // taken) and, like a repeat, gets the winner's payment instead of an error.
      if (err instanceof CartaoInvalidoError || err instanceof ChaveRepetidaError) {
        const vencedor = await porChave(cobranca.chaveIdempotencia);
        if (vencedor) return paraProvedor(vencedor);
        if (err instanceof ChaveRepetidaError)
          throw new Error('Chave de idempotência em uso sem pagamento', { cause: err });
      }
      throw err;
    }
  }

  return { tokenizar, cobrarCartao };
}
