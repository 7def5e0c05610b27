import { formatarAnvisa } from '@clinica/shared/anvisa-numero';
import { MSG } from '@clinica/shared/messages';
import { MSG_ANVISA_PRODUTO as MSG_ANVISA } from '@clinica/shared/messages-anvisa-produto';
import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { ChevronRight, CircleAlert, Clock, CreditCard, LibraryBig, PackageSearch, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { Price } from '../../../components/catalog/price';
import { PriceOffers } from '../../../components/catalog/price-offers';
import { ProductBadge } from '../../../components/catalog/product-badge';
import { productPath } from '../../../components/catalog/product-path';
import { RatingStars } from '../../../components/catalog/rating-stars';
import { Button, ButtonLink } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { pageOrigin } from '../../../lib/page-answers';
import { pagePart } from '../../../lib/page-part';
import { useProdutoDetalhe } from '../api/produto-detalhe';
import { parseProductId } from '../product-id';
import { ProductToaster } from '../product-toaster';
import { summarize, useDocumentTitle, usePageHead } from '../../../lib/page-head';
import { BuyBox } from './buy-box';
import styles from './details-page.module.css';
import { Gallery } from './gallery';
import { absoluteUrl, ProductJsonLd } from './product-json-ld';
import { Reviews } from './reviews';

/**
 * Freight before checkout (docs/behaviour/bag-and-checkout.md#freight-before-checkout): its code comes after the
 * page's own (lib/page-part.tsx), so the page keeps its JavaScript budget (docs/quality.md#p6-javascript-of-the-public-pages).
 */
const FreightQuote = pagePart(() => import('../../../components/freight/freight-quote').then((m) => m.FreightQuote));
/**
 * The rows under the page, 'Quem comprou também levou' (ADR 043) and 'Vistos recentemente', after the page's own code
 * too (nothing of them in the server's HTML); one part for both, as the page is at its JavaScript budget.
 */
const ProductRows = pagePart(() => import('./product-rows').then((m) => m.ProductRows));
/**
 * A course's contents, free preview, access period and guarantee, its themes and authors (ADR 047): server-rendered,
 * its code after the page's.
 */
const CourseSections = pagePart(() => import('./course').then((m) => m.CourseSections));
/** Beside the price: the course's free preview, access period and guarantee (ADR 047). */
const CourseHighlights = pagePart(() => import('./course').then((m) => m.CourseHighlights));
/** The heart (ADR 045): after the page's code, like the parts above (the page is at its JavaScript budget). */
const FavoriteHeart = pagePart(() => import('../../../components/catalog/favorite-heart').then((m) => m.FavoriteHeart));
/** A physical product's technical sheet, headed by its brand and code (ADR 044): below the fold, a part too. */
const ProductFacts = pagePart(() => import('./product-facts').then((m) => m.ProductFacts));

function ProductNotFound() {
  useDocumentTitle(MSG.produtoNaoEncontrado);
  return (
    <section className={styles.state} aria-labelledby="produto-nao-encontrado">
      <PackageSearch size={48} strokeWidth={1.5} aria-hidden="true" className={styles.stateIcon} />
      <h1 id="produto-nao-encontrado" className={styles.stateTitle}>
        {MSG.produtoNaoEncontrado}
      </h1>
      <p className={styles.stateText}>O produto que você procura não existe ou não está mais à venda.</p>
      <ButtonLink to="/loja">Ver produtos da loja</ButtonLink>
    </section>
  );
}

function DetailsSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <p className={styles.loading} role="status">
        {MSG.carregando}
      </p>
      <div className={styles.top} aria-hidden="true">
        <div className={styles.skeletonImage} />
        <div className={styles.info}>
          <span className={`${styles.skeletonLine} ${styles.skeletonTitle}`} />
          <span className={styles.skeletonLine} />
          <span className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
        </div>
      </div>
    </div>
  );
}

function imagesOf(produto: ProdutoDetalhe) {
  const gallery = produto.listImagemProduto.map((i) => i.imagem);
  if (gallery.length > 0) return gallery;
  return produto.imagemDestaque ? [produto.imagemDestaque] : [];
}

function ProductView({ produto }: { produto: ProdutoDetalhe }) {
  const ids = { reviews: useId() };
  const reviews = Math.max(produto.quantidadeAvaliacoes, produto.listaAvaliacao.length);
  const images = imagesOf(produto);
  usePageHead({
    title: produto.nome,
    description: summarize(produto.descricao || `${produto.nome} na loja da Clínica Odontológica Sorriso Pleno.`),
    canonical: `${pageOrigin()}${productPath(produto.id)}`,
    image: images[0] && absoluteUrl(images[0].path, pageOrigin()),
  });

  return (
    <article className={styles.page}>
      <ProductJsonLd produto={produto} />

      <nav aria-label="Você está em" className={styles.breadcrumb}>
        <ol>
          <li>
            <Link to="/loja">Loja</Link>
            <ChevronRight size={14} aria-hidden="true" />
          </li>
          <li>
            <span>{produto.categoria.nome}</span>
            <ChevronRight size={14} aria-hidden="true" />
          </li>
          <li aria-current="page">{produto.nome}</li>
        </ol>
      </nav>

      <div className={styles.top}>
        <Gallery imagens={images} nome={produto.nome} digital={produto.digital} />

        <div className={styles.info}>
          <div className={styles.badges}>
            {produto.digital ? (
              <ProductBadge kind="digital" />
            ) : (
              <ProductBadge kind={produto.disponivel ? 'disponivel' : 'indisponivel'} />
            )}
            {produto.digital && !produto.disponivel && <ProductBadge kind="indisponivel" />}
            <FavoriteHeart produtoId={produto.id} nome={produto.nome} variant="page" />
          </div>
          <h1 className={styles.name}>{produto.nome}</h1>
          <a href="#avaliacoes" className={styles.ratingLink}>
            <RatingStars nota={produto.nota} count={reviews} countStyle="full" />
          </a>
          <div className={styles.price}>
            <Price cents={produto.preco} size="xl" />
            <PriceOffers cents={produto.preco} size="md" />
          </div>
          {produto.descricao && <p className={styles.description}>{produto.descricao}</p>}

          {produto.digital && produto.duracao && (
            <p className={styles.fact}>
              <Clock size={18} aria-hidden="true" />
              <span>
                <strong>{MSG.cargaHoraria}:</strong> {produto.duracao}
              </span>
            </p>
          )}

          {/* The sanitary facts of a physical product (ADR 037, RDC 6/2015). */}
          {produto.usoProfissional && (
            <p className={`${styles.fact} ${styles.profissional}`} data-testid="produto-uso-profissional">
              <CircleAlert size={18} aria-hidden="true" />
              <span>
                <strong>{MSG_ANVISA.usoProfissional}:</strong> {MSG_ANVISA.vendaExclusiva}
              </span>
            </p>
          )}
          {produto.anvisaRegistro && (
            <p className={styles.registro} data-testid="produto-anvisa">
              <ShieldCheck size={16} aria-hidden="true" />
              {MSG_ANVISA.registro.replace('{numero}', formatarAnvisa(produto.anvisaRegistro))}
            </p>
          )}

          {produto.digital && <CourseHighlights produto={produto} />}

          <BuyBox produto={produto} />

          {!produto.digital && produto.disponivel && <FreightQuote itens={[{ id: produto.id, quantidade: 1 }]} />}

          <ul className={styles.trust}>
            <li>
              <ShieldCheck size={18} aria-hidden="true" />
              {MSG.comprasSeguras}
            </li>
            <li>
              <CreditCard size={18} aria-hidden="true" />
              Pagamento por cartão de crédito ou PIX
            </li>
            {produto.digital && (
              <li>
                <LibraryBig size={18} aria-hidden="true" />
                Aulas e materiais na sua biblioteca após a confirmação do pagamento
              </li>
            )}
          </ul>
        </div>
      </div>

      <div className={styles.sections}>
        {produto.digital ? <CourseSections produto={produto} /> : <ProductFacts produto={produto} />}

        <div className={styles.block}>
          <Reviews
            avaliacoes={produto.listaAvaliacao}
            nota={produto.nota}
            quantidade={produto.quantidadeAvaliacoes}
            headingId={ids.reviews}
          />
        </div>
      </div>

      <ProductRows produto={produto} />
    </article>
  );
}

/**
 * `/details/:id/:openSheet?` (docs/behaviour/catalogue-and-search.md#product-page): the product page. The optional flag of
 * the spec's route is accepted and not used (the bag drawer opens from the header).
 */
export function DetailsPage() {
  const params = useParams();
  const id = parseProductId(params.id);
  const query = useProdutoDetalhe(id);

  let content;
  if (id === 0 || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    content = <ProductNotFound />;
  } else if (query.isPending) {
    content = <DetailsSkeleton />;
  } else if (query.isError) {
    content = (
      <section className={styles.state} role="alert">
        <p className={styles.stateTitle}>{MSG.erroCarregarProdutos}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </section>
    );
  } else {
    content = <ProductView key={query.data.id} produto={query.data} />;
  }

  return (
    <>
      <ProductToaster />
      {content}
    </>
  );
}

export { DetailsPage as Component };
