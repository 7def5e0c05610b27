/** Seconds of an 'HH:MM:SS' (or 'MM:SS') duration; 0 when it cannot be read. */
function durationSeconds(hms: string): number {
  const parts = hms.trim().split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((n) => !Number.isFinite(n) || n < 0)) return 0;
  return parts.reduce((total, n) => total * 60 + n, 0);
}

/** A duration as a person reads it: '45 s', '12 min', '12 min 30 s', '1 h 05 min'. */
export function formatDuration(hms: string): string {
  const total = Math.round(durationSeconds(hms));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** The sum of the items' durations, formatted. */
export function formatTotal(items: readonly { duracao: string }[]): string {
  const total = items.reduce((sum, i) => sum + durationSeconds(i.duracao), 0);
  const h = Math.floor(total / 3600);
  const m = Math.round((total % 3600) / 60);
  return formatDuration(`${h}:${m}:0`);
}
