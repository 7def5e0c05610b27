import { maskCpfCnpj, formatPhone } from '@clinica/shared/masks';
import type { ClienteListagemItem } from '@clinica/shared/schemas/cliente-admin';
import { Building2, UserRound } from 'lucide-react';
import type { To } from 'react-router';
import { PagedTable, type TableColumn } from '../../../components/backoffice/paged-table';
import { TableAvatar } from '../../../components/backoffice/table-parts';
import tableStyles from '../../../components/backoffice/paged-table.module.css';

export interface ClientsTableProps {
  clientes: readonly ClienteListagemItem[];
  /** Where a row leads (the list's address with `?cliente={id}`: the details dialog). */
  hrefOf: (id: number) => To;
  /** The history state a row's address is opened with (marks the dialog's entry). */
  openState: unknown;
  sort: 'asc' | 'desc';
  onSortChange: (sort: 'asc' | 'desc') => void;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
}

/** 'CPF 529.982.247-25' or 'CNPJ 11.222.333/0001-81'. */
const documentoLabel = (c: Pick<ClienteListagemItem, 'juridica' | 'cpfCnpj'>) =>
  `${c.juridica ? 'CNPJ' : 'CPF'} ${maskCpfCnpj(c.cpfCnpj)}`;

/** 'São Paulo/SP', or '' without an address. */
const cidadeUf = (c: Pick<ClienteListagemItem, 'cidade' | 'estado'>) => (c.cidade ? `${c.cidade}/${c.estado}` : '');

const none = <span className={tableStyles.muted}>—</span>;

/**
 * The /clients table (ID, name, CNPJ/CPF, phone, city, state), sorted by
 * name. A click on a row, or Enter on its name, opens the client's details.
 * Below 768 px each row is a card: the name with the document, city and phone under it.
 */
export function ClientsTable({ clientes, hrefOf, openState, sort, onSortChange, stale = false }: ClientsTableProps) {
  const columns: TableColumn<ClienteListagemItem>[] = [
    { header: 'ID', from: 768, fit: true, numeric: true, muted: true, cell: (c) => c.id },
    {
      header: 'Nome',
      opens: true,
      grow: true,
      sort: { order: sort, onChange: onSortChange },
      cell: (c) => c.nomeExibicao,
      avatar: (c) => (
        <TableAvatar tone={c.juridica ? 'accent' : 'primary'}>
          {c.juridica ? <Building2 size={18} /> : <UserRound size={18} />}
        </TableAvatar>
      ),
      details: (c) => {
        const lugar = cidadeUf(c);
        return (
          <>
            <span className={tableStyles.meta}>
              <span className={tableStyles.until768}>#{c.id} · </span>
              {c.juridica ? 'Pessoa jurídica' : 'Pessoa física'}
              <span className={tableStyles.until1024}>{lugar && ` · ${lugar}`}</span>
            </span>
            <span className={`${tableStyles.meta} ${tableStyles.until768}`}>{documentoLabel(c)}</span>
            <span className={`${tableStyles.meta} ${tableStyles.until1024}`}>{formatPhone(c.telefone)}</span>
          </>
        );
      },
    },
    { header: 'CNPJ/CPF', from: 768, numeric: true, cell: (c) => maskCpfCnpj(c.cpfCnpj) },
    { header: 'Telefone', from: 1024, numeric: true, cell: (c) => formatPhone(c.telefone) },
    // A city's name stays on one line (the name column gives way).
    { header: 'Cidade', from: 1024, nowrap: true, cell: (c) => c.cidade || none },
    { header: 'Estado', from: 768, fit: true, align: 'center', cell: (c) => c.estado || none },
  ];
  return (
    <PagedTable
      caption="Clientes da loja"
      columns={columns}
      rows={clientes}
      rowKey={(c) => c.id}
      rowHref={(c) => hrefOf(c.id)}
      rowState={openState}
      rowLabel={(c) => `Abrir cliente ${c.nomeExibicao}`}
      rowTestId="client-row"
      stale={stale}
    />
  );
}
