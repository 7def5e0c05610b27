/** TanStack Query keys of the classroom (private data: dropped at sign-out). */
export const salaKeys = {
  curso: (produtoId: number, idUser: number) => ['conteudoproduto', 'produto', produtoId, idUser] as const,
  conteudo: (id: number) => ['conteudoproduto', id] as const,
  /** The library's list, refreshed when progress changes (same key as features/library). */
  biblioteca: ['cliente', 'produtosacesso'] as const,
};
