import type { ProdutoDetalhe } from '@clinica/shared/schemas/produto';
import { BoughtTogether } from './bought-together';
import { RecentlyViewed } from './recently-viewed';

/** The rows under a product page, loaded together as one page part (details-page.tsx). */
export function ProductRows({ produto }: { produto: ProdutoDetalhe }) {
  return (
    <>
      <BoughtTogether produtoId={produto.id} />
      <RecentlyViewed produto={produto} />
    </>
  );
}
