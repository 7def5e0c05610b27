import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import type { DadosEndereco } from '../endereco/endereco.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { empresa } from './empresa.table.js';

/** The company fields as stored (POST /empresa/); the CNPJ and CEP without punctuation. */
export interface DadosEmpresa extends DadosEndereco {
  nome: string;
  nomeFantasia: string | null;
  cnpj: string;
  email: string;
  whatsapp: string | null;
  facebook: string | null;
  instagram: string | null;
  youtube: string | null;
  descricaoHorarioFuncionamento: string | null;
}

/** The company's own columns as the audit log keeps them (the change time is the entry's). */
const { updatedAt: _updatedAt, ...colunasAuditadas } = getTableColumns(empresa);

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

    /**
     * Writes the single company row (id 1): inserted the first time, replaced
     * afterwards, with its audit entry (CRIAR, then EDITAR with the row before
     * and after), in one transaction.
     */
    async salvar(quem: QuemAudita, data: DadosEmpresa) {
      await db.transaction(async (tx) => {
        const [antes] = await tx.select(colunasAuditadas).from(empresa).where(eq(empresa.id, 1)).for('update');
        const [depois] = await tx
          .insert(empresa)
          .values({ id: 1, ...data })
          .onConflictDoUpdate({ target: empresa.id, set: { ...data, updatedAt: sql`now()` } })
          .returning(colunasAuditadas);
        await registrarAuditoria(tx, quem, {
          entidade: 'empresa',
          entidadeId: depois!.id,
          acao: antes ? 'EDITAR' : 'CRIAR',
          antes: antes ?? null,
          depois,
        });
      });
    },
  };
}

export type EmpresaRepository = ReturnType<typeof createEmpresaRepository>;
