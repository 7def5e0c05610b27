import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { CategoriaListagemItem } from '@clinica/shared/schemas/categoria';
import { Shapes } from 'lucide-react';
import type { TableColumn } from '../../../components/backoffice/paged-table';
import { useCategoriaListagem } from '../api/categorias';
import { RecordList } from '../../../components/backoffice/crud/record-list';
import badge from '../../../components/ui/badge.module.css';

const COLUMNS: readonly TableColumn<CategoriaListagemItem>[] = [
  { header: 'Nome', cell: (c) => c.nome, grow: true },
  {
    header: 'Tipo',
    cell: (c) => (
      <span className={`${badge.badge} ${c.digital ? badge.primary : ''}`}>{c.digital ? 'Digital' : 'Físico'}</span>
    ),
  },
  { header: 'Produtos', cell: (c) => c.totalProdutos, align: 'end' },
  { header: 'Código', cell: (c) => `#${c.id}`, align: 'end', from: 768 },
];

const TIPOS = [
  { value: '', label: 'Todas' },
  { value: 'fisico', label: 'Produtos físicos' },
  { value: 'digital', label: 'Produtos digitais' },
];

/** The 'Categorias' tab: GET /categoria/listagem, filters by name and type, 'Nova categoria' → /newCategory. */
export function CategoriasTab() {
  return (
    <RecordList
      useList={useCategoriaListagem}
      rowsOf={(d) => d.listaCategoria}
      caption="Categorias cadastradas"
      columns={COLUMNS}
      rowKey={(c) => c.id}
      rowHref={(c) => `/editCategory/${c.id}`}
      rowLabel={(c) => `Editar categoria ${c.nome}`}
      textLabel="Nome"
      tipo={{ label: 'Tipo', options: TIPOS }}
      addLabel="Nova categoria"
      addHref="/newCategory"
      errorPrefix={MSG_BO.erroListaCategorias}
      emptyIcon={<Shapes size={28} />}
      emptyTitle="Nenhuma categoria cadastrada"
      emptyText="As categorias agrupam os produtos da loja, físicos ou digitais."
    />
  );
}
