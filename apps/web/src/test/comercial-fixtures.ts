/** The store's commercial rules as GET /api/condicoescomerciais/ sends them (reais and percent on the wire). */
import { comercialApi } from '@clinica/shared/schemas/comercial';
import type { z } from 'zod';
import { okFor } from './api-mock';

/** The demo store's rules: up to 10x, 3 interest-free, 1,99 % a.m., R$ 30,00 the smallest installment; 5 % off by PIX. */
export const REGRAS_DEMO: z.input<typeof comercialApi.get.response> = {
  parcelamento: { maxParcelas: 10, parcelasSemJuros: 3, jurosMensal: 1.99, parcelaMinima: 30 },
  pix: { desconto: 5 },
  boleto: { ativo: true, diasUteis: 3, diasTolerancia: 2, preSelecionadoEmpresa: true },
  freteGratis: { ativo: true, valorMinimo: 300, ufs: ['ES', 'MG', 'PR', 'RJ', 'RS', 'SC', 'SP'], servicos: [1] },
};

/** The answer of the rules read; `regras` changes some of them. */
export const regrasComerciais = (regras: Partial<typeof REGRAS_DEMO> = {}) =>
  okFor(comercialApi.get, { ...REGRAS_DEMO, ...regras });
