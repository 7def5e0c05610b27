import type { ProdutoListagemItem } from '@clinica/shared/schemas/produto-admin';
import { formatBRL } from '@clinica/shared/money';
import { Gift, GraduationCap, Images, ListVideo, Package, Pencil } from 'lucide-react';
import { PagedTable, type TableColumn } from '../../../components/backoffice/paged-table';
import { TableAction, TableAvatar, TablePill } from '../../../components/backoffice/table-parts';
import tableStyles from '../../../components/backoffice/paged-table.module.css';
import styles from './products-table.module.css';

export interface ProductsTableProps {
  produtos: readonly ProdutoListagemItem[];
  /** ADMIN: digital products get the 'Conteúdos' action (contents are ADMIN only, ADR 015). */
  canManageContents: boolean;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
}

const editPath = (id: number) => `/editProduct/${id}`;
export const imagesPath = (id: number) => `/EditListImagemProduto/${id}`;
export const contentsPath = (id: number) => `/EditListConteudoProduto/${id}`;

function Flags({ p }: { p: ProdutoListagemItem }) {
  return (
    <>
      {p.ativo ? <TablePill tone="success">Ativo</TablePill> : <TablePill tone="faded">Inativo</TablePill>}
      {p.produtoExibidoSite && <TablePill tone="primary">No site</TablePill>}
      {!p.disponivel && <TablePill tone="danger">Indisponível</TablePill>}
      {p.brinde && (
        <TablePill tone="accent">
          <Gift size={12} aria-hidden="true" />
          Brinde
        </TablePill>
      )}
    </>
  );
}

const COLUMNS: TableColumn<ProdutoListagemItem>[] = [
  {
    header: 'Produto',
    grow: true,
    twoLines: true,
    cell: (p) => p.nome,
    avatar: (p) => {
      const Icon = p.digital ? GraduationCap : Package;
      return (
        <TableAvatar tone="neutral" shape="square" size="lg">
          {p.pathImgDestaque ? (
            <img src={p.pathImgDestaque} alt="" width={48} height={48} loading="lazy" decoding="async" />
          ) : (
            <Icon size={22} strokeWidth={1.6} aria-hidden="true" />
          )}
        </TableAvatar>
      );
    },
    details: (p) => (
      <>
        <span className={tableStyles.meta}>
          Cód. {p.id} · {p.digital ? 'Digital' : 'Físico'}
          <span className={tableStyles.until1024}> · {p.categoria.nome}</span>
        </span>
        <span className={`${tableStyles.until768} ${styles.mobileLine}`}>
          <strong>{formatBRL(p.preco)}</strong>
          <Flags p={p} />
        </span>
      </>
    ),
  },
  { header: 'Categoria', from: 1024, cell: (p) => p.categoria.nome },
  {
    header: 'Preço',
    from: 768,
    align: 'end',
    numeric: true,
    strong: true,
    cell: (p) => formatBRL(p.preco),
  },
  {
    header: 'Situação',
    from: 768,
    cell: (p) => (
      <span className={styles.flags}>
        <Flags p={p} />
      </span>
    ),
  },
];

/**
 * The /products table: picture, name and code, category, price and the
 * product's flags; a row opens /editProduct/{id}; its actions lead to the
 * pictures and, for digital products, the contents. Below 768 px the price
 * and flags go under the name.
 */
export function ProductsTable({ produtos, canManageContents, stale = false }: ProductsTableProps) {
  return (
    <PagedTable
      caption="Produtos da loja"
      columns={COLUMNS}
      rows={produtos}
      rowKey={(p) => p.id}
      rowHref={(p) => editPath(p.id)}
      rowTestId="product-row"
      actions={{
        header: 'Ações',
        cell: (p) => (
          <span className={styles.actionList}>
            <TableAction
              to={editPath(p.id)}
              label={`Editar ${p.nome}`}
              text="Editar"
              icon={<Pencil size={16} aria-hidden="true" />}
              textFrom={1250}
            />
            <TableAction
              to={imagesPath(p.id)}
              label={`Imagens de ${p.nome}`}
              text="Imagens"
              icon={<Images size={16} aria-hidden="true" />}
              textFrom={1250}
            />
            {p.digital && canManageContents && (
              <TableAction
                to={contentsPath(p.id)}
                label={`Conteúdos de ${p.nome}`}
                text="Conteúdos"
                icon={<ListVideo size={16} aria-hidden="true" />}
                textFrom={1250}
              />
            )}
          </span>
        ),
      }}
      stale={stale}
    />
  );
}
