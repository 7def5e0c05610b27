import { MSG } from '@clinica/shared/messages';
import type { Avaliacao } from '@clinica/shared/schemas/produto';
import { MessageSquareText } from 'lucide-react';
import { formatNota, RatingStars } from '../../../components/catalog/rating-stars';
import styles from './reviews.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** `createAt` [year, month, day] (month from 1) → '12/03/2025' and '2025-03-12'. */
function reviewDate([year, month, day]: Avaliacao['createAt']) {
  return { text: `${pad(day)}/${pad(month)}/${year}`, iso: `${year}-${pad(month)}-${pad(day)}` };
}

export interface ReviewsProps {
  avaliacoes: readonly Avaliacao[];
  nota: number;
  quantidade: number;
  headingId: string;
}

/**
 * Average out of 5 with half stars and the number of reviews, then each
 * review (name, stars, date, comment) or 'Sem avaliações'. Comments are plain
 * text: React escapes them, nothing is ever read as HTML.
 */
export function Reviews({ avaliacoes, nota, quantidade, headingId }: ReviewsProps) {
  const total = Math.max(quantidade, avaliacoes.length);
  return (
    <section className={styles.section} aria-labelledby={headingId} id="avaliacoes">
      <h2 id={headingId} className={styles.title}>
        Avaliações
      </h2>
      {total === 0 ? (
        <div className={styles.empty}>
          <MessageSquareText size={28} strokeWidth={1.5} aria-hidden="true" />
          <p>{MSG.semAvaliacoes}</p>
        </div>
      ) : (
        <div className={styles.layout}>
          <div className={styles.summary}>
            <p className={styles.average}>
              <span className={styles.averageValue}>{formatNota(nota)}</span>
              <span className={styles.averageOf}>de 5</span>
            </p>
            <RatingStars nota={nota} count={total} size="lg" />
            <p className={styles.total}>
              {total} {total === 1 ? 'avaliação' : 'avaliações'}
            </p>
          </div>
          <ul className={styles.list}>
            {avaliacoes.map((a, i) => {
              const date = reviewDate(a.createAt);
              return (
                <li key={`${a.clienteId}-${i}`} className={styles.review} data-testid="review">
                  <div className={styles.reviewHead}>
                    <span className={styles.avatar} aria-hidden="true">
                      {a.nomeCliente.trim().charAt(0).toUpperCase() || '?'}
                    </span>
                    <div className={styles.who}>
                      <p className={styles.name}>{a.nomeCliente}</p>
                      <time className={styles.date} dateTime={date.iso}>
                        {date.text}
                      </time>
                    </div>
                    <RatingStars nota={a.nota} size="sm" className={styles.reviewStars} />
                  </div>
                  {a.comentario && <p className={styles.comment}>{a.comentario}</p>}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
