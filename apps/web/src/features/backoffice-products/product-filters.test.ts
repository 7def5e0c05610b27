import { describe, expect, it } from 'vitest';
import {
  applyProductFiltersForm,
  EMPTY_PRODUCT_FILTERS_FORM,
  formFromProductFilters,
  listagemQuery,
  productFiltersFromSearch,
  searchFromProductFilters,
} from './product-filters';

describe('product list state in the address', () => {
  it('reads page, size and every filter, ignoring values the form would refuse', () => {
    const filters = productFiltersFromSearch(
      new URLSearchParams(
        'page=2&size=20&nome=resina&id=12&descricao=foto&idCategoria=3&ativo=false&produtoExibidoSite=true&disponivel=maybe&brinde=true',
      ),
    );
    expect(filters).toEqual({
      page: 2,
      size: 20,
      nome: 'resina',
      id: '12',
      descricao: 'foto',
      idCategoria: '3',
      ativo: 'false',
      produtoExibidoSite: 'true',
      brinde: 'true',
    });
    expect(productFiltersFromSearch(new URLSearchParams('page=-1&size=13&id=abc'))).toEqual({ page: 0, size: 10 });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(searchFromProductFilters({ page: 0, size: 10 }).toString()).toBe('');
    const filters = { page: 1, size: 15, nome: 'kit', ativo: 'true' };
    const search = searchFromProductFilters(filters);
    expect(search.toString()).toBe('page=1&size=15&nome=kit&ativo=true');
    expect(productFiltersFromSearch(search)).toEqual(filters);
  });

  it('applying the form goes back to the first page and keeps the size', () => {
    const next = applyProductFiltersForm(
      { page: 3, size: 20, nome: 'old' },
      { ...EMPTY_PRODUCT_FILTERS_FORM, descricao: '  luva ', brinde: 'false' },
    );
    expect(next).toEqual({ page: 0, size: 20, descricao: 'luva', brinde: 'false' });
    expect(formFromProductFilters(next)).toEqual({ ...EMPTY_PRODUCT_FILTERS_FORM, descricao: 'luva', brinde: 'false' });
  });

  it('asks the API with its own names (page and size always)', () => {
    expect(listagemQuery({ page: 0, size: 10 })).toEqual({ page: '0', size: '10' });
    expect(listagemQuery({ page: 1, size: 15, idCategoria: '4', disponivel: 'false' })).toEqual({
      page: '1',
      size: '15',
      idCategoria: '4',
      disponivel: 'false',
    });
  });
});
