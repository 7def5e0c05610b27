import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { AutorListagemItem } from '@clinica/shared/schemas/autor';
import { UserRound } from 'lucide-react';
import type { TableColumn } from '../../../components/backoffice/paged-table';
import { useAutorListagem } from '../api/autores';
import { RecordList } from '../../../components/backoffice/crud/record-list';
import styles from './unitarys-page.module.css';

const COLUMNS: readonly TableColumn<AutorListagemItem>[] = [
  {
    header: 'Autor',
    cell: (a) => (
      <span className={styles.person}>
        {a.pathImg ? (
          <img src={a.pathImg} alt="" className={styles.avatar} loading="lazy" data-testid="author-photo" />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            <UserRound size={18} />
          </span>
        )}
        <span className={styles.personName}>{a.nome}</span>
      </span>
    ),
  },
  { header: 'Sobre', cell: (a) => a.sobre || '—', grow: true, from: 768 },
  { header: 'Produtos', cell: (a) => a.totalProdutos, align: 'end' },
  { header: 'Código', cell: (a) => `#${a.id}`, align: 'end', from: 1024 },
];

/** The 'Autores' tab: GET /autor/listagem, filter by name, 'Novo autor' → /newAuthor. */
export function AutoresTab() {
  return (
    <RecordList
      useList={useAutorListagem}
      rowsOf={(d) => d.listaAutor}
      caption="Autores cadastrados"
      columns={COLUMNS}
      rowKey={(a) => a.id}
      rowHref={(a) => `/editAuthor/${a.id}`}
      rowLabel={(a) => `Editar autor ${a.nome}`}
      textLabel="Nome"
      addLabel="Novo autor"
      addHref="/newAuthor"
      errorPrefix={MSG_BO.erroListaAutores}
      emptyIcon={<UserRound size={28} />}
      emptyTitle="Nenhum autor cadastrado"
      emptyText="Cadastre os autores dos cursos para mostrá-los nas páginas dos produtos digitais."
    />
  );
}
