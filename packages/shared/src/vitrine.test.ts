import { describe, expect, it } from 'vitest';
import {
  alternarMarca,
  centavosParaReais,
  escreverFiltros,
  FILTROS_VAZIOS,
  lerFiltros,
  limparFiltros,
  reaisParaCentavos,
  temFiltros,
} from './vitrine.js';

const ler = (q: string) => lerFiltros(new URLSearchParams(q));

describe('filtros da vitrine no endereço (ADR 044)', () => {
  it('reais como a URL e o campo os trazem, em centavos, sem float', () => {
    expect(reaisParaCentavos('49')).toBe(4900);
    expect(reaisParaCentavos('49,9')).toBe(4990);
    expect(reaisParaCentavos('49.90')).toBe(4990);
    expect(reaisParaCentavos(' 0,05 ')).toBe(5);
    for (const ruim of ['', 'abc', '-5', '1.999', '1,2,3', '1e3']) expect(reaisParaCentavos(ruim), ruim).toBeNull();
    expect(centavosParaReais(4900)).toBe('49');
    expect(centavosParaReais(4990)).toBe('49.90');
    expect(centavosParaReais(5)).toBe('0.05');
  });

  it('lê cada filtro; sem nada, os padrões', () => {
    expect(ler('')).toEqual(FILTROS_VAZIOS);
    expect(
      ler(
        'pesquisaProduto=%20escova%20&precoMin=10&precoMax=49,90&emEstoque=true&marca=3M,FGM,3M&ordem=menor-preco&pagina=3',
      ),
    ).toEqual({
      pesquisa: 'escova',
      precoMin: 1000,
      precoMax: 4990,
      emEstoque: true,
      marcas: ['3M', 'FGM'],
      ordem: 'menor-preco',
      pagina: 3,
    });
  });

  it('um valor que não lê é ignorado (um link compartilhado nunca quebra a página)', () => {
    expect(ler('precoMin=abc&emEstoque=sim&ordem=barato&pagina=0&marca=,,')).toEqual(FILTROS_VAZIOS);
    expect(ler('pagina=51').pagina).toBe(1);
    // An inverted range is dropped as a whole.
    expect(ler('precoMin=50&precoMax=10')).toMatchObject({ precoMin: null, precoMax: null });
  });

  it('escreve a consulta canônica: padrões omitidos, ordem fixa; ida e volta dá o mesmo', () => {
    const f = ler('ordem=maior-preco&marca=FGM&precoMax=100&precoMin=9.5&emEstoque=true&pagina=2');
    expect(escreverFiltros(f).toString()).toBe(
      'precoMin=9.50&precoMax=100&emEstoque=true&marca=FGM&ordem=maior-preco&pagina=2',
    );
    expect(escreverFiltros(f, { comPagina: false }).has('pagina')).toBe(false);
    expect(ler(escreverFiltros(f).toString())).toEqual(f);
    expect(escreverFiltros(FILTROS_VAZIOS).toString()).toBe('');
  });

  it('alternar marca volta à primeira página; limpar mantém o texto e a ordem', () => {
    const f = { ...FILTROS_VAZIOS, pesquisa: 'resina', ordem: 'avaliacao' as const, pagina: 3, marcas: ['3M'] };
    expect(alternarMarca(f, 'FGM')).toMatchObject({ marcas: ['3M', 'FGM'], pagina: 1 });
    expect(alternarMarca(f, '3M')).toMatchObject({ marcas: [], pagina: 1 });
    expect(temFiltros(f)).toBe(true);
    const limpo = limparFiltros({ ...f, emEstoque: true, precoMin: 100 });
    expect(limpo).toEqual({ ...FILTROS_VAZIOS, pesquisa: 'resina', ordem: 'avaliacao' });
    expect(temFiltros(limpo)).toBe(false);
  });
});
