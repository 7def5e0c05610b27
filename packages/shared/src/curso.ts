/**
 * The course page's sums (docs/behaviour/catalogue-and-search.md#product-page, ADR 047), pure: the duration of each
 * content item is the HH:MM:SS the staff typed when uploading it (the database checks the shape), and the course's
 * total is their sum, shown as a shop shows it ('2h 05min', '45 min').
 */

/** Seconds of an 'HH:MM:SS' duration (hours may pass 24); 0 for anything else. */
export function segundosDaDuracao(hhmmss: string): number {
  const m = /^(\d{2,}):([0-5]\d):([0-5]\d)$/.exec(hhmmss);
  if (!m) return 0;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/**
 * A duration for people: '1h 05min', '2h', '12 min', '40 s' (under a minute). Minutes are rounded to the nearest
 * one, so a course of 1h 59min 40s reads '2h'.
 */
export function formatarDuracao(segundos: number): string {
  const total = Math.max(0, Math.round(segundos));
  if (total < 60) return `${total} s`;
  const minutos = Math.round(total / 60);
  const h = Math.floor(minutos / 60);
  const min = minutos % 60;
  if (h === 0) return `${min} min`;
  return min === 0 ? `${h}h` : `${h}h ${String(min).padStart(2, '0')}min`;
}

/** The course's total: the sum of its items' durations, formatted. */
export const duracaoTotal = (itens: ReadonlyArray<{ duracao: string }>): string =>
  formatarDuracao(itens.reduce((soma, i) => soma + segundosDaDuracao(i.duracao), 0));
