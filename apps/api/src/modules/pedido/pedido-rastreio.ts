/**
 * Tracking of shipped orders (docs/behaviour/orders.md#shipping-and-tracking): the carrier's tracking page for a
 * code. The e-mails of a shipped and a delivered order are pedido-emails.ts.
 */

/** Correios' public tracking page; `objetos` takes the code (S10). */
export const CORREIOS_RASTREAMENTO = 'https://rastreamento.correios.com.br/app/index.php?objetos=';

/** The S10 check digit (UPU S10, used by Correios): weights 8 6 4 2 3 5 9 7 over the serial number, mod 11. */
function digitoS10(serial: string): number {
  const pesos = [8, 6, 4, 2, 3, 5, 9, 7];
  const soma = pesos.reduce((s, p, i) => s + p * Number(serial[i]), 0);
  const d = 11 - (soma % 11);
  return d === 10 ? 0 : d === 11 ? 5 : d;
}

/**
 * True for a well-formed UPU S10 code (two letters, eight digits and their
 * check digit, two letters: 'AA473124829BR'), the shape Correios gives every
 * tracked object. Other carriers (Jadlog, Loggi, …) use other shapes.
 */
export function codigoCorreios(codigo: string): boolean {
  const m = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/.exec(codigo);
  return m !== null && digitoS10(m[1]!) === Number(m[2]);
}

/**
 * The carrier's tracking page for `codigo`, only when it can be built
 * correctly: Correios for S10 codes; null for anything else (no guessed links).
 */
export function urlRastreio(codigo: string | null): string | null {
  if (!codigo || !codigoCorreios(codigo)) return null;
  return `${CORREIOS_RASTREAMENTO}${encodeURIComponent(codigo)}`;
}
