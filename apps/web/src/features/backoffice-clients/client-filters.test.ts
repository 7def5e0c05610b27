import { describe, expect, it } from 'vitest';
import {
  applyClientFiltersForm,
  buscarQuery,
  clientFiltersFromSearch,
  EMPTY_CLIENT_FILTERS_FORM,
  formFromClientFilters,
  hasClientFilters,
  openClientOf,
  searchFromClientFilters,
} from './client-filters';

describe('client list state in the address', () => {
  it('reads page, size, order and every filter; a masked CPF/CNPJ keeps only its letters and digits', () => {
    const filters = clientFiltersFromSearch(
      new URLSearchParams(
        'page=2&size=20&sort=desc&nome=maria&cpfCnpj=12.abc.345/01de-35&id=7&ufId=35&municipioId=3550308',
      ),
    );
    expect(filters).toEqual({
      page: 2,
      size: 20,
      sort: 'desc',
      nome: 'maria',
      cpfCnpj: '12ABC34501DE35',
      id: '7',
      ufId: '35',
      municipioId: '3550308',
    });
  });

  it('ignores what the form would refuse, and a city without its state', () => {
    expect(
      clientFiltersFromSearch(
        new URLSearchParams('page=-1&size=13&sort=up&id=abc&ufId=0&cpfCnpj=529%23982&municipioId=3550308'),
      ),
    ).toEqual({ page: 0, size: 10, sort: 'asc' });
    expect(clientFiltersFromSearch(new URLSearchParams('cpfCnpj=.-/&nome=%20%20'))).toEqual({
      page: 0,
      size: 10,
      sort: 'asc',
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(searchFromClientFilters({ page: 0, size: 10, sort: 'asc' }).toString()).toBe('');
    const filters = { page: 1, size: 15, sort: 'desc' as const, nome: 'silva', cpfCnpj: '52998224725', ufId: '35' };
    const search = searchFromClientFilters(filters);
    expect(search.toString()).toBe('page=1&size=15&sort=desc&nome=silva&cpfCnpj=52998224725&ufId=35');
    expect(clientFiltersFromSearch(search)).toEqual(filters);
    expect(hasClientFilters(filters)).toBe(true);
    expect(hasClientFilters({ page: 3, size: 20, sort: 'desc' })).toBe(false);
  });

  it('applying the form goes back to page 0, keeps the size and unmasks the document', () => {
    const next = applyClientFiltersForm(
      { page: 4, size: 20, sort: 'asc', nome: 'antigo' },
      {
        ...EMPTY_CLIENT_FILTERS_FORM,
        nome: '  Maria ',
        cpfCnpj: '529.982.247-25',
        sort: 'desc',
        municipioId: '3550308',
      },
    );
    // A city without a state is dropped.
    expect(next).toEqual({ page: 0, size: 20, sort: 'desc', nome: 'Maria', cpfCnpj: '52998224725' });
    expect(formFromClientFilters(next)).toEqual({
      ...EMPTY_CLIENT_FILTERS_FORM,
      nome: 'Maria',
      cpfCnpj: '52998224725',
      sort: 'desc',
    });
  });

  it('asks GET /cliente/buscar for the page, size, order and only the filters set', () => {
    expect(buscarQuery({ page: 0, size: 10, sort: 'asc' })).toEqual({ page: '0', size: '10', sort: 'asc' });
    expect(buscarQuery({ page: 2, size: 15, sort: 'desc', ufId: '35', municipioId: '3509502', id: '9' })).toEqual({
      page: '2',
      size: '15',
      sort: 'desc',
      ufId: '35',
      municipioId: '3509502',
      id: '9',
    });
  });

  it('reads the open client of the address', () => {
    expect(openClientOf(new URLSearchParams('cliente=12'))).toBe(12);
    for (const bad of ['', 'abc', '0', '01', '1.5', '99999999999']) {
      expect(openClientOf(new URLSearchParams(`cliente=${bad}`))).toBeNull();
    }
  });
});
