/**
 * CODE-128 set C, the barcode of an NF-e's access key on the DANFE (ADR 031): pairs of digits, one symbol each, after
 * Start C, with the modulo-103 check symbol and Stop. Pure: it gives the element widths, the PDF draws them.
 */

/**
 * The 106 symbols' element widths in modules (bar, space, bar, space, bar, space; 11 modules each), by value: 0–99
 * are the pairs '00'–'99' in set C, 103–105 the starts A, B and C. Stop (13 modules) is apart.
 */
// prettier-ignore
export const CODE128_SIMBOLOS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232',
];
const CODE128_START_C = 105;
/** Stop: bar, space, bar, space, bar, space, and the final bar (13 modules). */
export const CODE128_STOP = '2331112';

/** The check symbol: Start C plus each symbol's value times its position (1, 2, …), modulo 103. */
function code128Check(valores: readonly number[]): number {
  return valores.reduce((soma, v, i) => soma + v * (i + 1), CODE128_START_C) % 103;
}

/**
 * The element widths (in modules: bar, space, bar, …, ending with the stop's bar) of `digits` in CODE-128 set C.
 * Throws a RangeError for anything but a non-empty even number of digits. 44 digits (an access key) give 24 symbols and
 * the stop: 277 modules, quiet zones apart.
 */
export function code128C(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new RangeError('CODE-128 C: um número par de dígitos');
  const valores = digits.match(/\d\d/g)!.map(Number);
  const simbolos = [CODE128_START_C, ...valores, code128Check(valores)];
  return [...simbolos.map((v) => CODE128_SIMBOLOS[v]!).join(''), ...CODE128_STOP].map(Number);
}
