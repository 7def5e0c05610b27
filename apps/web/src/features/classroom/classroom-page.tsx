import { MSG } from '@clinica/shared/messages';
import type { ProgressoInput } from '@clinica/shared/schemas/conteudo';
import { ArrowLeft, CircleAlert, Clock, RotateCw } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { CourseProgress } from '../../components/catalog/course-progress';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyApiError } from '../../components/ui/toast';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/use-session';
import { useConteudoCurso } from './api/conteudo-curso';
import { usePossuiCurso } from './api/possui-curso';
import { useSalvarProgresso } from './api/progresso';
import styles from './classroom-page.module.css';
import { Authors } from './components/authors';
import { CertificatePanel } from './components/certificate-panel';
import { ContentList } from './components/content-list';
import { CourseRating } from './components/course-rating';
import { MediaPanel } from './components/media-panel';
import { Welcome } from './components/welcome';
import { duracaoTotal } from '@clinica/shared/curso';

/** The item chosen in the address (`?conteudo=`), else the one touched last (resume), else none (welcome). */
export function selectedItemId(
  param: string | null,
  items: readonly { id: number }[],
  ultimoConteudoId: number | null,
): number | null {
  const fromParam = param === null ? NaN : Number(param);
  if (items.some((i) => i.id === fromParam)) return fromParam;
  if (ultimoConteudoId !== null && items.some((i) => i.id === ultimoConteudoId)) return ultimoConteudoId;
  return null;
}

/**
 * /classRoom/{id} (docs/behaviour/library-and-classroom.md#classroom): the course's items in order (video or reading,
 * duration, done mark), the selected video or PDF, a welcome message while
 * none is selected, the progress, the authors, the buyer's star rating
 * ('Confirmar' opens the feedback dialog; not for ADMIN) and, at 100 %, the
 * certificate. It resumes at the item touched last.
 */
export function ClassroomPage() {
  const { id } = useParams();
  const produtoId = /^\d+$/.test(id ?? '') ? Number(id) : 0;
  const { user } = useSession();
  const idUser = user?.idUser ?? 0;
  const isCliente = user?.permissao === 'CLIENTE' && user.idClient !== null;
  const possui = usePossuiCurso(produtoId, idUser, user?.idClient ?? null);
  const curso = useConteudoCurso(produtoId, idUser, user?.idClient ?? null, possui.data === true);
  const [search, setSearch] = useSearchParams();
  const toggle = useSalvarProgresso(produtoId, idUser);
  const quiet = useSalvarProgresso(produtoId, idUser);

  const save = (itemId: number, body: ProgressoInput, silent = false) => {
    if (silent) quiet.mutate({ id: itemId, body });
    else toggle.mutate({ id: itemId, body }, { onError: (error) => notifyApiError(error) });
  };

  const data = curso.data;

  const naoEncontrado =
    produtoId <= 0 || possui.data === false || (curso.isError && isApiError(curso.error) && curso.error.status === 404);
  if (naoEncontrado) {
    return (
      <PageFrame title="Sala de aula">
        <div className={styles.notice} role="alert">
          <CircleAlert size={28} aria-hidden="true" />
          <p>{MSG.produtoNaoEncontradoBiblioteca}</p>
          <ButtonLink to="/library" variant="outline">
            <ArrowLeft size={16} aria-hidden="true" />
            {MSG.minhaBiblioteca}
          </ButtonLink>
        </div>
      </PageFrame>
    );
  }

  if (!data) {
    // The library check failed, or the course read did.
    const falha = possui.isError ? possui : curso;
    return (
      <PageFrame title="Sala de aula">
        {!falha.isError ? (
          <LoadingBlock />
        ) : (
          <div className={styles.notice} role="alert">
            <CircleAlert size={28} aria-hidden="true" />
            <p>{errorMessage(falha.error, MSG.ocorreuErroTenteNovamente)}</p>
            <Button variant="outline" onClick={() => void falha.refetch()} loading={falha.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        )}
      </PageFrame>
    );
  }

  const items = [...data.listaConteudoProduto].sort((a, b) => a.ordem - b.ordem);
  const selectedId = selectedItemId(search.get('conteudo'), items, data.ultimoConteudoId);
  const selected = items.find((i) => i.id === selectedId) ?? null;
  const select = (itemId: number) => setSearch({ conteudo: String(itemId) }, { replace: true });
  // The item after the selected one in the course's order (ADR 046).
  const proxima = selected ? (items[items.indexOf(selected) + 1] ?? null) : null;
  const complete = data.progresso.percentual >= 100;

  return (
    <PageFrame
      title={data.nomeProduto}
      eyebrow="Sala de aula"
      width="wide"
      actions={
        <ButtonLink to="/library" variant="ghost" size="sm">
          <ArrowLeft size={16} aria-hidden="true" />
          {MSG.minhaBiblioteca}
        </ButtonLink>
      }
    >
      <div className={styles.layout}>
        <div className={styles.main}>
          {selected ? (
            <MediaPanel
              key={selected.id}
              item={selected}
              save={save}
              saving={toggle.isPending}
              next={proxima}
              onNext={() => {
                if (proxima) select(proxima.id);
                window.scrollTo?.({ top: 0 });
              }}
            />
          ) : (
            <Welcome nome={data.nomeProduto} onStart={items[0] ? () => select(items[0]!.id) : null} />
          )}
        </div>

        <aside className={styles.side} aria-label="Andamento do curso">
          <div className={styles.card}>
            <CourseProgress progresso={data.progresso} label={`Progresso de ${data.nomeProduto}`} />
            {(data.duracao || items.length > 0) && (
              <p className={styles.total}>
                <Clock size={14} aria-hidden="true" />
                {data.duracao ? `Carga horária: ${data.duracao}` : `Duração total: ${duracaoTotal(items)}`}
              </p>
            )}
            {isCliente && complete && (
              <CertificatePanel produtoId={data.id} idUser={idUser} certificado={data.certificado} />
            )}
          </div>
          <div className={styles.card}>
            <h2 className={styles.sideTitle}>Conteúdos</h2>
            <ContentList items={items} selectedId={selectedId} onSelect={select} />
          </div>
        </aside>
      </div>

      <div className={styles.below}>
        <Authors autores={data.autores} />
        {isCliente && data.podeAvaliar && (
          <div className={styles.card}>
            <CourseRating
              produtoId={data.id}
              clienteId={user.idClient!}
              cursoNome={data.nomeProduto}
              avaliado={data.avaliado}
            />
          </div>
        )}
      </div>
      {data.listaTag.length > 0 && (
        <ul className={styles.tags} aria-label="Tags do curso">
          {data.listaTag.map((t) => (
            <li key={t.nome}>{t.nome}</li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

export { ClassroomPage as Component };
