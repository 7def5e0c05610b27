import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { aceitaPagamento, recusaDoMovimento, type MovimentoPedido } from '@clinica/shared/order-status';
import { podeAvancar, statusFinal } from '@clinica/shared/payment-status';
import {
  PIX_VALIDADE_CHECKOUT_S,
  PIX_VALIDADE_PEDIDO_S,
  type NotificacaoPagamento,
  type OrigemPagamento,
  type StatusPagamento,
} from '@clinica/shared/schemas/pagamento';
import type { Db, Tx } from '../../db/client.js';
import {
  CartaoInvalidoError,
  CobrancaRecusadaError,
  ProvedorIndisponivelError,
  type DocumentoPagador,
  type PagamentoProvedor,
  type PaymentProvider,
} from '../../integrations/payments/payment-provider.js';
import { AppError, conflict, sqlConstraint, unprocessable } from '../../lib/errors.js';
import type { EnqueueOptions, JobQueue } from '../../lib/jobs/index.js';
import type { PagamentoRepository, PedidoParaPagamento, Tentativas } from './pagamento.repository.js';
import type { Pagamento, ProvedorPagamento } from './pagamento.table.js';

/** Jobs of the checkout's payments (lib/jobs). */
export const JOB_SINCRONIZAR = 'pagamento.sincronizar';
export const JOB_EXPIRAR_PIX = 'pagamento.expirar-pix';
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
}

/** What one payment attempt asks for. */
export interface Tentativa {
  tipo: 'credit' | 'pix';
  token?: string | undefined;
  paymentMethodId?: string | undefined;
  email?: string | undefined;
  origem: OrigemPagamento;
}

const validade = (origem: OrigemPagamento) => (origem === 'checkout' ? PIX_VALIDADE_CHECKOUT_S : PIX_VALIDADE_PEDIDO_S);

/** What the customer is told on each new status (ADR 012). */
export const MENSAGEM: Partial<Record<StatusPagamento, string>> = {
  approved: MSG.pagamentoProcessado,
  rejected: MSG.pagamentoRecusado,
  cancelled: MSG.pixExpirado,
  refunded: MSG_API.pagamentoEstornado,
  charged_back: MSG_API.pagamentoEstornado,
  in_process: MSG.pagamentoEmAnalise,
};

function documentoDe(documento: string | null): DocumentoPagador | null {
  if (!documento) return null;
  const numero = documento.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (numero.length === 11) return { tipo: 'CPF', numero };
  if (numero.length === 14) return { tipo: 'CNPJ', numero };
  return null;
}

/** An attempt still running at the provider: a PIX that can be paid, a card in review. */
export const emCurso = (p: Pagamento, agora: Date) =>
  !statusFinal(p.status) &&
  p.providerId !== null &&
  (p.tipo !== 'pix' || (p.expiraEm?.getTime() ?? 0) > agora.getTime());

/** The refund job's de-duplication key: one live refund per payment. */
const chaveEstorno = (pagamentoId: number) => `pagamento-estorno:${pagamentoId}`;

/**
 * The payments of the checkout (ADR 012): charges through the provider, the
 * provider's view applied to our rows, and refunds. Every decision about an
 * order's money is made in one transaction that first locks the order's row
 * (repository.travarPedido), with the order's status table
 * (packages/shared/src/order-status.ts):
 *
 * - an approval pays an order that accepts a payment; on any other order
 *   (cancelled meanwhile, already paid by another payment, shipped) and on an
 *   order bringing a course the customer already owns, the payment is marked
 *   owed back (`estorno_devido`) and its refund job is enqueued in that same
 *   transaction; the course case also cancels the order;
 * - a refusal makes a new order RECUSADO; a refund or chargeback cancels a
 *   paid order unless another payment still pays it.
 */
export function createPagamentos(deps: PagamentosDeps) {
  const { db, repository, provider, jobs, log, agora } = deps;

  function erroDoProvedor(err: unknown, tipo: 'credit' | 'pix'): never {
    if (err instanceof CartaoInvalidoError) {
      throw Object.assign(unprocessable(MSG.erroProcessarCartao), { cause: err });
    }
    if (err instanceof CobrancaRecusadaError) {
      throw Object.assign(unprocessable(tipo === 'credit' ? MSG.erroProcessarCartao : MSG.erroProcessarPagamento), {
        cause: err,
      });
    }
    if (err instanceof ProvedorIndisponivelError) {
      throw Object.assign(new AppError(503, MSG_API.pagamentoProvedorIndisponivel), { cause: err });
    }
    throw err;
  }

  /** Tells the order's customer; a failure to publish never undoes the payment. */
  async function avisar(pedidoId: number, status: StatusPagamento, usuarioId?: number) {
    const message = MENSAGEM[status];
    if (!message) return;
    try {
      const destino = usuarioId ?? (await repository.pedido(pedidoId))?.usuarioId;
      if (destino !== undefined) await deps.notificar(destino, { message, statusPayment: status, idPedido: pedidoId });
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
   * Returns the written row, or undefined when `escrever` wrote nothing (another
   * writer moved the payment first); nothing else is written then.
   */
  async function registrar(
    tx: Tx,
    pedido: { id: number; situacao: PedidoParaPagamento['situacao']; clienteId: number; temCurso: boolean },
    status: StatusPagamento,
    jaDevido: boolean,
    escrever: (estornoDevido: boolean) => Promise<Pagamento | undefined>,
  ): Promise<Pagamento | undefined> {
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
      }
    } else if (status === 'rejected') {
      movimento = 'recusar';
    }
    const novo = await escrever(estornar);
    if (!novo) return undefined;
    if (movimento) await repository.moverPedido(tx, pedido.id, movimento);
    if ((status === 'refunded' || status === 'charged_back') && !(await repository.aprovado(pedido.id, tx))) {
      await repository.moverPedido(tx, pedido.id, 'estornar');
    }
    if (estornar) await agendarEstorno(tx, novo.id);
    return novo;
  }

  /**
   * Applies the provider's view of a payment to our row, if it moves forward,
   * with its effect on the order, in one transaction; then tells the customer.
   * Returns the row as it is afterwards.
   */
  async function aplicar(atual: Pagamento, remoto: PagamentoProvedor): Promise<Pagamento> {
    let row = atual;
    for (let tentativa = 0; tentativa < 3; tentativa++) {
      if (!podeAvancar(row.status, remoto.status)) return row;
      const de = row.status;
      const depois = await db.transaction(async (tx) => {
        const pedido = await repository.travarPedido(tx, row.pedidoId);
        if (!pedido) return undefined;
        return registrar(tx, pedido, remoto.status, row.estornoDevido, (estornoDevido) =>
          repository.mudarStatus(tx, row.id, de, {
            status: remoto.status,
            statusDetalhe: remoto.statusDetalhe,
            ...(remoto.status === 'approved' ? { aprovadoEm: remoto.aprovadoEm ?? new Date() } : {}),
            lastFour: remoto.lastFour,
            estornoDevido,
          }),
        );
      });
      if (depois) {
        // An approval owed back says nothing now: its refund's notice follows.
        if (!(depois.status === 'approved' && depois.estornoDevido)) await avisar(depois.pedidoId, depois.status);
        return depois;
      }
      // Another writer moved it first: read again and retry from there.
      const relido = await repository.porId(row.id);
      if (!relido) return row;
      row = relido;
    }
    return row;
  }

  /**
   * Cancels the order's live provider charges before a new attempt (placeholders
   * are replaced when the new attempt is written). `exceto`: the attempt being
   * made, whose own charge a concurrent replay must not cancel. `pendentes`:
   * the order's pending attempts when the caller already read them.
   */
  async function cancelarVivos(pedidoId: number, exceto?: string, pendentes?: Pagamento[]): Promise<void> {
    for (const p of pendentes ?? (await repository.pendentes(pedidoId))) {
      if (!p.providerId || p.provedor !== provider.kind || (exceto && p.chaveProvedor === exceto)) continue;
      let remoto: PagamentoProvedor | null;
      try {
        remoto = await provider.cancelar(p.providerId);
      } catch (err) {
        erroDoProvedor(err, p.tipo);
      }
      if (remoto) {
        const depois = await aplicar(p, remoto);
        if (depois.status === 'approved' && !depois.estornoDevido) throw conflict(MSG.pedidoJaPago);
      }
    }
  }

  /** The refusal of an attempt whose approval is owed back: the money goes back by itself. */
  const devolvido = () => conflict(MSG_API.pagamentoDevolvido);

  /**
   * Charges the order through the provider and records the attempt. The
   * provider key makes a repeat of the same attempt return the same payment.
   * `lidas`: the attempt's rows when the caller read them with the order
   * (otherwise read here, in one statement).
   */
  async function cobrar(
    pedido: PedidoParaPagamento,
    tentativa: Tentativa,
    chaveProvedor: string,
    lidas?: Tentativas,
  ): Promise<Pagamento> {
    const { porChave: ja, pendentes } = lidas ?? (await repository.tentativas(pedido.id, chaveProvedor));
    if (ja) {
      if (ja.estornoDevido) throw devolvido();
      return ja;
    }
    const recusa = recusaDoMovimento('pagar', pedido.situacao);
    if (recusa) throw conflict(recusa);
    if (tentativa.tipo === 'credit' && (!tentativa.token || !tentativa.paymentMethodId)) {
      throw unprocessable(MSG_API.pagamentoCartaoIncompleto, {
        errors: [{ campo: tentativa.token ? 'paymentMethodId' : 'token', mensagem: MSG_API.pagamentoCartaoIncompleto }],
      });
    }
    // A course the customer came to own through another order meanwhile is not charged again.
    const curso = pedido.temCurso ? await repository.cursoJaComprado(pedido.id, pedido.clienteId) : null;
    if (curso) throw conflict(MSG_API.produtoDigitalJaAdquirido.replace('{nome}', curso));
    await cancelarVivos(pedido.id, chaveProvedor, pendentes);

    const base = {
      valorCents: pedido.valorTotal,
      descricao: `Pedido ${pedido.id} - ${deps.nomeLoja}`.slice(0, 120),
      email: tentativa.email || pedido.email || '',
      documento: documentoDe(pedido.documento),
      referencia: String(pedido.id),
      chaveIdempotencia: chaveProvedor,
    };
    let expiraEm: Date | null = null;
    let remoto: PagamentoProvedor;
    const criadoEm = new Date();
    try {
      if (tentativa.tipo === 'credit') {
        remoto = await provider.cobrarCartao({
          ...base,
          token: tentativa.token!,
          paymentMethodId: tentativa.paymentMethodId!,
        });
      } else {
        expiraEm = new Date(agora().getTime() + validade(tentativa.origem) * 1000);
        remoto = await provider.criarPix({ ...base, expiraEm });
      }
    } catch (err) {
      erroDoProvedor(err, tentativa.tipo);
    }

    let gravado: Pagamento;
    try {
      gravado = await db.transaction(async (tx) => {
        const travado = await repository.travarPedido(tx, pedido.id);
        if (!travado) throw new Error(`pedido ${pedido.id} sumiu durante a cobrança`);
        // Approved on an order that can no longer take it (cancelled while the provider answered, paid by
        // another attempt, a course owned meanwhile): owed back, refunded by its job.
        const row = await registrar(tx, travado, remoto.status, false, (estornoDevido) =>
          repository.gravarTentativa(tx, {
            pedidoId: pedido.id,
            tipo: tentativa.tipo,
            status: remoto.status,
            statusDetalhe: remoto.statusDetalhe,
            provedor: provider.kind,
            providerId: remoto.providerId,
            chaveProvedor,
            valor: remoto.valorCents,
            pixQrCode: remoto.pix?.qrCode ?? null,
            pixQrCodeBase64: remoto.pix?.qrCodeBase64 ?? null,
            expiraEm,
            lastFour: remoto.lastFour,
            paymentMethodId: remoto.paymentMethodId ?? tentativa.paymentMethodId ?? null,
            aprovadoEm: remoto.status === 'approved' ? (remoto.aprovadoEm ?? new Date()) : null,
            estornoDevido,
            createdAt: criadoEm,
          }),
        );
        if (!row) throw new Error('tentativa não gravada');
        if (row.tipo === 'pix' && row.status === 'pending' && expiraEm) {
          await jobs.enqueue(
            JOB_EXPIRAR_PIX,
            { pagamentoId: row.id },
            { runAt: expiraEm, key: `pix-expira:${row.id}`, db: tx, ...deps.opcoesTarefaDeDinheiro },
          );
        }
        return row;
      });
    } catch (err) {
      const constraint = sqlConstraint(err);
      if (!constraint) throw err;
      // A concurrent replay of this very attempt, or the reconciler adopting the provider's payment, recorded it
      // first: that row is the answer.
      const gravadoPorOutro =
        (await repository.porChaveProvedor(chaveProvedor)) ??
        (await repository.porProviderId(provider.kind, remoto.providerId));
      if (gravadoPorOutro) {
        if (gravadoPorOutro.estornoDevido) throw devolvido();
        return gravadoPorOutro;
      }
      if (constraint === 'pagamentos_pix_vivo_uq') {
        // Another attempt's PIX on this order won the race: undo ours at the provider.
        await provider.cancelar(remoto.providerId).catch(() => undefined);
        throw conflict(MSG_API.idempotenciaEmAndamento);
      }
      throw err;
    }
    jobs.wake();
    if (gravado.estornoDevido) throw devolvido();
    if (gravado.status !== 'pending') await avisar(pedido.id, gravado.status, pedido.usuarioId);
    return gravado;
  }

  /**
   * A refused card token, recorded as a rejected attempt (the order becomes
   * RECUSADO and can be paid again), so the checkout's answer still carries
   * the order.
   */
  async function gravarTokenRecusado(
    pedido: PedidoParaPagamento,
    chaveProvedor: string,
    paymentMethodId: string | null,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const travado = await repository.travarPedido(tx, pedido.id);
      if (!travado) return;
      await registrar(tx, travado, 'rejected', false, () =>
        repository.gravarTentativa(tx, {
          pedidoId: pedido.id,
          tipo: 'credit',
          status: 'rejected',
          statusDetalhe: 'cc_rejected_invalid_token',
          provedor: provider.kind,
          chaveProvedor,
          valor: pedido.valorTotal,
          paymentMethodId,
        }),
      );
    });
    await avisar(pedido.id, 'rejected', pedido.usuarioId);
  }

  /**
   * Records a payment the provider holds and we never recorded (the process
   * stopped between the provider's answer and our write, and no retry came):
   * the order it names (`referencia`) gets it, with its effect, as if it had
   * been recorded then. False when it names no order of ours.
   */
  async function adotar(remoto: PagamentoProvedor): Promise<boolean> {
    const pedidoId = Number(remoto.referencia);
    if (!Number.isInteger(pedidoId) || pedidoId <= 0 || !(await repository.pedido(pedidoId))) return false;
    try {
      const row = await db.transaction(async (tx) => {
        const travado = await repository.travarPedido(tx, pedidoId);
        if (!travado) return undefined;
        return registrar(tx, travado, remoto.status, false, (estornoDevido) =>
          repository.gravarTentativa(tx, {
            pedidoId,
            tipo: remoto.tipo,
            status: remoto.status,
            statusDetalhe: remoto.statusDetalhe,
            provedor: provider.kind,
            providerId: remoto.providerId,
            valor: remoto.valorCents,
            pixQrCode: remoto.pix?.qrCode ?? null,
            pixQrCodeBase64: remoto.pix?.qrCodeBase64 ?? null,
            lastFour: remoto.lastFour,
            paymentMethodId: remoto.paymentMethodId,
            aprovadoEm: remoto.status === 'approved' ? (remoto.aprovadoEm ?? new Date()) : null,
            estornoDevido,
          }),
        );
      });
      log.warn({ pedidoId, providerId: remoto.providerId, status: remoto.status }, 'pagamento do provedor adotado');
      if (row && row.status !== 'pending') await avisar(pedidoId, row.status);
    } catch (err) {
      // Recorded meanwhile by its own attempt: nothing to adopt.
      if (!sqlConstraint(err)) throw err;
    }
    return true;
  }

  /**
   * Re-reads a payment at the provider and applies it. A payment we have no
   * row for is adopted only when `adotarSemRegistro` (the reconciler, minutes
   * after the event): before that, its own attempt may still be recording it.
   */
  async function sincronizar(
    provedor: ProvedorPagamento,
    providerId: string,
    { adotarSemRegistro = false } = {},
  ): Promise<void> {
    if (provedor !== provider.kind) return;
    const row = await repository.porProviderId(provedor, providerId);
    if (!row && !adotarSemRegistro) {
      // The notification can arrive before our row commits: fail so the job runs again later.
      throw new Error(`pagamento ${provedor}:${providerId} ainda não gravado`);
    }
    const remoto = await provider.consultar(providerId);
    if (!remoto) {
      // A notification of a payment the provider does not know (another account, a forged id that passed the
      // signature): nothing to apply, ever.
      log.warn({ provedor, providerId }, 'aviso de um pagamento que o provedor não conhece');
    } else if (row) {
      await aplicar(row, remoto);
    } else if (!(await adotar(remoto))) {
      log.warn({ provedor, providerId, referencia: remoto.referencia }, 'aviso de um pagamento de outro pedido');
    }
    await repository.eventosProcessados(provedor, providerId);
  }

  /**
   * Refunds a payment owed back (the refund job): asks the provider (a refund
   * is idempotent there), applies the answer, and fails (to run again later)
   * while the provider has not confirmed it.
   */
  async function executarEstorno(pagamentoId: number): Promise<void> {
    const p = await repository.porId(pagamentoId);
    if (!p || p.status === 'refunded' || p.status === 'charged_back') return;
    if (!p.providerId || p.provedor !== provider.kind) {
      throw new Error(`pagamento ${p.id} é do provedor ${p.provedor}: estorne-o por lá`);
    }
    const remoto = await provider.estornar(p.providerId);
    if (!remoto) throw new Error(`pagamento ${p.id} desconhecido no provedor`);
    const depois = await aplicar(p, remoto);
    if (depois.status === 'approved') throw new Error(`estorno do pagamento ${p.id} ainda não confirmado`);
  }

  /**
   * Asks for the refund of a paid order (staff cancelling it): its paying
   * payment is marked owed back and its refund job enqueued, in one
   * transaction with `registrar` (the audit entry). The refund then cancels
   * the order. 409 when the order is not paid, or was paid through another
   * provider than the store's (the demo's sandbox payments under Mercado Pago).
   */
  async function solicitarEstorno(pedidoId: number, registrar: (tx: Tx) => Promise<void>): Promise<number> {
    const pagamentoId = await db.transaction(async (tx) => {
      const pedido = await repository.travarPedido(tx, pedidoId);
      if (!pedido) throw conflict(MSG_API.pedidoNaoEncontrado);
      const recusa = recusaDoMovimento('estornar', pedido.situacao);
      if (recusa) throw conflict(recusa);
      const pago = await repository.aprovado(pedidoId, tx);
      if (!pago?.providerId || pago.provedor !== provider.kind) throw conflict(MSG.pedidoPagoEstornoIndisponivel);
      await repository.marcarEstornoDevido(tx, pago.id);
      await agendarEstorno(tx, pago.id);
      await registrar(tx);
      return pago.id;
    });
    jobs.wake();
    return pagamentoId;
  }

  /** Enqueues a re-read of a payment at the provider (a notification to apply, a safety net). */
  const agendarSincronizacao = (
    payload: { provedor: ProvedorPagamento; providerId: string },
    opts: Pick<EnqueueOptions, 'db' | 'delaySeconds'> & { key?: string } = {},
  ) => jobs.enqueue(JOB_SINCRONIZAR, payload, { ...opts, ...deps.opcoesTarefaDeDinheiro });

  /**
   * A PIX charge's expiry (its job, at `expira_em`): cancelled at the provider
   * and the answer applied; if it was paid meanwhile, the payment is applied
   * instead. Fails (to run again) while the provider still reports it pending.
   */
  async function expirarPix(pagamentoId: number): Promise<void> {
    const p = await repository.porId(pagamentoId);
    if (!p || p.status !== 'pending' || !p.providerId || p.provedor !== provider.kind) return;
    const remoto = await provider.cancelar(p.providerId);
    if (!remoto) return;
    const depois = await aplicar(p, remoto);
    if (depois.status === 'pending') throw new Error(`PIX ${p.id} ainda pendente no provedor`);
  }

  /**
   * Re-reads an attempt still open at the provider and applies it (the
   * reconciler); a PIX past its expiry still open there is cancelled first.
   */
  async function relerAberto(p: Pagamento, instante: Date): Promise<void> {
    if (!p.providerId || p.provedor !== provider.kind) return;
    let remoto = await provider.consultar(p.providerId);
    if (!remoto) return;
    const vencido = p.tipo === 'pix' && p.expiraEm !== null && p.expiraEm.getTime() <= instante.getTime();
    if (vencido && remoto.status === 'pending') remoto = (await provider.cancelar(p.providerId)) ?? remoto;
    await aplicar(p, remoto);
  }

  return {
    avisar,
    agendarSincronizacao,
    relerAberto,
    expirarPix,
    aplicar,
    cancelarVivos,
    cobrar,
    gravarTokenRecusado,
    erroDoProvedor,
    sincronizar,
    executarEstorno,
    solicitarEstorno,
    agendarEstorno,
  };
}

export type Pagamentos = ReturnType<typeof createPagamentos>;
