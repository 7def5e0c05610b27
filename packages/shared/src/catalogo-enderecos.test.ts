import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cabeMaisUm,
  emOrdemDeExibicao,
  LIMITE_ENDERECOS,
  proximoPadrao,
  type EntradaCatalogo,
} from './catalogo-enderecos.js';

const e = (id: number, extra: Partial<EntradaCatalogo> = {}): EntradaCatalogo => ({
  id,
  padrao: false,
  cadastro: false,
  ordem: id,
  ...extra,
});

describe('catálogo de endereços', () => {
  it('cabem 10 endereços: o 11º não', () => {
    expect(LIMITE_ENDERECOS).toBe(10);
    expect(cabeMaisUm(0)).toBe(true);
    expect(cabeMaisUm(9)).toBe(true);
    expect(cabeMaisUm(10)).toBe(false);
  });

  it('excluir um endereço que não é o padrão não muda o padrão', () => {
    expect(proximoPadrao([e(1, { padrao: true }), e(2)], 2)).toBeNull();
  });

  it('excluir o padrão: o endereço do cadastro passa a ser o padrão', () => {
    expect(proximoPadrao([e(1), e(2, { padrao: true }), e(3, { cadastro: true })], 2)?.id).toBe(3);
  });

  it('excluir o padrão sem endereço do cadastro: o mais antigo que sobrou', () => {
    expect(proximoPadrao([e(5, { ordem: 9 }), e(2, { padrao: true }), e(7, { ordem: 1 })], 2)?.id).toBe(7);
  });

  it('excluir o único endereço: não sobra padrão', () => {
    expect(proximoPadrao([e(1, { padrao: true })], 1)).toBeNull();
  });

  it('o padrão primeiro, depois por criação', () => {
    const lista = emOrdemDeExibicao([e(3), e(1), e(2, { padrao: true })]);
    expect(lista.map((x) => x.id)).toEqual([2, 1, 3]);
  });

  it('excluir o padrão de um catálogo com um padrão deixa exatamente um padrão', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: LIMITE_ENDERECOS }),
        fc.nat(),
        fc.nat(),
        (ids, padraoIdx, removerIdx) => {
          const padraoId = ids[padraoIdx % ids.length]!;
          const entradas = ids.map((id) => e(id, { padrao: id === padraoId }));
          const removida = ids[removerIdx % ids.length]!;
          const proximo = proximoPadrao(entradas, removida);
          const restantes = entradas
            .filter((x) => x.id !== removida)
            .map((x) => ({ ...x, padrao: proximo ? x.id === proximo.id : x.padrao }));
          const padroes = restantes.filter((x) => x.padrao).length;
          expect(padroes).toBe(restantes.length === 0 ? 0 : 1);
        },
      ),
    );
  });
});
