import { MSG } from '@clinica/shared/messages';
import { z } from 'zod';

/** Page sizes 10, 15, 20 (default 10); pages are zero-based (docs/behaviour/timings-and-limits.md#lists-and-pages). */
export const ORDER_PAGE_SIZES = [10, 15, 20] as const;
export const DEFAULT_ORDER_PAGE_SIZE = 10;

/** The largest id the API accepts (a PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a real calendar day. */
export const isCalendarDay = (v: string) => {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};

/**
 * The filter form of /orders/{id} (docs/behaviour/orders.md#customer-order-list): order id (digits), start and
 * end dates (YYYY-MM-DD, as `<input type="date">` gives them). An end date
 * without a start gives 'É necessário informar uma data de início'; an end
 * before the start, the API's own period message.
 */
export const orderFiltersFormSchema = z
  .object({
    idPedido: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_ID), {
        error: 'Informe um número de pedido válido.',
      }),
    dataInicio: z.string().refine((v) => v === '' || isCalendarDay(v), { error: MSG.dataInvalida }),
    dataFim: z.string().refine((v) => v === '' || isCalendarDay(v), { error: MSG.dataInvalida }),
  })
  .superRefine((v, ctx) => {
    if (v.dataFim && !v.dataInicio) {
      ctx.addIssue({ code: 'custom', path: ['dataInicio'], message: MSG.dataInicioObrigatoria });
    } else if (v.dataInicio && v.dataFim && v.dataInicio > v.dataFim) {
      ctx.addIssue({ code: 'custom', path: ['dataFim'], message: MSG.periodoInvalido });
    }
  });

export type OrderFiltersForm = z.input<typeof orderFiltersFormSchema>;
export const EMPTY_FILTERS_FORM: OrderFiltersForm = { idPedido: '', dataInicio: '', dataFim: '' };

/** What the list asks the API for: the applied filters and the page. */
export interface OrderFilters {
  page: number;
  size: number;
  idPedido?: string;
  dataInicio?: string;
  dataFim?: string;
}

const FILTER_KEYS = ['idPedido', 'dataInicio', 'dataFim'] as const;

/**
 * The list state kept in the address (`?page&size&idPedido&dataInicio&dataFim`),
 * so paging and filters survive a reload and the back button. Values that
 * do not pass the form's rules are ignored.
 */
export function filtersFromSearch(search: URLSearchParams): OrderFilters {
  const pageText = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 0;
  const sizeNumber = Number(search.get('size'));
  const size = (ORDER_PAGE_SIZES as readonly number[]).includes(sizeNumber) ? sizeNumber : DEFAULT_ORDER_PAGE_SIZE;
  const parsed = orderFiltersFormSchema.safeParse({
    idPedido: search.get('idPedido') ?? '',
    dataInicio: search.get('dataInicio') ?? '',
    dataFim: search.get('dataFim') ?? '',
  });
  const filters: OrderFilters = { page, size };
  if (parsed.success) {
    for (const key of FILTER_KEYS) if (parsed.data[key]) filters[key] = parsed.data[key];
  }
  return filters;
}

/** The address query of a list state (defaults left out). */
export function searchFromFilters(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.page > 0) search.set('page', String(filters.page));
  if (filters.size !== DEFAULT_ORDER_PAGE_SIZE) search.set('size', String(filters.size));
  for (const key of FILTER_KEYS) if (filters[key]) search.set(key, filters[key]);
  return search;
}

/** The form's values of the applied filters. */
export const formFromFilters = (filters: OrderFilters): OrderFiltersForm => ({
  idPedido: filters.idPedido ?? '',
  dataInicio: filters.dataInicio ?? '',
  dataFim: filters.dataFim ?? '',
});

/** The applied filters after a valid form is submitted: back to the first page. */
export function applyForm(current: OrderFilters, form: OrderFiltersForm): OrderFilters {
  const next: OrderFilters = { page: 0, size: current.size };
  for (const key of FILTER_KEYS) {
    const value = form[key].trim();
    if (value) next[key] = value;
  }
  return next;
}

export const hasFilters = (filters: OrderFilters) => FILTER_KEYS.some((key) => Boolean(filters[key]));
