import { unmask } from '@clinica/shared/masks';
import { z } from 'zod';
import { pageOf, sizeOf } from '../../components/backoffice/list-search';
import { DEFAULT_PAGE_SIZE } from '../../components/ui/pagination';

/** The largest id the API accepts (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

const idText = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_ID), { error: message });

/**
 * The filter form of /clients (docs/behaviour/back-office.md#clients; GET /cliente/buscar): name or razão
 * social, CPF/CNPJ (typed with its mask; any part of it), client id,
 * state then city, and the order by name.
 */
export const clientFiltersFormSchema = z.object({
  nome: z.string().trim().max(100, { error: 'Use no máximo 100 caracteres.' }),
  cpfCnpj: z.string().refine((v) => /^[0-9A-Za-z.\-/\s]*$/.test(v) && unmask(v).length <= 14, {
    error: 'Informe até 14 números ou letras do CPF ou CNPJ.',
  }),
  id: idText('Informe um código de cliente válido.'),
  ufId: idText('Selecione um estado válido.'),
  municipioId: idText('Selecione uma cidade válida.'),
  sort: z.enum(['asc', 'desc']),
});
export type ClientFiltersForm = z.input<typeof clientFiltersFormSchema>;

export const EMPTY_CLIENT_FILTERS_FORM: ClientFiltersForm = {
  nome: '',
  cpfCnpj: '',
  id: '',
  ufId: '',
  municipioId: '',
  sort: 'asc',
};

const FILTER_KEYS = ['nome', 'cpfCnpj', 'id', 'ufId', 'municipioId'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** What the list asks GET /cliente/buscar for: the applied filters, the order and the page (zero-based). */
export type ClientFilters = { page: number; size: number; sort: 'asc' | 'desc' } & Partial<Record<FilterKey, string>>;

/** The CPF/CNPJ as the address and the API carry it: letters and digits only, upper-case. */
const documentoOf = (value: string) => unmask(value).slice(0, 14);

/**
 * The list state kept in the address (`?page&size&sort&nome&cpfCnpj&id&ufId&municipioId`,
 * the API's own names), so a reload, a shared link and the back button keep
 * it. Values the form would refuse are ignored; a city needs its state.
 */
export function clientFiltersFromSearch(search: URLSearchParams): ClientFilters {
  const filters: ClientFilters = {
    page: pageOf(search),
    size: sizeOf(search),
    sort: search.get('sort') === 'desc' ? 'desc' : 'asc',
  };
  for (const key of FILTER_KEYS) {
    const parsed = clientFiltersFormSchema.shape[key].safeParse(search.get(key) ?? '');
    if (parsed.success && parsed.data.trim()) {
      filters[key] = key === 'cpfCnpj' ? documentoOf(parsed.data) : parsed.data.trim();
    }
  }
  if (filters.cpfCnpj === '') delete filters.cpfCnpj;
  if (!filters.ufId) delete filters.municipioId;
  return filters;
}

/** The address query of a list state (defaults left out). */
export function searchFromClientFilters(filters: ClientFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.page > 0) search.set('page', String(filters.page));
  if (filters.size !== DEFAULT_PAGE_SIZE) search.set('size', String(filters.size));
  if (filters.sort === 'desc') search.set('sort', 'desc');
  for (const key of FILTER_KEYS) if (filters[key]) search.set(key, filters[key]);
  return search;
}

/** The form's values of the applied filters. */
export function formFromClientFilters(filters: ClientFilters): ClientFiltersForm {
  const form: ClientFiltersForm = { ...EMPTY_CLIENT_FILTERS_FORM, sort: filters.sort };
  for (const key of FILTER_KEYS) form[key] = filters[key] ?? '';
  return form;
}

/** The applied filters after a valid form is submitted: back to the first page, same size. */
export function applyClientFiltersForm(current: ClientFilters, form: ClientFiltersForm): ClientFilters {
  const next: ClientFilters = { page: 0, size: current.size, sort: form.sort };
  for (const key of FILTER_KEYS) {
    const value = key === 'cpfCnpj' ? documentoOf(form[key]) : form[key].trim();
    if (value) next[key] = value;
  }
  if (!next.ufId) delete next.municipioId;
  return next;
}

export const hasClientFilters = (filters: ClientFilters) => FILTER_KEYS.some((key) => Boolean(filters[key]));

/** The query of GET /cliente/buscar for a list state (only what is set). */
export function buscarQuery(filters: ClientFilters): Record<string, string> {
  const query: Record<string, string> = {
    page: String(filters.page),
    size: String(filters.size),
    sort: filters.sort,
  };
  for (const key of FILTER_KEYS) if (filters[key]) query[key] = filters[key];
  return query;
}

/** The client whose dialog is open (`?cliente=12`), or null. */
export function openClientOf(search: URLSearchParams): number | null {
  const text = search.get('cliente') ?? '';
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_ID ? Number(text) : null;
}
