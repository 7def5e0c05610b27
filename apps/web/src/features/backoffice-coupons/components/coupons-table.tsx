import type { CupomResumo } from '@clinica/shared/schemas/cupom-admin';
import { ReceiptText, TicketPercent } from 'lucide-react';
import { PagedTable, type TableColumn } from '../../../components/backoffice/paged-table';
import { TableAction, TableAvatar, TablePill } from '../../../components/backoffice/table-parts';
import tableStyles from '../../../components/backoffice/paged-table.module.css';
import type { PaginationProps } from '../../../components/ui/pagination';
import { descontoText, ESCOPO_LABEL, SITUACAO, usosText, validadeText } from '../coupon-format';
import styles from './coupons-table.module.css';

export const cupomPath = (id: number) => `/cupons/${id}`;
export const usosPath = (id: number) => `/cupons/${id}/usos`;

function Situacao({ c }: { c: CupomResumo }) {
  const { label, tone } = SITUACAO[c.situacao];
  return <TablePill tone={tone}>{label}</TablePill>;
}

const COLUMNS: TableColumn<CupomResumo>[] = [
  {
    header: 'Cupom',
    grow: true,
    cell: (c) => c.codigo,
    avatar: () => (
      <TableAvatar tone="accent" shape="square">
        <TicketPercent size={18} aria-hidden="true" />
      </TableAvatar>
    ),
    details: (c) => (
      <>
        <span className={tableStyles.meta}>{c.descricao}</span>
        <span className={`${tableStyles.until768} ${styles.mobileLine}`}>
          <strong>{descontoText(c)}</strong>
          <Situacao c={c} />
        </span>
      </>
    ),
  },
  {
    header: 'Desconto',
    from: 768,
    cell: (c) => (
      <span className={styles.desconto}>
        <strong>{descontoText(c)}</strong>
        <span className={tableStyles.meta}>{ESCOPO_LABEL[c.escopo]}</span>
      </span>
    ),
  },
  { header: 'Validade', from: 1024, muted: true, nowrap: true, cell: (c) => validadeText(c) },
  { header: 'Usos', from: 1024, numeric: true, align: 'end', cell: (c) => usosText(c) },
  { header: 'Situação', from: 768, cell: (c) => <Situacao c={c} /> },
];

export interface CouponsTableProps {
  cupons: readonly CupomResumo[];
  stale?: boolean;
  pagination: PaginationProps;
}

/**
 * The /cupons table: code and description, what it takes off and where, validity, uses that count (against the
 * limit) and the situation today; a row opens the coupon, its action the usage report. Below 768 px the discount
 * and the situation go under the code.
 */
export function CouponsTable({ cupons, stale = false, pagination }: CouponsTableProps) {
  return (
    <PagedTable
      caption="Cupons de desconto"
      columns={COLUMNS}
      rows={cupons}
      rowKey={(c) => c.id}
      rowHref={(c) => cupomPath(c.id)}
      rowLabel={(c) => `Abrir o cupom ${c.codigo}`}
      rowTestId="coupon-row"
      rowClassName={(c) => (c.ativo ? undefined : styles.inativo)}
      actions={{
        header: 'Ações',
        hideHeader: true,
        cell: (c) => (
          <TableAction
            to={usosPath(c.id)}
            label={`Usos do cupom ${c.codigo}`}
            text="Usos"
            icon={<ReceiptText size={16} aria-hidden="true" />}
          />
        ),
      }}
      stale={stale}
      pagination={pagination}
    />
  );
}
