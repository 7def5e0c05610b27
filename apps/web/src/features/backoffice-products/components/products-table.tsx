import type { ProdutoListagemItem } from '@clinica/shared/schemas/produto-admin';
import { formatBRL } from '@clinica/shared/money';
import { Gift, GraduationCap, Images, ListVideo, Package, Pencil } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import styles from './products-table.module.css';

export interface ProductsTableProps {
  produtos: readonly ProdutoListagemItem[];
  /** ADMIN: digital products get the 'Conteúdos' action (SPEC §6: contents are ADMIN only). */
  canManageContents: boolean;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
}

export const editPath = (id: number) => `/editProduct/${id}`;
export const imagesPath = (id: number) => `/EditListImagemProduto/${id}`;
export const contentsPath = (id: number) => `/EditListConteudoProduto/${id}`;

function Pill({ tone, children }: { tone: 'ok' | 'off' | 'info' | 'gift' | 'warn'; children: string }) {
  return <span className={`${styles.pill} ${styles[tone]}`}>{children}</span>;
}

/**
 * The /products table (SPEC §2): picture, name and code, category, price and
 * the product's flags; a row opens /editProduct/{id}; its actions lead to the
 * pictures and, for digital products, the contents. Below 768 px each row is a card.
 */
export function ProductsTable({ produtos, canManageContents, stale = false }: ProductsTableProps) {
  const navigate = useNavigate();
  return (
    <div className={styles.wrap} aria-busy={stale || undefined}>
      <table className={`${styles.table} ${stale ? styles.stale : ''}`}>
        <caption className="visually-hidden">Produtos da loja</caption>
        <thead>
          <tr>
            <th scope="col">Produto</th>
            <th scope="col" className={styles.from1024}>
              Categoria
            </th>
            <th scope="col" className={`${styles.from768} ${styles.price}`}>
              Preço
            </th>
            <th scope="col" className={styles.from768}>
              Situação
            </th>
            <th scope="col" className={styles.actionsHead}>
              Ações
            </th>
          </tr>
        </thead>
        <tbody>
          {produtos.map((p) => {
            const Icon = p.digital ? GraduationCap : Package;
            return (
              <tr key={p.id} className={styles.row} onClick={() => navigate(editPath(p.id))} data-testid="product-row">
                <td className={styles.product}>
                  <div className={styles.productCell}>
                    <span className={styles.thumb}>
                      {p.pathImgDestaque ? (
                        <img src={p.pathImgDestaque} alt="" width={48} height={48} loading="lazy" decoding="async" />
                      ) : (
                        <Icon size={22} strokeWidth={1.6} aria-hidden="true" />
                      )}
                    </span>
                    <span className={styles.details}>
                      <Link
                        to={editPath(p.id)}
                        className={styles.name}
                        onClick={(e) => e.stopPropagation()}
                        title={p.nome}
                      >
                        {p.nome}
                      </Link>
                      <span className={styles.meta}>
                        Cód. {p.id} · {p.digital ? 'Digital' : 'Físico'}
                        <span className={styles.until1024}> · {p.categoria.nome}</span>
                      </span>
                      <span className={`${styles.until768} ${styles.mobileLine}`}>
                        <strong>{formatBRL(p.preco)}</strong>
                        <Flags p={p} />
                      </span>
                    </span>
                  </div>
                </td>
                <td className={styles.from1024}>{p.categoria.nome}</td>
                <td className={`${styles.from768} ${styles.price}`}>{formatBRL(p.preco)}</td>
                <td className={styles.from768}>
                  <span className={styles.flags}>
                    <Flags p={p} />
                  </span>
                </td>
                <td className={styles.actions}>
                  <span className={styles.actionList}>
                    <Link
                      to={editPath(p.id)}
                      className={styles.action}
                      onClick={(e) => e.stopPropagation()}
                      aria-label={`Editar ${p.nome}`}
                      title="Editar"
                    >
                      <Pencil size={16} aria-hidden="true" />
                      <span className={styles.actionText}>Editar</span>
                    </Link>
                    <Link
                      to={imagesPath(p.id)}
                      className={styles.action}
                      onClick={(e) => e.stopPropagation()}
                      aria-label={`Imagens de ${p.nome}`}
                      title="Imagens"
                    >
                      <Images size={16} aria-hidden="true" />
                      <span className={styles.actionText}>Imagens</span>
                    </Link>
                    {p.digital && canManageContents && (
                      <Link
                        to={contentsPath(p.id)}
                        className={styles.action}
                        onClick={(e) => e.stopPropagation()}
                        aria-label={`Conteúdos de ${p.nome}`}
                        title="Conteúdos"
                      >
                        <ListVideo size={16} aria-hidden="true" />
                        <span className={styles.actionText}>Conteúdos</span>
                      </Link>
                    )}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Flags({ p }: { p: ProdutoListagemItem }) {
  return (
    <>
      {p.ativo ? <Pill tone="ok">Ativo</Pill> : <Pill tone="off">Inativo</Pill>}
      {p.produtoExibidoSite && <Pill tone="info">No site</Pill>}
      {!p.disponivel && <Pill tone="warn">Indisponível</Pill>}
      {p.brinde && (
        <span className={`${styles.pill} ${styles.gift}`}>
          <Gift size={12} aria-hidden="true" />
          Brinde
        </span>
      )}
    </>
  );
}
