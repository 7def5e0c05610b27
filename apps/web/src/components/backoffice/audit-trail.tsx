import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { auditoriaApi, type EntidadeAuditoria, type RegistroAuditoria } from '@clinica/shared/schemas/auditoria';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, History, RotateCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { callEndpoint, errorMessage } from '../../lib/api-client';
import {
  formatQuando,
  resumirMudancas,
  rotuloAcao,
  rotuloPapel,
  type Mudanca,
} from '../../lib/backoffice/audit-format';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import styles from './audit-trail.module.css';

/** Entries per page ('Carregar mais' asks for the next one). */
const AUDITORIA_POR_PAGINA = 10;
/** Lines shown of a creation's or deletion's values before 'Ver todos'. */
const LINHAS_RESUMO = 6;

/** TanStack Query keys of the audit log: invalidate `auditoriaKeys.all` (or one record's) after a save. */
export const auditoriaKeys = {
  all: ['backoffice', 'auditoria'] as const,
  registro: (entidade: EntidadeAuditoria, entidadeId: number) =>
    ['backoffice', 'auditoria', entidade, entidadeId] as const,
};

export interface AuditTrailProps {
  entidade: EntidadeAuditoria;
  entidadeId: number;
  /** Open at first (default closed: the header tells how many changes and the latest). */
  defaultOpen?: boolean;
  /** Extra class of the section (spacing on the host screen). */
  className?: string;
}

/**
 * 'Histórico de alterações' of a back-office record (docs/behaviour/back-office.md#audit-log): who changed
 * what and when, newest first, from GET /auditoria/{entidade}/{entidadeId}.
 * Back-office screens only. It reads again after any successful mutation of
 * the page (a save, a deletion) and when the window gets the focus back.
 */
export function AuditTrail({ entidade, entidadeId, defaultOpen = false, className }: AuditTrailProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: auditoriaKeys.registro(entidade, entidadeId),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(auditoriaApi.listar, {
        params: { entidade, entidadeId },
        query: { page: String(pageParam), size: String(AUDITORIA_POR_PAGINA) },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.totalPaginas ? last.page + 1 : undefined),
    enabled: entidadeId > 0,
    meta: { private: true },
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

  // A save elsewhere on the page (any mutation that succeeded) adds an entry: read again.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: auditoriaKeys.all });
        }
      }),
    [queryClient],
  );

  const registros = query.data?.pages.flatMap((p) => p.registros) ?? [];
  const total = query.data?.pages[0]?.totalRegistros ?? 0;
  const ultimo = registros[0];

  return (
    <section
      className={className ? `${styles.trail} ${className}` : styles.trail}
      aria-labelledby={`${bodyId}-titulo`}
      data-testid="audit-trail"
    >
      <h2 className={styles.heading} id={`${bodyId}-titulo`}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className={styles.icon} aria-hidden="true">
            <History size={18} />
          </span>
          <span className={styles.titleText}>
            <span className={styles.title}>{MSG_BO.auditoriaTitulo}</span>
            <span className={styles.summary}>
              {query.isPending
                ? 'Carregando…'
                : query.isError
                  ? 'Não foi possível carregar'
                  : total === 0
                    ? MSG_BO.auditoriaVazia
                    : `${total} ${total === 1 ? 'alteração' : 'alterações'}${
                        ultimo ? ` · última em ${formatQuando(ultimo.quando)}${quem(ultimo, ' por ')}` : ''
                      }`}
            </span>
          </span>
          <ChevronDown size={20} aria-hidden="true" className={`${styles.chevron} ${open ? styles.open : ''}`} />
        </button>
      </h2>
      <div id={bodyId} className={styles.body} hidden={!open}>
        {query.isPending ? (
          <p className={styles.status} role="status">
            <Spinner size="sm" /> Carregando o histórico…
          </p>
        ) : query.isError && registros.length === 0 ? (
          <div className={styles.error} role="alert">
            <p>
              {MSG_BO.auditoriaErro}
              {errorMessage(query.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        ) : registros.length === 0 ? (
          <p className={styles.status} role="status">
            {MSG_BO.auditoriaVazia}
          </p>
        ) : (
          <>
            <ol className={styles.list}>
              {registros.map((r) => (
                <Entrada key={r.id} registro={r} />
              ))}
            </ol>
            {query.isFetchNextPageError && (
              <p className={styles.inlineError} role="alert">
                {MSG_BO.auditoriaErro}
                {errorMessage(query.error)}
              </p>
            )}
            {query.hasNextPage && (
              <div className={styles.more}>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                >
                  {MSG_BO.auditoriaCarregarMais}
                </Button>
                <span className={styles.count}>
                  {registros.length} de {total}
                </span>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** 'Ana Lima (Equipe)', with a prefix; 'usuário removido' when the account is gone. */
function quem(r: RegistroAuditoria, prefixo = ''): string {
  return r.usuario ? `${prefixo}${r.usuario.nome} (${rotuloPapel(r.usuario.permissao)})` : `${prefixo}usuário removido`;
}

function Entrada({ registro }: { registro: RegistroAuditoria }) {
  const resumo = resumirMudancas(registro);
  const [todos, setTodos] = useState(false);
  const longo = resumo.tipo !== 'alteracao' && resumo.itens.length > LINHAS_RESUMO;
  const itens = longo && !todos ? resumo.itens.slice(0, LINHAS_RESUMO) : resumo.itens;
  return (
    <li className={styles.entry}>
      <div className={styles.entryHead}>
        <span className={`${styles.action} ${styles[`acao_${registro.acao}`] ?? ''}`}>{rotuloAcao(registro.acao)}</span>
        <span className={styles.who}>
          {registro.usuario ? (
            <>
              <strong>{registro.usuario.nome}</strong>
              <span className={styles.role}>{rotuloPapel(registro.usuario.permissao)}</span>
            </>
          ) : (
            <strong>Usuário removido</strong>
          )}
        </span>
        <time className={styles.when} dateTime={registro.quando}>
          {formatQuando(registro.quando)}
        </time>
      </div>
      {itens.length > 0 && (
        <>
          {resumo.tipo === 'inicial' && <p className={styles.caption}>Valores iniciais</p>}
          {resumo.tipo === 'removido' && <p className={styles.caption}>Registro removido</p>}
          <dl className={styles.changes}>
            {itens.map((m) => (
              <Linha key={m.campo} mudanca={m} />
            ))}
          </dl>
          {longo && (
            <button type="button" className={styles.linkButton} onClick={() => setTodos((v) => !v)}>
              {todos ? 'Mostrar menos' : `Ver todos os campos (${resumo.itens.length})`}
            </button>
          )}
        </>
      )}
    </li>
  );
}

function Linha({ mudanca: m }: { mudanca: Mudanca }) {
  return (
    <div className={styles.change} data-campo={m.campo}>
      <dt className={styles.field}>{m.rotulo}</dt>
      <dd className={styles.values}>
        {m.antes !== undefined && m.depois !== undefined ? (
          <>
            <span className={styles.before}>{m.antes}</span>
            <span className={styles.arrow} aria-label="para">
              →
            </span>
            <span className={styles.after}>{m.depois}</span>
          </>
        ) : m.depois !== undefined ? (
          <span className={styles.after}>{m.depois}</span>
        ) : (
          <span className={styles.removed}>{m.antes}</span>
        )}
      </dd>
    </div>
  );
}
