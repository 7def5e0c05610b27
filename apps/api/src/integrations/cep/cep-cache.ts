import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cepsConsultados } from '../../modules/endereco/endereco.table.js';

/**
 * How long an answer of ViaCEP is reused without asking again: a found CEP for
 * 30 days (streets are rarely renamed), an unknown one for 1 day (new CEPs are
 * created and a customer should not wait a month for theirs). Failures are
 * never stored.
 */
const CACHE_ENCONTRADO = '30 days';
const CACHE_DESCONHECIDO = '1 day';

/** ViaCEP's answers in `ceps_consultados`, shared by every instance of the API. */
export function createCepCache(db: Db) {
  return {
    /**
     * The stored answer for a CEP while it is fresh: `{ encontrado: true,
     * resposta }` with ViaCEP's JSON, `{ encontrado: false, resposta: null }`
     * for an unknown CEP, or undefined when there is none or it is stale.
     */
    async find(cep8: string) {
      const [row] = await db
        .select({ encontrado: cepsConsultados.encontrado, resposta: cepsConsultados.resposta })
        .from(cepsConsultados)
        .where(
          and(
            eq(cepsConsultados.cep, cep8),
            sql`${cepsConsultados.consultadoEm} > now() - CASE WHEN ${cepsConsultados.encontrado}
              THEN ${CACHE_ENCONTRADO}::interval ELSE ${CACHE_DESCONHECIDO}::interval END`,
          ),
        )
        .limit(1);
      return row;
    },

    /** Stores (or refreshes) an answer: ViaCEP's JSON for a found CEP, null for an unknown one. */
    async save(cep8: string, resposta: unknown) {
      await db
        .insert(cepsConsultados)
        .values({ cep: cep8, encontrado: resposta !== null, resposta })
        .onConflictDoUpdate({
          target: cepsConsultados.cep,
          set: { encontrado: sql`excluded.encontrado`, resposta: sql`excluded.resposta`, consultadoEm: sql`now()` },
        });
    },
  };
}

export type CepCache = ReturnType<typeof createCepCache>;
