import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { empresa } from './empresa.table.js';

export function createEmpresaRepository(db: Db) {
  return {
    /** The company row with its city and state names (one query). */
    async find() {
      const [row] = await db
        .select({
          empresa,
          municipio: { id: municipios.id, nome: municipios.nome },
          uf: { id: ufs.id, sigla: ufs.sigla, nome: ufs.nome },
        })
        .from(empresa)
        .leftJoin(municipios, eq(municipios.id, empresa.municipioId))
        .leftJoin(ufs, eq(ufs.id, empresa.ufId))
        .limit(1);
      return row;
    },
  };
}

export type EmpresaRepository = ReturnType<typeof createEmpresaRepository>;
