/** Dates are shown in the clinic's time zone (America/Sao_Paulo), as the API's calendar days. */
const dayFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** '05/03/2025' for an ISO instant; '—' when it cannot be read. */
export function formatDia(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dayFormat.format(d);
}
