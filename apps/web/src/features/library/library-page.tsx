import { MSG } from '@clinica/shared/messages';
import { CircleAlert, RotateCw, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/use-session';
import { useProdutosAcesso } from './api/produtos-acesso';
import { LibraryCard } from './components/library-card';
import styles from './library-page.module.css';
import { LIBRARY_SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

/**
 * /library (docs/behaviour/library-and-classroom.md#library): the digital products the user may
 * open, searched by name (the request waits 500 ms after the last keystroke),
 * each card opening /classRoom/{id} with its progress. CLIENTE sees
 * what it bought; ADMIN sees every course.
 */
export function LibraryPage() {
  const { user } = useSession();
  const idUser = user?.idUser ?? 0;
  const [texto, setTexto] = useState('');
  const filtro = useDebouncedValue(texto.trim(), LIBRARY_SEARCH_DEBOUNCE_MS);
  const list = useProdutosAcesso(idUser, user?.idClient ?? null, filtro);
  const data = list.data;

  return (
    <PageFrame
      title={MSG.minhaBiblioteca}
      eyebrow="Acesso ao conteúdo digital"
      description="Seus cursos e materiais digitais. Continue de onde parou e acompanhe o seu progresso."
    >
      <form className={styles.search} role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Buscar na biblioteca"
          hideLabel
          type="search"
          placeholder="Pesquise pelo nome do produto"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          maxLength={150}
          autoComplete="off"
        />
      </form>

      {list.isPending ? (
        <LoadingBlock />
      ) : !data ? (
        <div className={`${styles.notice} ${styles.noticeError}`} role="alert">
          <span className={styles.noticeIcon}>
            <CircleAlert size={28} aria-hidden="true" />
          </span>
          <p>{errorMessage(list.error, MSG.ocorreuErroTenteNovamente)}</p>
          <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
            <RotateCw size={16} aria-hidden="true" />
            Tentar novamente
          </Button>
        </div>
      ) : data.length === 0 ? (
        <div className={styles.notice} role="status">
          <span className={styles.noticeIcon}>
            <SearchX size={28} aria-hidden="true" />
          </span>
          <p className={styles.noticeTitle}>{MSG.produtoNaoEncontradoBiblioteca}</p>
          {filtro ? (
            <>
              <p>Confira o nome digitado ou limpe a busca para ver todos os seus cursos.</p>
              <Button variant="outline" onClick={() => setTexto('')}>
                Limpar busca
              </Button>
            </>
          ) : (
            <>
              <p>Os cursos e materiais digitais que você comprar aparecem aqui assim que o pagamento for aprovado.</p>
              <ButtonLink to="/loja">Ir para a loja</ButtonLink>
            </>
          )}
        </div>
      ) : (
        <ul className={styles.grid} aria-busy={list.isPlaceholderData || undefined} data-stale={list.isPlaceholderData}>
          {data.map((produto) => (
            <LibraryCard key={produto.id} produto={produto} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

export { LibraryPage as Component };
