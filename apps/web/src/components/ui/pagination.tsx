import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import styles from './pagination.module.css';

/** docs/behaviour/timings-and-limits.md#lists-and-pages: page sizes 10, 15, 20 (default 10); zero-based pages; up to 3 page buttons. */
export const PAGE_SIZES = [10, 15, 20] as const;
export const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_BUTTONS = 3;

/** The zero-based pages to show as buttons: a window of at most `max` around `page`. */
export function visiblePages(page: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  const current = Math.min(Math.max(page, 0), totalPages - 1);
  const start = Math.min(Math.max(current - Math.floor(count / 2), 0), totalPages - count);
  return Array.from({ length: count }, (_, i) => start + i);
}

export interface PaginationProps {
  /** Zero-based current page. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  pageSize?: number;
  onPageSizeChange?: (size: number) => void;
  totalItems?: number;
  pageSizes?: readonly number[];
}

export function Pagination({
  page,
  totalPages,
  onPageChange,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageSizeChange,
  totalItems,
  pageSizes = PAGE_SIZES,
}: PaginationProps) {
  const selectId = useId();
  const pages = visiblePages(page, totalPages);
  const last = Math.max(totalPages - 1, 0);

  return (
    <nav className={styles.pagination} aria-label="Paginação">
      <div className={styles.size}>
        {onPageSizeChange && (
          <>
            <label htmlFor={selectId}>Itens por página</label>
            <select
              id={selectId}
              className={styles.select}
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.target.value))}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </>
        )}
        {totalItems !== undefined && (
          <span>
            {totalItems} {totalItems === 1 ? 'registro' : 'registros'}
          </span>
        )}
      </div>
      <ul className={styles.pages}>
        <li>
          <button
            type="button"
            className={styles.page}
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 0 || totalPages === 0}
            aria-label="Página anterior"
          >
            <ChevronLeft size={18} aria-hidden="true" />
          </button>
        </li>
        {pages.map((p) => (
          <li key={p}>
            <button
              type="button"
              className={`${styles.page} ${p === page ? styles.current : ''}`}
              onClick={() => onPageChange(p)}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Página ${p + 1}`}
            >
              {p + 1}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={styles.page}
            onClick={() => onPageChange(page + 1)}
            disabled={page >= last || totalPages === 0}
            aria-label="Próxima página"
          >
            <ChevronRight size={18} aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
