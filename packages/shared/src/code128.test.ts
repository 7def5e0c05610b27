import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { code128C, CODE128_SIMBOLOS, CODE128_STOP } from './code128.js';

/** Widths to modules, '1' for a bar and '0' for a space (elements alternate, starting with a bar). */
const modulos = (widths: number[]) => widths.map((w, k) => (k % 2 === 0 ? '1' : '0').repeat(w)).join('');

/**
 * Reads the modules back into digits, as a scanner would: 11-module symbols up to the stop, each looked up by its
 * modules, then Start C, the modulo-103 check and the stop are checked.
 */
function lerCode128C(barras: string): string {
  const porModulos = new Map(CODE128_SIMBOLOS.map((s, v) => [modulos([...s].map(Number)), v]));
  const valores: number[] = [];
  let i = 0;
  for (; barras.length - i > 13; i += 11) {
    const v = porModulos.get(barras.slice(i, i + 11));
    if (v === undefined) throw new Error(`símbolo ilegível em ${i}`);
    valores.push(v);
  }
  expect(barras.slice(i)).toBe(modulos([...CODE128_STOP].map(Number)));
  const [start, ...resto] = valores;
  expect(start).toBe(105);
  const check = resto.pop()!;
  expect(resto.reduce((s, v, k) => s + v * (k + 1), 105) % 103).toBe(check);
  return resto.map((v) => String(v).padStart(2, '0')).join('');
}

describe('CODE-128 set C (the DANFE access key barcode)', () => {
  it('the table: 106 distinct symbols of 11 modules, 3 bars of even total width each; the stop has 13', () => {
    expect(CODE128_SIMBOLOS).toHaveLength(106);
    expect(new Set(CODE128_SIMBOLOS).size).toBe(106);
    for (const s of CODE128_SIMBOLOS) {
      const w = [...s].map(Number);
      expect(w.reduce((a, b) => a + b, 0)).toBe(11);
      expect((w[0]! + w[2]! + w[4]!) % 2).toBe(0);
    }
    expect([...CODE128_STOP].map(Number).reduce((a, b) => a + b, 0)).toBe(13);
  });

  it('known symbols: Start C, 00, 01, 02 and the stop as printed', () => {
    const d = code128C('000102');
    expect(modulos(d).slice(0, 44)).toBe('11010011100' + '11011001100' + '11001101100' + '11001100110');
    expect(modulos(d).slice(-13)).toBe('1100011101011');
  });

  it('property: the bars of any 44-digit key read back as its digits, 277 modules long', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 44, maxLength: 44 }).map((d) => d.join('')),
        (digits) => {
          const widths = code128C(digits);
          expect(widths.reduce((a, b) => a + b, 0)).toBe(277);
          expect(widths.length % 2).toBe(1);
          expect(lerCode128C(modulos(widths))).toBe(digits);
        },
      ),
    );
  });

  it('refuses an odd count, nothing, or anything but digits', () => {
    expect(() => code128C('123')).toThrow(RangeError);
    expect(() => code128C('')).toThrow(RangeError);
    expect(() => code128C('12a4')).toThrow(RangeError);
  });
});
