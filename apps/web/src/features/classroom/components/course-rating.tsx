import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { catalogKeys } from '../../../components/catalog/api/keys';
import { Button } from '../../../components/ui/button';
import { useAvaliar } from '../api/avaliar';
import { StarInput } from './star-input';
import { ReviewDialog } from './review-dialog';
import styles from './course-rating.module.css';

export interface CourseRatingProps {
  produtoId: number;
  clienteId: number;
  cursoNome: string;
  /** The client rated it before: a new note replaces the earlier one. */
  avaliado: boolean;
}

/** The buyer's star rating of the course: choose 1 to 5, 'Confirmar' opens the feedback dialog that posts it. */
export function CourseRating({ produtoId, clienteId, cursoNome, avaliado }: CourseRatingProps) {
  const [nota, setNota] = useState(0);
  const [open, setOpen] = useState(false);
  const avaliar = useAvaliar();
  const queryClient = useQueryClient();

  const submit = async (comentario: string) => {
    try {
      await avaliar.mutateAsync({ nota, comentario: comentario || null, produtoId, clienteId });
      void queryClient.invalidateQueries({ queryKey: ['conteudoproduto', 'produto', produtoId] });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.detalhe(produtoId) });
      return true;
    } catch {
      return false;
    }
  };

  return (
    <section className={styles.section} aria-labelledby="classroom-rating">
      <h2 id="classroom-rating" className={styles.heading}>
        <Star size={20} aria-hidden="true" /> Avalie este curso
      </h2>
      <p className={styles.hint}>
        {avaliado
          ? 'Você já avaliou este curso. Uma nova nota substitui a anterior.'
          : 'Sua opinião ajuda outros profissionais a escolher e nos ajuda a melhorar.'}
      </p>
      <div className={styles.row}>
        <StarInput value={nota} onChange={setNota} label="Sua nota para o curso" />
        <Button onClick={() => setOpen(true)} disabled={nota === 0}>
          Confirmar
        </Button>
      </div>
      <ReviewDialog open={open} onOpenChange={setOpen} nota={nota} cursoNome={cursoNome} onSubmit={submit} />
    </section>
  );
}
