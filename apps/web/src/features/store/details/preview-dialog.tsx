import { caminhoPrevia } from '@clinica/shared/schemas/conteudo';
import { MSG_CURSO } from '@clinica/shared/messages-curso';
import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { LoadingBlock } from '../../../components/ui/spinner';
import styles from './preview-dialog.module.css';

/** react-pdf and its worker: only for a PDF preview. */
const PreviewPdf = lazy(() => import('./preview-pdf'));

/**
 * The free preview of a course (ADR 047) in a dialog: the video plays at once from the public preview route (HTTP
 * Range, so it starts before the file has come), a PDF is drawn page by page. Nobody needs to be signed in.
 */
export default function PreviewDialog({
  item,
  onClose,
}: {
  item: ProdutoDetalhe['conteudos'][number];
  onClose: () => void;
}) {
  const [falhou, setFalhou] = useState(false);
  const url = caminhoPrevia(item.id);
  return (
    <ModalFrame
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      className={styles.dialog}
      aria-describedby={undefined}
      data-testid="previa-dialogo"
    >
      <div className={styles.header}>
        <Dialog.Title className={styles.title}>{MSG_CURSO.previaTitulo.replace('{titulo}', item.titulo)}</Dialog.Title>
        <Dialog.Close className={styles.close} aria-label={MSG_CURSO.fechar}>
          <X size={20} aria-hidden="true" />
        </Dialog.Close>
      </div>
      {falhou ? (
        <p role="alert" className={styles.error}>
          {MSG_CURSO.previaErro}
        </p>
      ) : item.video ? (
        <video
          className={styles.video}
          src={url}
          controls
          autoPlay
          muted
          playsInline
          preload="metadata"
          onError={() => setFalhou(true)}
          data-testid="previa-video"
        />
      ) : (
        <Suspense fallback={<LoadingBlock text={MSG_CURSO.previaCarregando} />}>
          <PreviewPdf url={url} titulo={item.titulo} onError={() => setFalhou(true)} />
        </Suspense>
      )}
    </ModalFrame>
  );
}
