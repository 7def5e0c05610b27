import { pageOf, sizeOf, textOf, withSearch } from '../list-search';

/** What a record list asks its listing for: the page, its size and the list's filters. */
export interface ListFilters {
  page: number;
  size: number;
  /** The text filter (a name or a description, contains). */
  texto?: string;
  /** The optional second filter: a category's type ('digital' | 'fisico'), a discount's status ('ativo' | 'inativo'). */
  tipo?: string;
}

/** The list state of the address: `?page&size&q&tipo`. */
export function filtersOf(search: URLSearchParams): ListFilters {
  const filters: ListFilters = { page: pageOf(search), size: sizeOf(search) };
  const texto = textOf(search, 'q');
  const tipo = textOf(search, 'tipo', 20);
  if (texto) filters.texto = texto;
  if (tipo) filters.tipo = tipo;
  return filters;
}

/** The address after a change of the list state (defaults left out; other keys, such as a hub's tab, kept). */
export const searchWith = (search: URLSearchParams, filters: ListFilters) =>
  withSearch(search, { page: filters.page, size: filters.size, q: filters.texto, tipo: filters.tipo });
