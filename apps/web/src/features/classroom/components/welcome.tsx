import { MSG } from '@clinica/shared/messages';
import { GraduationCap, PlayCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import styles from './media.module.css';

/** Shown while no item is selected (docs/behaviour/library-and-classroom.md#classroom). */
export function Welcome({ nome, onStart }: { nome: string; onStart: (() => void) | null }) {
  return (
    <section className={`${styles.panel} ${styles.welcome}`} aria-labelledby="welcome-title" data-testid="welcome">
      <span className={styles.welcomeIcon} aria-hidden="true">
        <GraduationCap size={36} />
      </span>
      <h2 id="welcome-title" className={styles.welcomeTitle}>
        Boas-vindas ao curso {nome}
      </h2>
      <p className={styles.welcomeText}>{MSG.bemVindoSalaAula}</p>
      {onStart && (
        <Button onClick={onStart}>
          <PlayCircle size={18} aria-hidden="true" />
          Começar pelo primeiro conteúdo
        </Button>
      )}
    </section>
  );
}
