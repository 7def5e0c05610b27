import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deslocamentoMs,
  diaDe,
  diaNaClinica,
  diasNoPeriodo,
  FUSO_CLINICA,
  hojeNaClinica,
  inicioDoDia,
  inicioDoDiaSeguinte,
  isoNaClinica,
  somarDias,
} from './clinic-day.js';

/** The oracle: Intl's own reading of the zone, with no cache and no arithmetic of ours. */
const intl = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const partes = (ms: number) => Object.fromEntries(intl.formatToParts(ms).map((p) => [p.type, p.value]));
const diaIntl = (ms: number) => {
  const p = partes(ms);
  return `${p.year}-${p.month}-${p.day}`;
};
const HORA = 3_600_000;

/** Calendar days from 1985 (daylight saving time every summer until February 2019) to 2040. */
const dias = fc
  .date({ min: new Date('1985-01-01T12:00:00Z'), max: new Date('2040-12-31T12:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const instantes = fc.date({ min: new Date('1985-01-01'), max: new Date('2041-01-01'), noInvalidDate: true });

// Thousands of Intl calls per property: on two busy cores one property can take longer than Vitest's 5 s default.
describe("the clinic's day (America/Sao_Paulo)", { timeout: 30_000 }, () => {
  it('is the IANA zone the database is asked for too', () => {
    expect(FUSO_CLINICA).toBe('America/Sao_Paulo');
  });

  it('diaDe: the day of an instant in the clinic, not in UTC', () => {
    expect(diaDe(new Date('2026-03-01T02:30:00Z'))).toEqual([2026, 2, 28]);
    expect(diaDe(new Date('2026-03-01T03:30:00Z'))).toEqual([2026, 3, 1]);
    expect(diaNaClinica(new Date('2025-03-06T02:30:00Z'))).toBe('2025-03-05');
    expect(hojeNaClinica(new Date('2025-03-06T03:30:00Z'))).toBe('2025-03-06');
    expect(() => diaDe(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('kept per UTC hour, the day is always the one Intl gives, also across the daylight-saving years', () => {
    // The last days of daylight saving (midnight jumps) and the hours around local midnight.
    const bordas = ['2018-11-04T02:59:59.999Z', '2018-11-04T03:00:00Z', '2019-02-17T01:59:59Z', '2019-02-17T02:00:00Z'];
    for (const iso of bordas) expect(diaNaClinica(new Date(iso)), iso).toBe(diaIntl(Date.parse(iso)));
    fc.assert(
      fc.property(fc.date({ min: new Date('1914-01-01'), max: new Date('2060-01-01'), noInvalidDate: true }), (d) => {
        const esperado = diaIntl(d.getTime()).split('-').map(Number);
        // Twice: the first may fill the memory, the second reads it.
        expect(diaDe(d)).toEqual(esperado);
        expect(diaDe(d)).toEqual(esperado);
      }),
      { numRuns: 3000 },
    );
  });

  it('a day starts at its first instant: 01:00 when daylight saving began at midnight; days of 23 and 25 hours', () => {
    // 4 Nov 2018: clocks went from 00:00 to 01:00 (−02:00); 17 Feb 2019 they went back from 00:00 to 23:00 of the 16th.
    expect(inicioDoDia('2018-11-04').toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(inicioDoDiaSeguinte('2018-11-04').getTime() - inicioDoDia('2018-11-04').getTime()).toBe(23 * HORA);
    expect(inicioDoDia('2019-02-16').toISOString()).toBe('2019-02-16T02:00:00.000Z');
    expect(inicioDoDiaSeguinte('2019-02-16').toISOString()).toBe('2019-02-17T03:00:00.000Z');
    expect(inicioDoDia('2025-03-10').toISOString()).toBe('2025-03-10T03:00:00.000Z');
    // Any day the date filters accept (dataQuery: 0000–9999) has a start, far as it is.
    for (const dia of ['0000-01-01', '0099-12-31', '1500-06-15', '9999-12-31']) {
      expect(inicioDoDia(dia).getTime(), dia).toBeLessThan(inicioDoDiaSeguinte(dia).getTime());
    }
    for (const ruim of ['2025-02-30', '2025-2-1', '', '2025-13-01', 'amanhã']) {
      expect(() => inicioDoDia(ruim), ruim).toThrow(RangeError);
      expect(() => inicioDoDiaSeguinte(ruim), ruim).toThrow(RangeError);
    }
  });

  it("property: a day's start is the first instant Intl puts on it, and its end is the next day's start", () => {
    fc.assert(
      fc.property(dias, (dia) => {
        const inicio = inicioDoDia(dia).getTime();
        const fim = inicioDoDiaSeguinte(dia).getTime();
        expect(diaIntl(inicio)).toBe(dia);
        expect(diaIntl(inicio - 1)).toBe(somarDias(dia, -1));
        expect(diaIntl(fim - 1)).toBe(dia);
        expect(fim).toBe(inicioDoDia(somarDias(dia, 1)).getTime());
        expect([23, 24, 25].map((h) => h * HORA)).toContain(fim - inicio);
        // Since daylight saving time ended in 2019, every day is 24 hours long, from 00:00 at −03:00.
        if (dia >= '2019-02-17') expect(new Date(inicio).toISOString()).toBe(`${dia}T03:00:00.000Z`);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: every instant lies within the bounds of its own day', () => {
    fc.assert(
      fc.property(instantes, (d) => {
        const dia = diaNaClinica(d);
        expect(inicioDoDia(dia).getTime()).toBeLessThanOrEqual(d.getTime());
        expect(inicioDoDiaSeguinte(dia).getTime()).toBeGreaterThan(d.getTime());
      }),
      { numRuns: 3000 },
    );
  });

  it("property: the ISO text with the clinic's offset is the same instant and the wall time Intl shows", () => {
    expect(isoNaClinica(new Date('2025-03-10T15:00:00Z'))).toBe('2025-03-10T12:00:00.000-03:00');
    expect(isoNaClinica(new Date('2018-12-01T15:00:00.250Z'))).toBe('2018-12-01T13:00:00.250-02:00');
    fc.assert(
      fc.property(instantes, (d) => {
        const iso = isoNaClinica(d);
        expect(Date.parse(iso)).toBe(d.getTime());
        const p = partes(d.getTime());
        expect(iso.slice(0, 19)).toBe(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`);
        expect(['-03:00', '-02:00']).toContain(iso.slice(-6));
        expect(deslocamentoMs(d)).toBe(iso.endsWith('-02:00') ? -2 * HORA : -3 * HORA);
      }),
      { numRuns: 2000 },
    );
  });

  it('calendar arithmetic on day texts', () => {
    expect(somarDias('2024-02-28', 1)).toBe('2024-02-29');
    expect(somarDias('2024-03-01', -1)).toBe('2024-02-29');
    expect(somarDias('2018-11-03', 1)).toBe('2018-11-04');
    expect(diasNoPeriodo('2023-01-01', '2024-01-01')).toBe(366);
    expect(diasNoPeriodo('2025-03-05', '2025-03-05')).toBe(1);
  });
});
