import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { formatBRL } from '@clinica/shared/money';
import type { CondicaoDesconto } from '@clinica/shared/schemas/desconto';
import { Percent } from 'lucide-react';
import type { TableColumn } from '../../../components/backoffice/paged-table';
import { useDescontoListagem } from '../api/descontos';
import { RecordList } from '../../../components/backoffice/crud/record-list';
import badge from '../../../components/ui/badge.module.css';
import styles from './unitarys-page.module.css';

const COLUMNS: readonly TableColumn<CondicaoDesconto>[] = [
  { header: 'Descrição', cell: (d) => d.descricao, grow: true },
  {
    header: 'Valor mínimo',
    cell: (d) => <span className={styles.money}>{formatBRL(d.valor)}</span>,
    align: 'end',
  },
  {
    header: 'Situação',
    cell: (d) => (
      <span className={`${badge.badge} ${d.ativo ? badge.success : ''}`}>{d.ativo ? 'Ativa' : 'Inativa'}</span>
    ),
  },
  { header: 'Código', cell: (d) => `#${d.id}`, align: 'end', from: 768 },
];

const SITUACOES = [
  { value: '', label: 'Todas' },
  { value: 'ativo', label: 'Ativas' },
  { value: 'inativo', label: 'Inativas' },
];

/** The 'Descontos' tab: GET /condicaodesconto/listagem, filters by description and status, 'Novo desconto' → /newDiscount. */
export function DescontosTab() {
  return (
    <RecordList
      useList={useDescontoListagem}
      rowsOf={(d) => d.listaCondicaoDesconto}
      caption="Condições de desconto cadastradas"
      columns={COLUMNS}
      rowKey={(d) => d.id}
      rowHref={(d) => `/editDiscount/${d.id}`}
      rowLabel={(d) => `Editar desconto ${d.descricao}`}
      textLabel="Descrição"
      tipo={{ label: 'Situação', options: SITUACOES }}
      addLabel="Novo desconto"
      addHref="/newDiscount"
      errorPrefix={MSG_BO.erroListaDescontos}
      emptyIcon={<Percent size={28} />}
      emptyTitle="Nenhuma condição de desconto cadastrada"
      emptyText="A condição ativa define o valor de compras a partir do qual o cliente ganha o brinde."
    />
  );
}
