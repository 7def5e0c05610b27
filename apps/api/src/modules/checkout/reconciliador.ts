import type { PagamentoRepository } from './pagamento.repository.js';
import type { ProvedorPagamento } from './pagamento.table.js';
import type { PagamentoLog } from './pagamento-registro.js';
import type { Pagamentos } from './pagamentos.js';

/** The reconciler's job (a recurring job: one runner across instances, lib/jobs). */
export const JOB_RECONCILIAR = 'checkout.reconciliar';

/** How often the reconciler runs. */
export const RECONCILIAR_A_CADA_SEGUNDOS = 120;

/**
 * How long something may wait before the reconciler steps in: a notification
 * is applied by its own job within seconds, a card in review or a PIX is
 * answered by the provider's notification; after this, they are re-read.
 */
const ATRASO_RECONCILIACAO_MS = 2 * 60 * 1000;

/** Items looked at per run and kind (the next run takes the rest). */
const LOTE = 50;

/**
 * The safety net of the checkout's money (ADR 012): what notifications and
 * jobs should have settled and did not.
 *
 * 1. Attempts still open at the provider minutes after they were made (a card
 *    in review, a PIX whose notification never came, a PIX past its expiry
 *    whose job could not cancel it) are re-read and applied; an expired PIX
 *    still open is cancelled at the provider first.
 * 2. Notifications recorded and never applied are applied; a payment the
 *    provider holds and we never recorded (the process stopped between the
 *    provider's answer and our write) is adopted by the order it names.
 * 3. Payments owed back whose refund job is gone get a new one (the job's
 *    de-duplication key only blocks a live job).
 *
 * Each item is settled on its own: one failing (the provider down) is logged
 * and retried at the next run, the others go on.
 */
export function createReconciliador(deps: {
  pagamentos: Pagamentos;
  repository: PagamentoRepository;
  provedor: ProvedorPagamento;
  agora: () => Date;
  log: PagamentoLog;
}) {
  const { pagamentos, repository, provedor, log } = deps;

  async function cadaUm<T>(itens: T[], oque: string, fazer: (item: T) => Promise<void>): Promise<number> {
    let falhas = 0;
    for (const item of itens) {
      try {
        await fazer(item);
      } catch (err) {
        falhas += 1;
        log.warn({ err, item }, `reconciliação: ${oque} ficou para a próxima rodada`);
      }
    }
    return falhas;
  }

  return {
    async reconciliar(): Promise<{ relidos: number; eventos: number; estornos: number; falhas: number }> {
      const agora = deps.agora();
      const limite = new Date(agora.getTime() - ATRASO_RECONCILIACAO_MS);
      let falhas = 0;

      const abertos = (await repository.abertosNoProvedor(limite, LOTE)).filter((p) => p.provedor === provedor);
      falhas += await cadaUm(abertos, 'pagamento em aberto', (p) => pagamentos.relerAberto(p, agora));

      const eventos = await repository.eventosNaoAplicados(limite, LOTE);
      falhas += await cadaUm(eventos, 'aviso não aplicado', (e) =>
        pagamentos.sincronizar(e.provedor, e.providerId, { adotarSemRegistro: true }),
      );

      const devidos = await repository.estornosDevidos(LOTE);
      // Enqueued only when no refund job of this payment is alive (its key blocks a second one).
      falhas += await cadaUm(devidos, 'estorno devido', (p) =>
        pagamentos.agendarEstorno(null, p.id).then(() => undefined),
      );

      return { relidos: abertos.length, eventos: eventos.length, estornos: devidos.length, falhas };
    },
  };
}
