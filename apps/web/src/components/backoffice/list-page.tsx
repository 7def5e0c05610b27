import { CircleAlert, RotateCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Button } from '../ui/button';
import { LoadingBlock } from '../ui/spinner';
import { ListNotice } from './list-notice';
import styles from './list-page.module.css';

/** What a list screen reads of its query (TanStack Query's answer). */
interface ListQuery {
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListBodyProps {
  /** The filter card above the list. */
  filters: ReactNode;
  list: ListQuery;
  /** The page arrived (false once it is no longer pending: the list failed). */
  loaded: boolean;
  /** Put before the server's message when the list fails ('Erro ao buscar a lista de clientes: '). */
  errorPrefix?: string;
  /** What an empty page says (nothing found, nothing yet); false when there are rows. */
  empty: ReactNode;
  /** The rows: the table and its paging. */
  children: ReactNode;
  /** Closer rows (a screen with a block above its filters). */
  dense?: boolean;
}

/**
 * The body of a back-office list screen under its heading: the filters,
 * then the rows, a spinner while the first page loads, the failure with
 * 'Tentar novamente', or what an empty list says.
 */
export function ListBody({ filters, list, loaded, errorPrefix = '', empty, children, dense = false }: ListBodyProps) {
  return (
    <div className={`${styles.layout} ${dense ? styles.dense : ''}`}>
      {filters}
      {list.isPending ? (
        <LoadingBlock />
      ) : !loaded ? (
        <ListNotice icon={<CircleAlert size={28} />} tone="error">
          <p>{`${errorPrefix}${errorMessage(list.error)}`}</p>
          <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
            <RotateCw size={16} aria-hidden="true" />
            Tentar novamente
          </Button>
        </ListNotice>
      ) : (
        empty || <div className={styles.results}>{children}</div>
      )}
    </div>
  );
}

/**
 * A page past the end (an old link, fewer rows now): the address moves to
 * the last page there is, replacing the entry.
 */
export function useLastPageInRange(
  page: { rows: number; totalPages: number } | undefined,
  placeholder: boolean,
  current: number,
  goTo: (page: number) => void,
) {
  const rows = page?.rows;
  const totalPages = page?.totalPages ?? 0;
  useEffect(() => {
    if (rows === 0 && !placeholder && current > 0 && totalPages > 0) goTo(totalPages - 1);
  }, [rows, placeholder, current, totalPages, goTo]);
}
