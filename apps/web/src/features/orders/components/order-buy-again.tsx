import { cartLine } from '@clinica/shared/cart';
import { MSG_SACOLA } from '@clinica/shared/messages-sacola';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notifyError, notifyInfo, notifySuccess } from '../../../components/ui/toast';
import { addToCart } from '../../../lib/cart-storage';
import { produtoQuery } from '../api/produto-imagem';

/**
 * 'Comprar novamente' of a delivered order (docs/behaviour/orders.md#order-dialog): its products (not the courses,
 * already in the library, nor the gift) go back to the bag at today's price and in the quantities bought, those the
 * store cannot sell now are left out and named, and the bag opens. The bag's own rules then apply (its stock limits,
 * the CRO of professional-use products, the gift).
 */
export function OrderBuyAgain({ pedido, onDone }: { pedido: Pedido; onDone: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const linhas = pedido.produtos.filter((l) => !l.digital && !l.brinde);
  if (pedido.situacaoPedido !== 'ENTREGUE' || linhas.length === 0) return null;

  const comprar = async () => {
    setBusy(true);
    try {
      // Today's product: price, picture, whether it is still sold (a product gone answers 404: left out).
      const hoje = await Promise.all(
        linhas.map((l) => queryClient.fetchQuery({ ...produtoQuery(l.produtoId), staleTime: 0 }).catch(() => null)),
      );
      const fora: string[] = [];
      let voltaram = 0;
      linhas.forEach((linha, i) => {
        const produto = hoje[i];
        if (!produto?.disponivel) {
          fora.push(linha.produtoNome);
          return;
        }
        const item = {
          id: produto.id,
          nome: produto.nome,
          pathImg: produto.pathImgDestaque,
          preco: produto.preco,
          digital: false,
          usoProfissional: produto.usoProfissional,
        };
        addToCart(cartLine(item, linha.quantidade));
        voltaram += 1;
      });
      if (voltaram === 0) {
        notifyError(MSG_SACOLA.comprarNovamenteNenhum);
        return;
      }
      notifySuccess(MSG_SACOLA.comprarNovamenteFeito);
      if (fora.length > 0) notifyInfo(MSG_SACOLA.comprarNovamenteFora.replace('{nomes}', fora.join(', ')));
      onDone();
      // The header opens the bag on `?sacola=1` and drops the parameter (ADR 034).
      const search = new URLSearchParams(location.search);
      search.set('sacola', '1');
      void navigate({ pathname: location.pathname, search: `?${search.toString()}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" onClick={() => void comprar()} loading={busy} data-testid="buy-again">
      <RotateCcw size={18} aria-hidden="true" />
      {MSG_SACOLA.comprarNovamente}
    </Button>
  );
}
