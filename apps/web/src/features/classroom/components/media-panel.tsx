import { MSG } from '@clinica/shared/messages';
import type { ConteudoItem, ProgressoInput } from '@clinica/shared/schemas/conteudo';
import { ChevronRight, CircleCheck, Circle, FileText, PlayCircle, RotateCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useConteudo } from '../api/conteudo';
import { formatarDuracao } from '@clinica/shared/curso';
import styles from './media.module.css';
import { VideoPlayer } from './video-player';

// react-pdf and PDF.js load only when a reading is opened.
const PdfViewer = lazy(() => import('./pdf-viewer'));

export interface MediaPanelProps {
  item: ConteudoItem;
  /** Saves progress of the item; `quiet` saves (the video position) report no error. */
  save: (id: number, body: ProgressoInput, quiet?: boolean) => void;
  saving: boolean;
  /** The course's next item, if any: 'Próxima aula' opens it (ADR 046). */
  next: ConteudoItem | null;
  onNext: () => void;
}

/**
 * The selected item: its title, type, duration and done mark, then the video or the PDF, and 'Próxima aula' under
 * it (also over the video when it ends) while the course has a next item.
 */
export function MediaPanel({ item, save, saving, next, onNext }: MediaPanelProps) {
  const acesso = useConteudo(item.id);
  const [attempt, setAttempt] = useState(0);
  const [terminou, setTerminou] = useState(false);
  const data = acesso.data;

  const freshUrl = async () => {
    const result = await acesso.refetch();
    return result.isError || !result.data ? null : result.data.url;
  };

  const Icon = item.video ? PlayCircle : FileText;

  return (
    <section className={styles.panel} aria-labelledby="media-title">
      <div className={styles.stage}>
        {acesso.isPending ? (
          <LoadingBlock />
        ) : !data ? (
          <div className={styles.mediaError} role="alert">
            <p>{item.video ? MSG.ocorreuErroTenteNovamente : MSG.erroCarregarPdf}</p>
            <Button variant="outline" size="sm" onClick={() => void acesso.refetch()} loading={acesso.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        ) : item.video ? (
          <div className={styles.videoStage}>
            <VideoPlayer
              key={item.id}
              title={item.titulo}
              url={data.url}
              startAt={data.posicaoSegundos}
              done={item.concluido}
              onPosition={(posicaoSegundos) => save(item.id, { posicaoSegundos }, true)}
              onWatched={(posicaoSegundos) => save(item.id, { concluido: true, posicaoSegundos }, true)}
              refreshUrl={freshUrl}
              onEnded={() => setTerminou(true)}
            />
            {terminou && next && (
              <div className={styles.fimVideo}>
                <p>Aula concluída. A seguir: {next.titulo}</p>
                <Button onClick={onNext}>
                  Assistir a próxima aula
                  <ChevronRight size={16} aria-hidden="true" />
                </Button>
              </div>
            )}
          </div>
        ) : (
          <Suspense fallback={<LoadingBlock text="Carregando PDF..." />}>
            <PdfViewer
              key={`${item.id}-${attempt}`}
              title={item.titulo}
              url={data.url}
              onLastPage={() => {
                if (!item.concluido) save(item.id, { concluido: true }, true);
              }}
              onRetry={() => void freshUrl().then(() => setAttempt((n) => n + 1))}
              downloadUrl={data.downloadUrl}
            />
          </Suspense>
        )}
      </div>

      <div className={styles.info}>
        <div className={styles.heading}>
          <span className={styles.kind}>
            <Icon size={16} aria-hidden="true" />
            {item.video ? 'Vídeo' : 'Leitura'} · {formatarDuracao(item.duracao)}
          </span>
          <h2 id="media-title" className={styles.title}>
            {item.titulo}
          </h2>
        </div>
        <div className={styles.acoes}>
          <Button
            variant="outline"
            size="sm"
            aria-pressed={item.concluido}
            disabled={saving}
            onClick={() => save(item.id, { concluido: !item.concluido })}
            className={item.concluido ? styles.doneButton : undefined}
          >
            {item.concluido ? <CircleCheck size={16} aria-hidden="true" /> : <Circle size={16} aria-hidden="true" />}
            {item.concluido ? 'Concluído' : 'Marcar como concluído'}
          </Button>
          {next && (
            <Button size="sm" onClick={onNext} aria-describedby="proxima-aula">
              Próxima aula
              <ChevronRight size={16} aria-hidden="true" />
            </Button>
          )}
          {next && (
            <span id="proxima-aula" className="visually-hidden">
              {next.titulo}
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
