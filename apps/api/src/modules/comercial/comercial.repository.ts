import { getTableColumns, sql } from 'drizzle-orm';
import type { FreeShippingRule } from '@clinica/shared/free-shipping';
import type { InstallmentRule } from '@clinica/shared/installments';
import { toCents } from '@clinica/shared/money';
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

/**
 * What an order is priced and paid with (docs/behaviour/payments.md#commercial-rules): the PIX discount, the
 * installments, the free-shipping rule and the boleto's terms.
 */
export interface RegrasDePreco {
  /** Percent off by PIX (5, 7.5). */
  pixPercent: number;
  parcelamento: InstallmentRule;
  freteGratis: FreeShippingRule;
  /** Whether boleto is offered, due in how many business days, and the days of grace before the order is cancelled. */
  boleto: { ativo: boolean; diasUteis: number; diasTolerancia: number };
}

function regrasDePrecoDe(valor: unknown): RegrasDePreco {
  const r = (typeof valor === 'string' ? JSON.parse(valor) : valor) as Record<string, number | string | boolean> & {
    fgUfs?: string[];
    fgServicos?: number[];
    fgAtivo?: boolean;
  };
  return {
    freteGratis: {
      ativo: r.fgAtivo === true,
      valorMinimo: toCents(String(r.fgMinimo ?? '0.00')),
      ufs: r.fgUfs ?? [],
      servicos: (r.fgServicos ?? []).map(Number),
    },
    pixPercent: paraPercentual(Number(r.pix)),
    parcelamento: {
      maxParcelas: Number(r.max),
      parcelasSemJuros: Number(r.semJuros),
      jurosMensal: paraPercentual(Number(r.juros)),
      parcelaMinima: toCents(String(r.minima)),
    },
    boleto: {
      ativo: r.bAtivo === undefined ? true : Boolean(r.bAtivo),
      diasUteis: r.bDias === undefined ? 3 : Number(r.bDias),
      diasTolerancia: r.bTol === undefined ? 2 : Number(r.bTol),
    },
  };
}

/**
 * The pricing rules as one column of another statement (a scalar subquery on the single row; the neutral rules,
 * cash only and no discount, without it), so the reads an order is priced and paid with bring them without a
 * statement of their own (README, Desempenho: P4).
 */
export const regrasDePrecoSql = () =>
  sql<RegrasDePreco>`coalesce((select json_build_object('pix', ${regrasComerciais.pixDescontoCentesimos}, 'max', ${regrasComerciais.maxParcelas}, 'semJuros', ${regrasComerciais.parcelasSemJuros}, 'juros', ${regrasComerciais.jurosMensalCentesimos}, 'minima', ${regrasComerciais.parcelaMinima}::text, 'fgAtivo', ${regrasComerciais.freteGratisAtivo}, 'fgMinimo', ${regrasComerciais.freteGratisValorMinimo}::text, 'fgUfs', ${regrasComerciais.freteGratisUfs}, 'fgServicos', ${regrasComerciais.freteGratisServicos}, 'bAtivo', ${regrasComerciais.boletoAtivo}, 'bDias', ${regrasComerciais.boletoDiasUteis}, 'bTol', ${regrasComerciais.boletoDiasTolerancia}) from ${regrasComerciais} where ${regrasComerciais.id} = 1), json_build_object('pix', 0, 'max', 1, 'semJuros', 1, 'juros', 0, 'minima', '0.00', 'bAtivo', true, 'bDias', 3, 'bTol', 2))`.mapWith(
    regrasDePrecoDe,
  );

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
