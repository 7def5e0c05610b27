import type { ProdutoAcesso } from '@clinica/shared/schemas/conteudo';
import { CircleCheck, GraduationCap, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { CourseProgress } from '../../../components/catalog/course-progress';
import styles from './library-card.module.css';

/** 'Começar', 'Continuar' or 'Rever' by the course's progress. */
function cardAction(percentual: number): string {
  if (percentual >= 100) return 'Rever curso';
  return percentual > 0 ? 'Continuar' : 'Começar';
}

/** A course of the library: picture, name, authors, workload and progress; the whole card opens /classRoom/{id}. */
export function LibraryCard({ produto }: { produto: ProdutoAcesso }) {
  const { percentual } = produto.progresso;
  const done = percentual >= 100;
  const autores = produto.autores.map((a) => a.nome).join(', ');
  return (
    <li className={styles.card} data-testid="library-card">
      <div className={styles.media}>
        {produto.pathImgDestaque ? (
          <img src={produto.pathImgDestaque} alt="" className={styles.image} loading="lazy" decoding="async" />
        ) : (
          <span className={styles.placeholder} aria-hidden="true">
            <GraduationCap size={40} strokeWidth={1.5} />
          </span>
        )}
        {done && (
          <span className={styles.badge}>
            <CircleCheck size={14} aria-hidden="true" /> Concluído
          </span>
        )}
      </div>
      <div className={styles.body}>
        <h2 className={styles.name}>
          <Link to={`/classRoom/${produto.id}`} className={styles.link}>
            {produto.nome}
          </Link>
        </h2>
        {autores && <p className={styles.meta}>{autores}</p>}
        {produto.duracao && <p className={styles.meta}>Carga horária: {produto.duracao}</p>}
        <CourseProgress
          progresso={produto.progresso}
          label={`Progresso de ${produto.nome}`}
          className={styles.progress}
        />
        <span className={styles.action} aria-hidden="true">
          <PlayCircle size={18} />
          {cardAction(percentual)}
        </span>
      </div>
    </li>
  );
}
