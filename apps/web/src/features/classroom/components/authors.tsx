import type { ConteudoCurso } from '@clinica/shared/schemas/conteudo';
import styles from './authors.module.css';

const initials = (nome: string) =>
  nome
    .split(/\s+/)
    .filter((p) => p && !/^(dr|dra|prof|profa)\.?$/i.test(p))
    .slice(0, 2)
    .map((p) => p.charAt(0).toUpperCase())
    .join('');

/** The course's authors: photo (or initials), name and about. */
export function Authors({ autores }: { autores: ConteudoCurso['autores'] }) {
  if (autores.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="classroom-authors">
      <h2 id="classroom-authors" className={styles.heading}>
        {autores.length === 1 ? 'Autor' : 'Autores'}
      </h2>
      <ul className={styles.list}>
        {autores.map((autor, i) => (
          <li key={`${autor.nome}-${i}`} className={styles.author}>
            {autor.pathImg ? (
              <img className={styles.photo} src={autor.pathImg} alt="" width={56} height={56} loading="lazy" />
            ) : (
              <span className={`${styles.photo} ${styles.initials}`} aria-hidden="true">
                {initials(autor.nome)}
              </span>
            )}
            <div className={styles.text}>
              <h3 className={styles.name}>{autor.nome}</h3>
              {autor.sobre && <p className={styles.about}>{autor.sobre}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
