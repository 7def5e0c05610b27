/*
 * Textos do site da clínica, um arquivo por página: o que as três páginas usam (nome da clínica, títulos e descrições).
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
/** An image file and its intrinsic size (the page reserves the space, so nothing jumps). */
export interface Imagem {
  src: string;
  width: number;
  height: number;
}

/** Title and meta description of each page (browser tab and search results). */
export const PAGINAS = {
  inicio: {
    descricao:
      'Clínica Odontológica Sorriso Pleno: especialistas em dentística, ortodontia, endodontia, odontopediatria, harmonização facial e periodontia. Agende sua avaliação.',
  },
  contato: {
    titulo: 'Contato',
    descricao:
      'Fale com a Clínica Odontológica Sorriso Pleno: agende uma avaliação, tire dúvidas sobre tratamentos e veja endereço, telefones e horários de atendimento.',
  },
  termos: {
    titulo: 'Termos de compra',
    descricao:
      'Termos de compra da loja da Clínica Odontológica Sorriso Pleno: pagamento, entrega, direito de arrependimento em 7 dias, trocas e atendimento.',
  },
  privacidade: {
    titulo: 'Política de privacidade',
    descricao:
      'Como a Clínica Odontológica Sorriso Pleno trata os seus dados pessoais na loja e no site: quais dados, por quê, por quanto tempo e os seus direitos (LGPD).',
  },
  artigos: {
    titulo: 'Artigos',
    descricao:
      'Artigos gratuitos em PDF sobre saúde bucal, livros de referência e as redes sociais da Clínica Odontológica Sorriso Pleno.',
  },
} as const;

export const CLINICA = {
  nome: 'Clínica Odontológica Sorriso Pleno',
  /** Shown in the 'about' section, as the CFO asks of a clinic's publicity. */
  responsavelTecnico: { nome: 'Dra. Helena Vasconcelos', cro: 'CRO-SP 84213' },
};
