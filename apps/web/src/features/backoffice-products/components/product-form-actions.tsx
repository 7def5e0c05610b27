import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './product-form-actions.module.css';

/**
 * The bar of the form's buttons ('Cadastrar', 'Editar', 'Salvar', 'Cancelar')
 * with one line beside them: the 'fix the fields' summary, the progress of a
 * save, or a quiet note. It stays at the bottom of the window while the form
 * goes on below it, so the actions are in view from the moment the screen opens.
 */
export function ProductFormActions({
  showSummary,
  progress,
  note,
  children,
}: {
  showSummary: boolean;
  progress?: string | null | undefined;
  note?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.footer} data-testid="product-form-actions">
      {showSummary && (
        <p className={styles.summary} role="alert">
          <CircleAlert size={18} aria-hidden="true" />
          Corrija os campos destacados para salvar o produto.
        </p>
      )}
      {progress && (
        <p className={styles.progress} role="status">
          {progress}
        </p>
      )}
      {note && !progress && !showSummary && <p className={styles.note}>{note}</p>}
      <div className={styles.actions}>{children}</div>
    </div>
  );
}
