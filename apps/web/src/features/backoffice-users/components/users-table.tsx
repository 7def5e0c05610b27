import { PERMISSAO_ROTULO, type UsuarioItemListagem } from '@clinica/shared/schemas/usuario-admin';
import { ChevronRight } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { initials } from '../../../lib/initials';
import styles from './users-table.module.css';

export interface UsersTableProps {
  usuarios: readonly UsuarioItemListagem[];
  /** The signed-in ADMIN (marked 'Você'). */
  idUser?: number | undefined;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
}

export const editUserPath = (id: number) => `/editUser/${id}`;

function Pills({ u }: { u: UsuarioItemListagem }) {
  return (
    <>
      <span className={`${styles.pill} ${styles[u.permissao.nome]}`}>{PERMISSAO_ROTULO[u.permissao.nome]}</span>
      {u.ativo ? (
        <span className={`${styles.pill} ${styles.ok}`}>Ativo</span>
      ) : (
        <span className={`${styles.pill} ${styles.off}`}>Inativo</span>
      )}
    </>
  );
}

/**
 * The /controlAccess list (SPEC §2): name and e-mail, permission, status and
 * code; a row opens /editUser/{id}. Below 768 px each row reads as a card (the
 * permission and status go under the name).
 */
export function UsersTable({ usuarios, idUser, stale = false }: UsersTableProps) {
  const navigate = useNavigate();
  return (
    <div className={styles.wrap} aria-busy={stale || undefined}>
      <table className={`${styles.table} ${stale ? styles.stale : ''}`}>
        <caption className="visually-hidden">Usuários cadastrados</caption>
        <thead>
          <tr>
            <th scope="col">Usuário</th>
            <th scope="col" className={styles.from768}>
              Permissão
            </th>
            <th scope="col" className={styles.from768}>
              Situação
            </th>
            <th scope="col" className={`${styles.from1024} ${styles.code}`}>
              Código
            </th>
            <th scope="col" className={styles.chevron}>
              <span className="visually-hidden">Abrir</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {usuarios.map((u) => (
            <tr
              key={u.id}
              className={`${styles.row} ${u.ativo ? '' : styles.inactive}`}
              onClick={() => navigate(editUserPath(u.id))}
              data-testid="user-row"
            >
              <td className={styles.user}>
                <div className={styles.userCell}>
                  <span className={`${styles.avatar} ${styles[`avatar${u.permissao.nome}`]}`} aria-hidden="true">
                    {initials(u.nome) || '?'}
                  </span>
                  <span className={styles.details}>
                    <span className={styles.nameLine}>
                      <Link
                        to={editUserPath(u.id)}
                        className={styles.name}
                        onClick={(e) => e.stopPropagation()}
                        aria-label={`Editar usuário ${u.nome}`}
                      >
                        {u.nome}
                      </Link>
                      {u.id === idUser && <span className={styles.you}>Você</span>}
                    </span>
                    <span className={styles.email} title={u.email}>
                      {u.email}
                    </span>
                    <span className={`${styles.until768} ${styles.mobileLine}`}>
                      <Pills u={u} />
                    </span>
                  </span>
                </div>
              </td>
              <td className={styles.from768}>
                <span className={`${styles.pill} ${styles[u.permissao.nome]}`}>
                  {PERMISSAO_ROTULO[u.permissao.nome]}
                </span>
              </td>
              <td className={styles.from768}>
                <span className={styles.status}>
                  {u.ativo ? (
                    <span className={`${styles.pill} ${styles.ok}`}>Ativo</span>
                  ) : (
                    <span className={`${styles.pill} ${styles.off}`}>Inativo</span>
                  )}
                  {!u.confirmado && <span className={styles.unconfirmed}>E-mail não confirmado</span>}
                </span>
              </td>
              <td className={`${styles.from1024} ${styles.code}`}>#{u.id}</td>
              <td className={styles.chevron} aria-hidden="true">
                <ChevronRight size={18} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
