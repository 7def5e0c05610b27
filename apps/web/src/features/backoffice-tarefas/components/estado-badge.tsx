import { ESTADO_LABEL, type EstadoTarefa } from '../tarefa-filters';
import styles from './estado-badge.module.css';

const CLASSE: Record<EstadoTarefa, string | undefined> = {
  falhou: styles.falhou,
  falhando: styles.falhando,
  concluida: styles.concluida,
  'na-fila': styles.fila,
  rodando: styles.fila,
};

/** Where a job stands, as a small coloured label: red when dead, amber when failing. */
export function EstadoBadge({ estado }: { estado: EstadoTarefa }) {
  return <span className={`${styles.badge} ${CLASSE[estado] ?? ''}`}>{ESTADO_LABEL[estado]}</span>;
}
