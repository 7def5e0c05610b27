import { PERMISSAO_ROTULO, type UsuarioItemListagem } from '@clinica/shared/schemas/usuario-admin';
import { PagedTable, type TableColumn } from '../../../components/backoffice/paged-table';
import { TableAvatar, TablePill } from '../../../components/backoffice/table-parts';
import tableStyles from '../../../components/backoffice/paged-table.module.css';
import { initials } from '../../../lib/initials';
import styles from './users-table.module.css';

export interface UsersTableProps {
  usuarios: readonly UsuarioItemListagem[];
  /** The signed-in ADMIN (marked 'Você'). */
  idUser?: number | undefined;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
}

const editUserPath = (id: number) => `/editUser/${id}`;

/** A permission's colour, on the avatar and the pill. */
const TONE = { ADMIN: 'accent', USUARIO: 'primary', CLIENTE: 'neutral' } as const;

function Permissao({ u }: { u: UsuarioItemListagem }) {
  return <TablePill tone={TONE[u.permissao.nome]}>{PERMISSAO_ROTULO[u.permissao.nome]}</TablePill>;
}

function Situacao({ u }: { u: UsuarioItemListagem }) {
  return u.ativo ? <TablePill tone="success">Ativo</TablePill> : <TablePill tone="danger">Inativo</TablePill>;
}

const columns = (idUser: number | undefined): TableColumn<UsuarioItemListagem>[] => [
  {
    header: 'Usuário',
    grow: true,
    className: styles.user,
    cell: (u) => u.nome,
    avatar: (u) => (
      <TableAvatar tone={TONE[u.permissao.nome]} size="md" className={styles.avatar}>
        <span className={`${styles.initials} ${u.permissao.nome === 'USUARIO' ? styles.deep : ''}`}>
          {initials(u.nome) || '?'}
        </span>
      </TableAvatar>
    ),
    after: (u) => (u.id === idUser ? <span className={styles.you}>Você</span> : null),
    details: (u) => (
      <>
        <span className={`${tableStyles.meta} ${styles.email}`} title={u.email}>
          {u.email}
        </span>
        <span className={`${tableStyles.until768} ${styles.mobileLine}`}>
          <Permissao u={u} />
          <Situacao u={u} />
        </span>
      </>
    ),
  },
  { header: 'Permissão', from: 768, cell: (u) => <Permissao u={u} /> },
  {
    header: 'Situação',
    from: 768,
    cell: (u) => (
      <span className={styles.status}>
        <Situacao u={u} />
        {!u.confirmado && <span className={styles.unconfirmed}>E-mail não confirmado</span>}
      </span>
    ),
  },
  { header: 'Código', from: 1024, align: 'end', numeric: true, muted: true, cell: (u) => `#${u.id}` },
];

/**
 * The /controlAccess list: name and e-mail, permission, status and code; a
 * row opens /editUser/{id}. Below 768 px each row reads as a card (the
 * permission and status go under the name).
 */
export function UsersTable({ usuarios, idUser, stale = false }: UsersTableProps) {
  return (
    <PagedTable
      caption="Usuários cadastrados"
      columns={columns(idUser)}
      rows={usuarios}
      rowKey={(u) => u.id}
      rowHref={(u) => editUserPath(u.id)}
      rowLabel={(u) => `Editar usuário ${u.nome}`}
      rowClassName={(u) => (u.ativo ? undefined : styles.inactive)}
      rowTestId="user-row"
      stale={stale}
    />
  );
}
