import type { OpcaoFrete } from '@clinica/shared/schemas/frete';

export type { OpcaoFrete };

/** One product line of a shipment, with the product's measures as the catalogue has them. */
export interface VolumeFrete {
  /** Product id (Melhor Envio echoes it in its packages). */
  id: number;
  quantidade: number;
  /** kg per unit. */
  pesoKg: number;
  /** cm per unit. */
  alturaCm: number;
  larguraCm: number;
  comprimentoCm: number;
  /** Unit price in cents (Melhor Envio's insurance value). */
  valorUnitarioCents: number;
}

/** A quote request: 8-digit CEPs, their states (from the CEP ranges) and the physical lines. */
export interface PedidoCotacao {
  cepOrigem: string;
  ufOrigem: string;
  cepDestino: string;
  ufDestino: string;
  volumes: VolumeFrete[];
}

/** Where freight prices come from: the store's own table (default) or Melhor Envio. */
export interface FreightProvider {
  readonly kind: 'local' | 'melhorenvio';
  /**
   * The available services, cheapest first, `custom_price` in cents. Throws
   * FreteIndisponivelError when the service cannot answer (or the account is
   * not connected) and FreteRecusadoError when it refuses the request.
   */
  cotar(pedido: PedidoCotacao): Promise<OpcaoFrete[]>;
}

/** The freight service could not answer: not connected, network, timeout, 5xx, an answer we cannot read. */
export class FreteIndisponivelError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FreteIndisponivelError';
  }
}

/** The freight service refused the request itself (HTTP 400/422: a CEP or measure it does not accept). */
export class FreteRecusadoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FreteRecusadoError';
  }
}

/** Cheapest first; equal prices by the shorter delivery, then by service id. */
export const porPreco = (a: OpcaoFrete, b: OpcaoFrete): number =>
  a.custom_price - b.custom_price || a.delivery_range.max - b.delivery_range.max || a.id - b.id;
