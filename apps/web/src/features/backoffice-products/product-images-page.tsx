import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { ACCEPT_IMAGEM, type ImagemProduto } from '@clinica/shared/schemas/imagem';
import { ArrowLeft, CircleAlert, Home, ImageOff, Plus, RotateCw, Star, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../components/backoffice/confirm-dialog';
import { ListNotice } from '../../components/backoffice/list-notice';
import { srcSetOf } from '../../components/catalog/responsive-image';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyApiError, notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useEnviarImagem, useExcluirImagem, useImagensProduto } from './api/imagens';
import { useProdutoAdmin } from './api/produtos';
import { FilePicker } from './components/file-picker';
import { isImageFile } from './product-form-schema';
import styles from './product-images-page.module.css';

const idOf = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0);

/**
 * /EditListImagemProduto/{id} 'Imagens do Produto' (SPEC §2, §7, §8): the
 * gallery and the home picture of a product; add one (JPEG, PNG or WebP; to
 * the gallery or as the home picture, which replaces the previous one) or
 * delete one after a confirmation.
 */
export function ProductImagesPage() {
  const id = idOf(useParams().id);
  const produto = useProdutoAdmin(id);
  const imagens = useImagensProduto(id);
  const enviar = useEnviarImagem(id);
  const excluir = useExcluirImagem();
  const [file, setFile] = useState<File | null>(null);
  const [home, setHome] = useState(false);
  const [pickError, setPickError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<ImagemProduto | null>(null);

  const lista = imagens.data?.listaImagemProduto ?? [];
  const galeria = lista.filter((i) => !i.imagemSite);
  const imagemHome = lista.find((i) => i.imagemSite) ?? null;

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setPickError(MSG_BO.selecioneImagem);
      return;
    }
    if (!isImageFile(file)) {
      setPickError(MSG_BO.produtoImagemInvalida);
      return;
    }
    enviar.mutate(
      { file, isHomeImage: home },
      {
        onSuccess: () => {
          notifySuccess(MSG_BO.imagemAdicionada);
          setFile(null);
          setHome(false);
        },
        onError: (error) => notifyApiError(error, MSG_BO.erroCarregarImagens),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    excluir.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(MSG_BO.imagemExcluida);
        setDeleting(null);
      },
      onError: (error) => {
        // SPEC §8 'Erro ao excluir a imagem', with the server's reason (an image in use, gone already…).
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
                {galeria.length === 0 ? (
                  <ListNotice icon={<ImageOff size={28} />} title="Nenhuma imagem na galeria">
                    <p>Adicione fotos do produto ao lado.</p>
                  </ListNotice>
                ) : (
                  <ul className={styles.grid}>
                    {galeria.map((img, i) => (
                      <ImageCard key={img.id} img={img} label={`Imagem ${i + 1}`} onDelete={() => setDeleting(img)} />
                    ))}
                  </ul>
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
          <form className={styles.addForm} noValidate onSubmit={add} aria-label="Adicionar imagem">
            <h2 className={styles.groupTitle}>Adicionar imagem</h2>
            <FilePicker
              label="Arquivo da imagem"
              accept={ACCEPT_IMAGEM}
              buttonText="Escolher imagem"
              hint="JPEG, PNG ou WebP. A imagem é otimizada e os metadados são removidos."
              files={file ? [file] : []}
              onChange={(files) => {
                setFile(files[0] ?? null);
                setPickError(undefined);
              }}
              error={pickError}
              disabled={enviar.isPending || id === 0}
            />
            <fieldset className={styles.kind} disabled={enviar.isPending}>
              <legend className={styles.kindLegend}>Onde usar</legend>
              <label className={styles.kindOption}>
                <input type="radio" name="tipo" checked={!home} onChange={() => setHome(false)} />
                <span>
                  <strong>Galeria do produto</strong>
                  <small>Fotos da página do produto; a primeira vira a foto do card.</small>
                </span>
              </label>
              <label className={styles.kindOption}>
                <input type="radio" name="tipo" checked={home} onChange={() => setHome(true)} />
                <span>
                  <strong>Imagem da home</strong>
                  <small>Substitui a imagem de destaque atual.</small>
                </span>
              </label>
            </fieldset>
            <Button type="submit" loading={enviar.isPending} disabled={id === 0} fullWidth>
              <Plus size={18} aria-hidden="true" />
              Adicionar imagem
            </Button>
          </form>
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

function ImageCard({
  img,
  label,
  home = false,
  onDelete,
}: {
  img: ImagemProduto;
  label: string;
  home?: boolean;
  onDelete: () => void;
}) {
  return (
    <li className={styles.card} data-testid="product-image">
      <div className={`${styles.picture} ${home ? styles.pictureWide : ''}`}>
        <img
          src={img.path}
          srcSet={img.imagem ? srcSetOf(img.imagem) : undefined}
          sizes={home ? '(min-width: 1024px) 640px, 100vw' : '(min-width: 1024px) 220px, 50vw'}
          alt={`${label}: ${img.nome}`}
          loading="lazy"
          decoding="async"
        />
        <span className={styles.badges}>
          {img.imagemSite && (
            <span className={`${styles.badge} ${styles.badgeHome}`}>
              <Home size={12} aria-hidden="true" />
              Imagem da home
            </span>
          )}
          {img.destaque && (
            <span className={`${styles.badge} ${styles.badgeCard}`}>
              <Star size={12} aria-hidden="true" />
              Foto do card
            </span>
          )}
        </span>
      </div>
      <div className={styles.cardFoot}>
        <span className={styles.fileName} title={img.nome}>
          {img.nome}
        </span>
        <button
          type="button"
          className={styles.delete}
          onClick={onDelete}
          aria-label={`Excluir ${label.toLowerCase()} (${img.nome})`}
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

export { ProductImagesPage as Component };
