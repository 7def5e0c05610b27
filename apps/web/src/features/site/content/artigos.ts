/*
 * Textos do site da clínica, um arquivo por página: a página de artigos (/artigos).
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
export interface Artigo {
  id: string;
  titulo: string;
  resumo: string;
  /** A file in apps/web/public/artigos (built by `npm run artigos:pdf -w @clinica/web`). */
  arquivo: string;
  /** The file's size in bytes, shown next to the link (a test checks it against the file). */
  bytes: number;
  paginas: number;
}

export const ARTIGOS_INTRODUCAO =
  'Conteúdo de saúde bucal escrito pela nossa equipe, livros de referência e os nossos canais nas redes sociais.';

export const ARTIGOS: Artigo[] = [
  {
    id: 'escovacao-e-fio-dental',
    titulo: 'Escovação e fio dental: o passo a passo',
    resumo: 'Como escovar, quanto creme dental usar e por que o fio dental faz diferença, para adultos e crianças.',
    arquivo: '/artigos/escovacao-e-fio-dental.pdf',
    bytes: 6571,
    paginas: 2,
  },
  {
    id: 'primeira-consulta-da-crianca',
    titulo: 'A primeira consulta do seu filho ao dentista',
    resumo: 'Quando marcar, como preparar a criança e o que acontece na consulta com o odontopediatra.',
    arquivo: '/artigos/primeira-consulta-da-crianca.pdf',
    bytes: 5968,
    paginas: 2,
  },
  {
    id: 'sensibilidade-nos-dentes',
    titulo: 'Sensibilidade nos dentes: causas e cuidados',
    resumo: 'Por que os dentes doem com frio ou doce, o que ajuda em casa e quando procurar o dentista.',
    arquivo: '/artigos/sensibilidade-nos-dentes.pdf',
    bytes: 5765,
    paginas: 2,
  },
  {
    id: 'mitos-do-clareamento',
    titulo: 'Clareamento dental: mitos e verdades',
    resumo: 'Bicarbonato, carvão, cremes clareadores e sensibilidade: o que funciona e o que pode prejudicar.',
    arquivo: '/artigos/mitos-do-clareamento.pdf',
    bytes: 5533,
    paginas: 2,
  },
];

export interface Livro {
  titulo: string;
  autores: string;
  editora: string;
  ano: number;
  descricao: string;
  /** The publisher's or a catalogue's page (opens in a new tab). */
  url: string;
}

export const LIVROS: Livro[] = [
  {
    titulo: 'Guia de recomendações para o uso de fluoretos no Brasil',
    autores: 'Ministério da Saúde',
    editora: 'Ministério da Saúde',
    ano: 2009,
    descricao:
      'Orientações oficiais sobre creme dental, água fluoretada e aplicações de flúor em cada idade. Gratuito, na Biblioteca Virtual em Saúde.',
    url: 'https://bvsms.saude.gov.br/bvs/publicacoes/guia_recomendacoes_uso_fluoretos.pdf',
  },
  {
    titulo: 'Cadernos de Atenção Básica nº 17: Saúde Bucal',
    autores: 'Ministério da Saúde',
    editora: 'Ministério da Saúde',
    ano: 2008,
    descricao:
      'Referência do SUS sobre prevenção e cuidado em saúde bucal ao longo da vida, da gestação à terceira idade. Gratuito.',
    url: 'https://bvsms.saude.gov.br/bvs/publicacoes/saude_bucal.pdf',
  },
  {
    titulo: 'Cohen’s Pathways of the Pulp (Caminhos da Polpa)',
    autores: 'Kenneth M. Hargreaves e Louis H. Berman (org.)',
    editora: 'Elsevier',
    ano: 2020,
    descricao: 'Clássico da endodontia, da biologia da polpa às técnicas de tratamento de canal. 12ª edição.',
    url: 'https://books.google.com/books?vid=ISBN9780323673044',
  },
  {
    titulo: 'Contemporary Orthodontics (Ortodontia Contemporânea)',
    autores: 'William R. Proffit, Henry W. Fields e David M. Sarver',
    editora: 'Elsevier (Mosby)',
    ano: 2013,
    descricao: 'Referência em ortodontia: crescimento facial, diagnóstico, planejamento e mecânica ortodôntica.',
    url: 'https://books.google.com/books?vid=ISBN9780323083171',
  },
  {
    titulo:
      'Lindhe’s Clinical Periodontology and Implant Dentistry (Tratado de Periodontia Clínica e Implantologia Oral)',
    autores: 'Tord Berglundh, William V. Giannobile, Niklaus P. Lang e Mariano Sanz (org.)',
    editora: 'Wiley-Blackwell',
    ano: 2022,
    descricao: 'A obra de referência em periodontia e implantes, da anatomia da gengiva ao tratamento. 7ª edição.',
    url: 'https://books.google.com/books?q=intitle:%22Lindhe%27s+Clinical+Periodontology+and+Implant+Dentistry%22',
  },
];

/** What each network of the company data is for, under its name on /artigos. */
export const REDES_SOCIAIS_DESCRICAO = {
  whatsapp: 'Converse com a recepção para agendar ou tirar dúvidas.',
  instagram: 'Dicas de saúde bucal, bastidores e novidades da clínica.',
  facebook: 'Avisos, eventos e conteúdos para toda a família.',
  youtube: 'Vídeos que explicam tratamentos e cuidados do dia a dia.',
} as const;
