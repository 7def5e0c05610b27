import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { notifyApiError, notifyError, notifySuccess } from '../../components/ui/toast';
import { enviarConteudo } from '../../lib/backoffice/conteudo-upload';
import { useSession } from '../../lib/use-session';
import { enviarImagemProduto } from './api/imagens';
import { useCriarProduto } from './api/produtos';
import { ProductForm } from './components/product-form';
import { EMPTY_PRODUCT_FORM, toProdutoInput, type ProductFormValues } from './product-form-schema';
import { stepText, uploadAfterCreate, type UploadStep } from './upload-sequence';

/**
 * /newProduct 'Novo produto' (docs/behaviour/back-office.md#products): the whole product, then, once
 * POST /produto/create/ answers 201 (after a 3 s wait), the
 * pictures, the contents and the home picture go up one after the other with
 * one toast each. Then the list opens filtered by the new product's code.
 */
export function NewProductPage() {
  const { user } = useSession();
  // Contents are ADMIN only; a USUARIO registers the course and the Gerente adds them.
  const withContents = user?.permissao === 'ADMIN';
  const criar = useCriarProduto();
  const navigate = useNavigate();
  const [step, setStep] = useState<UploadStep | null>(null);
  const [working, setWorking] = useState(false);

  const submit = async (values: ProductFormValues) => {
    setWorking(true);
    let id: number;
    try {
      ({ id } = await criar.mutateAsync(toProdutoInput(values)));
    } catch (error) {
      notifyApiError(error);
      setWorking(false);
      return;
    }
    notifySuccess(MSG_BO.produtoCriado);
    await uploadAfterCreate(
      {
        imagens: values.imagens,
        conteudos: values.digital && withContents ? values.conteudos : [],
        imagemHome: values.produtoExibidoSite ? values.imagemHome : null,
      },
      {
        enviarImagem: (file, isHomeImage) => enviarImagemProduto(id, file, isHomeImage),
        enviarConteudo: (ordem, conteudo, onProgress) => enviarConteudo(id, ordem, conteudo, { onProgress }),
        success: notifySuccess,
        error: notifyError,
        onStep: setStep,
      },
    );
    navigate(`/products?id=${id}`);
  };

  return (
    <PageFrame
      title="Novo produto"
      eyebrow="Produtos"
      description="Cadastre um produto físico ou um curso digital. Imagens e conteúdos são enviados logo depois do cadastro."
    >
      <ProductForm
        mode="new"
        withContents={withContents}
        defaultValues={EMPTY_PRODUCT_FORM}
        busy={working}
        onSubmit={(values) => void submit(values)}
        progress={working ? (step ? stepText(step) : 'Cadastrando o produto…') : null}
        actions={
          <>
            {working ? (
              <Button variant="ghost" disabled>
                Cancelar
              </Button>
            ) : (
              <ButtonLink to="/products" variant="ghost">
                Cancelar
              </ButtonLink>
            )}
            <Button type="submit" loading={working}>
              Cadastrar produto
            </Button>
          </>
        }
      />
    </PageFrame>
  );
}
