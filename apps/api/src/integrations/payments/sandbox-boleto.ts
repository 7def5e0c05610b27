/**
 * The sandbox's boleto (docs/decisions/029-boleto.md): a real FEBRABAN barcode and 47-digit line (packages/shared
 * boleto.ts) once per idempotency key, and the payer's bank that pays a typed line: once, while pending. It stays
 * payable after its due day until the store cancels it (our expiry job), as a registered boleto paid late is.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { barcodeFromLinha, boletoBarcode, validLinhaDigitavel } from '@clinica/shared/boleto';
import { hojeNaClinica } from '@clinica/shared/clinic-day';
import type { Db } from '../../db/client.js';
import { sandboxPagamentos } from '../../modules/checkout/pagamento.table.js';
import {
  CobrancaRecusadaError,
  type CobrancaBoleto,
  type PagamentoProvedor,
  type StatusPagamento,
} from './payment-provider.js';
import { type LinhaPagamento, type SandboxLinhas, novoId, validarCobranca } from './sandbox-linhas.js';

/** The bank the sandbox's boletos name: 237 (Bradesco, as Mercado Pago's `bolbradesco`), with a made-up account. */
const BANCO = '237';
const AGENCIA = '1234';
const CARTEIRA = '09';
const CONTA = '0012345';

/** Mercado Pago issues a boleto due at most 30 days ahead (ours: at most 30 business days, some 45 calendar days). */
const MAX_DIAS_VENCIMENTO = 60;

/** The line's check digits are wrong, or it is not 47 digits. */
export class LinhaInvalidaError extends Error {
  constructor() {
    super('Linha digitável inválida.');
    this.name = 'LinhaInvalidaError';
  }
}

/** The line belongs to no boleto of this store. */
export class BoletoNaoEncontradoError extends Error {
  constructor() {
    super('Boleto não encontrado.');
    this.name = 'BoletoNaoEncontradoError';
  }
}

/** The boleto was already paid (also when paid and later refunded). */
export class BoletoJaPagoError extends Error {
  constructor() {
    super('Este boleto já foi pago.');
    this.name = 'BoletoJaPagoError';
  }
}

/** The boleto was cancelled (replaced by another, or unpaid past its grace period): a bank refuses it. */
export class BoletoNaoPagavelError extends Error {
  constructor() {
    super('Este boleto foi cancelado.');
    this.name = 'BoletoNaoPagavelError';
  }
}

/** A boleto of the sandbox as its bank shows it before paying. */
export interface BoletoSandbox {
  pagamento: PagamentoProvedor;
  beneficiario: string;
  pagador: string;
  vencimento: string;
}

const STATUS_JA_PAGO: readonly StatusPagamento[] = ['approved', 'refunded', 'charged_back', 'in_mediation'];

/** Bradesco's free field: agency (4), wallet (2), 'nosso número' (11, random), account (7), 0. */
const campoLivre = () =>
  `${AGENCIA}${CARTEIRA}${String(crypto.randomInt(0, 100_000_000_000)).padStart(11, '0')}${CONTA}0`;

export function createSandboxBoleto(db: Db, agora: () => Date, linhas: SandboxLinhas, beneficiario: string) {
  const { paraProvedor, porChave, porId } = linhas;

  async function criarBoleto(cobranca: CobrancaBoleto): Promise<PagamentoProvedor> {
    validarCobranca(cobranca);
    const anterior = await porChave(cobranca.chaveIdempotencia);
    if (anterior) return paraProvedor(anterior);
    const hoje = hojeNaClinica(agora());
    const dias = (Date.parse(`${cobranca.vencimento}T00:00:00Z`) - Date.parse(`${hoje}T00:00:00Z`)) / 86_400_000;
    if (!(dias >= 0 && dias <= MAX_DIAS_VENCIMENTO)) throw new CobrancaRecusadaError('vencimento do boleto inválido');
    const instante = agora();
    const [criado] = await db
      .insert(sandboxPagamentos)
      .values({
        id: novoId(),
        tipo: 'boleto',
        status: 'pending',
        statusDetalhe: 'pending_waiting_payment',
        valor: cobranca.valorCents,
        referencia: cobranca.referencia,
        chave: cobranca.chaveIdempotencia,
        codigoBarras: boletoBarcode({
          banco: BANCO,
          vencimento: cobranca.vencimento,
          valor: cobranca.valorCents,
          campoLivre: campoLivre(),
        }),
        vencimento: cobranca.vencimento,
        pagador: cobranca.pagador.nome.slice(0, 200),
        paymentMethodId: 'bolbradesco',
        createdAt: instante,
        updatedAt: instante,
      })
      .onConflictDoNothing({ target: sandboxPagamentos.chave })
      .returning();
    // A concurrent request with the same key got there first: answer with its boleto.
    const linha = criado ?? (await porChave(cobranca.chaveIdempotencia));
    if (!linha) throw new Error('Chave de idempotência em uso sem pagamento');
    return paraProvedor(linha);
  }

  /** The boleto of a typed line; LinhaInvalidaError for wrong check digits, null when it is none of ours. */
  async function localizar(linha: string): Promise<LinhaPagamento | null> {
    if (!validLinhaDigitavel(linha)) throw new LinhaInvalidaError();
    const [achado] = await db
      .select()
      .from(sandboxPagamentos)
      .where(and(eq(sandboxPagamentos.codigoBarras, barcodeFromLinha(linha)), eq(sandboxPagamentos.tipo, 'boleto')));
    return achado ?? null;
  }

  const comoBanco = (l: LinhaPagamento): BoletoSandbox => ({
    pagamento: paraProvedor(l),
    beneficiario,
    pagador: l.pagador ?? '',
    vencimento: l.vencimento ?? '',
  });

  async function consultarBoleto(linha: string): Promise<BoletoSandbox | null> {
    const achado = await localizar(linha);
    return achado ? comoBanco(achado) : null;
  }

  /** Pays a boleto as the payer's bank would: once, while pending (also after its due day: it was not cancelled). */
  async function pagarBoleto(linha: string): Promise<BoletoSandbox> {
    const achado = await localizar(linha);
    if (!achado) throw new BoletoNaoEncontradoError();
    const instante = agora();
    // One conditional UPDATE: of two banks paying at once, only one finds it still pending.
    const [pago] = await db
      .update(sandboxPagamentos)
      .set({ status: 'approved', statusDetalhe: 'accredited', aprovadoEm: instante, updatedAt: instante })
      .where(and(eq(sandboxPagamentos.id, achado.id), eq(sandboxPagamentos.status, 'pending')))
      .returning();
    if (pago) return comoBanco(pago);
    const atual = await porId(achado.id);
    if (!atual) throw new BoletoNaoEncontradoError();
    if (STATUS_JA_PAGO.includes(atual.status)) throw new BoletoJaPagoError();
    throw new BoletoNaoPagavelError();
  }

  return { criarBoleto, consultarBoleto, pagarBoleto };
}
