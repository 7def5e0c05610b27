import { ArrowDownAZ, ArrowUpAZ, ChevronRight } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate, type To } from 'react-router';
import { Pagination, type PaginationProps } from '../ui/pagination';
import styles from './paged-table.module.css';

/** A column sorted A to Z or Z to A. */
export type SortOrder = 'asc' | 'desc';

export interface TableColumn<T> {
  header: string;
  /** The header is read by screen readers only. */
  hideHeader?: boolean;
  /** The cell; in the column that opens the row, what its link or button shows. */
  cell: (row: T) => ReactNode;
  /** Shown only from this width up (the first column is always shown). */
  from?: 768 | 1024;
  align?: 'start' | 'end' | 'center';
  /** The column takes the free width and cuts long text with an ellipsis. */
  grow?: boolean;
  /** As narrow as its content. */
  fit?: boolean;
  /** Kept on one line. */
  nowrap?: boolean;
  /** Figures line up (tabular digits), on one line. */
  numeric?: boolean;
  /** Secondary text colour. */
  muted?: boolean;
  /** Stands out: the text colour of headings, semibold (a price). */
  strong?: boolean;
  /** The column's own class, on its header and cells (a phone card's grid area, for instance). */
  className?: string;
  /** On phone cards, a label above the cell ('Pedido em'). */
  cardLabel?: string;
  /** The list is sorted by this column: its header says how and a click turns the order. */
  sort?: { order: SortOrder; onChange: (order: SortOrder) => void };
  /** This column holds the row's link or button (the first column otherwise). */
  opens?: boolean;
  /** In the column that opens the row: a picture before the link (`TableAvatar`). */
  avatar?: (row: T) => ReactNode;
  /** In the column that opens the row: a mark right after the link ('Você'). */
  after?: (row: T) => ReactNode;
  /** In the column that opens the row: lines under the link (use the `meta` class of this block's CSS). */
  details?: (row: T) => ReactNode;
  /** The link's text may take two lines before it is cut (one otherwise). */
  twoLines?: boolean;
}

/** The row's own column of buttons or links, whose clicks never open the row. */
export interface TableActions<T> {
  header: string;
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** The column's own class (a phone card's grid area). */
  className?: string;
}

interface PagedTableBaseProps<T> {
  /** What the table lists (read by screen readers). */
  caption: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The accessible name of a row's link ('Editar autor Maria'); its text otherwise. */
  rowLabel?: (row: T) => string;
  /** A row's own class ('inactive'). */
  rowClassName?: (row: T) => string | undefined;
  /** The rows' test id. */
  rowTestId?: string;
  /** The last column: the row's actions, in place of the chevron. */
  actions?: TableActions<T>;
  /** Below 768 px each row is a card; the table's `className` places the cells. */
  cards?: boolean;
  /** The table's own class. */
  className?: string;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
  /** Paging under the table (zero-based pages, sizes 10/15/20, up to 3 page buttons). */
  pagination?: PaginationProps;
}

/** Rows that lead to an address: a click anywhere on one, or its link (keyboard). */
interface LinkRows<T> {
  rowHref: (row: T) => To;
  /** The history state the row's address is opened with. */
  rowState?: unknown;
  onRowOpen?: never;
}

/** Rows that open a dialog: a click anywhere on one, or its button (keyboard). */
interface DialogRows<T> {
  onRowOpen: (row: T) => void;
  rowHref?: never;
  rowState?: never;
}

/** Rows that open nothing (their actions do the work). */
interface StaticRows {
  rowHref?: never;
  rowState?: never;
  onRowOpen?: never;
}

export type PagedTableProps<T> = PagedTableBaseProps<T> & (LinkRows<T> | DialogRows<T> | StaticRows);

const alignClass = (align: TableColumn<unknown>['align']) =>
  align === 'end' ? styles.end : align === 'center' ? styles.center : undefined;

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * A back-office list: a table whose rows open their record (an address or a
 * dialog), with paging below. Columns marked `from` appear only on wider
 * screens; one header may sort the list; a row may end with its actions; on
 * phones the rows may become cards.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const {
    caption,
    columns,
    rows,
    rowKey,
    rowLabel,
    rowClassName,
    rowTestId = 'table-row',
    actions,
    cards = false,
    className,
    stale = false,
    pagination,
  } = props;
  const navigate = useNavigate();
  const openerIndex = Math.max(
    columns.findIndex((column) => column.opens),
    0,
  );
  const opens = Boolean(props.rowHref || props.onRowOpen);
  const open = (row: T) => {
    if (props.onRowOpen) props.onRowOpen(row);
    else if (props.rowHref) void navigate(props.rowHref(row), { state: props.rowState });
  };
  const cellClass = (column: TableColumn<T>) =>
    classes(
      column.from === 768 && styles.from768,
      column.from === 1024 && styles.from1024,
      column.grow && styles.grow,
      column.fit && styles.fit,
      column.nowrap && styles.nowrap,
      column.numeric && styles.numeric,
      column.muted && styles.muted,
      column.strong && styles.strong,
      alignClass(column.align),
      column.className,
    );

  const opener = (column: TableColumn<T>, row: T) => {
    const content = column.cell(row);
    const record = Boolean(column.avatar || column.after || column.details);
    const linkClass = record ? classes(styles.name, column.twoLines && styles.twoLines) : styles.open;
    const title = record && typeof content === 'string' ? content : undefined;
    const control = !props.rowHref ? (
      <button
        type="button"
        className={linkClass}
        aria-label={rowLabel?.(row)}
        aria-haspopup="dialog"
        onClick={(e) => {
          e.stopPropagation();
          open(row);
        }}
      >
        {content}
      </button>
    ) : (
      <Link
        to={props.rowHref(row)}
        state={props.rowState}
        className={linkClass}
        aria-label={rowLabel?.(row)}
        title={title}
        onClick={stop}
      >
        {content}
      </Link>
    );
    if (!record) return control;
    return (
      <div className={styles.record}>
        {column.avatar?.(row)}
        <span className={styles.text}>
          {column.after ? (
            <span className={styles.nameLine}>
              {control}
              {column.after(row)}
            </span>
          ) : (
            control
          )}
          {column.details?.(row)}
        </span>
      </div>
    );
  };

  const header = (column: TableColumn<T> | TableActions<T>) => {
    const text = column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header;
    if (!('sort' in column) || !column.sort) return text;
    const { order, onChange } = column.sort;
    const SortIcon = order === 'asc' ? ArrowDownAZ : ArrowUpAZ;
    return (
      <button
        type="button"
        className={styles.sort}
        onClick={() => onChange(order === 'asc' ? 'desc' : 'asc')}
        title={order === 'asc' ? 'Ordenar de Z a A' : 'Ordenar de A a Z'}
      >
        {text}
        <SortIcon size={16} aria-hidden="true" />
        <span className="visually-hidden">{order === 'asc' ? '(de A a Z)' : '(de Z a A)'}</span>
      </button>
    );
  };

  return (
    <div className={styles.results}>
      <div className={classes(styles.wrap, cards && styles.cards)} aria-busy={stale || undefined}>
        <table className={classes(styles.table, stale && styles.stale, className)}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={cellClass(column)}
                  aria-sort={column.sort ? (column.sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {header(column)}
                </th>
              ))}
              {actions ? (
                <th scope="col" className={classes(styles.actions, styles.end, actions.className)}>
                  {header(actions)}
                </th>
              ) : (
                opens && (
                  <th scope="col" className={styles.chevron}>
                    <span className="visually-hidden">Abrir</span>
                  </th>
                )
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={classes(opens && styles.row, rowClassName?.(row))}
                onClick={opens ? () => open(row) : undefined}
                data-testid={rowTestId}
              >
                {columns.map((column, index) => (
                  <td key={column.header} className={cellClass(column)} data-label={column.cardLabel}>
                    {opens && index === openerIndex ? opener(column, row) : column.cell(row)}
                  </td>
                ))}
                {actions ? (
                  // The actions are the row's own buttons: their clicks stay out of the row's.
                  <td className={classes(styles.actions, styles.end, actions.className)} onClick={stop}>
                    {actions.cell(row)}
                  </td>
                ) : (
                  opens && (
                    <td className={styles.chevron} aria-hidden="true">
                      <ChevronRight size={18} />
                    </td>
                  )
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination && <Pagination {...pagination} />}
    </div>
  );
}
