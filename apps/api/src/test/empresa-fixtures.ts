/** The company's address in Rio de Janeiro (IBGE 3304557, UF 33) as the /empresa screen sends it. */
export const ENDERECO_EMPRESA_RIO = {
  cep: '22071-900',
  logradouro: 'Avenida Atlântica',
  numero: '1702',
  complemento: null,
  bairro: 'Copacabana',
  municipio: { id: 3304557 },
  uf: { id: 33 },
};
