import type { EstoqueBaixoItem } from '@clinica/shared/schemas/estoque';
import { PackageCheck, Pencil, PackageX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { ListBody, useLastPageInRange } from '../../components/backoffice/list-page';
import { listPaging, pageOf, sizeOf, withSearch } from '../../components/backoffice/list-search';
import { PagedTable, type TableColumn } from '../../components/backoffice/paged-table';
import tableStyles from '../../components/backoffice/paged-table.module.css';
import { TableAction, TableAvatar, TablePill } from '../../components/backoffice/table-parts';
import { PageFrame } from '../../components/ui/page-frame';
import { useEstoqueBaixo } from '../../lib/backoffice/estoque';

/** The back-office's product screen, where the stock is adjusted. */
const produtoPath = (id: number) => `/editProduct/${id}`;

function Situacao({ p }: { p: EstoqueBaixoItem }) {
  return p.disponiveis === 0 ? (
    <TablePill tone="danger">Esgotado</TablePill>
  ) : (
    <TablePill tone="accent">Estoque baixo</TablePill>
  );
}

const COLUNAS: readonly TableColumn<EstoqueBaixoItem>[] = [
  {
    header: 'Produto',
    grow: true,
    twoLines: true,
    cell: (p) => p.nome,
    avatar: (p) =>
      p.pathImgDestaque ? (
        <TableAvatar shape="square" tone="neutral">
          <img src={p.pathImgDestaque} alt="" width={36} height={36} loading="lazy" />
        </TableAvatar>
      ) : (
        <TableAvatar shape="square" tone={p.disponiveis === 0 ? 'accent' : 'primary'}>
          <PackageX size={18} aria-hidden="true" />
        </TableAvatar>
      ),
    details: (p) => (
      <span className={`${tableStyles.meta} ${tableStyles.until768}`}>
        {`${p.disponiveis} disponíveis · mínimo ${p.estoqueMinimo}`}
      </span>
    ),
  },
  { header: 'Em estoque', from: 768, numeric: true, align: 'end', cell: (p) => p.estoque },
  { header: 'Reservado', from: 1024, numeric: true, align: 'end', muted: true, cell: (p) => p.reservado },
  { header: 'Disponível', from: 768, numeric: true, align: 'end', strong: true, cell: (p) => p.disponiveis },
  { header: 'Mínimo', from: 1024, numeric: true, align: 'end', muted: true, cell: (p) => p.estoqueMinimo },
  { header: 'Situação', from: 768, cell: (p) => <Situacao p={p} /> },
];

/**
 * /estoque-baixo (docs/behaviour/back-office.md#stock; staff): the active physical products whose available units
 * are at or below their 'Estoque mínimo', sold out first, with on hand, reserved and available; a row opens the
 * product, where 'Ajustar estoque' is. Page and size live in the address.
 */
export function LowStockPage() {
  const [search, setSearch] = useSearchParams();
  const filters = { page: pageOf(search), size: sizeOf(search) };
  const list = useEstoqueBaixo(filters.page, filters.size);
  const show = (next: { page: number; size: number }, replace = false) =>
    setSearch(withSearch(search, next), { replace });
  const data = list.data;
  useLastPageInRange(
    data && { rows: data.listaProduto.length, totalPages: data.totalPaginas },
    list.isPlaceholderData,
    filters.page,
    (page) => show({ ...filters, page }, true),
  );

  return (
    <PageFrame
      title="Estoque baixo"
      eyebrow="Produtos"
      description="Produtos físicos com as unidades disponíveis no estoque mínimo ou abaixo, os esgotados primeiro."
    >
      <ListBody
        filters={null}
        list={list}
        loaded={data !== undefined}
        errorPrefix="Erro ao buscar o estoque baixo: "
        empty={
          data?.listaProduto.length === 0 && (
            <ListNotice icon={<PackageCheck size={28} />} title="Nenhum produto com estoque baixo.">
              <p>Todos os produtos físicos ativos estão acima do estoque mínimo.</p>
            </ListNotice>
          )
        }
      >
        {data && (
          <PagedTable
            caption="Produtos com estoque baixo"
            columns={COLUNAS}
            rows={data.listaProduto}
            rowKey={(p) => p.id}
            rowHref={(p) => produtoPath(p.id)}
            rowLabel={(p) => `Abrir o produto ${p.nome}`}
            rowTestId="low-stock-row"
            stale={list.isPlaceholderData}
            actions={{
              header: 'Ações',
              hideHeader: true,
              cell: (p) => (
                <TableAction
                  to={produtoPath(p.id)}
                  label={`Ajustar o estoque de ${p.nome}`}
                  text="Ajustar"
                  icon={<Pencil size={16} aria-hidden="true" />}
                />
              ),
            }}
            pagination={listPaging(data, filters, show)}
          />
        )}
      </ListBody>
    </PageFrame>
  );
}
