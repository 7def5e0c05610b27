import { Lock, Pencil, PencilLine, Plus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import styles from './edit-card.module.css';

/**
 * - `create`: a new record, every field open.
 * - `locked`: a saved record, read-only until 'Editar' (docs/behaviour/back-office.md#common-rules).
 * - `editing`: unlocked; 'Cancelar' goes back to the saved values, locked.
 */
type EditMode = 'create' | 'locked' | 'editing';

export interface EditCardProps {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  mode: EditMode;
  /** 'Editar' (shown while locked). */
  onEdit?: () => void;
  /** 'Cancelar' (shown while editing). */
  onCancel?: () => void;
  /** A request runs: 'Cancelar' waits. */
  busy?: boolean;
  children: ReactNode;
}

const BADGE: Record<EditMode, { label: string; icon: ReactNode }> = {
  create: { label: 'Novo cadastro', icon: <Plus size={14} aria-hidden="true" /> },
  locked: { label: 'Somente leitura', icon: <Lock size={14} aria-hidden="true" /> },
  editing: { label: 'Editando', icon: <PencilLine size={14} aria-hidden="true" /> },
};

/**
 * The card of a back-office form: title, a badge telling whether the record
 * is new, locked or being edited, and the 'Editar' / 'Cancelar' switch.
 */
export function EditCard({ title, description, mode, onEdit, onCancel, busy = false, children }: EditCardProps) {
  const badge = BADGE[mode];
  return (
    <section className={styles.card} aria-labelledby="edit-card-title">
      <header className={styles.header}>
        <div className={styles.heading}>
          <div className={styles.titleRow}>
            <h2 id="edit-card-title" className={styles.title}>
              {title}
            </h2>
            <span className={`${styles.badge} ${styles[mode]}`} data-testid="edit-mode">
              {badge.icon}
              {badge.label}
            </span>
          </div>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {mode === 'locked' && onEdit && (
          <Button variant="outline" onClick={onEdit}>
            <Pencil size={16} aria-hidden="true" />
            Editar
          </Button>
        )}
        {mode === 'editing' && onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            <X size={16} aria-hidden="true" />
            Cancelar
          </Button>
        )}
      </header>
      {children}
    </section>
  );
}

/** The fields of a form, all disabled while `locked` (and kept easy to read). */
export function LockableFieldset({
  locked,
  legend,
  children,
}: {
  locked: boolean;
  legend?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={styles.fieldset} disabled={locked} data-locked={locked || undefined}>
      {legend && <legend className={styles.legend}>{legend}</legend>}
      {children}
    </fieldset>
  );
}

/** The row of buttons at the end of a form: the main action on the right, a destructive one on the left. */
export function FormActions({ start, children }: { start?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.actions}>
      {start && <div className={styles.start}>{start}</div>}
      <div className={styles.end}>{children}</div>
    </div>
  );
}
