import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  barcodeFromLinha,
  boletoBarcode,
  boletoFields,
  dueDateFactor,
  easterSunday,
  formatLinhaDigitavel,
  isBusinessDay,
  itfWidths,
  linhaDigitavel,
  validLinhaDigitavel,
} from './boleto.js';
import { somarDias } from './clinic-day.js';

// A published Banco do Brasil boleto: due 2007-12-31 (factor 3737), R$ 1,00.
const BB_LINE = '00190500954014481606906809350314337370000000100';
const BB_BARCODE = '00193373700000001000500940144816060680935031';

describe('due-date factor (ADR 024)', () => {
  it('counts days since 1997-10-07 and restarts at 1000 on 2025-02-22', () => {
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2022-06-03')).toBe(9005);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    expect(dueDateFactor('2049-10-13')).toBe(9999);
    expect(dueDateFactor('2049-10-14')).toBe(1000);
  });

  it('reads an instant as the clinic’s day; refuses bad or too early dates', () => {
    // 23:30 in São Paulo on 2025-02-21 is already the 22nd in UTC.
    expect(dueDateFactor(new Date('2025-02-22T02:30:00Z'))).toBe(9999);
    expect(() => dueDateFactor('2000-07-02')).toThrow(RangeError);
    expect(() => dueDateFactor('2025-02-30')).toThrow(RangeError);
    expect(() => dueDateFactor('22/02/2025')).toThrow(RangeError);
  });
});

describe('barcode and line', () => {
  it('builds a published barcode and its line (factor 3737, first cycle)', () => {
    const barcode = boletoBarcode({
      banco: '001',
      vencimento: '2007-12-31',
      valor: 100,
      campoLivre: '0500940144816060680935031',
    });
    expect(barcode).toBe(BB_BARCODE);
    expect(linhaDigitavel(barcode)).toBe(BB_LINE);
    expect(boletoFields(barcode)).toEqual({
      banco: '001',
      fator: 3737,
      valor: 100,
      campoLivre: '0500940144816060680935031',
    });
  });

  it('validates, converts and formats a published line', () => {
    expect(validLinhaDigitavel(BB_LINE)).toBe(true);
    expect(barcodeFromLinha(BB_LINE)).toBe(BB_BARCODE);
    expect(formatLinhaDigitavel(BB_LINE)).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
    expect(validLinhaDigitavel('00190.50095 40144.816069 06809.350314 3 37370000000100')).toBe(true);
    expect(barcodeFromLinha(formatLinhaDigitavel(BB_LINE))).toBe(BB_BARCODE);
  });

  it('refuses what is not a line or a barcode', () => {
    expect(validLinhaDigitavel(BB_LINE.slice(1))).toBe(false);
    expect(validLinhaDigitavel(`${BB_LINE.slice(0, -1)}x`)).toBe(false);
    expect(validLinhaDigitavel(BB_LINE.replace('0019', '0010'))).toBe(false);
    expect(formatLinhaDigitavel('123')).toBe('123');
    expect(() => barcodeFromLinha('123')).toThrow(RangeError);
    expect(() => linhaDigitavel('123')).toThrow(RangeError);
    expect(() => boletoFields('123')).toThrow(RangeError);
    const ok = { banco: '001', vencimento: '2030-01-10', valor: 100, campoLivre: '0'.repeat(25) };
    expect(() => boletoBarcode({ ...ok, banco: '1' })).toThrow(RangeError);
    expect(() => boletoBarcode({ ...ok, campoLivre: '1' })).toThrow(RangeError);
    expect(() => boletoBarcode({ ...ok, valor: -1 })).toThrow(RangeError);
    expect(() => boletoBarcode({ ...ok, valor: 1.5 })).toThrow(RangeError);
    expect(() => boletoBarcode({ ...ok, valor: 10_000_000_000 })).toThrow(RangeError);
  });

  const digits = (n: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
  const boletos = fc.record({
    banco: digits(3),
    vencimento: fc.integer({ min: 0, max: 40_000 }).map((n) => somarDias('2000-07-03', n)),
    valor: fc.integer({ min: 0, max: 9_999_999_999 }),
    campoLivre: digits(25),
  });

  it('property: every line built validates, round-trips and reads back its amount and factor', () => {
    fc.assert(
      fc.property(boletos, (input) => {
        const barcode = boletoBarcode(input);
        expect(barcode).toMatch(/^\d{44}$/);
        const line = linhaDigitavel(barcode);
        expect(line).toMatch(/^\d{47}$/);
        expect(validLinhaDigitavel(line)).toBe(true);
        expect(validLinhaDigitavel(formatLinhaDigitavel(line))).toBe(true);
        expect(barcodeFromLinha(line)).toBe(barcode);
        expect(barcodeFromLinha(formatLinhaDigitavel(line))).toBe(barcode);
        const fields = boletoFields(barcode);
        expect(fields).toEqual({
          banco: input.banco,
          fator: dueDateFactor(input.vencimento),
          valor: input.valor,
          campoLivre: input.campoLivre,
        });
        expect(fields.fator).toBeGreaterThanOrEqual(1000);
        expect(fields.fator).toBeLessThanOrEqual(9999);
      }),
    );
  });

  it('property: changing one digit of fields 1 to 4 always breaks the line; of field 5, unless its DV is 1', () => {
    fc.assert(
      fc.property(boletos, fc.integer({ min: 0, max: 46 }), fc.integer({ min: 1, max: 9 }), (input, at, delta) => {
        const line = linhaDigitavel(boletoBarcode(input));
        const changed = line.slice(0, at) + String((Number(line[at]) + delta) % 10) + line.slice(at + 1);
        // Modulo 11 writes remainders 0, 1 and 10 all as 1: a change in field 5 that moves between them goes unseen.
        if (at < 33 || line[32] !== '1') expect(validLinhaDigitavel(changed)).toBe(false);
      }),
    );
  });
});

describe('business days', () => {
  it('Easter Sunday, 2024 to 2030 and a few others', () => {
    const years = [2024, 2025, 2026, 2027, 2028, 2029, 2030, 2000, 2019, 1818, 2285];
    expect(years.map(easterSunday)).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2029-04-01',
      '2030-04-21',
      '2000-04-23',
      '2019-04-21',
      '1818-03-22',
      '2285-03-22',
    ]);
  });

  it('skips weekends, national holidays, Carnival, Good Friday and Corpus Christi', () => {
    // 2025: Carnival 03-03/04, Good Friday 04-18, Tiradentes 04-21, Corpus Christi 06-19.
    for (const day of [
      '2025-03-03',
      '2025-03-04',
      '2025-04-18',
      '2025-04-21',
      '2025-06-19',
      '2025-11-20',
      '2025-12-25',
    ])
      expect(isBusinessDay(day)).toBe(false);
    expect(isBusinessDay('2025-03-05')).toBe(true);
    expect(isBusinessDay('2025-03-01')).toBe(false);
    expect(isBusinessDay('2025-03-02')).toBe(false);
    // Consciência Negra is national from 2024 on.
    expect(isBusinessDay('2023-11-20')).toBe(true);
    expect(isBusinessDay('2024-11-20')).toBe(false);
    expect(addBusinessDays('2025-02-28', 1)).toBe('2025-03-05');
    expect(addBusinessDays('2025-04-17', 1)).toBe('2025-04-22');
    expect(addBusinessDays('2025-12-24', 1)).toBe('2025-12-26');
    expect(addBusinessDays('2025-12-31', 1)).toBe('2026-01-02');
    // 2026: Carnival 02-16/17.
    expect(addBusinessDays('2026-02-13', 3)).toBe('2026-02-20');
    expect(addBusinessDays('2025-03-05', -1)).toBe('2025-02-28');
    expect(addBusinessDays('2025-03-01', 0)).toBe('2025-03-01');
    // An instant counts from the clinic's day: 2025-02-28 23:00 in São Paulo.
    expect(addBusinessDays(new Date('2025-03-01T02:00:00Z'), 1)).toBe('2025-03-05');
    expect(() => addBusinessDays('2025-13-01', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2025-03-01', Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('property: n business days later is a business day with n − 1 business days between', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 1, max: 30 }), (offset, n) => {
        const from = somarDias('2000-01-01', offset);
        const to = addBusinessDays(from, n);
        expect(isBusinessDay(to)).toBe(true);
        let between = 0;
        for (let day = somarDias(from, 1); day < to; day = somarDias(day, 1)) if (isBusinessDay(day)) between++;
        expect(between).toBe(n - 1);
        expect(addBusinessDays(to, -n) <= from).toBe(true);
      }),
    );
  });
});

/** Reads ITF widths back into digits, as a scanner would: the test's own decoder, independent of the encoder's table. */
function decodeItf(widths: number[]): string {
  const digit = (five: number[]) => {
    const wide = five.map((w) => w === 3);
    if (wide.filter(Boolean).length !== 2) throw new Error('not 2 of 5');
    // Weights 1, 2, 4, 7, 0 of the wide elements; 11 stands for 0.
    const v = [1, 2, 4, 7, 0].reduce((sum, weight, k) => sum + (wide[k] ? weight : 0), 0);
    return v === 11 ? 0 : v;
  };
  expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
  expect(widths.slice(-3)).toEqual([3, 1, 1]);
  const body = widths.slice(4, -3);
  let out = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10);
    out += `${digit(pair.filter((_, k) => k % 2 === 0))}${digit(pair.filter((_, k) => k % 2 === 1))}`;
  }
  return out;
}

describe('itfWidths (the printed barcode, Interleaved 2 of 5)', () => {
  it('property: the bars of any barcode read back as its digits, 405 narrow modules for 44 digits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 44, maxLength: 44 }).map((d) => d.join('')),
        (digits) => {
          const widths = itfWidths(digits);
          expect(decodeItf(widths)).toBe(digits);
          expect(widths.reduce((a, b) => a + b, 0)).toBe(405);
          expect(widths.length % 2).toBe(1);
        },
      ),
    );
  });

  it('refuses an odd count or anything but digits', () => {
    expect(() => itfWidths('123')).toThrow(RangeError);
    expect(() => itfWidths('12a4')).toThrow(RangeError);
  });
});
