import { describe, expect, it } from 'vitest';
import {
  applyMask,
  maskCardExpiry,
  maskCardHolderName,
  maskCardNumber,
  maskCep,
  maskCpfCnpj,
  maskCvc,
  maskDigits,
  maskPhone,
  maskTelefone,
  formatPhone,
  unmask,
} from './masks.js';

describe('applyMask', () => {
  it('formats progressively and never leaves a trailing literal', () => {
    expect(applyMask('12345', '99999-999')).toBe('12345');
    expect(applyMask('123456', '99999-999')).toBe('12345-6');
    expect(applyMask('12345x', '99999-999')).toBe('12345');
    expect(applyMask('', '99999-999')).toBe('');
  });
  it('honours 9 (digit), A (letter) and S (letter or digit) slots', () => {
    expect(applyMask('ab12', 'AA-99')).toBe('AB-12');
    expect(applyMask('1a2b', 'SS-SS')).toBe('1A-2B');
    expect(applyMask('a1', '99')).toBe('1');
  });
});

describe('maskCpfCnpj', () => {
  it('uses the CPF pattern up to 11 digits', () => {
    expect(maskCpfCnpj('529')).toBe('529');
    expect(maskCpfCnpj('5299822')).toBe('529.982.2');
    expect(maskCpfCnpj('52998224725')).toBe('529.982.247-25');
  });
  it('switches to CNPJ above 11 digits and caps at 14', () => {
    expect(maskCpfCnpj('112223330001')).toBe('11.222.333/0001');
    expect(maskCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCpfCnpj('1122233300018199')).toBe('11.222.333/0001-81');
    expect(maskCpfCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
  });
  it('accepts the alphanumeric CNPJ (letters force the CNPJ pattern)', () => {
    expect(maskCpfCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCpfCnpj('12a')).toBe('12.A');
  });
  it('re-masks a value typed over an existing mask', () => {
    expect(maskCpfCnpj('529.982.247-255')).toBe('52.998.224/7255');
  });
});

describe('other masks', () => {
  it('CEP 99999-999', () => expect(maskCep('01310-1009')).toBe('01310-100'));
  it('phone (99) 9 9999-9999', () => {
    expect(maskPhone('11987654321')).toBe('(11) 9 8765-4321');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('(11) 9 8765-43210')).toBe('(11) 9 8765-4321');
  });
  it('card expiry 99/99', () => expect(maskCardExpiry('12345')).toBe('12/34'));
  it('card number in groups of 4, or 4-6-5 for American Express', () => {
    expect(maskCardNumber('4111111111111111999')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('378282246310005')).toBe('3782 822463 10005');
  });
  it('digits only, CVC up to 4', () => {
    expect(maskDigits('a1b2c3')).toBe('123');
    expect(maskDigits('1234567', 6)).toBe('123456');
    expect(maskCvc('12345')).toBe('1234');
  });
  it('cardholder name keeps only values with letters', () => {
    expect(maskCardHolderName('APRO')).toBe('APRO');
    expect(maskCardHolderName('José')).toBe('José');
    expect(maskCardHolderName('1234')).toBe('');
  });
  it('unmask keeps letters and digits, upper-cased', () => expect(unmask('12.abc/0001-9')).toBe('12ABC00019'));
});

describe('formatPhone', () => {
  it('celular com 11 dígitos e fixo com 10', () => {
    expect(formatPhone('11987654321')).toBe('(11) 9 8765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
  });
});

describe('maskTelefone', () => {
  it('a landline as (99) 9999-9999, a mobile as (99) 9 9999-9999', () => {
    expect(maskTelefone('2132221100')).toBe('(21) 3222-1100');
    expect(maskTelefone('11987654321')).toBe('(11) 9 8765-4321');
    expect(maskTelefone('(11) 3')).toBe('(11) 3');
  });
});
