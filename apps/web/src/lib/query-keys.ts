/** TanStack Query keys shared by every feature, so one resource has one cache entry. */
export const queryKeys = {
  empresa: ['empresa'] as const,
  produtosFisicoDigital: ['produto', 'fisicodigital'] as const,
  usuario: (idUser: number) => ['usuario', idUser] as const,
};
