import { describe, expect, it } from 'vitest';
import { documentKind, isValidCnpj, isValidCpf, isValidCpfOrCnpj } from './documents.js';

describe('documents', () => {
  it('accepts valid CPFs with or without punctuation and refuses repeated digits', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
  });
  it('accepts numeric and alphanumeric CNPJs', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
  });
  it('tells CPF from CNPJ by length', () => {
    expect(documentKind('529.982.247-25')).toBe('cpf');
    expect(documentKind('11222333000181')).toBe('cnpj');
    expect(isValidCpfOrCnpj('11222333000181')).toBe(true);
    expect(isValidCpfOrCnpj('123')).toBe(false);
  });
});
