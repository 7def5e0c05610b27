import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv.js';

describe('parseCsv', () => {
  it('reads plain rows with LF and CRLF line ends and ignores a BOM and blank lines', () => {
    expect(parseCsv('\ufeffa,b\r\n1,2\n\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('handles quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('nome,obs\n"São Paulo, SP","diz ""olá""\nde novo"\n')).toEqual([
      ['nome', 'obs'],
      ['São Paulo, SP', 'diz "olá"\nde novo'],
    ]);
  });

  it('keeps empty fields', () => {
    expect(parseCsv('a,,c\n,,\n')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ]);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('"abc')).toThrow();
  });

  it('maps rows to records by header and checks the field count', () => {
    expect(parseCsvRecords('codigo, nome\n35,"São Paulo"\n')).toEqual([{ codigo: '35', nome: 'São Paulo' }]);
    expect(() => parseCsvRecords('a,b\n1\n')).toThrow(/linha 2/);
  });
});
