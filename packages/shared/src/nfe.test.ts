import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cfopDaLinha,
  chaveAcesso,
  chaveAcessoValida,
  chaveEmGrupos,
  digitoChaveAcesso,
  formatarNcm,
  ratearDesconto,
} from './nfe.js';

const partes = fc.record({
  codigoUf: fc.integer({ min: 11, max: 53 }),
  anoMes: fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }))
    .map(([a, m]) => `${String(a).padStart(2, '0')}${String(m).padStart(2, '0')}`),
  cnpj: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 14, maxLength: 14 }).map((d) => d.join('')),
  serie: fc.integer({ min: 0, max: 999 }),
  numero: fc.integer({ min: 1, max: 999_999_999 }),
  codigoNumerico: fc.integer({ min: 0, max: 99_999_999 }),
});

/** The rule written out the long way: weights 2..9 from the right, restarting. */
function digitoPorExtenso(c43: string): number {
  const pesos = [2, 3, 4, 5, 6, 7, 8, 9];
  const soma = [...c43].reverse().reduce((s, c, i) => s + (c.charCodeAt(0) - 48) * pesos[i % 8]!, 0);
  const r = soma % 11;
  return r === 0 || r === 1 ? 0 : 11 - r;
}

describe('NF-e access key', () => {
  it('is 44 characters laid out as the rule says, with a check digit that checks', () => {
    fc.assert(
      fc.property(partes, (p) => {
        const chave = chaveAcesso(p);
        expect(chave).toHaveLength(44);
        expect(chave.slice(0, 2)).toBe(String(p.codigoUf));
        expect(chave.slice(2, 6)).toBe(p.anoMes);
        expect(chave.slice(6, 20)).toBe(p.cnpj);
        expect(chave.slice(20, 22)).toBe('55');
        expect(Number(chave.slice(22, 25))).toBe(p.serie);
        expect(Number(chave.slice(25, 34))).toBe(p.numero);
        expect(chave[34]).toBe('1');
        expect(Number(chave.slice(35, 43))).toBe(p.codigoNumerico);
        expect(Number(chave[43])).toBe(digitoPorExtenso(chave.slice(0, 43)));
        expect(chaveAcessoValida(chave)).toBe(true);
      }),
    );
  });

  it('detects a changed digit, except where the rule itself folds remainders 0 and 1 into the same digit', () => {
    const resto = (c43: string) =>
      [...c43].reverse().reduce((s, c, i) => s + (c.charCodeAt(0) - 48) * ((i % 8) + 2), 0) % 11;
    fc.assert(
      fc.property(partes, fc.integer({ min: 0, max: 43 }), fc.integer({ min: 1, max: 9 }), (p, pos, delta) => {
        const chave = chaveAcesso(p);
        const trocado = String((Number(chave[pos]) + delta) % 10);
        const errada = chave.slice(0, pos) + trocado + chave.slice(pos + 1);
        // 11 is prime and no weight or change reaches it: one changed digit always moves the sum modulo 11; only
        // a move between remainders 0 and 1 keeps the digit 0 (the rule's own blind spot).
        const cego = pos < 43 && resto(chave.slice(0, 43)) < 2 && resto(errada.slice(0, 43)) < 2;
        expect(chaveAcessoValida(errada)).toBe(cego);
      }),
      { numRuns: 2000 },
    );
  });

  it('matches a key worked by hand and prints it in groups of 4', () => {
    // 35 2401 34567890000130 55 001 000000001 1 12345678 → the digit by the rule above.
    const c43 = '3524013456789000013055001000000001112345678';
    expect(digitoChaveAcesso(c43)).toBe(digitoPorExtenso(c43));
    const chave = c43 + String(digitoChaveAcesso(c43));
    expect(chaveEmGrupos(chave).split(' ')).toHaveLength(11);
    expect(chaveAcessoValida(chave.slice(0, 43))).toBe(false);
  });

  it('takes the alphanumeric CNPJ (letters count as their ASCII code − 48)', () => {
    const chave = chaveAcesso({
      codigoUf: 35,
      anoMes: '2607',
      cnpj: '12ABC34501DE35',
      serie: 1,
      numero: 7,
      codigoNumerico: 1,
    });
    expect(chaveAcessoValida(chave)).toBe(true);
    expect(Number(chave[43])).toBe(digitoPorExtenso(chave.slice(0, 43)));
  });
});

describe('cfopDaLinha', () => {
  it('is 5102 inside the state, 6102 to another, the product’s own when it has one', () => {
    expect(cfopDaLinha({ cfopProduto: null, ufEmitente: 'SP', ufDestino: 'sp' })).toBe('5102');
    expect(cfopDaLinha({ cfopProduto: null, ufEmitente: 'SP', ufDestino: 'RJ' })).toBe('6102');
    expect(cfopDaLinha({ cfopProduto: '5405', ufEmitente: 'SP', ufDestino: 'RJ' })).toBe('5405');
  });
  it('formats an NCM with its dots', () => expect(formatarNcm('96032100')).toBe('9603.21.00'));
});

describe('ratearDesconto', () => {
  it('shares the whole discount, never more than a line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        (valores, desconto) => {
          const partes = ratearDesconto(valores, desconto);
          const total = valores.reduce((s, v) => s + v, 0);
          expect(partes.reduce((s, v) => s + v, 0)).toBe(Math.min(desconto, total));
          partes.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(valores[i]!);
          });
        },
      ),
    );
  });
});
