/*
 * Textos do site da clínica, um arquivo por página: a página de contato (/contato).
 * Tudo o que a clínica pode querer mudar está em ./content: edite o texto
 * entre as aspas e mantenha a estrutura. (Um arquivo por página para que cada
 * página carregue só os seus textos.)
 *
 * Imagens: ficam em ../assets. Para trocar uma ilustração por uma foto,
 * coloque o arquivo na mesma pasta e mude o import correspondente (o
 * sufixo `?no-inline` mantém a imagem como arquivo, fora do JavaScript).
 * Endereço, telefone, e-mail e redes sociais vêm dos dados da empresa
 * (tela /empresa do back-office), não destes arquivos.
 */
export const CONTATO = {
  titulo: 'Contato',
  subtitulo: 'Fale conosco',
  introducao:
    'Quer agendar uma avaliação, tirar uma dúvida sobre um tratamento ou saber mais sobre a loja? Envie uma mensagem: a nossa equipe responde no horário de atendimento.',
  formularioTitulo: 'Envie uma mensagem',
  privacidade:
    'Usamos os seus dados apenas para responder a esta mensagem. Não escreva aqui informações de saúde que você não queira compartilhar.',
  /** Phone and WhatsApp service hours of this page (docs/behaviour/timings-and-limits.md#clinic: weekdays until 20h). */
  horarios: [
    { dias: 'Segunda a sexta', horas: '08h às 20h' },
    { dias: 'Sábado', horas: '08h às 12h' },
  ],
  horariosTitulo: 'Atendimento por telefone e WhatsApp',
  /** The clinic's consultation hours come from the company data; this is its label. */
  consultasTitulo: 'Consultas na clínica',
  mapaTitulo: 'Como chegar',
  mapaAviso: 'O mapa interativo é carregado do Google Maps só quando você pedir.',
};
