import { ROTULOS_TAREFA } from '@clinica/shared/messages-backoffice';
import {
  SITUACOES_FALHA_TAREFA,
  TIPO_TAREFA,
  type SituacaoFalhaTarefa,
  type Tarefa,
  type TarefasListagemQuery,
} from '@clinica/shared/schemas/tarefa';
import type { SelectOption } from '../../components/ui/select-field';
import { pageOf, sizeOf, withSearch } from '../../components/backoffice/list-search';

/**
 * The state of /tarefas kept in the address: `?situacao=falhando|falhou`,
 * `?tipo=pagamento.estornar`, paging, and the open job (`?tarefa={id}`).
 */
export interface TarefaFilters {
  situacao?: SituacaoFalhaTarefa;
  tipo?: string;
  page: number;
  size: number;
}

export function tarefaFiltersFromSearch(search: URLSearchParams): TarefaFilters {
  const situacao = search.get('situacao') ?? '';
  const tipo = search.get('tipo') ?? '';
  return {
    ...((SITUACOES_FALHA_TAREFA as readonly string[]).includes(situacao)
      ? { situacao: situacao as SituacaoFalhaTarefa }
      : {}),
    ...(TIPO_TAREFA.test(tipo) ? { tipo } : {}),
    page: pageOf(search),
    size: sizeOf(search),
  };
}

/** The address of some filters (the open job closed unless `tarefa` is given). */
export function searchFromTarefaFilters(filters: TarefaFilters, tarefa: number | null = null): URLSearchParams {
  return withSearch(new URLSearchParams(), {
    situacao: filters.situacao,
    tipo: filters.tipo,
    page: filters.page,
    size: filters.size,
    tarefa,
  });
}

/** The job open in the dialog (`?tarefa={id}`), or null. */
export function openTarefaOf(search: URLSearchParams): number | null {
  const text = search.get('tarefa') ?? '';
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/** GET /tarefa/listagem's query for some filters. */
export const listagemQuery = (f: TarefaFilters): TarefasListagemQuery => ({
  ...(f.situacao ? { situacao: f.situacao } : {}),
  ...(f.tipo ? { tipo: f.tipo } : {}),
  page: String(f.page),
  size: String(f.size),
});

/** A job type in words ('Estorno de pagamento'); an unknown type shows its code. */
export const rotuloTipo = (tipo: string): string => ROTULOS_TAREFA[tipo] ?? tipo;

export const SITUACAO_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Todas com falha' },
  { value: 'falhando', label: 'Falhando (vai tentar de novo)' },
  { value: 'falhou', label: 'Falhou de vez' },
];

/** The type filter's options: every known type, and the chosen one if the list does not name it. */
export function tipoOptions(atual?: string): SelectOption[] {
  const known = Object.entries(ROTULOS_TAREFA)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  const extra = atual && !(atual in ROTULOS_TAREFA) ? [{ value: atual, label: atual }] : [];
  return [{ value: '', label: 'Todos os tipos' }, ...known, ...extra];
}

/** Where a job stands for the screen: failing (runs again by itself), dead, or fine (not failing). */
export type EstadoTarefa = 'falhando' | 'falhou' | 'na-fila' | 'rodando' | 'concluida';

export function estadoDe(t: Pick<Tarefa, 'status' | 'tentativas'>): EstadoTarefa {
  if (t.status === 'FALHOU') return 'falhou';
  if (t.status === 'EXECUTANDO') return 'rodando';
  if (t.status === 'CONCLUIDA') return 'concluida';
  return t.tentativas > 0 ? 'falhando' : 'na-fila';
}

export const ESTADO_LABEL: Record<EstadoTarefa, string> = {
  falhando: 'Falhando',
  falhou: 'Falhou',
  'na-fila': 'Na fila',
  rodando: 'Rodando',
  concluida: 'Concluída',
};

/** 'Tentar novamente' applies to a dead job and to one failing. */
export const podeTentarNovamente = (t: Pick<Tarefa, 'status' | 'tentativas'>): boolean => {
  const estado = estadoDe(t);
  return estado === 'falhou' || estado === 'falhando';
};

/** '3 de 8', or '12 (sem limite)' for a job that retries until it succeeds. */
export const tentativasTexto = (t: Pick<Tarefa, 'tentativas' | 'maxTentativas'>): string =>
  t.maxTentativas === null ? `${t.tentativas} (sem limite)` : `${t.tentativas} de ${t.maxTentativas}`;
