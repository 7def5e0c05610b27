import { describe, expect, it } from 'vitest';
import { applyUserFiltersForm, searchFromUserFilters, userFiltersFromSearch } from './user-filters';

describe('the /controlAccess address', () => {
  it('reads the filters, order and page; values that break the rules are left out', () => {
    expect(
      userFiltersFromSearch(new URLSearchParams('nome=ana&permissao=ADMIN&ativo=true&ordem=desc&page=2&size=20')),
    ).toEqual({ page: 2, size: 20, ascendente: false, nome: 'ana', permissao: 'ADMIN', ativo: 'true' });
    expect(userFiltersFromSearch(new URLSearchParams('permissao=CHEFE&ativo=talvez&page=-1&size=13&ordem=x'))).toEqual({
      page: 0,
      size: 10,
      ascendente: true,
    });
  });

  it('writes only what differs from the defaults, and a read gives the same state back', () => {
    const state = { page: 1, size: 15, ascendente: false, nome: 'Zé', permissao: 'CLIENTE' as const };
    const search = searchFromUserFilters(state);
    expect(search.toString()).toBe('nome=Z%C3%A9&permissao=CLIENTE&ordem=desc&page=1&size=15');
    expect(userFiltersFromSearch(search)).toEqual(state);
    expect(searchFromUserFilters({ page: 0, size: 10, ascendente: true }).toString()).toBe('');
  });

  it('applying the form goes back to the first page and keeps the page size', () => {
    expect(
      applyUserFiltersForm(
        { page: 3, size: 20, ascendente: true },
        { nome: '  ', permissao: 'USUARIO', ativo: '', ascendente: false },
      ),
    ).toEqual({ page: 0, size: 20, ascendente: false, permissao: 'USUARIO' });
  });
});
