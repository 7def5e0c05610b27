import { formatBRL, type Cents } from '@clinica/shared/money';

export { formatBRL };

const inteiro = new Intl.NumberFormat('pt-BR');
const compacto = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
// Calendar days are formatted at noon UTC, so no time zone moves them to another day.
const diaMes = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const diaCompleto = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const data = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const noon = (dia: string) => new Date(`${dia}T12:00:00Z`);

/** 1234 → '1.234'. */
export const formatCount = (n: number): string => inteiro.format(n);
/** Cents on a chart axis: 'R$ 1,2 mil' (a plain space after R$). */
export const formatBRLCompact = (cents: Cents): string => compacto.format(cents / 100).replace(/\u00a0/g, ' ');
/** '2026-03-05' → '05/03'. */
export const formatDayShort = (dia: string): string => diaMes.format(noon(dia));
/** '2026-03-05' → 'qui., 05/03/2026'. */
export const formatDayLong = (dia: string): string => diaCompleto.format(noon(dia));
/** '2026-03-05' → '05/03/2026'. */
export const formatDate = (dia: string): string => data.format(noon(dia));
/** 'um pedido' / '3 pedidos'. */
export const pedidosLabel = (n: number): string => (n === 1 ? '1 pedido' : `${formatCount(n)} pedidos`);
