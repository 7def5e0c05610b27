import type { RegrasComerciais } from '@clinica/shared/schemas/comercial';
import type { QuemAudita } from '../../lib/auditoria.js';
import type { ComercialRepository } from './comercial.repository.js';

/** The store's commercial rules (docs/behaviour/payments.md#commercial-rules). */
export function createComercialService({ repository }: { repository: ComercialRepository }) {
  return {
    /** GET /condicoescomerciais/: the rules in force. */
    ler: (): Promise<RegrasComerciais> => repository.ler(),
    /** POST /condicoescomerciais/ (ADMIN): replaces the rules, audited; orders created afterwards follow them. */
    salvar: (regras: RegrasComerciais, quem: QuemAudita): Promise<RegrasComerciais> => repository.salvar(quem, regras),
  };
}

export type ComercialService = ReturnType<typeof createComercialService>;
