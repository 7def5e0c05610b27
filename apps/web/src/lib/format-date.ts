import { FUSO_CLINICA as TIME_ZONE } from '@clinica/shared/clinic-day';

/** Dates are shown in the clinic's time zone, whose calendar days the API counts (packages/shared clinic-day.ts). */

const dayFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

const parse = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** '05/03/2025' (an ISO instant; '—' when it cannot be read). */
export function formatDay(iso: string): string {
  const d = parse(iso);
  return d ? dayFormat.format(d) : '—';
}

/** '05/03/2025 às 14:32'. */
export function formatDayTime(iso: string): string {
  const d = parse(iso);
  return d ? `${dayFormat.format(d)} às ${timeFormat.format(d)}` : '—';
}
