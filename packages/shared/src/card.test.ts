import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_MSG,
  cardBin,
  cardDocumentValid,
  cardErrors,
  cardNumberValid,
  cvcValid,
  expiryParts,
  expiryValid,
  holderNameValid,
  identificationType,
  isAmex,
  luhnValid,
  maskCardForDisplay,
} from './card.js';

/** Mercado Pago's test cards (docs/integrations.md#test-cards). */
const MASTER = '5031 4332 1540 6351';
const VISA = '4235 6477 2802 5682';
const AMEX = '3753 651535 56885';
const ELO = '5067 7667 8388 8311';
const NOW = new Date(2026, 4, 15); // May 2026

describe('card rules (docs/behaviour/forms-and-validation.md#card)', () => {
  it("the test cards pass Luhn and their brand's length; one changed digit fails", () => {
    for (const n of [MASTER, VISA, AMEX, ELO]) expect(cardNumberValid(n)).toBe(true);
    expect(luhnValid('5031433215406352')).toBe(false);
    expect(cardNumberValid('5031 4332 1540 635')).toBe(false);
    // 16 digits for Amex, 15 for the others: refused.
    expect(cardNumberValid('4235647728025')).toBe(false);
    expect(isAmex(AMEX)).toBe(true);
    expect(isAmex(VISA)).toBe(false);
  });

  it('Luhn: changing any one digit of a valid number breaks it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digits = VISA.replace(/\D/g, '').split('');
        digits[pos] = String((Number(digits[pos]) + delta) % 10);
        return !luhnValid(digits.join(''));
      }),
    );
  });

  it('expiry: MM/AA, a real month, not before this month; the year is 20 + AA', () => {
    expect(expiryParts('11/30')).toEqual({ month: '11', year: '2030' });
    expect(expiryParts('13/30')).toBeNull();
    expect(expiryParts('1/30')).toBeNull();
    expect(expiryValid('11/30', NOW)).toBe(true);
    expect(expiryValid('05/26', NOW)).toBe(true);
    expect(expiryValid('04/26', NOW)).toBe(false);
    expect(expiryValid('12/25', NOW)).toBe(false);
  });

  it('CVC: 3 digits, 4 for American Express', () => {
    expect(cvcValid('123', VISA)).toBe(true);
    expect(cvcValid('1234', VISA)).toBe(false);
    expect(cvcValid('1234', AMEX)).toBe(true);
    expect(cvcValid('123', AMEX)).toBe(false);
    expect(cvcValid('12a', VISA)).toBe(false);
  });

  it('holder name: letters and spaces; document: 11 digits (CPF) or 14 characters (CNPJ)', () => {
    expect(holderNameValid('APRO')).toBe(true);
    expect(holderNameValid('José da Silva')).toBe(true);
    expect(holderNameValid('123')).toBe(false);
    expect(holderNameValid(' ')).toBe(false);
    expect(cardDocumentValid('123.456.789-09')).toBe(true);
    expect(cardDocumentValid('11.222.333/0001-81')).toBe(true);
    expect(cardDocumentValid('123.456.789-0')).toBe(false);
    expect(cardDocumentValid('123.456.789-0912')).toBe(false);
    expect(identificationType('123.456.789-09')).toBe('CPF');
    expect(identificationType('11.222.333/0001-81')).toBe('CNPJ');
  });

  it('cardErrors names each broken field; nothing for a good card', () => {
    const good = { numero: VISA, nome: 'APRO', validade: '11/30', cvc: '123', documento: '12345678909' };
    expect(cardErrors(good, NOW)).toEqual({});
    expect(cardErrors({ numero: '4235', nome: '', validade: '13/20', cvc: '1', documento: '1' }, NOW)).toEqual({
      numero: CARD_MSG.numero,
      nome: CARD_MSG.nome,
      validade: CARD_MSG.validade,
      cvc: CARD_MSG.cvc,
      documento: CARD_MSG.documento,
    });
  });

  it('bin is the first 8 digits; the display keeps only the last four', () => {
    expect(cardBin(MASTER)).toBe('50314332');
    expect(cardBin('5031 433')).toBeNull();
    expect(maskCardForDisplay(MASTER)).toBe('•••• •••• •••• 6351');
    expect(maskCardForDisplay(AMEX)).toBe('•••• •••••• •6885');
  });
});
