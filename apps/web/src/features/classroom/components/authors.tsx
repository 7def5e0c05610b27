import type { ConteudoCurso } from '@clinica/shared/schemas/conteudo';
import { AuthorList } from '../../../components/catalog/author-list';
import styles from './authors.module.css';

/** The course's authors: photo (or initials), name and about. */
export function Authors({ autores }: { autores: ConteudoCurso['autores'] }) {
  if (autores.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="classroom-authors">
      <h2 id="classroom-authors" className={styles.heading}>
        {autores.length === 1 ? 'Autor' : 'Autores'}
      </h2>
      <AuthorList autores={autores} classes={styles} photoSize={56} />
    </section>
  );
}
