import { maskCpfCnpj, formatPhone } from '@clinica/shared/masks';
import type { ClienteListagemItem } from '@clinica/shared/schemas/cliente-admin';
import { ArrowDownAZ, ArrowUpAZ, Building2, ChevronRight, UserRound } from 'lucide-react';
import { Link, type To } from 'react-router';
import styles from './clients-table.module.css';

export interface ClientsTableProps {
  clientes: readonly ClienteListagemItem[];
  /** Where a row leads (the list's address with `?cliente={id}`: the details dialog). */
  hrefOf: (id: number) => To;
  onOpen: (id: number) => void;
  sort: 'asc' | 'desc';
  onSortChange: (sort: 'asc' | 'desc') => void;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
}

/** 'CPF 529.982.247-25' or 'CNPJ 11.222.333/0001-81'. */
export const documentoLabel = (c: Pick<ClienteListagemItem, 'juridica' | 'cpfCnpj'>) =>
  `${c.juridica ? 'CNPJ' : 'CPF'} ${maskCpfCnpj(c.cpfCnpj)}`;

/** 'São Paulo/SP', or '' without an address. */
export const cidadeUf = (c: Pick<ClienteListagemItem, 'cidade' | 'estado'>) =>
  c.cidade ? `${c.cidade}/${c.estado}` : '';

/**
 * The /clients table (SPEC §2: ID, name, CNPJ/CPF, phone, city, state). A
 * click on a row, or Enter on its name, opens the client's details. Below
 * 768 px each row is a card: the name with the document, city and phone under it.
 */
export function ClientsTable({ clientes, hrefOf, onOpen, sort, onSortChange, stale = false }: ClientsTableProps) {
  const SortIcon = sort === 'asc' ? ArrowDownAZ : ArrowUpAZ;
  return (
    <div className={styles.wrap} aria-busy={stale || undefined}>
      <table className={`${styles.table} ${stale ? styles.stale : ''}`}>
        <caption className="visually-hidden">Clientes da loja</caption>
        <thead>
          <tr>
            <th scope="col" className={`${styles.from768} ${styles.id}`}>
              ID
            </th>
            <th scope="col" aria-sort={sort === 'asc' ? 'ascending' : 'descending'}>
              <button
                type="button"
                className={styles.sort}
                onClick={() => onSortChange(sort === 'asc' ? 'desc' : 'asc')}
                title={sort === 'asc' ? 'Ordenar de Z a A' : 'Ordenar de A a Z'}
              >
                Nome
                <SortIcon size={16} aria-hidden="true" />
                <span className="visually-hidden">{sort === 'asc' ? '(de A a Z)' : '(de Z a A)'}</span>
              </button>
            </th>
            <th scope="col" className={styles.from768}>
              CNPJ/CPF
            </th>
            <th scope="col" className={styles.from1024}>
              Telefone
            </th>
            <th scope="col" className={styles.from1024}>
              Cidade
            </th>
            <th scope="col" className={`${styles.from768} ${styles.uf}`}>
              Estado
            </th>
            <th scope="col" className={styles.chevron}>
              <span className="visually-hidden">Abrir</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {clientes.map((c) => {
            const Icon = c.juridica ? Building2 : UserRound;
            const lugar = cidadeUf(c);
            return (
              <tr key={c.id} className={styles.row} onClick={() => onOpen(c.id)} data-testid="client-row">
                <td className={`${styles.from768} ${styles.id}`}>{c.id}</td>
                <td className={styles.name}>
                  <div className={styles.nameCell}>
                    <span className={`${styles.avatar} ${c.juridica ? styles.company : ''}`} aria-hidden="true">
                      <Icon size={18} />
                    </span>
                    <span className={styles.details}>
                      <Link
                        to={hrefOf(c.id)}
                        state={{ clienteDialog: true }}
                        className={styles.open}
                        onClick={(e) => e.stopPropagation()}
                        aria-label={`Abrir cliente ${c.nomeExibicao}`}
                        title={c.nomeExibicao}
                      >
                        {c.nomeExibicao}
                      </Link>
                      <span className={styles.meta}>
                        <span className={styles.until768}>#{c.id} · </span>
                        {c.juridica ? 'Pessoa jurídica' : 'Pessoa física'}
                        <span className={styles.until1024}>{lugar && ` · ${lugar}`}</span>
                      </span>
                      <span className={`${styles.meta} ${styles.until768}`}>{documentoLabel(c)}</span>
                      <span className={`${styles.meta} ${styles.until1024}`}>{formatPhone(c.telefone)}</span>
                    </span>
                  </div>
                </td>
                <td className={`${styles.from768} ${styles.nowrap}`}>{maskCpfCnpj(c.cpfCnpj)}</td>
                <td className={`${styles.from1024} ${styles.nowrap}`}>{formatPhone(c.telefone)}</td>
                <td className={`${styles.from1024} ${styles.city}`}>
                  {c.cidade || <span className={styles.none}>—</span>}
                </td>
                <td className={`${styles.from768} ${styles.uf}`}>
                  {c.estado || <span className={styles.none}>—</span>}
                </td>
                <td className={styles.chevron} aria-hidden="true">
                  <ChevronRight size={18} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
