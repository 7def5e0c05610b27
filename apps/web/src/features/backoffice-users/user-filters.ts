import type { Permissao } from '@clinica/shared/schemas/common';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../components/ui/pagination';

/** 'Todas' / 'Todos' is the empty choice. */
const permissaoFiltro = z.enum(['', 'ADMIN', 'USUARIO', 'CLIENTE']);
const flag = z.enum(['', 'true', 'false']);

/**
 * The filter form of /controlAccess (docs/behaviour/back-office.md#users-and-access): name (or e-mail), permission
 * (ADMIN, USUARIO, CLIENTE), active, and ascending order by name.
 */
export const userFiltersFormSchema = z.object({
  nome: z.string().trim().max(100, { error: 'Use no máximo 100 caracteres.' }),
  permissao: permissaoFiltro,
  ativo: flag,
  ascendente: z.boolean(),
});
export type UserFiltersForm = z.input<typeof userFiltersFormSchema>;

export const EMPTY_USER_FILTERS_FORM: UserFiltersForm = { nome: '', permissao: '', ativo: '', ascendente: true };

/** What the list asks GET /usuario/buscar for: the applied filters, the order and the page (zero-based). */
export interface UserFilters {
  page: number;
  size: number;
  ascendente: boolean;
  nome?: string;
  permissao?: Permissao;
  ativo?: 'true' | 'false';
}

/**
 * The list state kept in the address (`?page&size&nome&permissao&ativo&ordem=desc`),
 * so paging and filters survive a reload and the back button. Values that do
 * not pass the form's rules are ignored.
 */
export function userFiltersFromSearch(search: URLSearchParams): UserFilters {
  const pageText = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 0;
  const sizeNumber = Number(search.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeNumber) ? sizeNumber : DEFAULT_PAGE_SIZE;
  const filters: UserFilters = { page, size, ascendente: search.get('ordem') !== 'desc' };
  const nome = userFiltersFormSchema.shape.nome.safeParse(search.get('nome') ?? '');
  if (nome.success && nome.data) filters.nome = nome.data;
  const permissao = permissaoFiltro.safeParse(search.get('permissao') ?? '');
  if (permissao.success && permissao.data) filters.permissao = permissao.data;
  const ativo = flag.safeParse(search.get('ativo') ?? '');
  if (ativo.success && ativo.data) filters.ativo = ativo.data;
  return filters;
}

/** The address query of a list state (defaults left out). */
export function searchFromUserFilters(filters: UserFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.nome) search.set('nome', filters.nome);
  if (filters.permissao) search.set('permissao', filters.permissao);
  if (filters.ativo) search.set('ativo', filters.ativo);
  if (!filters.ascendente) search.set('ordem', 'desc');
  if (filters.page > 0) search.set('page', String(filters.page));
  if (filters.size !== DEFAULT_PAGE_SIZE) search.set('size', String(filters.size));
  return search;
}

/** The form's values of the applied filters. */
export const formFromUserFilters = (filters: UserFilters): UserFiltersForm => ({
  nome: filters.nome ?? '',
  permissao: filters.permissao ?? '',
  ativo: filters.ativo ?? '',
  ascendente: filters.ascendente,
});

/** The applied filters after a valid form is submitted: back to the first page. */
export function applyUserFiltersForm(current: UserFilters, form: UserFiltersForm): UserFilters {
  const next: UserFilters = { page: 0, size: current.size, ascendente: form.ascendente };
  const nome = form.nome.trim();
  if (nome) next.nome = nome;
  if (form.permissao) next.permissao = form.permissao;
  if (form.ativo) next.ativo = form.ativo;
  return next;
}

/** Whether some filter narrows the list (the order does not). */
export const hasUserFilters = (filters: UserFilters) => Boolean(filters.nome || filters.permissao || filters.ativo);
