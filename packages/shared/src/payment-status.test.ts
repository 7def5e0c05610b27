import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aplicarEventos, podeAvancar } from './payment-status.js';
import { STATUS_PAGAMENTO, type StatusPagamento } from './schemas/pagamento.js';

describe('payment status moves', () => {
  it('moves forward only', () => {
    expect(podeAvancar('pending', 'approved')).toBe(true);
    expect(podeAvancar('pending', 'in_process')).toBe(true);
    expect(podeAvancar('in_process', 'rejected')).toBe(true);
    expect(podeAvancar('approved', 'pending')).toBe(false);
    expect(podeAvancar('approved', 'rejected')).toBe(false);
    expect(podeAvancar('approved', 'cancelled')).toBe(false);
    expect(podeAvancar('approved', 'refunded')).toBe(true);
    expect(podeAvancar('rejected', 'approved')).toBe(false);
    expect(podeAvancar('cancelled', 'approved')).toBe(false);
    expect(podeAvancar('refunded', 'approved')).toBe(false);
    expect(podeAvancar('pending', 'pending')).toBe(false);
  });

  it('a late pending never undoes approved', () => {
    expect(aplicarEventos('pending', ['approved', 'pending', 'in_process'])).toBe('approved');
  });

  // A real payment's notifications, each a snapshot of the status at that time, delivered in any order and repeated.
  const historias: StatusPagamento[][] = [
    ['pending', 'approved'],
    ['pending', 'in_process', 'approved', 'refunded'],
    ['pending', 'in_process', 'rejected'],
    ['pending', 'cancelled'],
    ['pending', 'approved', 'in_mediation', 'charged_back'],
  ];

  it('any order and repetition of one payment’s notifications converges on its last status', () => {
    const entregas = fc
      .tuple(fc.constantFrom(...historias), fc.array(fc.nat(), { maxLength: 8 }))
      .chain(([historia, repetidos]) => {
        // Every status of the story at least once, plus repeats, in any order.
        const todas = [...historia, ...repetidos.map((i) => historia[i % historia.length]!)];
        return fc.tuple(fc.constant(historia), fc.shuffledSubarray(todas, { minLength: todas.length }));
      });
    fc.assert(
      fc.property(entregas, ([historia, ordem]) => {
        expect(aplicarEventos('pending', ordem)).toBe(historia.at(-1));
      }),
    );
  });

  it('never moves backwards, for any pair', () => {
    for (const de of STATUS_PAGAMENTO) {
      for (const para of STATUS_PAGAMENTO) {
        if (podeAvancar(de, para)) expect(podeAvancar(para, de)).toBe(false);
      }
    }
  });
});
