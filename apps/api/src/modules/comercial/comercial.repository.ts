import { getTableColumns, sql } from 'drizzle-orm';
import type { RegrasComerciais } from '@clinica/shared/schemas/comercial';
import type { Db, Tx } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { regrasComerciais, type RegrasComerciaisRow } from './comercial.table.js';

/** Hundredths of a percent ⇄ percent with two decimals (199 ⇄ 1.99), exact. */
const paraPercentual = (centesimos: number) => centesimos / 100;
const paraCentesimos = (percentual: number) => Math.round(percentual * 100);

/** The row as the contract has it. */
function regrasDaLinha(row: RegrasComerciaisRow): RegrasComerciais {
  return {
    parcelamento: {
      maxParcelas: row.maxParcelas,
      parcelasSemJuros: row.parcelasSemJuros,
      jurosMensal: paraPercentual(row.jurosMensalCentesimos),
      parcelaMinima: row.parcelaMinima,
    },
    pix: { desconto: paraPercentual(row.pixDescontoCentesimos) },
    boleto: {
      ativo: row.boletoAtivo,
      diasUteis: row.boletoDiasUteis,
      diasTolerancia: row.boletoDiasTolerancia,
      preSelecionadoEmpresa: row.boletoPreSelecionadoEmpresa,
    },
    freteGratis: {
      ativo: row.freteGratisAtivo,
      valorMinimo: row.freteGratisValorMinimo,
      ufs: row.freteGratisUfs,
      servicos: row.freteGratisServicos,
    },
  };
}

/** The contract's rules as columns. */
export function linhaDasRegras(r: RegrasComerciais) {
  return {
    maxParcelas: r.parcelamento.maxParcelas,
    parcelasSemJuros: r.parcelamento.parcelasSemJuros,
    jurosMensalCentesimos: paraCentesimos(r.parcelamento.jurosMensal),
    parcelaMinima: r.parcelamento.parcelaMinima,
    pixDescontoCentesimos: paraCentesimos(r.pix.desconto),
    boletoAtivo: r.boleto.ativo,
    boletoDiasUteis: r.boleto.diasUteis,
    boletoDiasTolerancia: r.boleto.diasTolerancia,
    boletoPreSelecionadoEmpresa: r.boleto.preSelecionadoEmpresa,
    freteGratisAtivo: r.freteGratis.ativo,
    freteGratisValorMinimo: r.freteGratis.valorMinimo,
    freteGratisUfs: [...new Set(r.freteGratis.ufs)].sort(),
    freteGratisServicos: [...new Set(r.freteGratis.servicos)].sort((a, b) => a - b),
  };
}

/** The migration's row: cash only, no PIX discount, boleto in 3 business days, no free shipping. */
const NEUTRAS: RegrasComerciaisRow = {
  id: 1,
  maxParcelas: 1,
  parcelasSemJuros: 1,
  jurosMensalCentesimos: 0,
  parcelaMinima: 0,
  pixDescontoCentesimos: 0,
  boletoAtivo: true,
  boletoDiasUteis: 3,
  boletoDiasTolerancia: 2,
  boletoPreSelecionadoEmpresa: false,
  freteGratisAtivo: false,
  freteGratisValorMinimo: 0,
  freteGratisUfs: [],
  freteGratisServicos: [],
  updatedAt: new Date(0),
};

const { updatedAt: _updatedAt, ...colunasAuditadas } = getTableColumns(regrasComerciais);

export function createComercialRepository(db: Db) {
  /** The rules as stored; the migration's neutral values if the row was removed (a truncated test database). */
  async function ler(executor: Db | Tx = db): Promise<RegrasComerciais> {
    const [row] = await executor.select().from(regrasComerciais).limit(1);
    return regrasDaLinha(row ?? NEUTRAS);
  }

  return {
    ler,

    /** Replaces the rules with their audit entry (EDITAR, the row before and after), in one transaction. */
    async salvar(quem: QuemAudita, regras: RegrasComerciais): Promise<RegrasComerciais> {
      return db.transaction(async (tx) => {
        const [antes] = await tx.select(colunasAuditadas).from(regrasComerciais).for('update');
        const valores = linhaDasRegras(regras);
        const [depois] = await tx
          .insert(regrasComerciais)
          .values({ id: 1, ...valores })
          .onConflictDoUpdate({ target: regrasComerciais.id, set: { ...valores, updatedAt: sql`now()` } })
          .returning();
        const { updatedAt: _u, ...auditada } = depois!;
        await registrarAuditoria(tx, quem, {
          entidade: 'comercial',
          entidadeId: 1,
          acao: antes ? 'EDITAR' : 'CRIAR',
          antes: antes ?? null,
          depois: auditada,
        });
        return regrasDaLinha(depois!);
      });
    },
  };
}

export type ComercialRepository = ReturnType<typeof createComercialRepository>;
