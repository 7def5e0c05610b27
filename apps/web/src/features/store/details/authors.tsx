import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import styles from './authors.module.css';

const initials = (nome: string) =>
  nome
    .split(/\s+/)
    .filter((p) => p && !/^(dr|dra|prof|profa)\.?$/i.test(p))
    .slice(0, 2)
    .map((p) => p.charAt(0).toUpperCase())
    .join('');

/** A digital product's authors: photo, name and about (SPEC §2 /details). */
export function Authors({ autores, headingId }: { autores: ProdutoDetalhe['autores']; headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {autores.length === 1 ? 'Autor' : 'Autores'}
      </h2>
      <ul className={styles.list}>
        {autores.map((autor, i) => (
          <li key={`${autor.nome}-${i}`} className={styles.author}>
            {autor.pathImg ? (
              <img
                className={styles.photo}
                src={autor.pathImg}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                decoding="async"
              />
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
