import type { Cents } from '@clinica/shared/money';

/** An address on the invoice (the issuer's, or the delivery address for the buyer). */
export interface EnderecoNota {
  logradouro: string;
  numero: string;
  complemento: string | null;
  bairro: string;
  cep: string;
  /** IBGE code of the city. */
  codigoMunicipio: number;
  municipio: string;
  uf: string;
}

/** One invoiced line: a physical, non-gift order line with its fiscal codes (ADR 031). */
export interface ItemNota {
  /** The product's id, as the item's code (cProd). */
  codigo: string;
  descricao: string;
  ncm: string;
  cfop: string;
  unidade: 'UN';
  quantidade: number;
  valorUnitario: Cents;
  /** quantidade × valorUnitario (vProd). */
  valorBruto: Cents;
  /** The line's share of the order's coupon and PIX discounts (vDesc). */
  desconto: Cents;
}

/**
 * What an invoice is issued from, built by the issuing job from the order, its customer and the clinic's company row,
 * and kept on the invoice (notas_fiscais.dados): what the provider was sent, what the sandbox's DANFE and XML show.
 */
export interface DadosNota {
  pedidoId: number;
  /** Our reference at the provider, one per order: 'pedido-{id}'. */
  referencia: string;
  naturezaOperacao: string;
  emitente: { nome: string; cnpj: string; codigoUf: number; endereco: EnderecoNota };
  destinatario: {
    nome: string;
    documento: { tipo: 'CPF' | 'CNPJ'; numero: string };
    /** A company's state registration (IE); null for a person or an exempt company. */
    inscricaoEstadual: string | null;
    email: string | null;
    endereco: EnderecoNota;
  };
  itens: ItemNota[];
  frete: Cents;
  /** Σ valorBruto (vProd). */
  valorProdutos: Cents;
  /** Σ desconto (vDesc). */
  desconto: Cents;
  /** valorProdutos − desconto + frete (vNF): what the customer paid for these goods and their freight. */
  total: Cents;
  /**
   * The taxpayer's additional information (infCpl): the buyer's CRO when the order has a professional-use item
   * (ADR 037, RDC 6/2015). Absent on invoices issued before it.
   */
  informacoesComplementares?: string | null;
}
