import { MSG } from '@clinica/shared/messages';
import { describe, expect, it } from 'vitest';
import { maskMoneyText, moneyFieldSchema, moneyText, normalizeMoneyText } from './money-field';

describe('money field (SPEC §5: R$, comma decimals, cents in code)', () => {
  it('keeps only digits, dots and commas while typing', () => {
    expect(maskMoneyText('R$ 1.234,5x')).toBe('1.234,5');
    expect(maskMoneyText('-10')).toBe('10');
  });

  it('writes the amount back as 1.234,56 on leaving, and leaves non-amounts as typed', () => {
    expect(normalizeMoneyText('1234,5')).toBe('1.234,50');
    expect(normalizeMoneyText('1.234.56')).toBe('1.234,56');
    expect(normalizeMoneyText('300')).toBe('300,00');
    expect(normalizeMoneyText(',')).toBe(',');
    expect(moneyText(123456)).toBe('1.234,56');
    expect(moneyText(null)).toBe('');
  });

  it('reads the text as integer cents; empty says the SPEC message', () => {
    const schema = moneyFieldSchema();
    expect(schema.parse('1.234,56')).toBe(123456);
    expect(schema.parse('0,1')).toBe(10);
    expect(schema.safeParse('').error?.issues[0]?.message).toBe(MSG.naoVazio);
    expect(schema.safeParse('.,').error?.issues[0]?.message).toBe(MSG.naoVazio);
    expect(schema.safeParse('99999999999999').success).toBe(false);
  });
});
