import { setImmediate as proximaVolta } from 'node:timers/promises';
import type { JobHandlers, JobLogger } from '../../lib/jobs/index.js';
import { ALVOS_RETENCAO, type AlvoRetencao, type RetencaoRepository } from './retencao.repository.js';

/** The periodic job that prunes what only grows (registered with registerRecurring in app.ts). */
export const JOB_RETENCAO = 'retencao.limpar';
/** How often it runs: hourly, so each run has little to delete. */
export const RETENCAO_INTERVALO_SEGUNDOS = 60 * 60;

export interface PoliticaRetencao {
  /** Days kept of finished jobs, sent e-mails, applied payment notifications and read customer notifications (RETENTION_DAYS). */
  dias: number;
  /** Days kept of dead jobs and undelivered e-mails: evidence (RETENTION_FAILED_DAYS). */
  diasFalhas: number;
  /** Rows per DELETE (default 1000). */
  lote?: number;
  /** Batches per target in one run (default 100); what is left goes in the next run. */
  maxLotes?: number;
}

export type ResultadoRetencao = Record<AlvoRetencao, number>;

/**
 * Retention (ADR 007): operational tables that only grow are pruned by age,
 * in batches, by a periodic job that one instance runs at a time.
 */
export function createRetencaoService({
  repository,
  politica,
  log,
}: {
  repository: RetencaoRepository;
  politica: PoliticaRetencao;
  log?: JobLogger;
}) {
  const lote = politica.lote ?? 1000;
  const maxLotes = politica.maxLotes ?? 100;
  const diasDe = (alvo: AlvoRetencao) =>
    alvo === 'tarefasFalhas' || alvo === 'emailsFalhos' ? politica.diasFalhas : politica.dias;

  /** One pass over every target; returns how many rows each lost. */
  async function limpar(): Promise<ResultadoRetencao> {
    const resultado = Object.fromEntries(ALVOS_RETENCAO.map((a) => [a, 0])) as ResultadoRetencao;
    for (const alvo of ALVOS_RETENCAO) {
      for (let i = 0; i < maxLotes; i++) {
        const apagadas = await repository.apagarLote(alvo, diasDe(alvo), lote);
        resultado[alvo] += apagadas;
        if (apagadas < lote) break;
        // Let requests waiting for the connection (PGlite has one) go between batches.
        await proximaVolta();
      }
    }
    return resultado;
  }

  return {
    limpar,
    jobHandlers(): JobHandlers {
      return {
        [JOB_RETENCAO]: async () => {
          const resultado = await limpar();
          if (Object.values(resultado).some((n) => n > 0))
            log?.info({ ...resultado }, 'Retenção: registros antigos apagados');
        },
      };
    },
  };
}
