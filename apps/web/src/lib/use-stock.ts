import { produtoApi } from '@clinica/shared/schemas/produto';
import { ajustarLinha } from '@clinica/shared/stock';
import { useEffect, useState } from 'react';
import { callEndpoint } from './api-client';
import { cartActions, readCartItems, updateCart, type StoredCartItem } from './cart-storage';

/**
 * Brings the bag's lines within the units left now (docs/behaviour/bag-and-checkout.md#stock, ADR 032): asks
 * GET /produto/estoque (never cached) for the bag's products and lowers each line asking for more than is left to what
 * is left, removing a sold-out one, with the shared rule (ajustarLinha). Returns the messages of the lines it changed.
 * A failure changes nothing: the order's creation checks again.
 */
export async function ajustarAoEstoque(signal?: AbortSignal): Promise<string[]> {
  const linhas = readCartItems().filter((l) => !l.brinde && !l.digital);
  if (linhas.length === 0) return [];
  const ids = [...new Set(linhas.map((l) => l.id))].slice(0, 50);
  const estoques = await callEndpoint(produtoApi.estoque, { query: { ids: ids.join(',') }, signal, auth: false });
  const restam = new Map(estoques.map((e) => [e.id, e.disponivel ? e.restam : 0]));
  const mensagens: string[] = [];
  const mudancas: Array<{ linha: StoredCartItem; quantidade: number }> = [];
  for (const linha of linhas) {
    // A product absent from the answer (inactive, unknown) is left to the order's creation, which refuses it.
    const r = ajustarLinha(linha.nome, linha.quantity, restam.get(linha.id) ?? null);
    if (r.mensagem) {
      mensagens.push(r.mensagem);
      mudancas.push({ linha, quantidade: r.quantidade });
    }
  }
  for (const { linha, quantidade } of mudancas) {
    if (quantidade === 0) updateCart((items) => items.filter((i) => i.brinde || i.id !== linha.id));
    else cartActions.setQuantity(linha.id, quantidade);
  }
  return mensagens;
}

/** ajustarAoEstoque each time `ativo` turns true (the bag opens); the messages of the last adjustment. */
export function useAjusteDeEstoque(ativo: boolean): string[] {
  const [mensagens, setMensagens] = useState<string[]>([]);
  useEffect(() => {
    if (!ativo) return;
    const controle = new AbortController();
    ajustarAoEstoque(controle.signal)
      .then(setMensagens)
      .catch(() => undefined);
    return () => controle.abort();
  }, [ativo]);
  return mensagens;
}
