/**
 * How a payment's status may move (ADR 012, docs/behaviour/payments.md#payment-statuses). Provider notifications
 * repeat and arrive out of order; applying only forward moves makes any order
 * of the same events converge on the same status, and a late 'pending' never
 * undoes 'approved'.
 *
 *   pending → in_process/authorized → approved | rejected | cancelled
 *   approved → in_mediation → refunded | charged_back (also straight from approved)
 */
import type { StatusPagamento } from './schemas/pagamento.js';

const ORDEM: Record<StatusPagamento, number> = {
  pending: 0,
  in_process: 1,
  authorized: 1,
  approved: 2,
  rejected: 2,
  cancelled: 2,
  in_mediation: 3,
  refunded: 4,
  charged_back: 4,
};

/** Where each final status may still go (a rejected or cancelled payment never becomes approved). */
const SEGUINTES: Partial<Record<StatusPagamento, readonly StatusPagamento[]>> = {
  approved: ['in_mediation', 'refunded', 'charged_back'],
  in_mediation: ['refunded', 'charged_back'],
  rejected: [],
  cancelled: [],
  refunded: [],
  charged_back: [],
};

/** True when a payment in `de` may take the status `para` (a strict move forward). */
export function podeAvancar(de: StatusPagamento, para: StatusPagamento): boolean {
  if (de === para) return false;
  const seguintes = SEGUINTES[de];
  if (seguintes) return seguintes.includes(para);
  return ORDEM[para] > ORDEM[de];
}

/** The status after applying `eventos` in order, starting from `inicial`, each applied only when it moves forward. */
export function aplicarEventos(inicial: StatusPagamento, eventos: readonly StatusPagamento[]): StatusPagamento {
  return eventos.reduce((atual, proximo) => (podeAvancar(atual, proximo) ? proximo : atual), inicial);
}

/** Statuses after which the charge can no longer be paid. */
export const statusFinal = (s: StatusPagamento): boolean => ORDEM[s] >= 2;
