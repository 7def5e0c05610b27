import { MSG } from '@clinica/shared/messages';
import { CircleCheck, CircleX, MessageSquareHeart, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { RatingStars } from '../../../components/catalog/rating-stars';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import styles from './review-dialog.module.css';

/** The rating dialog (docs/behaviour/library-and-classroom.md#rating): null is the form, true the thanks, false the error with a retry. */
export type ReviewState = null | true | false;

const COMENTARIO_MAX = 1000;

export interface ReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stars chosen before 'Confirmar'. */
  nota: number;
  cursoNome: string;
  /** Sends the review; resolves true when the server took it. */
  onSubmit: (comentario: string) => Promise<boolean>;
}

/** The feedback dialog opened by 'Confirmar': a comment, then thanks or an error with 'Tentar novamente'. */
export function ReviewDialog({ open, onOpenChange, nota, cursoNome, onSubmit }: ReviewDialogProps) {
  const [state, setState] = useState<ReviewState>(null);
  const [comentario, setComentario] = useState('');
  const [sending, setSending] = useState(false);
  const fieldId = useId();

  const close = () => {
    onOpenChange(false);
    // The next opening starts again at the form (a thanks keeps the comment cleared).
    if (state === true) setComentario('');
    setState(null);
  };

  const submit = async () => {
    setSending(true);
    const ok = await onSubmit(comentario.trim());
    setSending(false);
    setState(ok);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Avaliar curso"
      icon={<MessageSquareHeart size={22} />}
      busy={sending}
      testId="review-dialog"
    >
      {state === null && (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className={styles.nota}>
            <span className={styles.course}>{cursoNome}</span>
            <span className={styles.stars}>
              <RatingStars nota={nota} size="lg" />
              <span>Sua nota: {nota} de 5</span>
            </span>
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId} className={styles.label}>
              Conte o que achou do curso (opcional)
            </label>
            <textarea
              id={fieldId}
              className={styles.textarea}
              value={comentario}
              onChange={(e) => setComentario(e.target.value)}
              maxLength={COMENTARIO_MAX}
              rows={5}
              placeholder="O que você mais gostou? O que podemos melhorar?"
            />
            <span className={styles.counter} aria-hidden="true">
              {comentario.length}/{COMENTARIO_MAX}
            </span>
          </div>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={close} disabled={sending}>
              Cancelar
            </Button>
            <Button type="submit" loading={sending}>
              Enviar avaliação
            </Button>
          </div>
        </form>
      )}

      {state === true && (
        <div className={styles.result} role="status">
          <span className={`${styles.resultIcon} ${styles.success}`} aria-hidden="true">
            <CircleCheck size={30} />
          </span>
          <p className={styles.resultText}>{MSG.avaliacaoSucesso}</p>
          <p className={styles.resultHint}>Obrigado por compartilhar a sua opinião!</p>
          <Button onClick={close}>Fechar</Button>
        </div>
      )}

      {state === false && (
        <div className={styles.result} role="alert">
          <span className={`${styles.resultIcon} ${styles.error}`} aria-hidden="true">
            <CircleX size={30} />
          </span>
          <p className={styles.resultText}>{MSG.avaliacaoErro}</p>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={close}>
              Fechar
            </Button>
            <Button onClick={() => setState(null)}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        </div>
      )}
    </FormDialog>
  );
}
