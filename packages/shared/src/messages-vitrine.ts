/**
 * The texts of the category pages and the search grid (ADR 044): a module of their own, so the public pages carry
 * only these (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export const MSG_VITRINE = {
  // API: bad filters (400)
  precoInvalido: 'Preço inválido: informe um valor em reais, como 49,90.',
  faixaDePrecoInvertida: 'O preço mínimo não pode ser maior que o máximo.',
  tipoInvalido: 'Tipo inválido: use fisicos ou digitais.',
  ordemInvalida: 'Ordenação inválida.',
  marcaInvalida: 'Marca inválida.',
  marcasDemais: 'Escolha no máximo 20 marcas.',
  emEstoqueInvalido: 'Filtro de estoque inválido.',
  categoriaNaoEncontrada: 'Categoria não encontrada.',
  // The page
  fisicos: 'Produtos físicos',
  digitais: 'Produtos digitais',
  fisicosDescricao: 'Todos os materiais e produtos odontológicos da loja, com filtros por marca, preço e estoque.',
  digitaisDescricao: 'Todos os cursos e conteúdos digitais da loja.',
  categoriaDescricao: '{nome}: produtos da loja com filtros por marca, preço e estoque.',
  resultadosPara: 'Resultados para “{termo}”',
  buscaDescricao: 'Produtos da loja para “{termo}”.',
  inicio: 'Loja',
  filtrar: 'Filtrar',
  filtros: 'Filtros',
  ordenarPor: 'Ordenar por',
  marcas: 'Marca',
  preco: 'Preço (R$)',
  precoMinimo: 'Mínimo',
  precoMaximo: 'Máximo',
  aplicarPreco: 'Aplicar',
  emEstoque: 'Somente em estoque',
  limparFiltros: 'Limpar filtros',
  verResultados: 'Ver resultados',
  carregarMais: 'Carregar mais',
  nenhum: 'Nenhum produto encontrado com estes filtros.',
  /** `{n}` the count. */
  umResultado: '1 produto',
  resultados: '{n} produtos',
  verTodos: 'Ver todos',
} as const;

/** The sort options of the grid, by the value the URL carries (the first is the default). */
export const ROTULOS_ORDEM = {
  relevancia: 'Mais relevantes',
  'menor-preco': 'Menor preço',
  'maior-preco': 'Maior preço',
  avaliacao: 'Mais bem avaliados',
  novidades: 'Novidades',
} as const;
