import { PackageOpen, Plus, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { ListBody, useLastPageInRange } from '../../components/backoffice/list-page';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { Pagination } from '../../components/ui/pagination';
import { listPaging } from '../../components/backoffice/list-search';
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

/**
 * /products (docs/behaviour/back-office.md#products): the store's products, active and inactive,
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

  const data = list.data;
  useLastPageInRange(
    data && { rows: data.listaProduto.length, totalPages: data.totalPaginas },
    list.isPlaceholderData,
    filters.page,
    (page) => show({ ...filters, page }, true),
  );

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
      <ListBody
        filters={
          <ProductFiltersForm
            value={formFromProductFilters(filters)}
            categorias={categoriaOptions}
            categoriasLoading={categorias.isPending}
            onApply={(form) => show(applyProductFiltersForm(filters, form))}
            onClear={clear}
          />
        }
        list={list}
        loaded={data !== undefined}
        empty={
          data?.listaProduto.length === 0 &&
          (hasProductFilters(filters) ? (
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
          ))
        }
      >
        {data && (
          <>
            <ProductsTable
              produtos={data.listaProduto}
              canManageContents={user?.permissao === 'ADMIN'}
              stale={list.isPlaceholderData}
            />
            <Pagination {...listPaging(data, filters, show)} />
          </>
        )}
      </ListBody>
    </PageFrame>
  );
}
