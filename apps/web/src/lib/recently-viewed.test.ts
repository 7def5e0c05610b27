import { produtoDetalheSchema } from '@clinica/shared/schemas/produto';
import { afterEach, describe, expect, it } from 'vitest';
import { ESCOVA_DETALHE as ESCOVA_WIRE } from '../test/catalog-fixtures';
import { MAX_VISTOS, readVistos, registrarVisto } from './recently-viewed';

/** The product page's product as the app holds it (prices in cents). */
const ESCOVA_DETALHE = produtoDetalheSchema.parse(ESCOVA_WIRE);
const produto = (id: number) => ({ ...ESCOVA_DETALHE, id, nome: `Produto ${id}` });

describe('vistos recentemente (@vistosRecentemente)', () => {
  afterEach(() => localStorage.clear());

  it('keeps the newest first, each product once, with its card', () => {
    registrarVisto(produto(1));
    registrarVisto(produto(2));
    registrarVisto(produto(1));
    expect(readVistos().map((c) => c.id)).toEqual([1, 2]);
    expect(readVistos()[0]).toEqual({
      id: 1,
      nome: 'Produto 1',
      preco: ESCOVA_DETALHE.preco,
      digital: false,
      disponivel: true,
      pathImgDestaque: ESCOVA_DETALHE.pathImgDestaque,
      imagemDestaque: ESCOVA_DETALHE.imagemDestaque,
      nota: ESCOVA_DETALHE.nota,
      quantidadeAvaliacoes: ESCOVA_DETALHE.quantidadeAvaliacoes,
      ultimasUnidades: false,
    });
  });

  it(`keeps at most ${MAX_VISTOS}`, () => {
    for (let id = 1; id <= MAX_VISTOS + 3; id++) registrarVisto(produto(id));
    const ids = readVistos().map((c) => c.id);
    expect(ids).toHaveLength(MAX_VISTOS);
    expect(ids[0]).toBe(MAX_VISTOS + 3);
    expect(ids).not.toContain(1);
  });

  it('a corrupt or foreign entry reads as none, and the next visit replaces it', () => {
    localStorage.setItem('@vistosRecentemente', '{não é json');
    expect(readVistos()).toEqual([]);
    localStorage.setItem('@vistosRecentemente', JSON.stringify([{ id: 'x' }, 42, { id: 3, nome: 'sem preço' }]));
    expect(readVistos()).toEqual([]);
    registrarVisto(produto(5));
    expect(readVistos().map((c) => c.id)).toEqual([5]);
  });
});
