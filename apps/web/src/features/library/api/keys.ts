/** TanStack Query keys of the library (private data: dropped at sign-out). */
export const bibliotecaKeys = {
  all: ['cliente', 'produtosacesso'] as const,
  lista: (idUser: number, filtro: string) => ['cliente', 'produtosacesso', idUser, filtro] as const,
};
