import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { empresa } from './empresa.table.js';

/** The company fields as stored (POST /empresa/); the CNPJ and CEP without punctuation. */
export interface DadosEmpresa {
  nome: string;
  nomeFantasia: string | null;
  cnpj: string;
  email: string;
  whatsapp: string | null;
  facebook: string | null;
  instagram: string | null;
  youtube: string | null;
  descricaoHorarioFuncionamento: string | null;
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string | null;
  bairro: string;
  municipioId: number;
  ufId: number;
}

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

    /** Whether the state exists, and whether the city exists in it. */
    async localidade(municipioId: number, ufId: number) {
      const [row] = await db
        .select({ uf: ufs.id, municipio: municipios.id })
        .from(ufs)
        .leftJoin(municipios, and(eq(municipios.id, municipioId), eq(municipios.ufId, ufs.id)))
        .where(eq(ufs.id, ufId))
        .limit(1);
      return { ufExiste: row !== undefined, municipioNaUf: row?.municipio != null };
    },

    /** Writes the single company row (id 1): inserted the first time, replaced afterwards, in one statement. */
    async salvar(data: DadosEmpresa) {
      await db
        .insert(empresa)
        .values({ id: 1, ...data })
        .onConflictDoUpdate({ target: empresa.id, set: { ...data, updatedAt: sql`now()` } });
    },
  };
}

export type EmpresaRepository = ReturnType<typeof createEmpresaRepository>;
