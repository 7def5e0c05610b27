import { MSG } from '@clinica/shared/messages';
import { MSG_VITRINE, ROTULOS_ORDEM } from '@clinica/shared/messages-vitrine';
import type { Vitrine } from '@clinica/shared/schemas/vitrine';
import {
  lerFiltros,
  escreverFiltros,
  limparFiltros,
  ORDENS_VITRINE,
  temFiltros,
  type FiltrosVitrine,
  type OrdemVitrine,
} from '@clinica/shared/vitrine';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { SearchX, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/button';
import { vitrineQuery, type BaseVitrine } from '../api/vitrine';
import { ProductGrid, ProductGridSkeleton } from '../product-grid';
import { FiltersPanel } from './filters-panel';
import styles from './listing.module.css';

// The phone's 'Filtrar' sheet (a Radix dialog) loads when it is first opened.
const Sheet = lazy(() => import('../../ui/sheet').then((m) => ({ default: m.Sheet })));

export interface ListingViewProps {
  base: BaseVitrine;
  /** The page's heading; a function of the category's name when the page is a category's. */
  title: string | ((v: Vitrine | undefined) => string);
  headingLevel?: 'h1' | 'h2';
}

const contagem = (n: number) => (n === 1 ? MSG_VITRINE.umResultado : MSG_VITRINE.resultados.replace('{n}', String(n)));

/**
 * The grid of a category page, of all physical or digital products, and of the search (ADR 044): the filters and
 * the order live in the URL's query (packages/shared/src/vitrine.ts), so a shared link shows the same view and the
 * back button undoes a filter. Pages of 24 with 'Carregar mais' (the URL keeps how many are shown); a side column of
 * filters from 1024 px, a 'Filtrar' sheet below.
 */
export function ListingView({ base, title, headingLevel = 'h1' }: ListingViewProps) {
  const [params, setParams] = useSearchParams();
  const filtros = lerFiltros(params);
  const headingId = useId();
  const [sheetOpen, setSheetOpen] = useState(false);
  const queryClient = useQueryClient();
  const paginas = Array.from({ length: filtros.pagina }, (_, i) => vitrineQuery(base, filtros, i + 1));
  // The pages shown, each its own cache entry (what the server loaded, app/page-data.ts): one query reads them
  // together (no useQueries: docs/quality.md#p6-javascript-of-the-public-pages); the previous view stays on screen
  // while the next one loads.
  const lista = useQuery({
    queryKey: ['produto', 'vitrine-paginas', paginas.map((p) => p.queryKey)] as const,
    queryFn: () => Promise.all(paginas.map((p) => queryClient.ensureQueryData(p))),
    initialData: () => {
      const prontas = paginas.map((p) => queryClient.getQueryData(p.queryKey));
      return prontas.every((p) => p !== undefined) ? prontas : undefined;
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const primeira = lista;
  const vitrine = lista.data?.[0];
  const produtos = (lista.data ?? []).flatMap((p) => p.produtos);
  const carregandoMais = lista.isPlaceholderData && produtos.length > 0;
  const Heading = headingLevel;

  /** A new view: pushed (the back button returns to the previous one), the scroll kept. */
  const aplicar = (next: FiltrosVitrine, { replace = false } = {}) => {
    const query = escreverFiltros(next);
    // The listing's own names only: anything else of the URL stays.
    const kept = new URLSearchParams(params);
    for (const name of ['pesquisaProduto', 'precoMin', 'precoMax', 'emEstoque', 'marca', 'ordem', 'pagina']) {
      kept.delete(name);
    }
    for (const [k, v] of query) kept.set(k, v);
    setParams(kept, { replace, preventScrollReset: true });
  };

  const heading = typeof title === 'function' ? title(vitrine) : title;
  const total = vitrine?.total ?? 0;
  const painel = vitrine && (
    <FiltersPanel filtros={filtros} vitrine={vitrine} onChange={(f) => aplicar({ ...f, pagina: 1 })} />
  );

  return (
    <section
      className={styles.listing}
      aria-labelledby={headingId}
      aria-busy={lista.isPending || lista.isPlaceholderData || undefined}
    >
      <header className={styles.head}>
        <Heading id={headingId} className={styles.title}>
          {heading}
        </Heading>
        {vitrine && (
          <p className={styles.count} role="status" data-testid="listing-count">
            {contagem(total)}
          </p>
        )}
      </header>

      <div className={styles.toolbar}>
        <Button
          variant="outline"
          className={styles.filterButton}
          onClick={() => setSheetOpen(true)}
          disabled={!vitrine}
        >
          <SlidersHorizontal size={18} aria-hidden="true" />
          {MSG_VITRINE.filtrar}
          {temFiltros(filtros) && <span className={styles.dot} aria-label="(com filtros)" />}
        </Button>
        <label className={styles.sort}>
          <span>{MSG_VITRINE.ordenarPor}</span>
          <select
            value={filtros.ordem}
            onChange={(e) => aplicar({ ...filtros, ordem: e.target.value as OrdemVitrine, pagina: 1 })}
          >
            {ORDENS_VITRINE.map((o) => (
              <option key={o} value={o}>
                {ROTULOS_ORDEM[o]}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className={styles.layout}>
        <aside className={styles.side} aria-label={MSG_VITRINE.filtros}>
          {painel}
        </aside>
        <div className={styles.results}>
          {primeira.isPending ? (
            <div>
              <p className={styles.loading} role="status">
                {MSG.carregando}
              </p>
              <ProductGridSkeleton count={4} />
            </div>
          ) : primeira.isError ? (
            <div className={styles.empty} role="alert">
              <p className={styles.emptyTitle}>{MSG.erroCarregarProdutos}</p>
              <Button variant="outline" onClick={() => void primeira.refetch()}>
                Tentar novamente
              </Button>
            </div>
          ) : produtos.length === 0 ? (
            <div className={styles.empty} role="status">
              <SearchX size={40} strokeWidth={1.5} aria-hidden="true" className={styles.emptyIcon} />
              <p className={styles.emptyTitle}>
                {filtros.pesquisa && !temFiltros(filtros)
                  ? MSG.nenhumProdutoEncontrado.replace('{termo}', filtros.pesquisa)
                  : MSG_VITRINE.nenhum}
              </p>
              {temFiltros(filtros) && (
                <Button variant="outline" onClick={() => aplicar(limparFiltros(filtros))}>
                  {MSG_VITRINE.limparFiltros}
                </Button>
              )}
            </div>
          ) : (
            <>
              <ProductGrid produtos={produtos} eagerCount={2} label={heading} variant="listing" />
              {produtos.length < total && (
                <div className={styles.more}>
                  <Button
                    variant="outline"
                    onClick={() => aplicar({ ...filtros, pagina: filtros.pagina + 1 }, { replace: true })}
                    disabled={carregandoMais}
                  >
                    {carregandoMais ? MSG.carregando : MSG_VITRINE.carregarMais}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </div>

      {sheetOpen && (
        <Suspense fallback={null}>
          <Sheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            title={MSG_VITRINE.filtros}
            side="left"
            footer={
              <Button className={styles.sheetButton} onClick={() => setSheetOpen(false)}>
                {MSG_VITRINE.verResultados} ({total})
              </Button>
            }
          >
            {painel}
          </Sheet>
        </Suspense>
      )}
    </section>
  );
}
