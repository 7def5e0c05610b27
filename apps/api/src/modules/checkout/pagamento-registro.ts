/**
 * How a payment's status reaches our rows (ADR 012): the provider's view applied
 * to a payment and its effect on the order, under the order's lock, and the
 * customer told. The charges (pagamento-cobranca.ts), the provider's notices
 * (pagamento-sincronizacao.ts) and the refunds (pagamento-estorno.ts) all write
 * through here; pagamentos.ts puts them together.
 */
import { installmentPlanOfPayment, type InstallmentPlan } from '@clinica/shared/installment-plan';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import type { Cents } from '@clinica/shared/money';
import { aceitaPagamento, type MovimentoPedido } from '@clinica/shared/order-status';
import { podeAvancar, statusFinal } from '@clinica/shared/payment-status';
import { type NotificacaoPagamento, type StatusPagamento } from '@clinica/shared/schemas/pagamento';
import type { Db, Tx } from '../../db/client.js';
import { type PagamentoProvedor, type PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { AppError } from '../../lib/errors.js';
import type { EnqueueOptions, JobQueue } from '../../lib/jobs/index.js';
import type { AvisosPedido } from '../pedido/pedido-avisos.js';
import {
  cursoProntoEmail,
  pagamentoAprovadoEmail,
  pagamentoRecusadoEmail,
  pedidoCanceladoEmail,
  pedidoConfirmadoEmail,
  pedidoEstornadoEmail,
  pedidoRecebidoEmail,
  pixExpiradoEmail,
  type PagamentoEmail,
  type PagamentoRecebido,
  type PedidoParaEmail,
} from '../pedido/pedido-emails.js';
import { moverEstoque } from '../pedido/pedido-estoque.js';
import { revogarCertificadosDoPedido } from '../conteudo/certificado-revogacao.js';
import { pedirNotaFiscal } from '../nota-fiscal/nota-fiscal.service.js';
import { gravarNotificacao } from '../notificacao/notificacao.repository.js';
import type { PedidoTravado } from './pagamento-pedido.repository.js';
import type { PagamentoRepository } from './pagamento.repository.js';
import type { Pagamento } from './pagamento.table.js';

/** Jobs of the checkout's payments (lib/jobs). */
export const JOB_SINCRONIZAR = 'pagamento.sincronizar';
export const JOB_EXPIRAR_PIX = 'pagamento.expirar-pix';
export const JOB_EXPIRAR_BOLETO = 'pagamento.expirar-boleto';
export const JOB_ESTORNAR = 'pagamento.estornar';

/** Who hears about a payment's new status (the realtime bus; app.notificacoes). */
export type Notificar = (idUsuario: number, notificacao: NotificacaoPagamento) => Promise<void>;

export interface PagamentoLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PagamentosDeps {
  db: Db;
  repository: PagamentoRepository;
  provider: PaymentProvider;
  jobs: JobQueue;
  notificar: Notificar;
  log: PagamentoLog;
  /** The clinic's name on statements ("Pedido 12 - Clínica Sorriso Pleno"). */
  nomeLoja: string;
  /** How jobs that move money are enqueued (their retries never give up: lib/jobs). */
  opcoesTarefaDeDinheiro: Pick<EnqueueOptions, 'maxAttempts'>;
  /** The clock of PIX expiry and the reconciler (tests move it). */
  agora: () => Date;
  /** The customer's order e-mails, written in the transaction of the payment write that causes them (ADR 030). */
  avisos: AvisosPedido;
  /** Counts each payment status written, by status and method (the metrics' payments_total, ADR 040). */
  contarPagamento?: ((status: StatusPagamento, metodo: string) => void) | undefined;
}

/** What a payment write knows beyond the new status (registrar's `extra`). */
export interface ExtraRegistro {
  /** The price the attempt gives the order (written after the attempt): its e-mails show it. */
  preco?: { valorTotal: Cents; descontoPix: Cents; parcelamento: InstallmentPlan | null } | undefined;
  /** A PIX cancelled because its time ran out (its expiry job, the reconciler), not replaced by another attempt. */
  pixVencido?: boolean;
}

/** The payment as its receipt and refund e-mails show it. */
export const pagamentoDoEmail = (p: Pagamento): PagamentoEmail => ({
  tipo: p.tipo,
  valor: p.valor,
  aprovadoEm: p.aprovadoEm,
  parcelamento: installmentPlanOfPayment(p),
  bandeira: p.paymentMethodId,
  final: p.lastFour,
});

/** How to pay a new attempt still pending, from its row; null when the row lacks it. */
function comoPagar(p: Pagamento): PagamentoRecebido | null {
  if (p.tipo === 'pix')
    return p.pixQrCode && p.expiraEm ? { tipo: 'pix', codigo: p.pixQrCode, expiraEm: p.expiraEm } : null;
  if (p.tipo === 'boleto') {
    return p.boletoLinha && p.boletoVencimento
      ? { tipo: 'boleto', linhaDigitavel: p.boletoLinha, vencimento: p.boletoVencimento, pdfUrl: p.boletoPdfUrl }
      : null;
  }
  return { tipo: 'credit', emAnalise: true };
}

/** What the customer is told on each new status (ADR 012). */
export const MENSAGEM: Partial<Record<StatusPagamento, string>> = {
  approved: MSG.pagamentoProcessado,
  rejected: MSG.pagamentoRecusado,
  cancelled: MSG.pixExpirado,
  refunded: MSG_API.pagamentoEstornado,
  charged_back: MSG_API.pagamentoEstornado,
  in_process: MSG.pagamentoEmAnalise,
};

/** An attempt still running at the provider: a PIX that can be paid, a card in review. */
export const emCurso = (p: Pagamento, agora: Date) =>
  !statusFinal(p.status) &&
  p.providerId !== null &&
  (p.tipo !== 'pix' || (p.expiraEm?.getTime() ?? 0) > agora.getTime());

const SISTEMA = { quem: 'SISTEMA', quemId: null } as const;

/** Reserves again the released units of an order (ADR 032); false when some are no longer there. */
async function reservarDeNovo(tx: Tx, pedidoId: number): Promise<boolean> {
  try {
    await moverEstoque(tx, pedidoId, 'liberado', 'reservar', SISTEMA);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return false;
    throw err;
  }
}

/** A notification kept for the order's customer (ADR 046), to publish once its transaction commits. */
export interface AvisoGravado {
  id: number;
  pedidoId: number;
  status: StatusPagamento;
  texto: string;
}

/** A payment row as `registrar` wrote it, with the notification it kept (none when the customer is told nothing). */
export type PagamentoRegistrado = Pagamento & { aviso?: AvisoGravado | undefined };

/** Keeps, in `tx`, what the order's customer is told of a payment (ADR 046). */
export async function gravarAviso(
  tx: Tx,
  pedido: { id: number; clienteId: number },
  status: StatusPagamento,
  texto: string,
): Promise<AvisoGravado> {
  const id = await gravarNotificacao(tx, {
    clienteId: pedido.clienteId,
    tipo: 'pagamento',
    texto,
    statusPagamento: status,
    pedidoId: pedido.id,
  });
  return { id, pedidoId: pedido.id, status, texto };
}

/** The refund job's de-duplication key: one live refund per payment. */
const chaveEstorno = (pagamentoId: number) => `pagamento-estorno:${pagamentoId}`;

/** The part every payment write goes through: `registrar` and `aplicar`, the customer's notice, the refund job. */
export function createRegistroPagamento(deps: PagamentosDeps) {
  const { db, repository, jobs, log } = deps;

  /**
   * Publishes a kept notification (`aviso`, written by the transaction that caused it, ADR 046) to the order's
   * customer, after that transaction committed; a failure to publish never undoes the payment (the bell reads the
   * kept one on its next load).
   */
  async function avisar(aviso: AvisoGravado | undefined, usuarioId?: number) {
    if (!aviso) return;
    const { pedidoId } = aviso;
    try {
      const destino = usuarioId ?? (await repository.pedido(pedidoId))?.usuarioId;
      if (destino !== undefined) {
        await deps.notificar(destino, {
          id: aviso.id,
          message: aviso.texto,
          statusPayment: aviso.status,
          idPedido: pedidoId,
        });
      }
    } catch (err) {
      log.warn({ err, pedidoId }, 'notificação de pagamento não publicada');
    }
  }

  /** Enqueues the payment's refund, in `tx` when given (the transaction that decided it is owed back). */
  const agendarEstorno = (tx: Tx | null, pagamentoId: number) =>
    jobs.enqueue(
      JOB_ESTORNAR,
      { pagamentoId },
      { key: chaveEstorno(pagamentoId), ...(tx ? { db: tx } : {}), ...deps.opcoesTarefaDeDinheiro },
    );

  /**
   * Writes a payment's new status (`escrever`, with whether it is owed back)
   * and its effect on the order, in `tx`, under the order's lock:
   *
   * - approved: pays an order that accepts a payment; on any other order
   *   (cancelled meanwhile, paid by another payment, shipped) the payment is
   *   owed back; so it is when the order brings a course the customer already
   *   owns, and that order is cancelled. A payment owed back has its refund
   *   job enqueued in `tx`. The decision comes before the write: the database
   *   holds one paying approval per order (pagamentos_aprovado_uq).
   * - rejected: a new order becomes RECUSADO.
   * - refunded or charged back: a paid order is cancelled, unless another
   *   payment still pays it (a duplicate refunded keeps it PAGO).
   *
   * Then the customer's e-mails of the change (`emails`, ADR 030), in `tx`.
   *
   * Returns the written row, or undefined when `escrever` wrote nothing (another
   * writer moved the payment first); nothing else is written then.
   */
  async function registrar(
    tx: Tx,
    pedido: PedidoTravado,
    status: StatusPagamento,
    jaDevido: boolean,
    escrever: (estornoDevido: boolean) => Promise<Pagamento | undefined>,
    extra: ExtraRegistro = {},
  ): Promise<PagamentoRegistrado | undefined> {
    let estornar = false;
    let movimento: MovimentoPedido | null = null;
    if (status === 'approved') {
      if (jaDevido || !aceitaPagamento(pedido.situacao)) {
        estornar = true;
      } else {
        // Two orders of one customer with the same course are decided one after the other.
        if (pedido.temCurso) await repository.travarCliente(tx, pedido.clienteId);
        const possuido = pedido.temCurso && (await repository.cursoJaComprado(pedido.id, pedido.clienteId, tx));
        estornar = Boolean(possuido);
        movimento = possuido ? 'cancelar' : 'pagar';
        // Its units were released (a refused card, an expired PIX: ADR 032): taken again now, or, when they are no
        // longer there, the order is cancelled and the money goes back, as for a course already owned.
        if (!possuido && pedido.estoqueSituacao === 'liberado' && !(await reservarDeNovo(tx, pedido.id))) {
          estornar = true;
          movimento = 'cancelar';
        }
      }
    } else if (status === 'rejected') {
      movimento = 'recusar';
    }
    const novo = await escrever(estornar);
    if (!novo) return undefined;
    // Every payment write comes through here once (another writer first: nothing written, nothing counted).
    deps.contarPagamento?.(novo.status, novo.tipo);
    const moveu = movimento ? (await repository.moverPedido(tx, pedido.id, movimento)) !== undefined : false;
    // NF-e (ADR 031): the paid order's invoice is asked for in this transaction; its job skips orders without goods.
    if (moveu && movimento === 'pagar') await pedirNotaFiscal(jobs, tx, pedido.id);
    // A refused card or an expired PIX releases the units of the order it was to pay (ADR 032); a new attempt on
    // the order takes them again (pagamento-cobranca.ts). Only units still reserved: never sold ones.
    const desistencia = status === 'rejected' || (status === 'cancelled' && novo.tipo === 'pix');
    if (desistencia && pedido.estoqueSituacao === 'reservado' && aceitaPagamento(pedido.situacao)) {
      await moverEstoque(tx, pedido.id, 'reservado', 'liberar', SISTEMA);
    }
    if ((status === 'refunded' || status === 'charged_back') && !(await repository.aprovado(pedido.id, tx))) {
      // A paid order, or one withdrawn by its customer (ADR 036), is cancelled by its refund; a course's
      // certificate goes with the access its order granted.
      const de =
        (await repository.moverPedido(tx, pedido.id, 'estornar')) ??
        (await repository.moverPedido(tx, pedido.id, 'reembolsarDesistencia'));
      if (de !== undefined && pedido.temCurso) await revogarCertificadosDoPedido(tx, pedido.id);
    }
    if (estornar) await agendarEstorno(tx, novo.id);
    await emails(tx, pedido, novo, { movimento: moveu ? movimento : null, ...extra });
    // What the customer is told, kept in this transaction (ADR 046) and published once it commits. An approval owed
    // back says nothing now: its refund's notice follows. A boleto called off says nothing either: replaced by a
    // new attempt, that one is on screen; expired, the order's cancellation is told (expirarBoleto).
    const calado =
      (novo.status === 'approved' && novo.estornoDevido) || (novo.tipo === 'boleto' && novo.status === 'cancelled');
    const texto = calado ? undefined : MENSAGEM[novo.status];
    const aviso = texto ? await gravarAviso(tx, pedido, novo.status, texto) : undefined;
    return { ...novo, aviso };
  }

  /**
   * The customer's e-mails of a payment write that happened (`novo`), in its transaction (ADR 030): a write that
   * did not happen (a duplicate notice, a retried request, another instance first) never gets here, so none is
   * sent twice. The first attempt of an order (the one that took its placeholder's place) says 'received' with how
   * to pay, or 'confirmed' when approved at once; later writes say approved (and course ready), refused, PIX
   * expired, refunded, or cancelled when the order brings a course the customer already owns.
   */
  async function emails(
    tx: Tx,
    pedido: PedidoTravado,
    novo: Pagamento,
    c: ExtraRegistro & { movimento: MovimentoPedido | null },
  ): Promise<void> {
    const p: PedidoParaEmail = c.preco && !novo.estornoDevido ? { ...pedido.email, ...c.preco } : pedido.email;
    const primeira = pedido.placeholderId !== null && novo.id === pedido.placeholderId;
    const enviar = deps.avisos.enviar.bind(null, tx, p);
    switch (novo.status) {
      case 'approved':
        if (c.movimento === 'pagar') {
          const pag = pagamentoDoEmail(novo);
          await enviar((d, l) => (primeira ? pedidoConfirmadoEmail(d, pag, l) : pagamentoAprovadoEmail(d, pag, l)));
          if (p.itens.some((i) => i.digital)) await enviar(cursoProntoEmail);
        } else if (c.movimento === 'cancelar') {
          await enviar((d, l) => pedidoCanceladoEmail(d, 'CURSO_JA_ADQUIRIDO', l));
        }
        return;
      case 'rejected':
        await enviar((d, l) => pagamentoRecusadoEmail(d, { tipo: novo.tipo, statusDetalhe: novo.statusDetalhe }, l));
        return;
      case 'pending':
      case 'in_process': {
        const pag = primeira ? comoPagar(novo) : null;
        if (pag) await enviar((d, l) => pedidoRecebidoEmail(d, pag, l));
        return;
      }
      case 'cancelled':
        if (c.pixVencido && novo.tipo === 'pix' && aceitaPagamento(pedido.situacao)) await enviar(pixExpiradoEmail);
        return;
      case 'refunded':
      case 'charged_back': {
        const pag = pagamentoDoEmail(novo);
        await enviar((d, l) => pedidoEstornadoEmail(d, pag, l));
        return;
      }
      default:
        return;
    }
  }

  /**
   * Applies the provider's view of a payment to our row, if it moves forward,
   * with its effect on the order, in one transaction; then tells the customer.
   * Returns the row as it is afterwards.
   */
  async function aplicar(atual: Pagamento, remoto: PagamentoProvedor, extra: ExtraRegistro = {}): Promise<Pagamento> {
    let row = atual;
    for (let tentativa = 0; tentativa < 3; tentativa++) {
      if (!podeAvancar(row.status, remoto.status)) return row;
      const de = row.status;
      const depois = await db.transaction(async (tx) => {
        const pedido = await repository.travarPedido(tx, row.pedidoId);
        if (!pedido) return undefined;
        return registrar(
          tx,
          pedido,
          remoto.status,
          row.estornoDevido,
          (estornoDevido) =>
            repository.mudarStatus(tx, row.id, de, {
              status: remoto.status,
              statusDetalhe: remoto.statusDetalhe,
              ...(remoto.status === 'approved' ? { aprovadoEm: remoto.aprovadoEm ?? new Date() } : {}),
              lastFour: remoto.lastFour,
              estornoDevido,
            }),
          extra,
        );
      });
      if (depois) {
        await avisar(depois.aviso);
        return depois;
      }
      // Another writer moved it first: read again and retry from there.
      const relido = await repository.porId(row.id);
      if (!relido) return row;
      row = relido;
    }
    return row;
  }

  return { avisar, agendarEstorno, registrar, aplicar };
}

export type RegistroPagamento = ReturnType<typeof createRegistroPagamento>;
