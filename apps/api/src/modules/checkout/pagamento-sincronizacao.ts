/**
 * The provider's view of payments brought to ours (ADR 012): a notification
 * re-read and applied, a payment we never recorded adopted, a PIX expired, an
 * open attempt re-read by the reconciler.
 */
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import { aceitaPagamento } from '@clinica/shared/order-status';
import { type PagamentoProvedor } from '../../integrations/payments/payment-provider.js';
import { sqlConstraint } from '../../lib/errors.js';
import { pedidoCanceladoEmail } from '../pedido/pedido-emails.js';
import type { EnqueueOptions } from '../../lib/jobs/index.js';
import type { Pagamento, ProvedorPagamento } from './pagamento.table.js';
import { gravarAviso, JOB_SINCRONIZAR, type PagamentosDeps, type RegistroPagamento } from './pagamento-registro.js';

export function createSincronizacao(deps: PagamentosDeps, registro: RegistroPagamento) {
  const { db, repository, provider, jobs, log } = deps;
  const { avisar, registrar, aplicar } = registro;

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
            parcelas: remoto.parcelamento?.parcelas ?? null,
            valorParcela: remoto.parcelamento?.valorParcela ?? null,
            totalCobrado: remoto.parcelamento?.total ?? null,
            pixQrCode: remoto.pix?.qrCode ?? null,
            pixQrCodeBase64: remoto.pix?.qrCodeBase64 ?? null,
            boletoLinha: remoto.boleto?.linhaDigitavel ?? null,
            boletoCodigoBarras: remoto.boleto?.codigoBarras ?? null,
            boletoVencimento: remoto.boleto?.vencimento || null,
            boletoPdfUrl: remoto.boleto?.pdfUrl ?? null,
            lastFour: remoto.lastFour,
            paymentMethodId: remoto.paymentMethodId,
            aprovadoEm: remoto.status === 'approved' ? (remoto.aprovadoEm ?? new Date()) : null,
            estornoDevido,
          }),
        );
      });
      log.warn({ pedidoId, providerId: remoto.providerId, status: remoto.status }, 'pagamento do provedor adotado');
      await avisar(row?.aviso);
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
    const depois = await aplicar(p, remoto, { pixVencido: true });
    if (depois.status === 'pending') throw new Error(`PIX ${p.id} ainda pendente no provedor`);
  }

  /**
   * A boleto's expiry (its job, at the start of the day after its due day plus the grace period; ADR 029): a boleto
   * still pending is cancelled at the provider and the answer applied; if the bank paid it meanwhile (late, but before
   * this), that approval pays the order as any other. A boleto cancelled (now, or by the provider itself) that is still
   * the order's latest attempt cancels the order (history author SISTEMA), which releases what the order held (a
   * course waiting for its payment), and the customer is told. A boleto replaced by a later attempt cancels nothing.
   * Fails (to run again) while the provider still reports it pending.
   */
  async function expirarBoleto(pagamentoId: number): Promise<void> {
    let p = await repository.porId(pagamentoId);
    if (!p || p.tipo !== 'boleto' || p.provedor !== provider.kind) return;
    // Never before its time (a job run early, a clock behind): fail, so the job comes back later.
    if (p.status === 'pending' && p.expiraEm && p.expiraEm.getTime() > deps.agora().getTime()) {
      throw new Error(`boleto ${p.id} ainda dentro do prazo (até ${p.expiraEm.toISOString()})`);
    }
    if (p.status === 'pending' && p.providerId) {
      const remoto = await provider.cancelar(p.providerId);
      if (remoto) p = await aplicar(p, remoto);
      if (p.status === 'pending') throw new Error(`boleto ${p.id} ainda pendente no provedor`);
    }
    if (p.status !== 'cancelled') return;
    const { pedidoId } = p;
    const cancelado = await db.transaction(async (tx) => {
      const pedido = await repository.travarPedido(tx, pedidoId);
      if (!pedido || !aceitaPagamento(pedido.situacao)) return undefined;
      if ((await repository.ultimaTentativa(tx, pedidoId)) !== pagamentoId) return undefined;
      if ((await repository.moverPedido(tx, pedidoId, 'cancelar')) === undefined) return undefined;
      // The customer's e-mail and notification, in the cancellation's transaction (ADR 030, ADR 046).
      await deps.avisos.enviar(tx, pedido.email, (d, l) => pedidoCanceladoEmail(d, 'BOLETO_VENCIDO', l));
      return gravarAviso(tx, pedido, 'cancelled', MSG_BOLETO.vencidoCancelado);
    });
    await avisar(cancelado);
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
    await aplicar(p, remoto, { pixVencido: vencido });
  }

  return { sincronizar, agendarSincronizacao, expirarPix, expirarBoleto, relerAberto };
}
