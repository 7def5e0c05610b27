import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { diasNoPeriodo, somarDias } from '@clinica/shared/clinic-day';
import { DASHBOARD_DIAS_PADRAO, DASHBOARD_MAX_DIAS } from '@clinica/shared/schemas/dashboard';

/** The quick periods: the last 7, 30 or 90 days, today included. */
export const PRESETS = [7, 30, 90] as const;
type Preset = (typeof PRESETS)[number];

/**
 * The period the dashboard shows, kept in the address: `?dias=7|30|90` for a
 * quick period, `?dataInicio=AAAA-MM-DD&dataFim=AAAA-MM-DD` for chosen days;
 * nothing (or anything invalid) is the last 30 days.
 */
export type Period = { kind: 'preset'; dias: Preset } | { kind: 'custom'; dataInicio: string; dataFim: string };

const DEFAULT_DIAS = DASHBOARD_DIAS_PADRAO as Preset;
export const DEFAULT_PERIOD: Period = { kind: 'preset', dias: DEFAULT_DIAS };

const DIA_RE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string =>
  !!v && DIA_RE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** Why a custom period cannot be shown, or null when it can. */
export function customPeriodError(dataInicio: string, dataFim: string): string | null {
  if (!isDay(dataInicio) || !isDay(dataFim)) return MSG_BO.painelInformeDatas;
  if (dataInicio > dataFim) return MSG.periodoInvalido;
  if (diasNoPeriodo(dataInicio, dataFim) > DASHBOARD_MAX_DIAS) return MSG_BO.painelPeriodoLongo;
  return null;
}

export function periodFromSearch(search: URLSearchParams): Period {
  const dataInicio = search.get('dataInicio');
  const dataFim = search.get('dataFim');
  if (dataInicio !== null || dataFim !== null) {
    if (dataInicio !== null && dataFim !== null && customPeriodError(dataInicio, dataFim) === null) {
      return { kind: 'custom', dataInicio, dataFim };
    }
    return DEFAULT_PERIOD;
  }
  const dias = Number(search.get('dias'));
  return (PRESETS as readonly number[]).includes(dias) ? { kind: 'preset', dias: dias as Preset } : DEFAULT_PERIOD;
}

/** The address of a period (the default one has none). */
export function searchFromPeriod(period: Period): URLSearchParams {
  if (period.kind === 'custom') return new URLSearchParams({ dataInicio: period.dataInicio, dataFim: period.dataFim });
  return period.dias === DEFAULT_DIAS ? new URLSearchParams() : new URLSearchParams({ dias: String(period.dias) });
}

/** The days asked of GET /dashboard/vendas: a quick period ends today (the clinic's day). */
export function periodDays(period: Period, today: string): { dataInicio: string; dataFim: string } {
  if (period.kind === 'custom') return { dataInicio: period.dataInicio, dataFim: period.dataFim };
  return { dataInicio: somarDias(today, -(period.dias - 1)), dataFim: today };
}
