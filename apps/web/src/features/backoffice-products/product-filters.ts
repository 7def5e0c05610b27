import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../components/ui/pagination';

/** The largest id the API accepts (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** The yes/no filters: empty is 'Todos'. */
const FLAG_KEYS = ['ativo', 'produtoExibidoSite', 'disponivel', 'brinde'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];
type Flag = '' | 'true' | 'false';

const TEXT_KEYS = ['nome', 'id', 'descricao', 'idCategoria'] as const;
const FILTER_KEYS = [...TEXT_KEYS, ...FLAG_KEYS] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const idText = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_ID), { error: message });
const flag = z.enum(['', 'true', 'false']);

/**
 * The filter form of /products (docs/behaviour/back-office.md#products): name, id, description, category and
 * the yes/no filters active, shown on site, available and gift.
 */
export const productFiltersFormSchema = z.object({
  nome: z.string().trim().max(150, { error: 'Use no máximo 150 caracteres.' }),
  id: idText('Informe um código de produto válido.'),
  descricao: z.string().trim().max(255, { error: 'Use no máximo 255 caracteres.' }),
  idCategoria: idText('Selecione uma categoria válida.'),
  ativo: flag,
  produtoExibidoSite: flag,
  disponivel: flag,
  brinde: flag,
});
export type ProductFiltersForm = z.input<typeof productFiltersFormSchema>;

export const EMPTY_PRODUCT_FILTERS_FORM: ProductFiltersForm = {
  nome: '',
  id: '',
  descricao: '',
  idCategoria: '',
  ativo: '',
  produtoExibidoSite: '',
  disponivel: '',
  brinde: '',
};

/** What the list asks GET /produto/listagem for: the applied filters and the page (zero-based). */
export type ProductFilters = { page: number; size: number } & Partial<Record<FilterKey, string>>;

/**
 * The list state kept in the address (`?page&size&nome&id&descricao&idCategoria&ativo&…`,
 * the API's own names), so paging and filters survive a reload and the back
 * button. Values that do not pass the form's rules are ignored.
 */
export function productFiltersFromSearch(search: URLSearchParams): ProductFilters {
  const pageText = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 0;
  const sizeNumber = Number(search.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeNumber) ? sizeNumber : DEFAULT_PAGE_SIZE;
  const filters: ProductFilters = { page, size };
  for (const key of FILTER_KEYS) {
    const parsed = productFiltersFormSchema.shape[key].safeParse(search.get(key) ?? '');
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  return filters;
}

/** The address query of a list state (defaults left out). */
export function searchFromProductFilters(filters: ProductFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.page > 0) search.set('page', String(filters.page));
  if (filters.size !== DEFAULT_PAGE_SIZE) search.set('size', String(filters.size));
  for (const key of FILTER_KEYS) if (filters[key]) search.set(key, filters[key]);
  return search;
}

/** The form's values of the applied filters. */
export function formFromProductFilters(filters: ProductFilters): ProductFiltersForm {
  const form = { ...EMPTY_PRODUCT_FILTERS_FORM };
  for (const key of TEXT_KEYS) form[key] = filters[key] ?? '';
  for (const key of FLAG_KEYS) form[key] = (filters[key] as Flag | undefined) ?? '';
  return form;
}

/** The applied filters after a valid form is submitted: back to the first page. */
export function applyProductFiltersForm(current: ProductFilters, form: ProductFiltersForm): ProductFilters {
  const next: ProductFilters = { page: 0, size: current.size };
  for (const key of FILTER_KEYS) {
    const value = form[key].trim();
    if (value) next[key] = value;
  }
  return next;
}

export const hasProductFilters = (filters: ProductFilters) => FILTER_KEYS.some((key) => Boolean(filters[key]));

/** The query of GET /produto/listagem for a list state (only what is set). */
export function listagemQuery(filters: ProductFilters): Record<string, string> {
  const query: Record<string, string> = { page: String(filters.page), size: String(filters.size) };
  for (const key of FILTER_KEYS) if (filters[key]) query[key] = filters[key];
  return query;
}
