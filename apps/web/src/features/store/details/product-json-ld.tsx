import { centsToDecimalString } from '@clinica/shared/money';
import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { productPath } from '../../../components/catalog/product-path';
import { pageOrigin } from '../../../lib/page-answers';

/** An absolute URL of a path of this site (image paths may already be absolute). */
export const absoluteUrl = (path: string, origin: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** schema.org Product of a product page: name, images, description, offer in BRL, rating when reviewed. */
function productJsonLd(produto: ProdutoDetalhe, origin: string) {
  const images = produto.listImagemProduto.map((i) => i.imagem.path);
  if (images.length === 0 && produto.imagemDestaque) images.push(produto.imagemDestaque.path);
  const reviews = Math.max(produto.quantidadeAvaliacoes, produto.listaAvaliacao.length);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: produto.nome,
    sku: String(produto.id),
    ...(images.length > 0 && { image: images.map((p) => absoluteUrl(p, origin)) }),
    ...(produto.descricao && { description: produto.descricao }),
    category: produto.categoria.nome,
    offers: {
      '@type': 'Offer',
      url: `${origin}${productPath(produto.id)}`,
      price: centsToDecimalString(produto.preco),
      priceCurrency: 'BRL',
      availability: produto.disponivel ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ...(!produto.digital && { itemCondition: 'https://schema.org/NewCondition' }),
    },
    ...(reviews > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: Math.round(produto.nota * 10) / 10,
        reviewCount: reviews,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
}

/** The JSON-LD script; `<` is escaped so no text can close the script element. */
export function ProductJsonLd({ produto }: { produto: ProdutoDetalhe }) {
  const json = JSON.stringify(productJsonLd(produto, pageOrigin())).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
