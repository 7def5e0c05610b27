/**
 * The right of withdrawal's window (direito de arrependimento, CDC art. 49; ADR 036), pure: 7 calendar days in the
 * clinic's calendar, counted from the payment for an order of courses only and from the delivery for an order with
 * goods. As the Civil Code counts periods (art. 132), the day of the event is left out and the last day is included
 * whole: paid or delivered on the 3rd, the customer may withdraw until the end of the 10th (Brasília time).
 */
import { diaNaClinica, inicioDoDiaSeguinte, somarDias } from './clinic-day.js';

const DIAS_DESISTENCIA = 7;

/** The instant the window that starts at `inicio` closes (the start of the day after its 7th day). */
export const fimDoPrazoDesistencia = (inicio: Date): Date =>
  inicioDoDiaSeguinte(somarDias(diaNaClinica(inicio), DIAS_DESISTENCIA));

/** Whether `agora` is inside the window that started at `inicio` (null: not started). */
export const dentroDoPrazoDesistencia = (inicio: Date | null, agora: Date): boolean =>
  inicio !== null && agora.getTime() >= inicio.getTime() && agora.getTime() < fimDoPrazoDesistencia(inicio).getTime();

/** The last day of the window, 'dd/mm/aaaa', as the texts show it. */
export function ultimoDiaDesistencia(inicio: Date): string {
  const [a, m, d] = somarDias(diaNaClinica(inicio), DIAS_DESISTENCIA).split('-');
  return `${d}/${m}/${a}`;
}
