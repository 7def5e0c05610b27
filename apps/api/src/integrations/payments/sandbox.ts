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
 */
import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { diaDe } from '@clinica/shared/clinic-day';
import { isValidCnpj, isValidCpf } from '@clinica/shared/documents';
import type {
  MetodoPagamento,
  SandboxCartaoToken,
  sandboxCartaoTokenBodySchema,
} from '@clinica/shared/schemas/sandbox';
import type { Db } from '../../db/client.js';
import { sandboxCartoes, sandboxPagamentos } from '../../modules/checkout/pagamento.table.js';
import {
  lerBrCode,
  MAX_CHAVE_PIX,
  MAX_CIDADE_RECEBEDOR,
  MAX_NOME_RECEBEDOR,
  montarBrCode,
  normalizarCodigo,
  novoTxid,
  qrCodePngBase64,
  textoBrCode,
} from './br-code.js';
import {
  CartaoInvalidoError,
  CobrancaRecusadaError,
  type CobrancaBase,
  type CobrancaCartao,
  type CobrancaPix,
  type PagamentoProvedor,
  type PaymentProvider,
  type StatusPagamento,
} from './payment-provider.js';
import {
  bandeiraAceita,
  bandeiraPorBin,
  comprimentoValido,
  digitosCvc,
  luhnValido,
  metodosPorBin,
  resultadoPorTitular,
} from './sandbox-cards.js';

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

interface PixSandbox {
  pagamento: PagamentoProvedor;
  txid: string;
  recebedor: string;
  cidade: string;
  expiraEm: Date | null;
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
};

/** The code does not belong to any charge of this store (or is not a valid BR Code). */
export class PixNaoEncontradoError extends Error {
  constructor() {
    super('Código PIX não encontrado.');
    this.name = 'PixNaoEncontradoError';
  }
}

/** The charge was already paid (also when it was paid and later refunded). */
export class PixJaPagoError extends Error {
  constructor() {
    super('Esta cobrança PIX já foi paga.');
    this.name = 'PixJaPagoError';
  }
}

/** The charge expired or was cancelled: a bank refuses to pay it. */
export class PixNaoPagavelError extends Error {
  constructor() {
    super('Esta cobrança PIX expirou ou foi cancelada e não pode mais ser paga.');
    this.name = 'PixNaoPagavelError';
  }
}

/**
 * Mercado Pago's card tokens last 7 days and charge once; the sandbox keeps
 * the same lifetime so a checkout that works here does not rely on a token
 * living longer than it would in production.
 */
export const VALIDADE_TOKEN_DIAS = 7;
const VALIDADE_TOKEN_MS = VALIDADE_TOKEN_DIAS * 24 * 60 * 60_000;

/** Mercado Pago accepts `date_of_expiration` up to 30 days ahead. */
const MAX_VALIDADE_PIX_MS = 30 * 24 * 60 * 60_000;

/** Card expiry dates further ahead than this are typing mistakes, as issuers refuse them. */
const MAX_ANOS_VALIDADE_CARTAO = 20;

/** Statuses in which the money did reach the store at some point. */
const STATUS_JA_PAGO: readonly StatusPagamento[] = ['approved', 'refunded', 'charged_back', 'in_mediation'];

const TOKEN_RE = /^[0-9a-f]{32}$/;

/**
 * Mercado Pago's documented test CPF. Its check digits are right, but the
 * validator library blacklists it as a famous fake; the sandbox must take it
 * because the test-card instructions tell people to type it.
 */
const CPF_TESTE_MERCADO_PAGO = '12345678909';

type LinhaPagamento = typeof sandboxPagamentos.$inferSelect;
type NovaLinhaPagamento = typeof sandboxPagamentos.$inferInsert;

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

/** 'sbx-' + 24 random hex characters: unguessable, so ids cannot be enumerated through consultar(). */
const novoId = (): string => `sbx-${crypto.randomBytes(12).toString('hex')}`;

function validarCobranca(cobranca: CobrancaBase): void {
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
      pix:
        linha.tipo === 'pix' && linha.qrCode
          ? { qrCode: linha.qrCode, qrCodeBase64: qrCodePngBase64(linha.qrCode) }
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

  /** The charge of a pasted code: ours only if the key is ours and the text is exactly the code we issued. */
  async function localizarPix(
    codigo: string,
  ): Promise<{ linha: LinhaPagamento; recebedor: string; cidade: string } | null> {
    const texto = normalizarCodigo(codigo);
    const lido = lerBrCode(texto);
    if (!lido || lido.chavePix !== chavePix) return null;
    const [linha] = await db
      .select()
      .from(sandboxPagamentos)
      .where(and(eq(sandboxPagamentos.txid, lido.txid), eq(sandboxPagamentos.tipo, 'pix')));
    // A code re-assembled with our txid but another amount has a valid CRC; comparing the whole text refuses it.
    if (!linha || linha.qrCode !== texto) return null;
    return { linha, recebedor: lido.recebedor, cidade: lido.cidade };
  }

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

  /** The row of a new PIX charge; CobrancaRecusadaError for an expiry already past or more than 30 days away. */
  function novoPix(cobranca: CobrancaPix): NovaLinhaPagamento {
    const instante = agora();
    const expiraEm = cobranca.expiraEm;
    if (!(expiraEm instanceof Date) || Number.isNaN(expiraEm.getTime()) || expiraEm.getTime() <= instante.getTime()) {
      throw new CobrancaRecusadaError('data de expiração do PIX inválida');
    }
    // No 30-minute minimum as Mercado Pago has: the store's checkout PIX lives 10 minutes and
    // is cancelled by our own job, so the sandbox takes the instant the app asks for.
    if (expiraEm.getTime() - instante.getTime() > MAX_VALIDADE_PIX_MS) {
      throw new CobrancaRecusadaError('data de expiração do PIX além de 30 dias');
    }

    const txid = novoTxid();
    const codigo = montarBrCode({
      recebedorNome: opts.recebedorNome,
      recebedorCidade: opts.recebedorCidade,
      chavePix,
      valorCents: cobranca.valorCents,
      txid,
      infoAdicional: `Pedido ${cobranca.referencia}`,
    });
    return {
      id: novoId(),
      tipo: 'pix',
      status: 'pending',
      statusDetalhe: 'pending_waiting_transfer',
      valor: cobranca.valorCents,
      referencia: cobranca.referencia,
      chave: cobranca.chaveIdempotencia,
      txid,
      qrCode: codigo,
      expiraEm,
      paymentMethodId: 'pix',
      createdAt: instante,
      updatedAt: instante,
    };
  }

  /**
   * A PIX charge, once per idempotency key: a repeated key is answered with
   * its first charge, whatever else the request says. The new charge is
   * inserted first (one statement when the key is new); the key's charge is
   * read only when the insert finds the key taken or the request is refused.
   */
  async function criarPix(cobranca: CobrancaPix): Promise<PagamentoProvedor> {
    validarCobranca(cobranca);
    let novo: NovaLinhaPagamento;
    try {
      novo = novoPix(cobranca);
    } catch (err) {
      const anterior = await porChave(cobranca.chaveIdempotencia);
      if (anterior) return paraProvedor(anterior);
      throw err;
    }
    const [criado] = await db
      .insert(sandboxPagamentos)
      .values(novo)
      .onConflictDoNothing({ target: sandboxPagamentos.chave })
      .returning();
    // The key was used before (a repeat, or a concurrent request that got there first): answer with its charge.
    const linha = criado ?? (await porChave(cobranca.chaveIdempotencia));
    if (!linha) throw new Error('Chave de idempotência em uso sem pagamento');
    return paraProvedor(linha);
  }

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

  async function consultarPix(codigo: string): Promise<PixSandbox | null> {
    const achado = await localizarPix(codigo);
    if (!achado) return null;
    return {
      pagamento: paraProvedor(achado.linha),
      txid: achado.linha.txid ?? '',
      recebedor: achado.recebedor,
      cidade: achado.cidade,
      expiraEm: achado.linha.expiraEm,
    };
  }

  async function pagarPix(codigo: string): Promise<PagamentoProvedor> {
    const achado = await localizarPix(codigo);
    if (!achado) throw new PixNaoEncontradoError();
    const instante = agora();
    // One conditional UPDATE: of two banks paying at once, only one finds it still pending.
    const [pago] = await db
      .update(sandboxPagamentos)
      .set({ status: 'approved', statusDetalhe: 'accredited', aprovadoEm: instante, updatedAt: instante })
      .where(
        and(
          eq(sandboxPagamentos.id, achado.linha.id),
          eq(sandboxPagamentos.status, 'pending'),
          // The provider's clock (injectable) rather than the database's now(), so tests can move time.
          gt(sandboxPagamentos.expiraEm, instante),
        ),
      )
      .returning();
    if (pago) return paraProvedor(pago);
    const atual = await porId(achado.linha.id);
    if (!atual) throw new PixNaoEncontradoError();
    if (STATUS_JA_PAGO.includes(atual.status)) throw new PixJaPagoError();
    throw new PixNaoPagavelError();
  }

  return {
    kind: 'sandbox',
    tokenizar,
    metodos: metodosPorBin,
    cobrarCartao,
    criarPix,
    consultar,
    cancelar,
    estornar,
    consultarPix,
    pagarPix,
  };
}
