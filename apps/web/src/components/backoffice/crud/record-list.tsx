import type { UseQueryResult } from '@tanstack/react-query';
import { Plus, SearchX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { Button, ButtonLink } from '../../ui/button';
import type { SelectOption } from '../../ui/select-field';
import { LoadingBlock } from '../../ui/spinner';
import { listPaging } from '../list-search';
import { ListNotice } from '../list-notice';
import { LoadFailure } from '../load-failure';
import { PagedTable, type TableColumn } from '../paged-table';
import { ListFiltersForm } from './list-filters-form';
import { filtersOf, searchWith, type ListFilters } from './list-state';
import styles from './record-list.module.css';

/** What every listing answers next to its rows. */
export interface Pagina {
  totalPaginas: number;
  totalRegistros: number;
  page: number;
}

export interface RecordListProps<T, D extends Pagina> {
  /** The listing for some filters (a TanStack query hook). */
  useList: (filters: ListFilters) => UseQueryResult<D>;
  rowsOf: (data: D) => readonly T[];
  caption: string;
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => number;
  rowHref: (row: T) => string;
  rowLabel: (row: T) => string;
  /** 'Nome' or 'Descrição'. */
  textLabel: string;
  tipo?: { label: string; options: readonly SelectOption[] };
  addLabel: string;
  addHref: string;
  /** The start of a failure's message: 'erro ao buscar a lista de descontos: '. */
  errorPrefix: string;
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyText: string;
}

/**
 * The list of a record screen (a tab of a hub, or a page of its own):
 * filters and an add button, then the paged table (zero-based pages,
 * 10/15/20 per page, up to 3 page buttons), its state kept in the address;
 * loading, failure (with 'Tentar novamente'), empty and nothing-found states.
 * A screen configures it with its listing hook, columns, row links and texts.
 */
export function RecordList<T, D extends Pagina>({
  useList,
  rowsOf,
  caption,
  columns,
  rowKey,
  rowHref,
  rowLabel,
  textLabel,
  tipo,
  addLabel,
  addHref,
  errorPrefix,
  emptyIcon,
  emptyTitle,
  emptyText,
}: RecordListProps<T, D>) {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const list = useList(filters);
  const show = (next: ListFilters) => setSearch(searchWith(search, next));
  const clear = () => show({ page: 0, size: filters.size });
  const filtered = Boolean(filters.texto || filters.tipo);
  const data = list.data;
  const rows = data ? rowsOf(data) : [];

  // A page past the end (an old link, the last row of the page deleted): the last page there is.
  useEffect(() => {
    if (data && !list.isPlaceholderData && rows.length === 0 && filters.page > 0 && data.totalPaginas > 0) {
      setSearch(searchWith(search, { ...filters, page: data.totalPaginas - 1 }), { replace: true });
    }
  }, [data, list.isPlaceholderData, rows.length, filters, search, setSearch]);

  return (
    <div className={styles.list}>
      <div className={styles.toolbar}>
        <ListFiltersForm
          key={`${filters.texto ?? ''}|${filters.tipo ?? ''}`}
          textLabel={textLabel}
          texto={filters.texto ?? ''}
          tipo={tipo && { ...tipo, value: filters.tipo ?? '' }}
          onApply={({ texto, tipo: choice }) =>
            show({ page: 0, size: filters.size, texto: texto || undefined, tipo: choice || undefined })
          }
          onClear={clear}
        />
        <ButtonLink to={addHref} className={styles.add}>
          <Plus size={18} aria-hidden="true" />
          {addLabel}
        </ButtonLink>
      </div>

      {list.isPending ? (
        <LoadingBlock />
      ) : !data ? (
        <LoadFailure
          message={`${errorPrefix}${errorMessage(list.error)}`}
          retrying={list.isFetching}
          onRetry={() => list.refetch()}
        />
      ) : rows.length === 0 ? (
        filtered ? (
          <ListNotice icon={<SearchX size={28} />} title="Nada encontrado">
            <p>Nenhum registro corresponde aos filtros informados.</p>
            <Button variant="outline" onClick={clear}>
              Limpar filtros
            </Button>
          </ListNotice>
        ) : (
          <ListNotice icon={emptyIcon} title={emptyTitle}>
            <p>{emptyText}</p>
          </ListNotice>
        )
      ) : (
        <PagedTable
          caption={caption}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          rowHref={rowHref}
          rowLabel={rowLabel}
          stale={list.isPlaceholderData}
          pagination={listPaging(data, filters, show)}
        />
      )}
    </div>
  );
}
