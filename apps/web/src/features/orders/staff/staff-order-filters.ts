import { hojeNaClinica, somarDias } from '@clinica/shared/clinic-day';
import { MSG } from '@clinica/shared/messages';
import { SITUACOES_PEDIDO, type SituacaoPedido } from '@clinica/shared/schemas/pedido';
import { z } from 'zod';
import { DEFAULT_ORDER_PAGE_SIZE, isCalendarDay, MAX_ID, ORDER_PAGE_SIZES } from '../order-filters';

/**
 * 'YYYY-MM-DD' `days` before the clinic's day of `now` (the staff's order list starts today, in the clinic's
 * calendar, packages/shared clinic-day.ts).
 */
export const clinicDayMinus = (days: number, now: Date = new Date()): string => somarDias(hojeNaClinica(now), -days);

/** The product-name search of the order filters needs over 3 characters. */
export const PRODUTO_BUSCA_MIN = 4;
/** The client-name search starts with 2 characters (a surname is enough). */
export const CLIENTE_BUSCA_MIN = 2;

const idText = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_ID), { error: message });

const ORDER_SORTS = ['desc', 'asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/**
 * The filter form of the staff's /orders (docs/behaviour/back-office.md#orders; GET /pedido/admin/listagem):
 * the start date is required ('É necessário informar uma data de início'),
 * the end date not before it; order number; status; state then city; a client
 * and a product picked from their searches (id and the name shown).
 */
export const staffOrderFiltersFormSchema = z
  .object({
    dataInicio: z
      .string()
      .refine((v) => v !== '', { error: MSG.dataInicioObrigatoria, abort: true })
      .refine(isCalendarDay, { error: MSG.dataInvalida }),
    dataFim: z.string().refine((v) => v === '' || isCalendarDay(v), { error: MSG.dataInvalida }),
    idPedido: idText('Informe um número de pedido válido.'),
    situacao: z.enum(['', ...SITUACOES_PEDIDO]),
    idUf: idText(MSG.estado),
    idCidade: idText(MSG.selecioneCidade),
    idCliente: idText('Escolha um cliente da lista.'),
    nomeCliente: z.string(),
    idProduto: idText('Escolha um produto da lista.'),
    nomeProduto: z.string(),
    sort: z.enum(ORDER_SORTS),
  })
  .superRefine((v, ctx) => {
    if (v.dataInicio && v.dataFim && isCalendarDay(v.dataInicio) && v.dataInicio > v.dataFim) {
      ctx.addIssue({ code: 'custom', path: ['dataFim'], message: MSG.periodoInvalido });
    }
  });

export type StaffOrderFiltersForm = z.input<typeof staffOrderFiltersFormSchema>;

/** The optional filters, by their names in the address and in the API (names only for display). */
const OPTIONAL_KEYS = [
  'dataFim',
  'idPedido',
  'situacao',
  'idUf',
  'idCidade',
  'idCliente',
  'nomeCliente',
  'idProduto',
  'nomeProduto',
] as const;
type OptionalKey = (typeof OPTIONAL_KEYS)[number];

/** What the list asks the API for: the filters and the page (zero-based). */
export type StaffOrderFilters = {
  page: number;
  size: number;
  sort: OrderSort;
  /** Always set: today (the clinic's) unless the address says otherwise. */
  dataInicio: string;
} & Partial<Record<OptionalKey, string>>;

export const defaultStaffFilters = (
  size: number = DEFAULT_ORDER_PAGE_SIZE,
  today = hojeNaClinica(),
): StaffOrderFilters => ({
  page: 0,
  size,
  sort: 'desc',
  dataInicio: today,
});

/**
 * The list state kept in the address (`?page&size&sort&dataInicio&dataFim&idPedido&situacao&idUf&idCidade&idCliente&nomeCliente&idProduto&nomeProduto`),
 * so filters and page survive a reload and the back button. A missing or bad
 * start date is today's; other values that do not pass the form's rules are
 * ignored; a city without its state, a name without its id too.
 */
export function staffFiltersFromSearch(search: URLSearchParams, today = hojeNaClinica()): StaffOrderFilters {
  const pageText = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 0;
  const sizeNumber = Number(search.get('size'));
  const size = (ORDER_PAGE_SIZES as readonly number[]).includes(sizeNumber) ? sizeNumber : DEFAULT_ORDER_PAGE_SIZE;
  const sort: OrderSort = search.get('sort') === 'asc' ? 'asc' : 'desc';
  const shape = staffOrderFiltersFormSchema.shape;
  const inicio = search.get('dataInicio') ?? '';
  const filters: StaffOrderFilters = {
    page,
    size,
    sort,
    dataInicio: shape.dataInicio.safeParse(inicio).success ? inicio : today,
  };
  for (const key of OPTIONAL_KEYS) {
    const parsed = shape[key].safeParse(search.get(key) ?? '');
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  if (filters.dataFim && filters.dataFim < filters.dataInicio) delete filters.dataFim;
  if (!filters.idUf) delete filters.idCidade;
  if (!filters.idCliente) delete filters.nomeCliente;
  if (!filters.idProduto) delete filters.nomeProduto;
  return filters;
}

/** The address query of a list state (defaults left out, the start date always written). */
export function searchFromStaffFilters(filters: StaffOrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.page > 0) search.set('page', String(filters.page));
  if (filters.size !== DEFAULT_ORDER_PAGE_SIZE) search.set('size', String(filters.size));
  if (filters.sort !== 'desc') search.set('sort', filters.sort);
  search.set('dataInicio', filters.dataInicio);
  for (const key of OPTIONAL_KEYS) if (filters[key]) search.set(key, filters[key]);
  return search;
}

/** The form's values of the applied filters. */
export function formFromStaffFilters(filters: StaffOrderFilters): StaffOrderFiltersForm {
  return {
    dataInicio: filters.dataInicio,
    dataFim: filters.dataFim ?? '',
    idPedido: filters.idPedido ?? '',
    situacao: (filters.situacao as SituacaoPedido | undefined) ?? '',
    idUf: filters.idUf ?? '',
    idCidade: filters.idCidade ?? '',
    idCliente: filters.idCliente ?? '',
    nomeCliente: filters.nomeCliente ?? '',
    idProduto: filters.idProduto ?? '',
    nomeProduto: filters.nomeProduto ?? '',
    sort: filters.sort,
  };
}

/** The applied filters after a valid form is submitted: back to the first page. */
export function applyStaffForm(current: StaffOrderFilters, form: StaffOrderFiltersForm): StaffOrderFilters {
  const next: StaffOrderFilters = { page: 0, size: current.size, sort: form.sort, dataInicio: form.dataInicio };
  for (const key of OPTIONAL_KEYS) {
    const value = form[key].trim();
    if (value) next[key] = value;
  }
  if (!next.idUf) delete next.idCidade;
  if (!next.idCliente) delete next.nomeCliente;
  if (!next.idProduto) delete next.nomeProduto;
  return next;
}

/** Any filter beyond the default day. */
export const hasStaffFilters = (filters: StaffOrderFilters, today = hojeNaClinica()) =>
  filters.dataInicio !== today || OPTIONAL_KEYS.some((key) => Boolean(filters[key]));

/** The query of GET /pedido/admin/listagem for a list state (only what is set; names stay on screen). */
export function adminListagemQuery(filters: StaffOrderFilters) {
  return {
    page: String(filters.page),
    size: String(filters.size),
    sort: filters.sort,
    dataInicio: filters.dataInicio,
    dataFim: filters.dataFim,
    idPedido: filters.idPedido,
    situacao: filters.situacao as SituacaoPedido | undefined,
    idUf: filters.idUf,
    idCidade: filters.idCidade,
    idCliente: filters.idCliente,
    idProduto: filters.idProduto,
  };
}
