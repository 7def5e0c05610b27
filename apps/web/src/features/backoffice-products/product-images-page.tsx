import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { ImagemProduto } from '@clinica/shared/schemas/imagem';
import { ArrowLeft, CircleAlert, Home, ImageOff, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../components/backoffice/confirm-dialog';
import { ListNotice } from '../../components/backoffice/list-notice';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useExcluirImagem, useImagensProduto } from './api/imagens';
import { useProdutoAdmin } from './api/produtos';
import { GalleryOrder } from './components/gallery-order';
import { ImageCard } from './components/image-card';
import { ImageUploadForm } from './components/image-upload-form';
import styles from './product-images-page.module.css';

const idOf = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0);

/**
 * /EditListImagemProduto/{id} 'Imagens do Produto': the gallery, in the order
 * the store shows it (dragged, or moved with each picture's buttons), and the
 * home picture of a product; add pictures (JPEG, PNG or WebP; several to the
 * gallery at once, or one home picture, which replaces the previous one) or
 * delete one after a confirmation.
 */
export function ProductImagesPage() {
  const id = idOf(useParams().id);
  const produto = useProdutoAdmin(id);
  const imagens = useImagensProduto(id);
  const excluir = useExcluirImagem();
  const [deleting, setDeleting] = useState<ImagemProduto | null>(null);

  const lista = imagens.data?.listaImagemProduto ?? [];
  const galeria = lista.filter((i) => !i.imagemSite);
  const imagemHome = lista.find((i) => i.imagemSite) ?? null;

  const confirmDelete = () => {
    if (!deleting) return;
    excluir.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(MSG_BO.imagemExcluida);
        setDeleting(null);
      },
      onError: (error) => {
        // 'Erro ao excluir a imagem', with the server's reason (an image in use, gone already…).
        notifyError(`${MSG_BO.erroExcluirImagem}. ${errorMessage(error)}`);
        setDeleting(null);
      },
    });
  };

  return (
    <PageFrame
      title="Imagens do Produto"
      eyebrow={produto.data ? `Produto · Cód. ${produto.data.id}` : 'Produtos'}
      description={produto.data?.nome}
      actions={
        id > 0 && (
          <ButtonLink to={`/editProduct/${id}`} variant="outline">
            <ArrowLeft size={18} aria-hidden="true" />
            Voltar ao produto
          </ButtonLink>
        )
      }
    >
      <div className={styles.layout}>
        <div className={styles.lists}>
          {imagens.isPending && id > 0 ? (
            <LoadingBlock />
          ) : !imagens.data ? (
            <ListNotice icon={<CircleAlert size={28} />} tone="error" title={MSG_BO.erroCarregarImagens}>
              {imagens.error && <p>{imagens.error.message}</p>}
              {id > 0 && (
                <Button variant="outline" onClick={() => void imagens.refetch()} loading={imagens.isFetching}>
                  <RotateCw size={16} aria-hidden="true" />
                  Tentar novamente
                </Button>
              )}
            </ListNotice>
          ) : (
            <>
              <section className={styles.group} aria-labelledby="galeria-title">
                <h2 id="galeria-title" className={styles.groupTitle}>
                  Galeria <span className={styles.count}>{galeria.length}</span>
                </h2>
                {galeria.length > 1 && (
                  <p className={styles.groupText}>
                    Na ordem da loja: a primeira é a foto do card. Arraste uma foto para mudar a ordem, ou use as setas
                    de cada uma.
                  </p>
                )}
                {galeria.length === 0 ? (
                  <ListNotice icon={<ImageOff size={28} />} title="Nenhuma imagem na galeria">
                    <p>Adicione fotos do produto ao lado.</p>
                  </ListNotice>
                ) : (
                  <GalleryOrder produtoId={id} galeria={galeria} className={styles.grid} onDelete={setDeleting} />
                )}
              </section>

              <section className={styles.group} aria-labelledby="home-title">
                <h2 id="home-title" className={styles.groupTitle}>
                  Imagem da home
                </h2>
                <p className={styles.groupText}>
                  O destaque do topo da loja, mostrado quando o produto está marcado como exibido no site.
                </p>
                {imagemHome ? (
                  <ul className={`${styles.grid} ${styles.homeGrid}`}>
                    <ImageCard img={imagemHome} label="Imagem da home" home onDelete={() => setDeleting(imagemHome)} />
                  </ul>
                ) : (
                  <ListNotice icon={<Home size={28} />} title="Sem imagem da home">
                    <p>Envie uma imagem marcando “Imagem da home”.</p>
                  </ListNotice>
                )}
              </section>
            </>
          )}
        </div>

        <aside className={styles.side}>
          <ImageUploadForm produtoId={id} />
        </aside>
      </div>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir imagem?"
        message={`A imagem “${deleting?.nome ?? ''}” será apagada do produto e da loja.`}
        confirmLabel="Excluir"
        onConfirm={confirmDelete}
        busy={excluir.isPending}
      />
    </PageFrame>
  );
}
