import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import type { InstallmentOption, InstallmentRule } from '@clinica/shared/installments';
import type { ProvedorPagamento, StatusPagamento, TipoPagamento } from '../../modules/checkout/pagamento.table.js';

export type { StatusPagamento };

/** The payer's document, as Mercado Pago's `payer.identification`. */
export interface DocumentoPagador {
  tipo: 'CPF' | 'CNPJ';
  /** Digits (or the alphanumeric CNPJ), no punctuation. */
  numero: string;
}

/** What every charge carries. */
export interface CobrancaBase {
  /** Amount in integer cents. */
  valorCents: number;
  /** Shown on the statement / PIX ("Pedido 123 - Clínica Sorriso Pleno"). */
  descricao: string;
  email: string;
  documento: DocumentoPagador | null;
  /** Our order id, as text (Mercado Pago's `external_reference`). */
  referencia: string;
  /**
   * Stable key of this attempt (Mercado Pago's `X-Idempotency-Key`): the same
   * key returns the same payment and never charges twice.
   */
  chaveIdempotencia: string;
}

export interface CobrancaCartao extends CobrancaBase {
  /** The card token made in the browser (sandbox tokenizer or MercadoPago.js); never the card number. */
  token: string;
  /** visa, master, amex, elo… (from the payment-method lookup by BIN). */
  paymentMethodId: string;
  /**
   * The installments chosen, as the provider offered them (`parcelas`): Mercado Pago's body carries the count
   * (`installments`) and charges its own total for it; the sandbox charges this total. Absent: 1x.
   */
  parcelamento?: InstallmentPlan;
}

/** What the installment offer of a purchase depends on (PaymentProvider.parcelas). */
export interface ConsultaParcelas {
  /** The amount to pay, in cents, before any interest. */
  valorCents: number;
  /** The card's first 6 to 8 digits; null before the number is typed. */
  bin: string | null;
  /**
   * The store's rule (docs/behaviour/payments.md#commercial-rules): the sandbox offers exactly it, as a seller's
   * account would be set up; Mercado Pago offers its own payer costs for the card, cut to the rule's maximum count
   * and minimum installment.
   */
  regra: InstallmentRule;
}

export interface CobrancaPix extends CobrancaBase {
  /** When the charge stops being payable on our side (the expiry job cancels it at the provider then). */
  expiraEm: Date;
}

/** The payer of a boleto as the bank prints it (Mercado Pago's `payer` for a boleto). */
interface PagadorBoleto {
  nome: string;
  /** The delivery address when the order has one (Mercado Pago asks for it on a boleto). */
  endereco: {
    cep: string;
    logradouro: string;
    numero: string;
    bairro: string;
    cidade: string;
    uf: string;
  } | null;
}

export interface CobrancaBoleto extends CobrancaBase {
  /** The due day, 'YYYY-MM-DD' in the clinic's calendar (today + N business days). */
  vencimento: string;
  pagador: PagadorBoleto;
}

/** A boleto as the provider issued it. */
interface BoletoProvedor {
  /** 47 digits. */
  linhaDigitavel: string;
  /** 44 digits. */
  codigoBarras: string;
  /** 'YYYY-MM-DD'. */
  vencimento: string;
  /** The bank's printable boleto (Mercado Pago's external_resource_url); null when the store prints it. */
  pdfUrl: string | null;
}

/** A payment as the provider reports it now (the source of truth for webhooks and jobs). */
export interface PagamentoProvedor {
  /** The provider's payment id. */
  providerId: string;
  tipo: TipoPagamento;
  status: StatusPagamento;
  statusDetalhe: string | null;
  valorCents: number;
  /** Our order id as sent in `referencia`; null if the provider lost it. */
  referencia: string | null;
  paymentMethodId: string | null;
  lastFour: string | null;
  /** When it was approved, if it was. */
  aprovadoEm: Date | null;
  /** A card's installments as charged (count, regular installment, total with interest), when the provider says. */
  parcelamento: InstallmentPlan | null;
  /** PIX only: the BR Code (copy and paste) and its QR code as a base64 PNG. */
  pix: { qrCode: string; qrCodeBase64: string } | null;
  /** Boleto only: its line, barcode, due day and PDF. */
  boleto: BoletoProvedor | null;
}

/**
 * The card token was refused before any charge: unknown, forged, already
 * used, expired, or not a token at all. No payment exists; the API answers
 * 422 'Erro ao processar cartão. Verifique os dados.'.
 */
export class CartaoInvalidoError extends Error {
  constructor(detalhe = 'token de cartão inválido') {
    super(detalhe);
    this.name = 'CartaoInvalidoError';
  }
}

/** The provider could not be reached or answered something we cannot read (network, timeout, 5xx). */
export class ProvedorIndisponivelError extends Error {
  constructor(detalhe: string, options?: { cause?: unknown }) {
    super(detalhe, options);
    this.name = 'ProvedorIndisponivelError';
  }
}

/** The provider refused the request itself (4xx other than a bad token): amount, payer, method. */
export class CobrancaRecusadaError extends Error {
  constructor(detalhe: string) {
    super(detalhe);
    this.name = 'CobrancaRecusadaError';
  }
}

/**
 * Where payments happen: the offline sandbox (default) or Mercado Pago
 * (PAYMENT_PROVIDER). Every method is safe to retry: charges carry an
 * idempotency key, reads and cancels are idempotent.
 */
export interface PaymentProvider {
  readonly kind: ProvedorPagamento;
  /**
   * The ways to pay `valorCents` by card, 1x (cash) first and then each count offered, fewest first (Mercado Pago's
   * GET /v1/payment_methods/installments). Without a BIN, where the offer depends on the card, only 1x.
   */
  parcelas(consulta: ConsultaParcelas): Promise<InstallmentOption[]>;
  /** Charges a card token once; the answer carries the final or pending status. */
  cobrarCartao(cobranca: CobrancaCartao): Promise<PagamentoProvedor>;
  /** Creates a PIX charge (status pending) with its BR Code and QR PNG. */
  criarPix(cobranca: CobrancaPix): Promise<PagamentoProvedor>;
  /**
   * Issues a boleto (status pending until the bank pays it) with its line, barcode and due day. It stays payable
   * until `cancelar` (our expiry job, after the due day plus the grace period), so a late payment is accepted.
   */
  criarBoleto(cobranca: CobrancaBoleto): Promise<PagamentoProvedor>;
  /** The payment as the provider holds it now; null when the provider does not know the id. */
  consultar(providerId: string): Promise<PagamentoProvedor | null>;
  /**
   * Cancels a payment that is still pending (a live PIX): the provider's
   * answer afterwards. A payment that is no longer pending is returned as it is
   * (approved stays approved: the caller applies what comes back).
   */
  cancelar(providerId: string): Promise<PagamentoProvedor | null>;
  /** Refunds an approved payment in full; returns it afterwards (status refunded). */
  estornar(providerId: string): Promise<PagamentoProvedor | null>;
}
