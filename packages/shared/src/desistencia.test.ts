import { describe, expect, it } from 'vitest';
import { dentroDoPrazoDesistencia, fimDoPrazoDesistencia, ultimoDiaDesistencia } from './desistencia.js';

describe('the right of withdrawal window (ADR 036)', () => {
  // Paid at 23:30 of 03/11 in Brasília (02:30 UTC of the 4th): the day of the payment is the 3rd.
  const pago = new Date('2026-11-04T02:30:00Z');

  it('closes at the end of the 7th calendar day after the event, Brasília time', () => {
    expect(fimDoPrazoDesistencia(pago).toISOString()).toBe('2026-11-11T03:00:00.000Z');
    expect(ultimoDiaDesistencia(pago)).toBe('10/11/2026');
  });

  it('is open until the last instant of that day and closed after it', () => {
    expect(dentroDoPrazoDesistencia(pago, new Date('2026-11-11T02:59:59Z'))).toBe(true);
    expect(dentroDoPrazoDesistencia(pago, new Date('2026-11-11T03:00:00Z'))).toBe(false);
    expect(dentroDoPrazoDesistencia(pago, new Date('2026-11-04T02:30:00Z'))).toBe(true);
  });

  it('is closed before it started and when it never started', () => {
    expect(dentroDoPrazoDesistencia(pago, new Date('2026-11-04T02:29:59Z'))).toBe(false);
    expect(dentroDoPrazoDesistencia(null, new Date())).toBe(false);
  });
});
