/**
 * How an order's status moves: one table read by the API's guards (the
 * checkout and orders modules) and by the web's buttons (the customer's and
 * the staff's order dialogs), so both sides always agree (ADR 010, ADR 012).
 *
 *   PENDENTE ─pagar─▶ PAGO ─enviar─▶ ENVIADO ─entregar─▶ ENTREGUE
 *      │  ▲             │
 *   recusar│ pagar      └─estorno (refund or chargeback)─▶ CANCELADO
 *      ▼  │
 *   RECUSADO
 *   PENDENTE, RECUSADO ─cancelar (customer, staff, or the system: a course already owned)─▶ CANCELADO
 *   PAGO (courses only), ENTREGUE ─desistir (customer, 7 days)─▶ DEVOLUCAO_SOLICITADA ─reembolsarDesistencia─▶ CANCELADO
 *
 * The right of withdrawal (ADR 036): the customer withdraws a paid order of courses within 7 days of the payment,
 * or a delivered order within 7 days of the delivery; the order waits in DEVOLUCAO_SOLICITADA (a course's access
 * ends at once) until its refund, confirmed by the provider, cancels it. Goods are refunded once the staff record
 * their arrival back at the clinic.
 *
 * A paid order is not cancelled directly: staff ask for its refund, and the
 * refund, once the provider confirms it, is what cancels the order.
 */
import { MSG } from './messages.js';
import { MSG_BO } from './messages-backoffice.js';
import { MSG_DESISTENCIA } from './messages-desistencia.js';
import type { SituacaoPedido } from './schemas/pedido.js';

/** Who makes a move: the order's customer, the staff (USUARIO or ADMIN), or the store itself (payments, refunds). */
type AtorPedido = 'CLIENTE' | 'EQUIPE' | 'SISTEMA';

export interface TransicaoPedido {
  /** The statuses the move starts from. */
  de: readonly SituacaoPedido[];
  para: SituacaoPedido;
  /** Who may make it. */
  por: readonly AtorPedido[];
  /** Why it is refused from each other status (409), as the person asking is told. */
  recusas: Partial<Record<SituacaoPedido, string>>;
}

const JA_PAGO = {
  PAGO: MSG.pedidoJaPago,
  ENVIADO: MSG.pedidoJaPago,
  ENTREGUE: MSG.pedidoJaPago,
  CANCELADO: MSG.pedidoNaoAceitaPagamento,
  DEVOLUCAO_SOLICITADA: MSG.pedidoJaPago,
} as const;

export const TRANSICOES_PEDIDO = {
  /** A payment approved on an order that can take it. */
  pagar: { de: ['PENDENTE', 'RECUSADO'], para: 'PAGO', por: ['SISTEMA'], recusas: JA_PAGO },
  /** The first payment attempt refused: the order stays payable. */
  recusar: { de: ['PENDENTE'], para: 'RECUSADO', por: ['SISTEMA'], recusas: JA_PAGO },
  /**
   * An unpaid order given up: by its customer or the staff, or by the store
   * when a payment approved for it brings a course the customer already owns.
   */
  cancelar: {
    de: ['PENDENTE', 'RECUSADO'],
    para: 'CANCELADO',
    por: ['CLIENTE', 'EQUIPE', 'SISTEMA'],
    recusas: {
      CANCELADO: MSG.pedidoJaCancelado,
      PAGO: MSG.pedidoPagoNaoCancela,
      ENVIADO: MSG.pedidoEnviadoNaoCancela,
      ENTREGUE: MSG.pedidoEnviadoNaoCancela,
      DEVOLUCAO_SOLICITADA: MSG_DESISTENCIA.jaSolicitada,
    },
  },
  /** The paid order's payment refunded (asked by staff) or charged back: the order is cancelled. */
  estornar: {
    de: ['PAGO'],
    para: 'CANCELADO',
    por: ['SISTEMA'],
    recusas: {
      PENDENTE: MSG.pedidoPagoEstornoIndisponivel,
      RECUSADO: MSG.pedidoPagoEstornoIndisponivel,
      CANCELADO: MSG.pedidoJaCancelado,
      ENVIADO: MSG.pedidoEnviadoNaoCancela,
      ENTREGUE: MSG.pedidoEnviadoNaoCancela,
      DEVOLUCAO_SOLICITADA: MSG_DESISTENCIA.jaSolicitada,
    },
  },
  /**
   * The customer's right of withdrawal (ADR 036): a paid order of courses (within 7 days of the payment) or a
   * delivered one (within 7 days of the delivery); the service checks which applies and the window.
   */
  desistir: {
    de: ['PAGO', 'ENTREGUE'],
    para: 'DEVOLUCAO_SOLICITADA',
    por: ['CLIENTE'],
    recusas: {
      PENDENTE: MSG_DESISTENCIA.naoPago,
      RECUSADO: MSG_DESISTENCIA.naoPago,
      ENVIADO: MSG_DESISTENCIA.emTransporte,
      CANCELADO: MSG_DESISTENCIA.cancelado,
      DEVOLUCAO_SOLICITADA: MSG_DESISTENCIA.jaSolicitada,
    },
  },
  /** A withdrawn order's refund confirmed by the provider (or charged back): the order is cancelled. */
  reembolsarDesistencia: {
    de: ['DEVOLUCAO_SOLICITADA'],
    para: 'CANCELADO',
    por: ['SISTEMA'],
    recusas: {
      PENDENTE: MSG_DESISTENCIA.semDesistencia,
      RECUSADO: MSG_DESISTENCIA.semDesistencia,
      PAGO: MSG_DESISTENCIA.semDesistencia,
      ENVIADO: MSG_DESISTENCIA.semDesistencia,
      ENTREGUE: MSG_DESISTENCIA.semDesistencia,
      CANCELADO: MSG.pedidoJaCancelado,
    },
  },
  enviar: {
    de: ['PAGO'],
    para: 'ENVIADO',
    por: ['EQUIPE'],
    recusas: {
      PENDENTE: MSG_BO.pedidoNaoPagoNaoEnvia,
      RECUSADO: MSG_BO.pedidoNaoPagoNaoEnvia,
      ENVIADO: MSG_BO.pedidoJaEnviado,
      ENTREGUE: MSG_BO.pedidoJaEntregue,
      CANCELADO: MSG_BO.pedidoCanceladoNaoEnvia,
      DEVOLUCAO_SOLICITADA: MSG_DESISTENCIA.jaSolicitada,
    },
  },
  entregar: {
    de: ['ENVIADO'],
    para: 'ENTREGUE',
    por: ['EQUIPE'],
    recusas: {
      PENDENTE: MSG_BO.pedidoEntregarNaoEnviado,
      RECUSADO: MSG_BO.pedidoEntregarNaoEnviado,
      PAGO: MSG_BO.pedidoEntregarNaoEnviado,
      ENTREGUE: MSG_BO.pedidoJaEntregue,
      CANCELADO: MSG_BO.pedidoCanceladoNaoEntrega,
      DEVOLUCAO_SOLICITADA: MSG_DESISTENCIA.jaSolicitada,
    },
  },
} as const satisfies Record<string, TransicaoPedido>;

export type MovimentoPedido = keyof typeof TRANSICOES_PEDIDO;

/** Whether `movimento` may start from `situacao` (who makes it aside). */
export const podeMover = (movimento: MovimentoPedido, situacao: SituacaoPedido): boolean =>
  (TRANSICOES_PEDIDO[movimento].de as readonly SituacaoPedido[]).includes(situacao);

/** The pt-BR reason a move is refused from `situacao`; null when it is allowed. */
export function recusaDoMovimento(movimento: MovimentoPedido, situacao: SituacaoPedido): string | null {
  if (podeMover(movimento, situacao)) return null;
  const recusas: Partial<Record<SituacaoPedido, string>> = TRANSICOES_PEDIDO[movimento].recusas;
  return recusas[situacao] ?? MSG.pedidoNaoAceitaPagamento;
}

/** The statuses `movimento` starts from (for the repositories' compare-and-set). */
export const origensDe = (movimento: MovimentoPedido): readonly SituacaoPedido[] => TRANSICOES_PEDIDO[movimento].de;

/** An order still waiting for its money: it takes a payment (and 'Tentar pagamento novamente' is offered). */
export const aceitaPagamento = (situacao: SituacaoPedido) => podeMover('pagar', situacao);

/** Orders whose products count as bought: a course in one of them is owned. */
export const SITUACOES_COMPRADO: readonly SituacaoPedido[] = ['PAGO', 'ENVIADO', 'ENTREGUE'];

/** The customer cancels an unpaid order from the order dialog. */
export const clientePodeCancelar = (situacao: SituacaoPedido) => podeMover('cancelar', situacao);

/** A paid order is not cancelled by the customer: the dialog offers a talk with the clinic instead. */
export const clienteConversaParaCancelar = (situacao: SituacaoPedido) => situacao === 'PAGO';

/** Staff cancel an unpaid order at once, and a paid one by refunding it (the refund then cancels it). */
export const equipePodeCancelar = (situacao: SituacaoPedido) =>
  podeMover('cancelar', situacao) || podeMover('estornar', situacao);

/** Cancelling this order means refunding its payment. */
export const cancelamentoEstorna = (situacao: SituacaoPedido) => podeMover('estornar', situacao);

/** The staff record the arrival of a withdrawn order's goods (ADR 036); the service checks it has goods. */
export const podeRegistrarDevolucao = (situacao: SituacaoPedido) => situacao === 'DEVOLUCAO_SOLICITADA';

export const podeEnviar = (situacao: SituacaoPedido) => podeMover('enviar', situacao);
export const podeEntregar = (situacao: SituacaoPedido) => podeMover('entregar', situacao);
