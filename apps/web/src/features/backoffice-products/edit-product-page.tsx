import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Images, ListVideo, Pencil, RotateCw, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { AuditTrail, auditoriaKeys } from '../../components/backoffice/audit-trail';
import { ListNotice } from '../../components/backoffice/list-notice';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyApiError, notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/use-session';
import { enviarImagemProduto } from './api/imagens';
import { useEditarProduto, useProdutoAdmin } from './api/produtos';
import { contentsPath, imagesPath } from './components/products-table';
import { ProductForm } from './components/product-form';
import { ProductStockSection } from './components/product-stock-section';
import styles from './edit-product-page.module.css';
import { productValuesOf, toProdutoInput, type ProductFormValues } from './product-form-schema';

const idOf = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0);

/**
 * /editProduct/{id} (docs/behaviour/back-office.md#products): the product as GET /produto/admin/{id} gives it,
 * locked until 'Editar'; 'Cancelar' reloads it and locks again; 'Salvar'
 * sends PUT /produto/editar/{id} ('Produto atualizado com sucesso!') and, when
 * one was chosen, the new home picture. Below the form, the product's
 * 'Histórico de alterações' (docs/behaviour/back-office.md#audit-log).
 */
export function EditProductPage() {
  const id = idOf(useParams().id);
  const { user } = useSession();
  const produto = useProdutoAdmin(id);
  const editar = useEditarProduto(id);
  const queryClient = useQueryClient();
  const [locked, setLocked] = useState(true);
  // A new key remounts the form with the loaded product ('Cancelar', after saving).
  const [version, setVersion] = useState(0);
  const [sendingHome, setSendingHome] = useState(false);
  const data = produto.data;
  const defaultValues = useMemo(() => (data ? productValuesOf(data) : null), [data]);

  const cancel = () => {
    setLocked(true);
    setVersion((v) => v + 1);
    void produto.refetch();
  };

  const save = (values: ProductFormValues) => {
    editar.mutate(toProdutoInput(values, id), {
      onSuccess: async () => {
        notifySuccess(MSG_BO.produtoAtualizado);
        if (values.produtoExibidoSite && values.imagemHome) {
          setSendingHome(true);
          try {
            await enviarImagemProduto(id, values.imagemHome, true);
            notifySuccess(MSG_BO.imagemHomeCadastrada);
          } catch (error) {
            notifyError(
              isApiError(error)
                ? `${MSG_BO.imagemHomeNaoCadastrada}. ${error.message}`
                : MSG_BO.imagemHomeNaoCadastrada,
            );
          } finally {
            setSendingHome(false);
          }
          void produto.refetch();
          void queryClient.invalidateQueries({ queryKey: auditoriaKeys.registro('produto', id) });
        }
        setLocked(true);
        setVersion((v) => v + 1);
      },
      onError: (error) => notifyApiError(error),
    });
  };

  const notFound = id === 0 || (isApiError(produto.error) && produto.error.status === 404);
  const busy = editar.isPending || sendingHome;

  return (
    <PageFrame
      title="Editar produto"
      eyebrow={data ? `Produto · Cód. ${data.id}` : 'Produtos'}
      description={data ? data.nome : undefined}
      actions={
        data && (
          <>
            <ButtonLink to={imagesPath(id)} variant="outline">
              <Images size={18} aria-hidden="true" />
              Imagens
            </ButtonLink>
            {data.digital && user?.permissao === 'ADMIN' && (
              <ButtonLink to={contentsPath(id)} variant="outline">
                <ListVideo size={18} aria-hidden="true" />
                Conteúdos
              </ButtonLink>
            )}
          </>
        )
      }
    >
      {notFound ? (
        <ListNotice icon={<SearchX size={28} />} title={MSG.produtoNaoEncontrado}>
          <ButtonLink to="/products" variant="outline">
            Voltar para os produtos
          </ButtonLink>
        </ListNotice>
      ) : produto.isPending ? (
        <LoadingBlock />
      ) : !data || !defaultValues ? (
        <ListNotice icon={<CircleAlert size={28} />} tone="error">
          <p>{errorMessage(produto.error)}</p>
          <Button variant="outline" onClick={() => void produto.refetch()} loading={produto.isFetching}>
            <RotateCw size={16} aria-hidden="true" />
            Tentar novamente
          </Button>
        </ListNotice>
      ) : (
        <>
          <ProductForm
            key={version}
            mode="edit"
            withContents={false}
            hasHomeImage={data.pathImagemHome !== null}
            homeImagePath={data.pathImagemHome}
            imagesLink={imagesPath(id)}
            defaultValues={defaultValues}
            locked={locked}
            busy={busy}
            onSubmit={save}
            progress={sendingHome ? 'Enviando a imagem da home…' : null}
            note={locked ? 'Campos bloqueados: clique em “Editar” para alterar o produto.' : undefined}
            actions={
              locked ? (
                <>
                  <ButtonLink key="back" to="/products" variant="ghost">
                    Voltar para a lista
                  </ButtonLink>
                  {/* Own keys: React must not turn this very button into the submit one while its click runs
                    (the browser would then submit the form it just unlocked). */}
                  <Button key="unlock" onClick={() => setLocked(false)}>
                    <Pencil size={16} aria-hidden="true" />
                    Editar
                  </Button>
                </>
              ) : (
                <>
                  <Button key="cancel" variant="ghost" onClick={cancel} disabled={busy}>
                    Cancelar
                  </Button>
                  <Button key="save" type="submit" loading={busy}>
                    Salvar alterações
                  </Button>
                </>
              )
            }
          />
          {!data.digital && <ProductStockSection produtoId={id} />}
          <AuditTrail entidade="produto" entidadeId={id} className={styles.audit} />
        </>
      )}
    </PageFrame>
  );
}
