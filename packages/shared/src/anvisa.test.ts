import { describe, expect, it } from 'vitest';
import {
  anvisaValido,
  croNumeroValido,
  formatarAnvisa,
  formatarCro,
  itensSemCro,
  mascaraAnvisa,
  normalizarAnvisa,
  normalizarCroNumero,
  ufValida,
} from './anvisa.js';
import { applyMask } from './masks.js';

describe('número ANVISA (ADR 037)', () => {
  it.each([
    ['80117580001', true],
    ['8.0117.5800.01', true],
    ['1.0235.1107.010-1', true],
    ['1023511070101', true],
    ['8011758000', false], // 10 dígitos
    ['801175800011', false], // 12 dígitos
    ['80117580001234', false], // 14 dígitos
    ['8011758000A', false],
    ['', false],
    ['25351.674980/2010-62', false], // número de processo, não de registro
  ])('%s → %s', (valor, valido) => {
    expect(anvisaValido(valor)).toBe(valido);
  });

  it('normaliza a máscara e formata os dois formatos', () => {
    expect(normalizarAnvisa(' 8.0117.5800.01 ')).toBe('80117580001');
    expect(formatarAnvisa('80117580001')).toBe('8.0117.5800.01');
    expect(formatarAnvisa('1023511070101')).toBe('1.0235.1107.010-1');
    expect(formatarAnvisa('123')).toBe('123');
  });

  it('a máscara progressiva passa ao formato de 13 dígitos no 12º dígito', () => {
    expect(applyMask('80117580001', mascaraAnvisa('80117580001'))).toBe('8.0117.5800.01');
    expect(applyMask('1023511070101', mascaraAnvisa('1023511070101'))).toBe('1.0235.1107.010-1');
    expect(applyMask('80117', mascaraAnvisa('80117'))).toBe('8.0117');
  });
});

describe('CRO (ADR 037)', () => {
  it.each([
    ['1', true],
    ['12345', true],
    ['123456', true],
    ['012.345', true],
    ['1234567', false],
    ['0', false],
    ['', false],
    ['12a45', false],
    ['-5', false],
  ])('número %s → %s', (valor, valido) => {
    expect(croNumeroValido(valor)).toBe(valido);
  });

  it('normaliza zeros à esquerda e pontos', () => {
    expect(normalizarCroNumero('012.345')).toBe('12345');
    expect(normalizarCroNumero('0')).toBe('0');
  });

  it('aceita as 27 UFs e nada mais', () => {
    expect(['SP', 'RJ', 'DF', 'TO', 'AC'].every(ufValida)).toBe(true);
    expect(['sp', 'XX', '', 'BR'].some(ufValida)).toBe(false);
  });

  it('escreve CRO-UF número', () => {
    expect(formatarCro({ numero: '12345', uf: 'SP' })).toBe('CRO-SP 12345');
  });

  it('sem CRO, os itens de uso profissional são recusados; com CRO, nenhum', () => {
    const itens = [
      { nome: 'Gel clareador 35%', usoProfissional: true },
      { nome: 'Escova', usoProfissional: false },
    ];
    expect(itensSemCro(itens, null).map((i) => i.nome)).toEqual(['Gel clareador 35%']);
    expect(itensSemCro(itens, { numero: '1', uf: 'SP' })).toEqual([]);
  });
});
