/** TanStack Query keys shared by every feature, so one resource has one cache entry. */
export const queryKeys = {
  empresa: ['empresa'] as const,
  produtosFisicoDigital: ['produto', 'fisicodigital'] as const,
  condicaoDescontoAtiva: ['condicaodesconto', 'ativa'] as const,
  produtoBrinde: ['produto', 'produtobrinde'] as const,
  favoritosIds: ['favoritos', 'ids'] as const,
  usuario: (idUser: number) => ['usuario', idUser] as const,
  perfil: (idUser: number) => ['profile', idUser] as const,
  catalogoEnderecos: (clientId: number) => ['cliente', clientId, 'enderecos'] as const,
  ufs: ['uf'] as const,
  municipios: (ufId: number) => ['municipio', 'estado', ufId] as const,
  viaCep: (cep: string) => ['viacep', cep] as const,
};
