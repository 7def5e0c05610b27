import type { ProgressoCurso } from '@clinica/shared/schemas/conteudo';
import styles from './course-progress.module.css';

/** A course's progress: '62% concluído', '5 de 8 conteúdos' and a bar (library cards and the classroom). */
export function CourseProgress({
  progresso,
  label,
  className,
}: {
  progresso: ProgressoCurso;
  label: string;
  className?: string;
}) {
  const { percentual, concluidos, total } = progresso;
  const done = percentual >= 100;
  return (
    <div className={className ? `${styles.progress} ${className}` : styles.progress}>
      <div className={styles.head}>
        <span className={styles.percent} data-testid="course-percent">
          {percentual}% concluído
        </span>
        <span className={styles.count}>
          {concluidos} de {total} {total === 1 ? 'conteúdo' : 'conteúdos'}
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentual}
      >
        <span className={`${styles.fill} ${done ? styles.fillDone : ''}`} style={{ width: `${percentual}%` }} />
      </div>
    </div>
  );
}
