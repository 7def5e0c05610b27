import { MSG } from '@clinica/shared/messages';
import type { CondicaoDesconto } from '@clinica/shared/schemas/desconto';
import { notFound } from '../../lib/errors.js';
import type { DescontoRepository } from './desconto.repository.js';

/** SPEC §7 "Discounts" (the public read) and §4 Gift: the spend that earns the gift. */
export function createDescontoService({ repository }: { repository: DescontoRepository }) {
  return {
    /** GET /condicaodesconto/ativa: the active condition, or 404 'Não há condição de desconto ativa.'. */
    async ativa(): Promise<CondicaoDesconto> {
      const row = await repository.findAtiva();
      if (!row) throw notFound(MSG.condicaoNaoEncontrada);
      return row;
    },
  };
}

export type DescontoService = ReturnType<typeof createDescontoService>;
