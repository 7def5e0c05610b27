/**
 * The sandbox's PIX (ADR 012): real BR Codes with a QR PNG, once per idempotency key, and the payer's bank that
 * pays them, once and only while pending and unexpired.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxPagamentos } from '../../modules/checkout/pagamento.table.js';
import { lerBrCode, montarBrCode, normalizarCodigo, novoTxid } from './br-code.js';
import {
  CobrancaRecusadaError,
  type CobrancaPix,
  type PagamentoProvedor,
  type StatusPagamento,
} from './payment-provider.js';

import {
  type SandboxLinhas,
  type LinhaPagamento,
  type NovaLinhaPagamento,
  novoId,
  validarCobranca,
} from './sandbox-linhas.js';

export interface PixSandbox {
  pagamento: PagamentoProvedor;
  txid: string;
  recebedor: string;
  cidade: string;
  expiraEm: Date | null;
}

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

/** Mercado Pago accepts `date_of_expiration` up to 30 days ahead. */
const MAX_VALIDADE_PIX_MS = 30 * 24 * 60 * 60_000;

/** Statuses in which the money did reach the store at some point. */
const STATUS_JA_PAGO: readonly StatusPagamento[] = ['approved', 'refunded', 'charged_back', 'in_mediation'];

interface RecebedorPix {
  recebedorNome: string;
  recebedorCidade: string;
  chavePix: string;
}

export function createSandboxPix(db: Db, agora: () => Date, linhas: SandboxLinhas, opts: RecebedorPix) {
  const { paraProvedor, porChave, porId } = linhas;
  const { chavePix } = opts;

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

  return { criarPix, consultarPix, pagarPix };
}
