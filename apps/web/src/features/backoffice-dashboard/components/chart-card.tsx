import { Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import styles from './dashboard-cards.module.css';

interface DataTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers are right-aligned. */
  numeric?: boolean;
}

export interface ChartCardProps<Row> {
  title: string;
  /** One line under the title. */
  subtitle?: string;
  /** The chart's accessible name: what it shows (its numbers are in the table). */
  chartLabel: string;
  /** The chart (an image to assistive technology). */
  chart: ReactNode;
  /** Visible text next to the chart (a legend). */
  aside?: ReactNode;
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  className?: string;
}

/**
 * A dashboard card: title, the chart (role img, named), and the same numbers
 * as a table: read by screen readers at once, shown on screen with 'Ver tabela'.
 */
export function ChartCard<Row>({
  title,
  subtitle,
  chartLabel,
  chart,
  aside,
  rows,
  columns,
  rowKey,
  className,
}: ChartCardProps<Row>) {
  const id = useId();
  const [tableShown, setTableShown] = useState(false);
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={`${id}-title`}>
      <header className={styles.cardHead}>
        <div>
          <h2 id={`${id}-title`} className={styles.cardTitle}>
            {title}
          </h2>
          {subtitle && <p className={styles.cardSubtitle}>{subtitle}</p>}
        </div>
        <button
          type="button"
          className={styles.tableToggle}
          aria-expanded={tableShown}
          aria-controls={`${id}-table`}
          onClick={() => setTableShown((v) => !v)}
        >
          <Table2 size={16} aria-hidden="true" />
          {tableShown ? 'Ocultar tabela' : 'Ver tabela'}
        </button>
      </header>
      <div className={aside ? styles.chartWithAside : undefined}>
        <div className={styles.chart} role="img" aria-label={chartLabel} data-testid="dashboard-chart">
          {chart}
        </div>
        {aside}
      </div>
      <div id={`${id}-table`} className={tableShown ? styles.tableWrap : 'visually-hidden'}>
        <table className={styles.table}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={c.numeric ? styles.num : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.header} scope="row">
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.header} className={c.numeric ? styles.num : undefined}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
