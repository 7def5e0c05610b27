import { MSG } from '@clinica/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  applyForm,
  EMPTY_FILTERS_FORM,
  filtersFromSearch,
  hasFilters,
  orderFiltersFormSchema,
  searchFromFilters,
} from './order-filters';

const errorsOf = (values: Partial<typeof EMPTY_FILTERS_FORM>) => {
  const r = orderFiltersFormSchema.safeParse({ ...EMPTY_FILTERS_FORM, ...values });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('order list filters (docs/behaviour/orders.md#customer-order-list)', () => {
  it('accepts no filter at all, an id alone, a start alone or a whole period', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ idPedido: '42' })).toEqual({});
    expect(errorsOf({ dataInicio: '2025-03-01' })).toEqual({});
    expect(errorsOf({ dataInicio: '2025-03-01', dataFim: '2025-03-01' })).toEqual({});
  });

  it("an end date without a start: 'É necessário informar uma data de início' on the start", () => {
    expect(errorsOf({ dataFim: '2025-03-10' })).toEqual({ dataInicio: MSG.dataInicioObrigatoria });
    expect(MSG.dataInicioObrigatoria).toBe('É necessário informar uma data de início');
  });

  it('an end before the start: the period message on the end', () => {
    expect(errorsOf({ dataInicio: '2025-03-10', dataFim: '2025-03-01' })).toEqual({ dataFim: MSG.periodoInvalido });
  });

  it('refuses ids that are not positive whole numbers and dates that do not exist', () => {
    for (const idPedido of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect(errorsOf({ idPedido }), idPedido).toHaveProperty('idPedido');
    }
    expect(errorsOf({ idPedido: ' 12 ' })).toEqual({});
    expect(errorsOf({ dataInicio: '2025-02-30' })).toEqual({ dataInicio: MSG.dataInvalida });
  });
});

describe('list state in the address', () => {
  it('defaults to the first page of 10 with no filter', () => {
    const f = filtersFromSearch(new URLSearchParams(''));
    expect(f).toEqual({ page: 0, size: 10 });
    expect(hasFilters(f)).toBe(false);
    expect(searchFromFilters(f).toString()).toBe('');
  });

  it('round-trips page, size and filters', () => {
    const f = { page: 2, size: 20, idPedido: '7', dataInicio: '2025-01-01', dataFim: '2025-01-31' };
    expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
  });

  it('ignores a page size other than 10, 15 or 20, a bad page and filters that break the rules', () => {
    expect(filtersFromSearch(new URLSearchParams('page=-1&size=500'))).toEqual({ page: 0, size: 10 });
    expect(filtersFromSearch(new URLSearchParams('size=15&dataFim=2025-01-01'))).toEqual({ page: 0, size: 15 });
  });

  it('applying the form goes back to the first page and keeps the page size', () => {
    expect(applyForm({ page: 3, size: 15 }, { idPedido: ' 9 ', dataInicio: '2025-01-01', dataFim: '' })).toEqual({
      page: 0,
      size: 15,
      idPedido: '9',
      dataInicio: '2025-01-01',
    });
  });
});
