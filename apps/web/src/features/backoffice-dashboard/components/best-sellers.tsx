import type { DashboardVendas } from '@clinica/shared/schemas/dashboard';
import { formatBRL, formatCount } from '../format';
import styles from './dashboard-cards.module.css';

/** The best sellers as a table whose unit column carries a bar (the top seller's is full). */
export function BestSellers({ itens }: { itens: DashboardVendas['maisVendidos'] }) {
  const max = Math.max(1, ...itens.map((i) => i.quantidade));
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="mais-vendidos-titulo">
      <header className={styles.cardHead}>
        <div>
          <h2 id="mais-vendidos-titulo" className={styles.cardTitle}>
            Mais vendidos
          </h2>
          <p className={styles.cardSubtitle}>Por unidades vendidas em pedidos pagos (brindes não contam)</p>
        </div>
      </header>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.bestSellers}`}>
          <caption className="visually-hidden">Mais vendidos</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.rank}>
                #
              </th>
              <th scope="col">Produto</th>
              <th scope="col">
                <span className={styles.longLabel}>Unidades</span>
                <span className={styles.shortLabel} aria-hidden="true">
                  Unid.
                </span>
              </th>
              <th scope="col" className={styles.num}>
                Receita
              </th>
            </tr>
          </thead>
          <tbody>
            {itens.map((item, i) => (
              <tr key={item.produtoId} data-testid="best-seller">
                <td className={styles.rank}>{i + 1}</td>
                <th scope="row" className={styles.productName}>
                  {item.produtoNome}
                </th>
                <td>
                  <span className={styles.barCell}>
                    <span className={styles.barTrack} aria-hidden="true">
                      <span className={styles.bar} style={{ width: `${(item.quantidade / max) * 100}%` }} />
                    </span>
                    <span className={styles.barValue}>{formatCount(item.quantidade)}</span>
                  </span>
                </td>
                <td className={styles.num}>{formatBRL(item.receita)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
