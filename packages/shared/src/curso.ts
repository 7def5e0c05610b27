/**
 * Durations of a course's items as people read them (ADR 047), pure: each item's duration is the HH:MM:SS the staff
 * typed when uploading it (the database checks the shape), and a course's total is their sum. The same formats as
 * the classroom's list ('45 s', '12 min', '12 min 30 s', '1 h 05 min'), so the store's page and the classroom read
 * alike.
 */

/** Seconds of an 'HH:MM:SS' (or 'MM:SS') duration; 0 when it cannot be read. */
export function segundosDaDuracao(hms: string): number {
  const partes = hms.trim().split(':').map(Number);
  if (partes.length < 2 || partes.length > 3 || partes.some((n) => !Number.isFinite(n) || n < 0)) return 0;
  return partes.reduce((total, n) => total * 60 + n, 0);
}

/** Seconds as a person reads them: '45 s', '12 min', '12 min 30 s', '1 h 05 min'. */
function formatarSegundos(segundos: number): string {
  const total = Math.max(0, Math.round(segundos));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** An item's 'HH:MM:SS' as a person reads it. */
export const formatarDuracao = (hms: string): string => formatarSegundos(segundosDaDuracao(hms));

/** A course's total: the sum of its items' durations, to the minute once it passes one. */
export function duracaoTotal(itens: ReadonlyArray<{ duracao: string }>): string {
  const total = itens.reduce((soma, i) => soma + segundosDaDuracao(i.duracao), 0);
  return formatarSegundos(total < 60 ? total : Math.round(total / 60) * 60);
}
