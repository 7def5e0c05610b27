import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Pagination, type PaginationProps } from '../ui/pagination';
import styles from './paged-table.module.css';

export interface TableColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Shown only from this width up (the first column is always shown). */
  from?: 768 | 1024;
  align?: 'start' | 'end' | 'center';
  /** The column takes the free width and cuts long text with an ellipsis. */
  grow?: boolean;
}

export interface PagedTableProps<T> {
  /** What the table lists (read by screen readers). */
  caption: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Where a row leads: a click anywhere on it, or its first cell's link (keyboard). */
  rowHref: (row: T) => string;
  /** The accessible name of a row's link ('Editar autor Maria'); the first cell's text otherwise. */
  rowLabel?: (row: T) => string;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
  /** Paging under the table (zero-based pages, sizes 10/15/20, up to 3 page buttons). */
  pagination?: PaginationProps;
}

const alignClass = (align: TableColumn<unknown>['align']) =>
  align === 'end' ? styles.end : align === 'center' ? styles.center : undefined;

/**
 * A back-office list: a table whose rows open their record, with paging
 * below. Columns marked `from` appear only on wider screens.
 */
export function PagedTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowHref,
  rowLabel,
  stale = false,
  pagination,
}: PagedTableProps<T>) {
  const navigate = useNavigate();
  const cellClass = (column: TableColumn<T>) =>
    [
      column.from === 768 && styles.from768,
      column.from === 1024 && styles.from1024,
      column.grow && styles.grow,
      alignClass(column.align),
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className={styles.results}>
      <div className={styles.wrap} aria-busy={stale || undefined}>
        <table className={`${styles.table} ${stale ? styles.stale : ''}`}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={cellClass(column)}>
                  {column.header}
                </th>
              ))}
              <th scope="col" className={styles.chevron}>
                <span className="visually-hidden">Abrir</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const href = rowHref(row);
              return (
                <tr key={rowKey(row)} className={styles.row} onClick={() => navigate(href)} data-testid="table-row">
                  {columns.map((column, index) => (
                    <td key={column.header} className={cellClass(column)}>
                      {index === 0 ? (
                        <Link
                          to={href}
                          className={styles.open}
                          aria-label={rowLabel?.(row)}
                          onClick={(e) => e.stopPropagation()}
                        >
                          {column.cell(row)}
                        </Link>
                      ) : (
                        column.cell(row)
                      )}
                    </td>
                  ))}
                  <td className={styles.chevron} aria-hidden="true">
                    <ChevronRight size={18} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pagination && <Pagination {...pagination} />}
    </div>
  );
}
