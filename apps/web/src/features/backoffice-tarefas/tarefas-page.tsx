import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Tarefa } from '@clinica/shared/schemas/tarefa';
import { CircleCheck, SearchX } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { listPaging } from '../../components/backoffice/list-search';
import { LoadFailure } from '../../components/backoffice/load-failure';
import { PagedTable, type TableColumn } from '../../components/backoffice/paged-table';
import { Button } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { SelectField } from '../../components/ui/select-field';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useTarefasResumo } from '../../lib/backoffice/tarefas-resumo';
import { formatDayTime } from '../../lib/format-date';
import { useTarefasListagem } from './api/tarefas';
import { EstadoBadge } from './components/estado-badge';
import { TarefaDialog } from './components/tarefa-dialog';
import {
  estadoDe,
  openTarefaOf,
  rotuloTipo,
  searchFromTarefaFilters,
  SITUACAO_OPTIONS,
  tarefaFiltersFromSearch,
  tentativasTexto,
  tipoOptions,
  type TarefaFilters,
} from './tarefa-filters';
import styles from './tarefas-page.module.css';

const COLUMNS: readonly TableColumn<Tarefa>[] = [
  { header: 'Tipo', cell: (t) => rotuloTipo(t.tipo), grow: true },
  { header: 'Situação', cell: (t) => <EstadoBadge estado={estadoDe(t)} /> },
  { header: 'Tentativas', cell: (t) => tentativasTexto(t), from: 768, align: 'end' },
  {
    header: 'Último erro',
    cell: (t) => (
      <span className={styles.erro} title={t.ultimoErro ?? undefined}>
        {t.ultimoErro ?? '—'}
      </span>
    ),
    from: 1024,
  },
  {
    header: 'Próxima tentativa',
    cell: (t) => (
      <span className={styles.quando}>{estadoDe(t) === 'falhando' ? formatDayTime(t.executarEm) : '—'}</span>
    ),
    from: 1024,
  },
  {
    header: 'Criada em',
    cell: (t) => <span className={styles.quando}>{formatDayTime(t.criadaEm)}</span>,
    from: 1024,
  },
];

/**
 * /tarefas (ADMIN; ADR 007): the background jobs that are failing (they will
 * try again by themselves) and those that failed for good, by status and
 * type, paged; a row opens the job, where 'Tentar novamente' puts it back in
 * the queue to run now. Filters, page and the open job live in the address.
 */
export function TarefasPage() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => tarefaFiltersFromSearch(search), [search]);
  const aberta = openTarefaOf(search);
  const list = useTarefasListagem(filters);
  const resumo = useTarefasResumo();

  const show = (next: TarefaFilters, replace = false) => setSearch(searchFromTarefaFilters(next), { replace });
  const clear = () => show({ page: 0, size: filters.size });
  const hrefOf = (t: Tarefa) => `?${searchFromTarefaFilters(filters, t.id).toString()}`;

  // A page past the end (the last job of the page retried or dealt with): the last page there is.
  const data = list.data;
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.tarefas.length === 0 && filters.page > 0 && data.totalPaginas > 0) {
      setSearch(searchFromTarefaFilters({ ...filters, page: data.totalPaginas - 1 }), { replace: true });
    }
  }, [data, list.isPlaceholderData, filters, setSearch]);

  return (
    <PageFrame
      title={MSG_BO.tarefas}
      eyebrow="Gestão"
      description="E-mails, pagamentos e demais tarefas em segundo plano que estão falhando ou falharam de vez. Abra uma para ver o erro e tentar novamente."
    >
      <div className={styles.layout}>
        <div className={styles.toolbar}>
          <SelectField
            label="Situação"
            options={SITUACAO_OPTIONS}
            value={filters.situacao ?? ''}
            onChange={(e) =>
              show({ ...filters, page: 0, situacao: (e.target.value || undefined) as TarefaFilters['situacao'] })
            }
            className={styles.filter}
          />
          <SelectField
            label="Tipo"
            options={tipoOptions(filters.tipo)}
            value={filters.tipo ?? ''}
            onChange={(e) => show({ ...filters, page: 0, tipo: e.target.value || undefined })}
            className={styles.filter}
          />
          {resumo.data && (
            <p className={styles.counts} aria-live="polite">
              <strong>{resumo.data.falhando}</strong> falhando · <strong>{resumo.data.falhou}</strong> falharam de vez
            </p>
          )}
        </div>

        {list.isPending ? (
          <LoadingBlock />
        ) : !data ? (
          <LoadFailure
            message={`${MSG_BO.erroListaTarefas}${errorMessage(list.error)}`}
            retrying={list.isFetching}
            onRetry={() => list.refetch()}
          />
        ) : data.tarefas.length === 0 ? (
          filters.situacao || filters.tipo ? (
            <ListNotice icon={<SearchX size={28} />} title={MSG_BO.tarefasNenhumaEncontrada}>
              <p>{MSG_BO.tarefasNenhumaEncontradaTexto}</p>
              <Button variant="outline" onClick={clear}>
                Limpar filtros
              </Button>
            </ListNotice>
          ) : (
            <ListNotice icon={<CircleCheck size={28} />} title={MSG_BO.tarefasNenhumaComFalha}>
              <p>{MSG_BO.tarefasNenhumaComFalhaTexto}</p>
            </ListNotice>
          )
        ) : (
          <PagedTable
            caption="Tarefas em segundo plano com falha"
            columns={COLUMNS}
            rows={data.tarefas}
            rowKey={(t) => t.id}
            rowHref={hrefOf}
            rowLabel={(t) => `Abrir a tarefa ${rotuloTipo(t.tipo)} #${t.id}`}
            stale={list.isPlaceholderData}
            pagination={listPaging(data, filters, show)}
          />
        )}
      </div>

      <TarefaDialog tarefaId={aberta} onClose={() => show(filters, true)} />
    </PageFrame>
  );
}

export { TarefasPage as Component };
