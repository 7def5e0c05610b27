/**
 * Refunds (ADR 012): a paid order's refund asked for by the staff, and the
 * refund job that asks the provider until it confirms.
 */
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { recusaDoMovimento } from '@clinica/shared/order-status';
import type { Tx } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import type { PedidoTravado } from './pagamento-pedido.repository.js';
import { type PagamentosDeps, type RegistroPagamento } from './pagamento-registro.js';
import type { Pagamento } from './pagamento.table.js';

export function createEstorno(deps: PagamentosDeps, registro: RegistroPagamento) {
  const { db, repository, provider, jobs } = deps;
  const { agendarEstorno, aplicar } = registro;

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
  async function solicitarEstorno(
    pedidoId: number,
    registrar: (tx: Tx, pedido: PedidoTravado) => Promise<void>,
    /**
     * Whether the order may be refunded now, checked under its lock (throws the refusal): by default the status
     * table's `estornar` (a paid order); the right of withdrawal (ADR 036) brings its own (the window, the return).
     */
    verificar: (tx: Tx, pedido: PedidoTravado, pago: Pagamento | undefined) => Promise<void> = async (_tx, p) => {
      const recusa = recusaDoMovimento('estornar', p.situacao);
      if (recusa) throw conflict(recusa);
    },
  ): Promise<number> {
    const pagamentoId = await db.transaction(async (tx) => {
      const pedido = await repository.travarPedido(tx, pedidoId);
      if (!pedido) throw conflict(MSG_API.pedidoNaoEncontrado);
      const pago = await repository.aprovado(pedidoId, tx);
      await verificar(tx, pedido, pago);
      if (!pago?.providerId || pago.provedor !== provider.kind) throw conflict(MSG.pedidoPagoEstornoIndisponivel);
      await repository.marcarEstornoDevido(tx, pago.id);
      await agendarEstorno(tx, pago.id);
      await registrar(tx, pedido);
      return pago.id;
    });
    jobs.wake();
    return pagamentoId;
  }

  return { executarEstorno, solicitarEstorno };
}
