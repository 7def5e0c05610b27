import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_CURSO } from '@clinica/shared/messages-curso';
import type { ConteudoAdminItem } from '@clinica/shared/schemas/conteudo';
import { ArrowLeft, CircleAlert, Clapperboard, RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyApiError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useConteudoMutations, useConteudos } from './api/conteudos';
import { ContentForm } from './components/content-form';
import { ContentsList } from './components/contents-list';
import styles from './contents-page.module.css';

/** The product of `/EditListConteudoProduto/:id`; NaN when the path's id is not a valid id. */
function useProdutoId(): number {
  const { id = '' } = useParams();
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : Number.NaN;
}

/**
 * /EditListConteudoProduto/{id} ('Conteúdos do Produto', ADMIN;
 * docs/behaviour/back-office.md#product-contents): the digital product's videos and PDFs in order, a form to add one
 * (uploaded with its progress) and 'Excluir' with a confirmation. While a
 * video is being converted (AVI → MP4) the list is read again every 5 s.
 */
export function ContentsPage() {
  const produtoId = useProdutoId();
  const valido = !Number.isNaN(produtoId);
  const query = useConteudos(valido ? produtoId : null);
  const { enviar, excluir, alterarPrevia, permitirDownload } = useConteudoMutations(valido ? produtoId : 0);

  const lista = query.data?.listaConteudoProduto;
  const ordens = useMemo(() => (lista ?? []).map((c) => c.ordem), [lista]);

  const remover = (item: ConteudoAdminItem) =>
    excluir.mutateAsync(item.id).then(
      () => notifySuccess(MSG_BO.conteudoExcluido),
      (error: unknown) => notifyApiError(error),
    );

  const alternarDownload = (item: ConteudoAdminItem, permiteDownload: boolean) =>
    permitirDownload.mutateAsync({ id: item.id, permiteDownload }).then(
      // The server's message ('Download liberado para os alunos.').
      (resposta) => notifySuccess(resposta.message),
      (error: unknown) => notifyApiError(error),
    );

  const previa = (item: ConteudoAdminItem, previaGratuita: boolean) =>
    alterarPrevia.mutate(
      { id: item.id, previaGratuita },
      {
        onSuccess: () =>
          notifySuccess(
            (previaGratuita ? MSG_CURSO.previaAtivada : MSG_CURSO.previaDesativada).replace('{titulo}', item.titulo),
          ),
        onError: (error) => notifyApiError(error),
      },
    );

  let body;
  if (!valido)
    body = (
      <ListNotice icon={<CircleAlert size={28} />} tone="error">
        <p>O endereço não indica um produto válido.</p>
      </ListNotice>
    );
  else if (query.isPending) body = <LoadingBlock />;
  else if (!query.data)
    body = (
      <ListNotice icon={<CircleAlert size={28} />} tone="error">
        <p>{errorMessage(query.error, MSG_BO.conteudoErroCarregar)}</p>
        <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          <RotateCw size={16} aria-hidden="true" />
          Tentar novamente
        </Button>
      </ListNotice>
    );
  else {
    const itens = query.data.listaConteudoProduto;
    body = (
      <div className={styles.layout}>
        <div className={styles.listColumn}>
          <h2 className={styles.sectionTitle}>{query.data.nomeProduto}</h2>
          {itens.length === 0 ? (
            <ListNotice icon={<Clapperboard size={28} />} title={MSG_BO.conteudoNenhum}>
              <p>Adicione o primeiro vídeo ou PDF do curso no formulário.</p>
            </ListNotice>
          ) : (
            <ContentsList
              itens={itens}
              excluir={remover}
              excluindo={excluir.isPending}
              alternarDownload={alternarDownload}
              alterandoDownload={permitirDownload.isPending}
              alterarPrevia={previa}
              alterandoPrevia={alterarPrevia.isPending ? (alterarPrevia.variables?.id ?? null) : null}
            />
          )}
        </div>
        <ContentForm usadas={ordens} enviar={(envio) => enviar.mutateAsync(envio)} />
      </div>
    );
  }

  return (
    <PageFrame
      title={MSG_BO.conteudosDoProduto}
      eyebrow="Produtos"
      description="Os vídeos e PDFs que o aluno vê na sala de aula, na ordem em que aparecem. Uma prévia grátis pode ser vista por qualquer visitante na página do curso."
      width="wide"
      actions={
        <ButtonLink to="/products" variant="ghost">
          <ArrowLeft size={18} aria-hidden="true" />
          Voltar aos produtos
        </ButtonLink>
      }
    >
      {body}
    </PageFrame>
  );
}

export { ContentsPage as Component };
