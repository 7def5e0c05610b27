import badge from '../../../components/ui/badge.module.css';
import { ESTADO_LABEL, type EstadoTarefa } from '../tarefa-filters';

const CLASSE: Record<EstadoTarefa, string | undefined> = {
  falhou: badge.danger,
  falhando: badge.warning,
  concluida: badge.success,
  'na-fila': badge.primary,
  rodando: badge.primary,
};

/** Where a job stands, as a small coloured label: red when dead, amber when failing. */
export function EstadoBadge({ estado }: { estado: EstadoTarefa }) {
  return <span className={`${badge.badge} ${CLASSE[estado] ?? ''}`}>{ESTADO_LABEL[estado]}</span>;
}
