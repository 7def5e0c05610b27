/**
 * The texts of a course's product page (ADR 047): its contents, the free preview, the access period and the
 * guarantee. A module of its own, apart from MSG (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export const MSG_CURSO = {
  conteudoTitulo: 'Conteúdo do curso',
  /** `{n}`: number of items; `{duracao}`: the total ('2 h 05 min'). */
  conteudoResumo: '{n} aulas e materiais · {duracao} no total',
  conteudoResumoUm: '1 aula · {duracao} no total',
  video: 'Vídeo',
  pdf: 'PDF',
  previaGratis: 'Prévia grátis',
  assistirPrevia: 'Assistir prévia grátis',
  lerPrevia: 'Ler prévia grátis',
  previaTitulo: 'Prévia grátis: {titulo}',
  previaCarregando: 'Carregando a prévia…',
  previaErro: 'Não foi possível abrir a prévia. Tente novamente mais tarde.',
  previaNaoEncontrada: 'Esta prévia não está disponível.',
  acessoTitulo: 'Acesso vitalício',
  acessoTexto:
    'As aulas ficam na sua biblioteca enquanto a compra estiver paga, sem prazo para terminar. Assista no computador ou no celular, quantas vezes quiser.',
  garantiaTitulo: 'Garantia de 7 dias',
  garantiaTexto:
    'Se o curso não for para você, desista em até 7 dias corridos da liberação do acesso e receba de volta todo o valor pago, sem precisar justificar (art. 49 do Código de Defesa do Consumidor).',
  paginaAnterior: 'Página anterior',
  proximaPagina: 'Próxima página',
  /** `{atual}` of `{total}` pages of the preview PDF. */
  paginaDe: 'Página {atual} de {total}',
  fechar: 'Fechar',
  /** Back-office: the switch of a content and its toasts. */
  previaSwitch: 'Prévia grátis',
  previaInvalida: 'Informe se o conteúdo é prévia grátis (sim ou não).',
  previaAtivada: 'Conteúdo "{titulo}" agora é prévia grátis na página do curso.',
  previaDesativada: 'Conteúdo "{titulo}" não é mais prévia grátis.',
} as const;
