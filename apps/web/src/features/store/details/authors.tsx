import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { AuthorList } from '../../../components/catalog/author-list';
import styles from './authors.module.css';

/** A digital product's authors: photo, name and about. */
export function Authors({ autores, headingId }: { autores: ProdutoDetalhe['autores']; headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {autores.length === 1 ? 'Autor' : 'Autores'}
      </h2>
      <AuthorList autores={autores} classes={styles} photoSize={72} />
    </section>
  );
}
