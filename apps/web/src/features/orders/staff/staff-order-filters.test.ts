import { hojeNaClinica } from '@clinica/shared/clinic-day';
import { MSG } from '@clinica/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  adminListagemQuery,
  applyStaffForm,
  clinicDayMinus,
  formFromStaffFilters,
  hasStaffFilters,
  searchFromStaffFilters,
  staffFiltersFromSearch,
  staffOrderFiltersFormSchema,
} from './staff-order-filters';

const TODAY = '2025-03-05';
const from = (qs: string) => staffFiltersFromSearch(new URLSearchParams(qs), TODAY);

describe('staff order filters', () => {
  it("today is the clinic's day (America/Sao_Paulo), not UTC's", () => {
    expect(hojeNaClinica(new Date('2025-03-06T02:30:00Z'))).toBe('2025-03-05');
    expect(hojeNaClinica(new Date('2025-03-06T03:30:00Z'))).toBe('2025-03-06');
    expect(clinicDayMinus(30, new Date('2025-03-06T02:30:00Z'))).toBe('2025-02-03');
  });

  it('an empty address is today, page 0 of 10, newest first', () => {
    expect(from('')).toEqual({ page: 0, size: 10, sort: 'desc', dataInicio: TODAY });
    expect(hasStaffFilters(from(''), TODAY)).toBe(false);
  });

  it('bad values are ignored; a city without its state, a name without its id and an end before the start too', () => {
    expect(
      from('page=-1&size=7&sort=lado&dataInicio=2025-02-30&situacao=pago&idPedido=abc&idCidade=3550308&nomeCliente=X'),
    ).toEqual({ page: 0, size: 10, sort: 'desc', dataInicio: TODAY });
    expect(from('dataInicio=2025-03-10&dataFim=2025-03-01')).toEqual({
      page: 0,
      size: 10,
      sort: 'desc',
      dataInicio: '2025-03-10',
    });
  });

  it('round trip through the address; the API query leaves the names out', () => {
    const qs =
      'page=2&size=20&sort=asc&dataInicio=2025-01-01&dataFim=2025-01-31&idPedido=7&situacao=PAGO&idUf=35&idCidade=3550308&idCliente=3&nomeCliente=Maria&idProduto=2&nomeProduto=Espelho';
    const filters = from(qs);
    expect(Object.fromEntries(searchFromStaffFilters(filters))).toEqual(Object.fromEntries(new URLSearchParams(qs)));
    expect(adminListagemQuery(filters)).toEqual({
      page: '2',
      size: '20',
      sort: 'asc',
      dataInicio: '2025-01-01',
      dataFim: '2025-01-31',
      idPedido: '7',
      situacao: 'PAGO',
      idUf: '35',
      idCidade: '3550308',
      idCliente: '3',
      idProduto: '2',
    });
    expect(hasStaffFilters(filters, TODAY)).toBe(true);
  });

  it("the form requires the start date ('É necessário informar uma data de início') and an end not before it", () => {
    const form = formFromStaffFilters(from(''));
    const messages = (values: object) => {
      const r = staffOrderFiltersFormSchema.safeParse({ ...form, ...values });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ dataInicio: '' })).toEqual([MSG.dataInicioObrigatoria]);
    expect(messages({ dataFim: '2025-03-01' })).toEqual([MSG.periodoInvalido]);
    expect(messages({})).toEqual([]);
  });

  it('applying the form goes back to page 0 and drops a city without state', () => {
    const current = { ...from('page=3&size=15'), page: 3 };
    const next = applyStaffForm(current, { ...formFromStaffFilters(current), idCidade: '3550308', idPedido: ' 12 ' });
    expect(next).toEqual({ page: 0, size: 15, sort: 'desc', dataInicio: TODAY, idPedido: '12' });
  });
});
