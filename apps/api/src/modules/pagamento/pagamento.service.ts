import { z } from 'zod';
import { MSG } from '@clinica/shared/messages';
import { podeAvancar } from '@clinica/shared/payment-status';
import {
  PIX_VALIDADE_CHECKOUT_S,
  PIX_VALIDADE_PEDIDO_S,
  type NotificacaoPagamento,
  type OrigemPagamento,
  type ProcessarPagamentoData,
  type ProcessarPagamentoResposta,
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
import type { JobHandlers, JobQueue } from '../../lib/jobs/index.js';
import { AppError, conflict, forbidden, notFound, sqlConstraint, unprocessable } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { IdempotenciaService, RespostaGuardada } from '../idempotencia/idempotencia.service.js';
import type { SituacaoPedido } from '../pedido/pedido.table.js';
import type { PagamentoRepository, PedidoParaPagamento, Tentativas } from './pagamento.repository.js';
import type { Pagamento, ProvedorPagamento } from './pagamento.table.js';

/** Jobs of this module (lib/jobs). */
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

export interface PagamentoServiceDeps {
  db: Db;
  repository: PagamentoRepository;
  provider: PaymentProvider;
  jobs: JobQueue;
  idempotencia: IdempotenciaService;
  notificar: Notificar;
  log: PagamentoLog;
  /** The clinic's name on statements ("Pedido 12 - Clínica Sorriso Pleno"). */
  nomeLoja: string;
  /** Mercado Pago's public key for MercadoPago.js, when that is the provider. */
  publicKey: string | null;
}

/** Orders that take a payment: never paid, not cancelled, not shipped. */
const PAGAVEL: readonly SituacaoPedido[] = ['PENDENTE', 'RECUSADO'];

const validade = (origem: OrigemPagamento) => (origem === 'checkout' ? PIX_VALIDADE_CHECKOUT_S : PIX_VALIDADE_PEDIDO_S);

/** What the customer is told on each new status (SPEC §8 Payment). */
const MENSAGEM: Partial<Record<StatusPagamento, string>> = {
  approved: MSG.pagamentoProcessado,
  rejected: MSG.pagamentoRecusado,
  cancelled: MSG.pixExpirado,
  refunded: MSG.pagamentoEstornado,
  charged_back: MSG.pagamentoEstornado,
  in_process: MSG.pagamentoEmAnalise,
};

function documentoDe(documento: string | null): DocumentoPagador | null {
  if (!documento) return null;
  const numero = documento.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (numero.length === 11) return { tipo: 'CPF', numero };
  if (numero.length === 14) return { tipo: 'CNPJ', numero };
  return null;
}

const idPayload = z.object({ pagamentoId: z.number().int().positive() });
const syncPayload = z.object({ provedor: z.enum(['sandbox', 'mercadopago']), providerId: z.string().min(1) });

/** A card or PIX attempt's answer (also what an order created with `pagamento` charges). */
function resposta(p: Pagamento): ProcessarPagamentoResposta {
  const pix =
    p.tipo === 'pix' && p.pixQrCode && p.pixQrCodeBase64 && p.expiraEm
      ? {
          qrCode: p.pixQrCode,
          qrCodeBase64: p.pixQrCodeBase64,
          expiraEm: p.expiraEm.toISOString(),
          validadeSegundos: Math.round((p.expiraEm.getTime() - p.createdAt.getTime()) / 1000),
        }
      : null;
  return {
    idPedido: p.pedidoId,
    idPagamento: p.id,
    tipoPagamento: p.tipo,
    status: p.status,
    statusDetalhe: p.statusDetalhe,
    valor: p.valor,
    pixPaymentResponse: pix,
  };
}

/**
 * Payments (issue 8, ADR 012): charges cards and creates PIX charges through
 * the provider, then keeps each payment's status in step with the provider.
 *
 * - An attempt (POST /pagamento/processar, or an order created with
 *   `pagamento`) runs once per idempotency key: the provider gets a key
 *   derived from it, so a retry never charges twice. A new attempt first
 *   cancels the order's live PIX, so two never run side by side (the
 *   database holds at most one live PIX and one approved payment per order).
 * - Notifications (a webhook, the sandbox bank) are recorded once and applied
 *   by a job that re-reads the payment from the provider. Statuses only move
 *   forward (packages/shared payment-status), so repeats and reordering
 *   converge; approved makes the order PAGO, rejected RECUSADO.
 * - A PIX charge expires on our clock: a job at its expiry cancels it at the
 *   provider; the order stays payable.
 */
export function createPagamentoService(deps: PagamentoServiceDeps) {
  const { db, repository, provider, jobs, idempotencia, log } = deps;

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
      throw Object.assign(new AppError(503, MSG.pagamentoProvedorIndisponivel), { cause: err });
    }
    throw err;
  }

  /** Tells the order's customer; a failure to publish never undoes the payment. */
  async function avisar(pedidoId: number, usuarioId: number, status: StatusPagamento) {
    const message = MENSAGEM[status];
    if (!message) return;
    try {
      await deps.notificar(usuarioId, { message, statusPayment: status, idPedido: pedidoId });
    } catch (err) {
      log.warn({ err, pedidoId }, 'notificação de pagamento não publicada');
    }
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
      let estornar = false;
      const depois = await db
        .transaction(async (tx) => {
          const novo = await repository.mudarStatus(tx, row.id, de, {
            status: remoto.status,
            statusDetalhe: remoto.statusDetalhe,
            ...(remoto.status === 'approved' ? { aprovadoEm: remoto.aprovadoEm ?? new Date() } : {}),
            lastFour: remoto.lastFour,
          });
          if (!novo) return undefined;
          estornar = await efeitoNoPedido(tx, novo);
          return novo;
        })
        .catch((err: unknown) => {
          // A second approved payment for one order: keep the first, refund this one.
          if (sqlConstraint(err) === 'pagamentos_aprovado_uq') return 'duplicado' as const;
          throw err;
        });
      if (depois === 'duplicado') {
        await jobs.enqueue(JOB_ESTORNAR, { pagamentoId: row.id }, { key: `pagamento-estorno:${row.id}` });
        return row;
      }
      if (depois) {
        if (estornar) {
          await jobs.enqueue(JOB_ESTORNAR, { pagamentoId: depois.id }, { key: `pagamento-estorno:${depois.id}` });
        }
        const pedido = await repository.pedido(depois.pedidoId);
        if (pedido) await avisar(pedido.id, pedido.usuarioId, depois.status);
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
   * The order's status after its payment's: approved → PAGO (from PENDENTE or
   * RECUSADO); rejected → RECUSADO (only from PENDENTE); refunded or charged
   * back → CANCELADO (from PAGO). Returns true when the payment must be
   * refunded: it was approved for an order that was cancelled meanwhile.
   */
  async function efeitoNoPedido(tx: Tx, p: Pagamento): Promise<boolean> {
    switch (p.status) {
      case 'approved': {
        const de = await repository.mudarSituacaoPedido(tx, p.pedidoId, PAGAVEL, 'PAGO');
        if (de !== undefined) return false;
        const agora = await repository.pedido(p.pedidoId, tx);
        return agora?.situacao === 'CANCELADO';
      }
      case 'rejected':
        await repository.mudarSituacaoPedido(tx, p.pedidoId, ['PENDENTE'], 'RECUSADO');
        return false;
      case 'refunded':
      case 'charged_back':
        // Only when no other payment still pays the order (a duplicate refunded keeps it PAGO).
        if (!(await repository.aprovado(p.pedidoId, tx))) {
          await repository.mudarSituacaoPedido(tx, p.pedidoId, ['PAGO'], 'CANCELADO');
        }
        return false;
      default:
        return false;
    }
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
        if (depois.status === 'approved') throw conflict(MSG.pedidoJaPago);
      }
    }
  }

  /**
   * Charges the order through the provider and records the attempt. The
   * provider key makes a repeat of the same attempt return the same payment.
   * `lidas`: the attempt's rows when the caller read them with the order
   * (otherwise read here, in one statement).
   */
  async function cobrar(
    pedido: PedidoParaPagamento,
    tentativa: {
      tipo: 'credit' | 'pix';
      token?: string | undefined;
      paymentMethodId?: string | undefined;
      email?: string | undefined;
      origem: OrigemPagamento;
    },
    chaveProvedor: string,
    lidas?: Tentativas,
  ): Promise<Pagamento> {
    const { porChave: ja, pendentes } = lidas ?? (await repository.tentativas(pedido.id, chaveProvedor));
    if (ja) return ja;
    if (!PAGAVEL.includes(pedido.situacao)) {
      throw conflict(pedido.situacao === 'CANCELADO' ? MSG.pedidoNaoAceitaPagamento : MSG.pedidoJaPago);
    }
    if (tentativa.tipo === 'credit' && (!tentativa.token || !tentativa.paymentMethodId)) {
      throw unprocessable(MSG.pagamentoCartaoIncompleto, {
        errors: [{ campo: tentativa.token ? 'paymentMethodId' : 'token', mensagem: MSG.pagamentoCartaoIncompleto }],
      });
    }
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
        expiraEm = new Date(criadoEm.getTime() + validade(tentativa.origem) * 1000);
        remoto = await provider.criarPix({ ...base, expiraEm });
      }
    } catch (err) {
      erroDoProvedor(err, tentativa.tipo);
    }

    let gravado: Pagamento;
    try {
      gravado = await db.transaction(async (tx) => {
        const row = await repository.gravarTentativa(tx, {
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
          createdAt: criadoEm,
        });
        if (row.tipo === 'pix' && row.status === 'pending' && expiraEm) {
          await jobs.enqueue(
            JOB_EXPIRAR_PIX,
            { pagamentoId: row.id },
            { runAt: expiraEm, key: `pix-expira:${row.id}`, db: tx },
          );
        }
        await efeitoNoPedido(tx, row);
        return row;
      });
    } catch (err) {
      const constraint = sqlConstraint(err);
      // A concurrent replay of this very attempt recorded it first: that row is the answer.
      const gravadoPorOutro = constraint ? await repository.porChaveProvedor(chaveProvedor) : undefined;
      if (gravadoPorOutro) return gravadoPorOutro;
      if (constraint === 'pagamentos_pix_vivo_uq' || constraint === 'pagamentos_aprovado_uq') {
        // Another attempt on this order won the race: undo ours at the provider.
        await provider.cancelar(remoto.providerId).catch(() => undefined);
        if (constraint === 'pagamentos_aprovado_uq' && remoto.status === 'approved') {
          await provider.estornar(remoto.providerId).catch((e: unknown) => {
            log.error({ err: e, pedidoId: pedido.id }, 'estorno de pagamento duplicado falhou');
          });
        }
        throw conflict(constraint === 'pagamentos_aprovado_uq' ? MSG.pedidoJaPago : MSG.idempotenciaEmAndamento);
      }
      throw err;
    }
    if (gravado.status !== 'pending') await avisar(pedido.id, pedido.usuarioId, gravado.status);
    return gravado;
  }

  /** The order a customer pays: 404 unknown, 403 another client's. */
  async function pedidoDoCliente(user: AuthUser, id: number): Promise<PedidoParaPagamento> {
    const pedido = await repository.pedido(id);
    if (!pedido) throw notFound(MSG.pedidoNaoEncontrado);
    if (user.permissao !== 'CLIENTE' || user.idCliente !== pedido.clienteId) throw forbidden();
    return pedido;
  }

  async function sincronizar(provedor: ProvedorPagamento, providerId: string): Promise<void> {
    if (provedor !== provider.kind) return;
    const row = await repository.porProviderId(provedor, providerId);
    // The notification can arrive before our row commits: fail so the job runs again later.
    if (!row) throw new Error(`pagamento ${provedor}:${providerId} ainda não gravado`);
    const remoto = await provider.consultar(providerId);
    if (!remoto) throw new Error(`pagamento ${provedor}:${providerId} desconhecido no provedor`);
    await aplicar(row, remoto);
    await repository.eventosProcessados(provedor, providerId);
  }

  return {
    /** GET /pagamento/configuracao. */
    configuracao() {
      return { provedor: provider.kind, publicKey: deps.publicKey };
    },

    /**
     * POST /pagamento/processar: the owner pays an order by card or PIX, once
     * per Idempotency-Key. 403 another's order; 409 paid, cancelled, shipped
     * or another amount; 422 bad card token; 503 provider unreachable.
     */
    async processar(
      user: AuthUser,
      body: ProcessarPagamentoData,
      chave: string,
      rota: string,
    ): Promise<{ resposta: RespostaGuardada<ProcessarPagamentoResposta>; repetida: boolean }> {
      const pedido = await pedidoDoCliente(user, body.idPedido);
      return idempotencia.executar<ProcessarPagamentoResposta>(
        { chave, usuarioId: user.id, rota, corpo: body },
        async (concluir) => {
          if (body.valor !== pedido.valorTotal) {
            throw conflict(MSG.pagamentoValorDivergente, {
              errors: [{ campo: 'valor', mensagem: MSG.pagamentoValorDivergente }],
            });
          }
          const p = await cobrar(
            pedido,
            {
              tipo: body.tipoPagamento,
              token: body.token ?? undefined,
              paymentMethodId: body.paymentMethodId ?? undefined,
              email: body.email ?? undefined,
              origem: body.origem,
            },
            `processar:${user.id}:${chave}`,
          );
          const message = p.tipo === 'pix' ? MSG.pixGerado : (MENSAGEM[p.status] ?? MSG.erroProcessarPagamento);
          return db.transaction((tx) => concluir(tx, { statusCode: 201, message, content: resposta(p) }));
        },
      );
    },

    /**
     * Charges an order just created with `pagamento` filled (SPEC §3), PIX at
     * checkout validity. Idempotent through the order's own key. A refused
     * card token is recorded as a rejected attempt (the order becomes
     * RECUSADO and can be paid again), so the answer still carries the order.
     */
    async cobrarPedidoNovo(
      pedidoId: number,
      pagamento: {
        tipoPagamento: 'credit' | 'pix';
        token?: string | null | undefined;
        paymentMethodId?: string | null | undefined;
        email?: string | null | undefined;
      },
      chaveProvedor: string,
    ): Promise<void> {
      // The order and the attempt's rows in one read (QUALITY.md P4).
      const lido = await repository.pedidoComTentativas(pedidoId, chaveProvedor);
      if (!lido) return;
      const { pedido } = lido;
      if (pagamento.tipoPagamento === 'credit' && !pagamento.token) return;
      try {
        await cobrar(
          pedido,
          {
            tipo: pagamento.tipoPagamento,
            token: pagamento.token ?? undefined,
            paymentMethodId: pagamento.paymentMethodId ?? undefined,
            email: pagamento.email ?? undefined,
            origem: 'checkout',
          },
          chaveProvedor,
          lido.tentativas,
        );
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 422 && pagamento.tipoPagamento === 'credit') {
          await db.transaction(async (tx) => {
            const row = await repository.gravarTentativa(tx, {
              pedidoId: pedido.id,
              tipo: 'credit',
              status: 'rejected',
              statusDetalhe: 'cc_rejected_invalid_token',
              provedor: provider.kind,
              chaveProvedor,
              valor: pedido.valorTotal,
              paymentMethodId: pagamento.paymentMethodId ?? null,
            });
            await efeitoNoPedido(tx, row);
          });
          await avisar(pedido.id, pedido.usuarioId, 'rejected');
          return;
        }
        // Provider unreachable or a race: the order stays PENDENTE and can be paid from the order list.
        if (err instanceof AppError) {
          log.warn({ err, pedidoId }, 'pedido criado sem cobrança');
          return;
        }
        throw err;
      }
    },

    /**
     * A provider notification (a Mercado Pago webhook, the sandbox bank):
     * recorded once by its event id, then applied by a job that re-reads the
     * payment. Returns false when the event was already recorded.
     */
    async receberEvento(e: {
      provedor: ProvedorPagamento;
      eventoId: string;
      providerId: string;
      acao: string | null;
      payload: unknown;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const novo = await repository.registrarEvento(tx, e);
        if (novo) {
          await jobs.enqueue(
            JOB_SINCRONIZAR,
            { provedor: e.provedor, providerId: e.providerId },
            { key: `pagamento-evento:${e.provedor}:${e.eventoId}`, db: tx },
          );
        }
        return novo;
      });
    },

    /**
     * A re-read of a payment at the provider `segundos` from now: the safety net
     * of a notification that may never arrive (the sandbox bank's, if the
     * process dies between paying and notifying, as Mercado Pago re-sends its
     * webhooks until one is taken). Statuses only move forward, so an extra
     * re-read changes nothing when the notification did arrive.
     */
    async sincronizarDepois(provedor: ProvedorPagamento, providerId: string, segundos: number): Promise<void> {
      await jobs.enqueue(JOB_SINCRONIZAR, { provedor, providerId }, { delaySeconds: segundos });
    },

    /**
     * After an order is cancelled: its live PIX is cancelled at the provider
     * (best effort; the expiry job cancels it anyway at its time). A payment
     * that arrives later for the cancelled order is refunded (efeitoNoPedido).
     */
    async cancelarCobrancasVivas(pedidoId: number): Promise<void> {
      try {
        await cancelarVivos(pedidoId);
      } catch (err) {
        log.warn({ err, pedidoId }, 'cobrança viva não cancelada no provedor');
      }
    },

    /**
     * Refunds the order's approved payment (staff cancelling a paid order):
     * the refund's notification then cancels the order. 409 when nothing was
     * paid through the provider the store runs with (a payment of another
     * provider, such as the demo data's sandbox payments under Mercado Pago,
     * has an id that provider does not know; the jobs skip it the same way).
     */
    async estornarPedido(pedidoId: number): Promise<void> {
      const pago = await repository.aprovado(pedidoId);
      if (!pago?.providerId || pago.provedor !== provider.kind) throw conflict(MSG.pedidoPagoEstornoIndisponivel);
      let remoto: PagamentoProvedor | null;
      try {
        remoto = await provider.estornar(pago.providerId);
      } catch (err) {
        erroDoProvedor(err, pago.tipo);
      }
      if (remoto) await aplicar(pago, remoto);
    },

    /** Background jobs: apply a notification, expire a PIX, refund a payment that must not stand. */
    jobHandlers(): JobHandlers {
      return {
        [JOB_SINCRONIZAR]: async (payload) => {
          const { provedor, providerId } = syncPayload.parse(payload);
          await sincronizar(provedor, providerId);
        },
        [JOB_EXPIRAR_PIX]: async (payload) => {
          const { pagamentoId } = idPayload.parse(payload);
          const p = await repository.porId(pagamentoId);
          if (!p || p.status !== 'pending' || !p.providerId || p.provedor !== provider.kind) return;
          const remoto = await provider.cancelar(p.providerId);
          if (!remoto) return;
          const depois = await aplicar(p, remoto);
          if (depois.status === 'pending') throw new Error(`PIX ${p.id} ainda pendente no provedor`);
        },
        [JOB_ESTORNAR]: async (payload) => {
          const { pagamentoId } = idPayload.parse(payload);
          const p = await repository.porId(pagamentoId);
          if (!p?.providerId || p.provedor !== provider.kind) return;
          const remoto = await provider.estornar(p.providerId);
          if (remoto) await aplicar(p, remoto);
        },
      };
    },
  };
}

export type PagamentoService = ReturnType<typeof createPagamentoService>;
