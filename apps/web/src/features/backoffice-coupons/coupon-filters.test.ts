import { describe, expect, it } from 'vitest';
import {
  applyCouponFiltersForm,
  couponFiltersFromSearch,
  couponFiltersFormSchema,
  listagemQuery,
  searchFromCouponFilters,
} from './coupon-filters';

describe('filtros de /cupons no endereço', () => {
  it('lê código, vigência, situação e página do endereço e ignora o que não vale', () => {
    expect(
      couponFiltersFromSearch(new URLSearchParams('codigo=natal&vigente=false&ativo=true&page=2&size=15')),
    ).toEqual({ codigo: 'natal', vigente: 'false', ativo: 'true', page: 2, size: 15 });
    expect(couponFiltersFromSearch(new URLSearchParams('codigo=%25&vigente=sim&ativo=1&page=x&size=7'))).toEqual({
      page: 0,
      size: 10,
    });
  });

  it('escreve só o que não é padrão, e a API recebe os mesmos nomes', () => {
    const f = applyCouponFiltersForm({ page: 3, size: 20 }, { codigo: ' bem ', vigente: 'true', ativo: '' });
    expect(f).toEqual({ codigo: 'bem', vigente: 'true', page: 0, size: 20 });
    expect(searchFromCouponFilters(f).toString()).toBe('codigo=bem&vigente=true&size=20');
    expect(listagemQuery(f)).toEqual({ codigo: 'bem', vigente: 'true', page: '0', size: '20' });
  });

  it('o código do filtro tem só letras e números', () => {
    expect(couponFiltersFormSchema.safeParse({ codigo: 'natal 20', vigente: '', ativo: '' }).success).toBe(true);
    expect(couponFiltersFormSchema.safeParse({ codigo: 'natal%', vigente: '', ativo: '' }).success).toBe(false);
  });
});
