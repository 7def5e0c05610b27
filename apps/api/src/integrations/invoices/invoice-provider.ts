import type { DadosNota } from '../../modules/nota-fiscal/nota-fiscal.dados.js';
import type { ProvedorNota } from '../../modules/nota-fiscal/nota-fiscal.table.js';

/** An invoice to issue: the order's data and, for the sandbox's numbering, our invoice row's id. */
interface PedidoDeNota {
  dados: DadosNota;
  /** notas_fiscais.id: the sandbox numbers its invoices with it (series 1), so a number is never given twice. */
  idNota: number;
  /** When it is asked for (the key's AAMM and the DANFE's date). */
  agora: Date;
}

/** The provider's view of an invoice. */
export interface NotaProvedor {
  /**
   * emitida: authorised by SEFAZ (number, series and key known); processando: accepted, SEFAZ not answered yet (read
   * it again later, or wait for the webhook); rejeitada: refused for good, `motivo` says why (SEFAZ's reason).
   */
  status: 'emitida' | 'processando' | 'rejeitada';
  providerId: string | null;
  numero: number | null;
  serie: number | null;
  chaveAcesso: string | null;
  motivo: string | null;
  emitidaEm: Date | null;
}

/** The provider could not be reached or answered something we cannot read (network, timeout, 5xx): retry later. */
export class NotaIndisponivelError extends Error {
  constructor(detalhe: string, options?: { cause?: unknown }) {
    super(detalhe, options);
    this.name = 'NotaIndisponivelError';
  }
}

/**
 * Where NF-e are issued (INVOICE_PROVIDER, ADR 031): the offline sandbox (default) or NFE.io. Issuing is safe to
 * retry: the order's reference is the provider's idempotency key.
 */
export interface InvoiceProvider {
  readonly kind: ProvedorNota;
  emitir(pedido: PedidoDeNota): Promise<NotaProvedor>;
  /** The invoice as the provider holds it now; null when it does not know the id. */
  consultar(providerId: string): Promise<NotaProvedor | null>;
  /** The provider's DANFE or XML of an issued invoice; null when the store draws them itself (the sandbox). */
  documento(providerId: string, tipo: 'pdf' | 'xml'): Promise<Buffer | null>;
}
