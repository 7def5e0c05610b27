import { CircleAlert, PackageOpen, Plus, RotateCw, SearchX } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/use-session';
import { useCategorias } from './api/opcoes';
import { useProdutosListagem } from './api/produtos';
import { ProductFiltersForm } from './components/product-filters-form';
import { ProductsTable } from './components/products-table';
import {
  applyProductFiltersForm,
  formFromProductFilters,
  hasProductFilters,
  productFiltersFromSearch,
  searchFromProductFilters,
  type ProductFilters,
} from './product-filters';
import styles from './products-page.module.css';

/**
 * /products (SPEC §2 back-office): the store's products, active and inactive,
 * filtered by name, code, description, category and the yes/no flags, paged
 * (zero-based, 10/15/20); filters and page live in the address. A row opens
 * /editProduct/{id}; its actions lead to the pictures and (ADMIN, digital) the contents.
 */
export function ProductsPage() {
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => productFiltersFromSearch(search), [search]);
  const list = useProdutosListagem(filters);
  const categorias = useCategorias('todas');
  const categoriaOptions = useMemo(
    () =>
      (categorias.data ?? []).map((c) => ({
        value: String(c.id),
        label: `${c.nome} (${c.digital ? 'digital' : 'físico'})`,
      })),
    [categorias.data],
  );

  const show = (next: ProductFilters, replace = false) => setSearch(searchFromProductFilters(next), { replace });

  // A page past the end (an old link, the last product of the page filtered out): the last page there is.
  const data = list.data;
  useEffect(() => {
    if (
      data &&
      !list.isPlaceholderData &&
      data.listaProduto.length === 0 &&
      filters.page > 0 &&
      data.totalPaginas > 0
    ) {
      setSearch(searchFromProductFilters({ ...filters, page: data.totalPaginas - 1 }), { replace: true });
    }
  }, [data, list.isPlaceholderData, filters, setSearch]);

  const clear = () => show({ page: 0, size: filters.size });

  return (
    <PageFrame
      title="Produtos"
      eyebrow="Gestão"
      description="Encontre, cadastre e edite os produtos físicos e os cursos digitais da loja."
      actions={
        <ButtonLink to="/newProduct">
          <Plus size={18} aria-hidden="true" />
          Novo produto
        </ButtonLink>
      }
    >
      <div className={styles.layout}>
        <ProductFiltersForm
          value={formFromProductFilters(filters)}
          categorias={categoriaOptions}
          categoriasLoading={categorias.isPending}
          onApply={(form) => show(applyProductFiltersForm(filters, form))}
          onClear={clear}
        />

        {list.isPending ? (
          <LoadingBlock />
        ) : !data ? (
          <ListNotice icon={<CircleAlert size={28} />} tone="error">
            <p>{errorMessage(list.error)}</p>
            <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </ListNotice>
        ) : data.listaProduto.length === 0 ? (
          hasProductFilters(filters) ? (
            <ListNotice icon={<SearchX size={28} />} title="Nenhum produto encontrado">
              <p>Nenhum produto corresponde aos filtros informados.</p>
              <Button variant="outline" onClick={clear}>
                Limpar filtros
              </Button>
            </ListNotice>
          ) : (
            <ListNotice icon={<PackageOpen size={28} />} title="Nenhum produto cadastrado">
              <p>Cadastre o primeiro produto da loja.</p>
              <ButtonLink to="/newProduct">Novo produto</ButtonLink>
            </ListNotice>
          )
        ) : (
          <div className={styles.results}>
            <ProductsTable
              produtos={data.listaProduto}
              canManageContents={user?.permissao === 'ADMIN'}
              stale={list.isPlaceholderData}
            />
            <Pagination
              page={data.page}
              totalPages={data.totalPaginas}
              totalItems={data.totalRegistros}
              pageSize={filters.size}
              onPageChange={(page) => show({ ...filters, page })}
              onPageSizeChange={(size) => show({ ...filters, size, page: 0 })}
            />
          </div>
        )}
      </div>
    </PageFrame>
  );
}

export { ProductsPage as Component };
