import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PaginationProps } from '../ui/pagination';

/*
 * The state of a back-office list kept in the address (`?page&size&…`), so
 * paging and filters survive a reload and the back button. Pages are
 * zero-based; sizes are 10, 15 or 20 (docs/behaviour/timings-and-limits.md#lists-and-pages). Defaults are left out of the
 * address.
 */

/** The zero-based page of the address (0 when missing or not a number). */
export function pageOf(search: URLSearchParams, key = 'page'): number {
  const text = search.get(key) ?? '';
  return /^\d{1,6}$/.test(text) ? Number(text) : 0;
}

/** The page size of the address (10 unless it is one of 10, 15, 20). */
export function sizeOf(search: URLSearchParams, key = 'size'): number {
  const size = Number(search.get(key));
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** A trimmed text filter of the address ('' when missing), at most `max` characters. */
export function textOf(search: URLSearchParams, key: string, max = 100): string {
  return (search.get(key) ?? '').trim().slice(0, max);
}

/**
 * The address with some values changed: `null`, `undefined` and `''` remove
 * a key, as do page 0 and the default size.
 */
export function withSearch(
  search: URLSearchParams,
  patch: Record<string, string | number | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(patch)) {
    const isDefault =
      (key === 'page' && value === 0) || (key === 'size' && value === DEFAULT_PAGE_SIZE) || value === '';
    if (value === null || value === undefined || isDefault) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * The pagination of a back-office table over one page of a list answer: a page change keeps the filters, a new size
 * goes back to the first page.
 */
export function listPaging<F extends { page: number; size: number }>(
  data: { page: number; totalPaginas: number; totalRegistros: number },
  filters: F,
  show: (next: F) => void,
): PaginationProps {
  return {
    page: data.page,
    totalPages: data.totalPaginas,
    totalItems: data.totalRegistros,
    pageSize: filters.size,
    onPageChange: (page) => show({ ...filters, page }),
    onPageSizeChange: (size) => show({ ...filters, size, page: 0 }),
  };
}
