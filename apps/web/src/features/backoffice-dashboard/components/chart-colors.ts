import type { DashboardVendas } from '@clinica/shared/schemas/dashboard';
import { useMemo } from 'react';

/** The tokens the charts use, read from the page (with the tokens' values as fallback). */
const TOKENS = {
  primary200: ['--color-primary-200', '#a7e3d9'],
  primary500: ['--color-primary-500', '#14948a'],
  primary800: ['--color-primary-800', '#0a524d'],
  accent500: ['--color-accent-500', '#e69a1f'],
  accent700: ['--color-accent-700', '#9a5a07'],
  success: ['--color-success', '#15803d'],
  danger: ['--color-danger', '#c0262d'],
  muted: ['--color-text-muted', '#556676'],
  border: ['--color-border', '#d8e1e4'],
  text: ['--color-text', '#243645'],
} as const;
export type TokenName = keyof typeof TOKENS;

export function useTokens(): Record<TokenName, string> {
  return useMemo(() => {
    const style = typeof window === 'undefined' ? null : window.getComputedStyle(document.documentElement);
    return Object.fromEntries(
      Object.entries(TOKENS).map(([k, [name, fallback]]) => [k, style?.getPropertyValue(name).trim() || fallback]),
    ) as Record<TokenName, string>;
  }, []);
}

type TipoPagamento = DashboardVendas['porPagamento'][number]['tipoPagamento'];

export const MEIO_LABEL: Record<TipoPagamento, string> = { pix: 'PIX', credit: 'Cartão', boleto: 'Boleto' };

/** The colour of each payment type (donut and legend). */
export const corDoMeio = (c: Record<TokenName, string>): Record<TipoPagamento, string> => ({
  pix: c.primary500,
  credit: c.accent500,
  boleto: c.primary800,
});
