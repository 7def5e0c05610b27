/**
 * HTTP Range of a media response (RFC 9110 §14), one range only (ADR 013):
 *  - no header, or a unit other than `bytes`: the whole file (200);
 *  - `bytes=a-b`, `bytes=a-` (open-ended) and `bytes=-n` (the last n bytes):
 *    206 with that part, `b` clipped to the last byte;
 *  - several ranges (`bytes=0-1,5-9`): the whole file (200); a `<video>`
 *    never asks for them and RFC 9110 lets a server ignore Range;
 *  - a malformed or unsatisfiable `bytes` range (start past the end, start
 *    after end, `-0`, any range of an empty file): 416 with `bytes *\/size`.
 */
export type RangePedido =
  { tipo: 'inteiro' } | { tipo: 'parte'; inicio: number; fim: number } | { tipo: 'insatisfazivel' };

const UNIDADE = /^\s*bytes\s*=/i;
const UM_INTERVALO = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

export function interpretarRange(header: string | undefined, tamanho: number): RangePedido {
  if (header === undefined || header.trim() === '' || !UNIDADE.test(header)) return { tipo: 'inteiro' };
  if (header.includes(',')) return { tipo: 'inteiro' };
  const m = UM_INTERVALO.exec(header);
  if (!m) return { tipo: 'insatisfazivel' };
  const [, a = '', b = ''] = m;
  // Digits beyond 15 would not be exact numbers; no file here is that large anyway.
  if (a.length > 15 || b.length > 15) return { tipo: 'insatisfazivel' };
  if (a === '') {
    if (b === '') return { tipo: 'insatisfazivel' };
    const n = Number(b);
    if (n === 0 || tamanho === 0) return { tipo: 'insatisfazivel' };
    return { tipo: 'parte', inicio: Math.max(0, tamanho - n), fim: tamanho - 1 };
  }
  const inicio = Number(a);
  if (inicio >= tamanho) return { tipo: 'insatisfazivel' };
  if (b === '') return { tipo: 'parte', inicio, fim: tamanho - 1 };
  const fim = Number(b);
  if (fim < inicio) return { tipo: 'insatisfazivel' };
  return { tipo: 'parte', inicio, fim: Math.min(fim, tamanho - 1) };
}
