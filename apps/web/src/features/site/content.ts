/*
 * Textos do site da clínica: página inicial (/), contato (/contato) e
 * artigos (/artigos). Tudo o que a clínica pode querer mudar está aqui:
 * edite o texto entre as aspas e mantenha a estrutura.
 *
 * Imagens: ficam em ./assets. Para trocar uma ilustração por uma foto,
 * coloque o arquivo na mesma pasta e mude o import correspondente (o
 * sufixo `?no-inline` mantém a imagem como arquivo, fora do JavaScript).
 * Endereço, telefone, e-mail e redes sociais vêm dos dados da empresa
 * (tela /empresa do back-office), não deste arquivo.
 */
import heroCuidado from './assets/inicio/cuidado.svg?no-inline';
import heroFamilia from './assets/inicio/familia.svg?no-inline';
import heroLoja from './assets/inicio/loja.svg?no-inline';
import fotoBeatriz from './assets/equipe/beatriz-andrade.svg?no-inline';
import fotoEduardo from './assets/equipe/eduardo-sato.svg?no-inline';
import fotoFernanda from './assets/equipe/fernanda-lima.svg?no-inline';
import fotoHelena from './assets/equipe/helena-vasconcelos.svg?no-inline';
import fotoJuliana from './assets/equipe/juliana-prado.svg?no-inline';
import fotoLucas from './assets/equipe/lucas-fernandes.svg?no-inline';
import fotoMarcelo from './assets/equipe/marcelo-tavares.svg?no-inline';
import fotoPatricia from './assets/equipe/patricia-moreira.svg?no-inline';
import fotoRafael from './assets/equipe/rafael-nogueira.svg?no-inline';
import fotoThiago from './assets/equipe/thiago-ribeiro.svg?no-inline';
import imgDentistica from './assets/tratamentos/dentistica.svg?no-inline';
import imgEndodontia from './assets/tratamentos/endodontia.svg?no-inline';
import imgHarmonizacao from './assets/tratamentos/harmonizacao.svg?no-inline';
import imgOdontopediatria from './assets/tratamentos/odontopediatria.svg?no-inline';
import imgOrtodontia from './assets/tratamentos/ortodontia.svg?no-inline';
import imgPeriodontia from './assets/tratamentos/periodontia.svg?no-inline';

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

// ---------------------------------------------------------------- Início (/)

export interface SlideCarrossel {
  id: string;
  titulo: string;
  texto: string;
  /** The button: a page of the site ('/contato?assunto=agendamento', '/loja') or a section of the home ('#tratamentos'). */
  acao: { rotulo: string; destino: string };
  imagem: Imagem;
}

/** The hero carousel: 3 slides, one every 5 s (SPEC §2, §9). */
export const CARROSSEL: SlideCarrossel[] = [
  {
    id: 'avaliacao',
    titulo: 'Seu sorriso em boas mãos',
    texto:
      'Especialistas em cada área da odontologia, atendimento sem pressa e um plano de tratamento explicado em cada detalhe, com prazos e valores por escrito.',
    acao: { rotulo: 'Agende sua avaliação', destino: '/contato?assunto=agendamento' },
    imagem: { src: heroCuidado, width: 480, height: 400 },
  },
  {
    id: 'familia',
    titulo: 'Cuidado para a família inteira',
    texto:
      'Do primeiro dentinho à manutenção do sorriso na maturidade: crianças, adultos e idosos atendidos no mesmo lugar, por uma equipe que conversa entre si.',
    acao: { rotulo: 'Conheça os tratamentos', destino: '#tratamentos' },
    imagem: { src: heroFamilia, width: 480, height: 400 },
  },
  {
    id: 'loja',
    titulo: 'Materiais e cursos na nossa loja',
    texto:
      'Produtos de higiene bucal indicados pela nossa equipe e cursos digitais para quem quer aprender mais. Compra segura, com entrega para todo o Brasil.',
    acao: { rotulo: 'Conheça a loja', destino: '/loja' },
    imagem: { src: heroLoja, width: 480, height: 400 },
  },
];

export type IconeDiferencial =
  'especialistas' | 'biosseguranca' | 'plano' | 'tecnologia' | 'acessibilidade' | 'horarios';

export const SOBRE = {
  titulo: 'Sobre a clínica',
  paragrafos: [
    'A Sorriso Pleno nasceu do desejo de oferecer uma odontologia completa, feita com calma e com explicação. Reunimos especialistas de diferentes áreas para que cada paciente seja acompanhado do diagnóstico à manutenção, sem precisar procurar vários consultórios.',
    'Um bom tratamento começa pela conversa: ouvimos suas queixas, examinamos com cuidado e apresentamos as opções possíveis, com as etapas, os prazos e os valores por escrito, para que a decisão seja sempre sua.',
  ],
  diferenciaisTitulo: 'Nossos diferenciais',
  diferenciais: [
    {
      icone: 'especialistas',
      titulo: 'Especialistas em cada área',
      texto: 'Cada tratamento é conduzido por um dentista com especialização registrada no CRO na área correspondente.',
    },
    {
      icone: 'biosseguranca',
      titulo: 'Biossegurança rigorosa',
      texto:
        'Instrumentais esterilizados em autoclave, com controle de cada ciclo, e materiais descartáveis de uso único.',
    },
    {
      icone: 'plano',
      titulo: 'Plano de tratamento por escrito',
      texto:
        'Você conhece as etapas, os prazos estimados e os valores antes de começar, sem surpresas no meio do caminho.',
    },
    {
      icone: 'tecnologia',
      titulo: 'Tecnologia a favor do conforto',
      texto:
        'Radiografia digital, com menor dose de radiação, e escaneamento intraoral, que em muitos casos dispensa a moldagem com massa.',
    },
    {
      icone: 'acessibilidade',
      titulo: 'Ambiente acessível',
      texto: 'Prédio com elevadores, banheiro adaptado e recepção preparada para pessoas com mobilidade reduzida.',
    },
    {
      icone: 'horarios',
      titulo: 'Atendimento também aos sábados',
      texto: 'Consultas de segunda a sexta, das 08h às 18h, e aos sábados, das 08h às 12h.',
    },
  ] satisfies { icone: IconeDiferencial; titulo: string; texto: string }[],
};

export interface AreaAtuacao {
  id: string;
  nome: string;
  /** One line on the card. */
  resumo: string;
  imagem: Imagem;
  oQueE: string;
  indicacoes: string[];
  comoFunciona: string;
  cuidados: string[];
}

export const AREAS_TITULO = 'Áreas de atuação';
export const AREAS_INTRODUCAO =
  'Uma equipe completa para cuidar de você e da sua família em todas as fases da vida. Toque em uma área para saber mais.';
/** Closing line of every treatment's details. */
export const AREAS_AVISO =
  'As informações acima são gerais. A indicação, a duração e o resultado de cada tratamento dependem da avaliação individual.';

const areaImagem = (src: string): Imagem => ({ src, width: 160, height: 120 });

/** The six treatment areas (SPEC §2), each with its detail dialog. */
export const AREAS: AreaAtuacao[] = [
  {
    id: 'dentistica-restauradora',
    nome: 'Dentística restauradora',
    resumo: 'Restaurações que devolvem forma, função e cor natural aos dentes.',
    imagem: areaImagem(imgDentistica),
    oQueE:
      'É a área que trata dentes afetados por cárie, fraturas, desgastes ou manchas, recuperando sua forma e sua função com materiais da cor do dente, como a resina composta e a cerâmica. Sempre que possível, preserva a maior parte da estrutura dental sadia.',
    indicacoes: [
      'Cáries e restaurações antigas com infiltração ou desgaste',
      'Dentes lascados ou fraturados',
      'Sensibilidade causada por desgaste do esmalte ou exposição da raiz',
      'Manchas, escurecimento e pequenos ajustes de forma, como clareamento e facetas, após avaliação',
    ],
    comoFunciona:
      'Depois do exame clínico e, quando necessário, de radiografias, o dentista remove a parte comprometida do dente, prepara a superfície e aplica o material restaurador em camadas, ajustando a mordida e o polimento. Restaurações pequenas costumam ser feitas em uma única consulta, em geral com anestesia local; peças de cerâmica podem exigir duas ou mais sessões.',
    cuidados: [
      'Escove os dentes ao menos duas vezes ao dia com creme dental com flúor e use fio dental diariamente.',
      'Evite morder objetos duros, como canetas, gelo e unhas.',
      'Se a mordida parecer “alta” depois que a anestesia passar, avise a clínica para um ajuste.',
      'Faça revisões periódicas para acompanhar as restaurações.',
    ],
  },
  {
    id: 'ortodontia',
    nome: 'Ortodontia',
    resumo: 'Aparelhos fixos e alinhadores para dentes e mordida em harmonia.',
    imagem: areaImagem(imgOrtodontia),
    oQueE:
      'É a especialidade que corrige a posição dos dentes e a relação entre as arcadas. Dentes bem posicionados são mais fáceis de limpar, distribuem melhor as forças da mastigação e contribuem para a estética do sorriso.',
    indicacoes: [
      'Dentes apinhados, girados ou com espaços entre si',
      'Mordida cruzada, aberta ou profunda',
      'Dificuldade para mastigar ou desgaste irregular dos dentes',
      'Crianças em crescimento, para orientar o desenvolvimento dos ossos da face',
    ],
    comoFunciona:
      'O planejamento começa com exame clínico, fotografias, radiografias e o escaneamento digital dos dentes. Com essas informações, o ortodontista indica o tipo de aparelho (fixo metálico, estético ou alinhadores transparentes) e estima o tempo de tratamento, que varia de caso para caso. As consultas de manutenção acontecem, em geral, a cada quatro a oito semanas. Ao final, a contenção ajuda a manter os dentes na nova posição.',
    cuidados: [
      'Redobre a higiene: use escova interdental e passa-fio para limpar ao redor dos bráquetes.',
      'Evite alimentos muito duros ou pegajosos, que podem soltar peças do aparelho.',
      'Alinhadores devem ser usados cerca de 22 horas por dia e retirados para comer.',
      'Use a contenção conforme a orientação do ortodontista, mesmo depois de retirar o aparelho.',
    ],
  },
  {
    id: 'endodontia',
    nome: 'Endodontia',
    resumo: 'Tratamento de canal para conservar o dente natural com conforto.',
    imagem: areaImagem(imgEndodontia),
    oQueE:
      'Conhecida como tratamento de canal, a endodontia cuida da polpa, o tecido interno do dente, com nervos e vasos sanguíneos. Quando a polpa inflama ou infecciona, o tratamento limpa, desinfeta e veda os canais, permitindo manter o dente natural na boca.',
    indicacoes: [
      'Dor espontânea, latejante ou que piora à noite',
      'Sensibilidade prolongada ao calor ou ao frio',
      'Escurecimento do dente depois de uma pancada',
      'Inchaço na gengiva ou “bolinha” com pus perto do dente',
      'Cáries profundas que atingiram a polpa',
    ],
    comoFunciona:
      'Com anestesia local e o dente isolado, o endodontista acessa os canais, remove o tecido comprometido e modela e desinfeta os condutos, com controle por radiografias e localizador eletrônico. Depois, os canais são preenchidos e selados. O tratamento pode ser feito em uma ou mais sessões, e o dente precisa de uma restauração definitiva, às vezes uma coroa, para ficar protegido.',
    cuidados: [
      'Um leve incômodo nos primeiros dias é comum; siga a orientação de medicação do seu dentista.',
      'Evite mastigar do lado tratado até a restauração definitiva.',
      'Não adie a restauração final: ela protege o dente contra fraturas e novas infecções.',
      'Procure a clínica se houver inchaço, febre ou dor que aumenta.',
    ],
  },
  {
    id: 'odontopediatria',
    nome: 'Odontopediatria',
    resumo: 'Atendimento acolhedor para bebês, crianças e adolescentes.',
    imagem: areaImagem(imgOdontopediatria),
    oQueE:
      'É a especialidade que cuida da saúde bucal desde o nascimento até a adolescência. Além de tratar, o odontopediatra orienta a família sobre higiene, alimentação e hábitos, e acompanha a troca dos dentes.',
    indicacoes: [
      'Primeira consulta, recomendada quando nasce o primeiro dente ou até o primeiro aniversário',
      'Prevenção de cárie, com orientação de escovação, flúor e selantes',
      'Cáries em dentes de leite, que também precisam de tratamento',
      'Quedas e pancadas nos dentes, e hábitos como chupeta e sucção do dedo',
    ],
    comoFunciona:
      'As consultas são feitas com calma e adaptação: a criança conhece o ambiente, os instrumentos e a equipe antes dos procedimentos. Os responsáveis participam do atendimento e recebem um plano de cuidados de acordo com a idade e o risco de cárie. As revisões costumam acontecer a cada seis meses, ou na frequência indicada pelo dentista.',
    cuidados: [
      'Use creme dental com flúor (1.000 ppm ou mais): até os 3 anos, a quantidade de um grão de arroz cru; depois, de um grão de ervilha.',
      'Até os 7 ou 8 anos, um adulto deve ajudar ou supervisionar a escovação.',
      'Evite oferecer açúcar antes dos 2 anos e prefira água entre as refeições.',
      'Depois de uma queda com dente quebrado ou deslocado, procure atendimento o quanto antes.',
    ],
  },
  {
    id: 'harmonizacao-facial',
    nome: 'Harmonização facial',
    resumo: 'Procedimentos para o equilíbrio e a naturalidade da face.',
    imagem: areaImagem(imgHarmonizacao),
    oQueE:
      'A harmonização orofacial reúne procedimentos que buscam equilíbrio entre os dentes, os lábios e a face, respeitando as características de cada pessoa. Na clínica, é realizada por dentista especialista, com avaliação funcional e estética antes de qualquer indicação.',
    indicacoes: [
      'Bruxismo e dor muscular na face, com aplicação de toxina botulínica quando indicada',
      'Sorriso gengival, quando a gengiva aparece muito ao sorrir',
      'Perda de volume ou de contorno nos lábios',
      'Assimetrias leves que incomodam o paciente',
    ],
    comoFunciona:
      'Tudo começa com uma conversa sobre as suas expectativas, a análise facial e fotografias. Quando há indicação, o especialista explica as opções, os produtos utilizados, sempre com registro na Anvisa, os possíveis efeitos adversos e a duração esperada, que varia de pessoa para pessoa. Os procedimentos são feitos no consultório, com anestesia tópica ou local, e há um retorno para avaliação.',
    cuidados: [
      'Nas primeiras horas, evite deitar, massagear a região ou fazer atividade física intensa, conforme a orientação recebida.',
      'Pequenos inchaços e manchas roxas podem acontecer e costumam passar em poucos dias.',
      'Compareça ao retorno agendado para a avaliação do resultado.',
      'Avise a clínica se notar dor intensa, alteração na cor da pele ou outro sinal incomum.',
    ],
  },
  {
    id: 'periodontia',
    nome: 'Periodontia',
    resumo: 'Saúde da gengiva e dos tecidos que sustentam os dentes.',
    imagem: areaImagem(imgPeriodontia),
    oQueE:
      'A periodontia previne e trata as doenças da gengiva e do osso que sustenta os dentes, como a gengivite e a periodontite. Sem tratamento, a periodontite pode causar mobilidade e até a perda dos dentes, e a sua relação com condições como o diabetes pede atenção especial.',
    indicacoes: [
      'Gengiva que sangra ao escovar ou ao passar o fio dental',
      'Gengiva inchada, avermelhada ou retraída',
      'Mau hálito persistente',
      'Dentes com mobilidade ou que parecem mais compridos',
      'Pessoas com diabetes, gestantes e fumantes, que precisam de acompanhamento mais próximo',
    ],
    comoFunciona:
      'O periodontista mede a profundidade ao redor de cada dente e avalia radiografias para chegar ao diagnóstico. O tratamento básico inclui orientação de higiene e raspagem para remover a placa e o tártaro acima e abaixo da gengiva, geralmente com anestesia local. Alguns casos precisam de cirurgia periodontal. Depois, consultas de manutenção, em geral a cada três a seis meses, ajudam a manter a saúde alcançada.',
    cuidados: [
      'Use fio dental ou escova interdental todos os dias.',
      'Prefira escova de cerdas macias e evite escovar com força.',
      'Se você fuma, converse com a equipe sobre apoio para parar: o cigarro prejudica a gengiva e a cicatrização.',
      'Não falte às consultas de manutenção.',
    ],
  },
];

export interface MembroEquipe {
  id: string;
  nome: string;
  /** Council registration as it is written in Brazil: 'CRO-SP 123456'. */
  cro: string;
  especialidade: string;
  bio: string;
  formacao: string[];
  foto: Imagem;
}

export const EQUIPE_TITULO = 'Nossa equipe';
export const EQUIPE_INTRODUCAO =
  'Dentistas especialistas, cada um dedicado à sua área, trabalhando juntos no seu plano de tratamento. Toque em um nome para conhecer melhor.';

const foto = (src: string): Imagem => ({ src, width: 200, height: 200 });

/** The 10 team members (SPEC §2), each with a detail dialog. */
export const EQUIPE: MembroEquipe[] = [
  {
    id: 'helena-vasconcelos',
    nome: 'Dra. Helena Vasconcelos',
    cro: 'CRO-SP 84213',
    especialidade: 'Dentística restauradora',
    bio: 'Diretora clínica e responsável técnica da Sorriso Pleno. Dedica-se às restaurações estéticas e à recuperação de dentes desgastados, sempre buscando preservar o máximo de estrutura dental.',
    formacao: ['Especialização em Dentística', 'Mestrado em Clínica Odontológica'],
    foto: foto(fotoHelena),
  },
  {
    id: 'rafael-nogueira',
    nome: 'Dr. Rafael Nogueira',
    cro: 'CRO-SP 97358',
    especialidade: 'Ortodontia',
    bio: 'Atende crianças, adolescentes e adultos com aparelhos fixos, estéticos e alinhadores transparentes, com planejamento digital de cada caso.',
    formacao: ['Especialização em Ortodontia', 'Aperfeiçoamento em alinhadores transparentes'],
    foto: foto(fotoRafael),
  },
  {
    id: 'juliana-prado',
    nome: 'Dra. Juliana Prado',
    cro: 'CRO-SP 102476',
    especialidade: 'Endodontia',
    bio: 'Realiza tratamentos de canal com microscópio operatório e instrumentação mecanizada, e tem um cuidado especial com pacientes que chegam com medo.',
    formacao: ['Especialização em Endodontia', 'Aperfeiçoamento em microscopia operatória'],
    foto: foto(fotoJuliana),
  },
  {
    id: 'beatriz-andrade',
    nome: 'Dra. Beatriz Andrade',
    cro: 'CRO-SP 110583',
    especialidade: 'Odontopediatria',
    bio: 'Acompanha bebês, crianças e adolescentes e orienta as famílias sobre prevenção, alimentação e hábitos, com consultas feitas no ritmo de cada criança.',
    formacao: ['Especialização em Odontopediatria', 'Atendimento a pacientes com necessidades especiais'],
    foto: foto(fotoBeatriz),
  },
  {
    id: 'marcelo-tavares',
    nome: 'Dr. Marcelo Tavares',
    cro: 'CRO-SP 91827',
    especialidade: 'Harmonização orofacial',
    bio: 'Trata bruxismo, dor muscular e sorriso gengival e realiza procedimentos de harmonização com avaliação criteriosa e indicações individualizadas.',
    formacao: ['Especialização em Harmonização Orofacial', 'Especialização em Prótese Dentária'],
    foto: foto(fotoMarcelo),
  },
  {
    id: 'lucas-fernandes',
    nome: 'Dr. Lucas Fernandes',
    cro: 'CRO-SP 105219',
    especialidade: 'Periodontia',
    bio: 'Cuida da saúde da gengiva e do osso que sustenta os dentes, do tratamento da periodontite às cirurgias periodontais e às consultas de manutenção.',
    formacao: ['Especialização em Periodontia', 'Mestrado em Periodontia'],
    foto: foto(fotoLucas),
  },
  {
    id: 'eduardo-sato',
    nome: 'Dr. Eduardo Sato',
    cro: 'CRO-SP 88642',
    especialidade: 'Implantodontia',
    bio: 'Planeja e instala implantes dentários com apoio de tomografia, em conjunto com as equipes de prótese e de periodontia.',
    formacao: ['Especialização em Implantodontia', 'Aperfeiçoamento em enxertos ósseos'],
    foto: foto(fotoEduardo),
  },
  {
    id: 'patricia-moreira',
    nome: 'Dra. Patrícia Moreira',
    cro: 'CRO-SP 99104',
    especialidade: 'Prótese dentária',
    bio: 'Reabilita sorrisos com coroas, pontes, facetas e próteses removíveis, com atenção à mastigação e a uma aparência natural.',
    formacao: ['Especialização em Prótese Dentária', 'Aperfeiçoamento em cerâmicas odontológicas'],
    foto: foto(fotoPatricia),
  },
  {
    id: 'thiago-ribeiro',
    nome: 'Dr. Thiago Ribeiro',
    cro: 'CRO-SP 121390',
    especialidade: 'Clínica geral',
    bio: 'Recebe os pacientes nas consultas de avaliação e de prevenção, faz limpezas e restaurações e encaminha cada caso ao especialista indicado.',
    formacao: ['Graduação em Odontologia', 'Aperfeiçoamento em Odontologia Preventiva'],
    foto: foto(fotoThiago),
  },
  {
    id: 'fernanda-lima',
    nome: 'Dra. Fernanda Lima',
    cro: 'CRO-SP 116745',
    especialidade: 'DTM e dor orofacial',
    bio: 'Trata disfunções da articulação temporomandibular, dores na face e bruxismo, com placas oclusais, orientações e acompanhamento integrado com a equipe.',
    formacao: ['Especialização em Disfunção Temporomandibular e Dor Orofacial', 'Especialização em Ortodontia'],
    foto: foto(fotoFernanda),
  },
];

export interface Depoimento {
  nome: string;
  /** Who the patient is, without health details beyond what they chose to share. */
  contexto: string;
  texto: string;
}

export const DEPOIMENTOS_TITULO = 'O que dizem nossos pacientes';
/** Testimonials speak of the care received, never of clinical results (CFO rules on publicity). */
export const DEPOIMENTOS: Depoimento[] = [
  {
    nome: 'Mariana S.',
    contexto: 'Paciente de ortodontia',
    texto:
      'Desde a primeira consulta o Dr. Rafael explicou cada etapa e os prazos do tratamento. Nunca saí de uma manutenção com dúvida.',
  },
  {
    nome: 'Carlos A.',
    contexto: 'Paciente de endodontia',
    texto:
      'Cheguei com muito medo de tratamento de canal. A Dra. Juliana teve paciência, explicou tudo antes de começar e o atendimento foi tranquilo.',
  },
  {
    nome: 'Renata P.',
    contexto: 'Mãe do Pedro, 5 anos',
    texto:
      'O Pedro adora vir à clínica. A Dra. Beatriz deixa ele conhecer cada instrumento antes e me ensinou a escovar os dentes dele do jeito certo.',
  },
  {
    nome: 'Antônio M.',
    contexto: 'Paciente de periodontia',
    texto:
      'Recebi o plano de tratamento por escrito, com os valores, e pude me organizar. A equipe é pontual e muito atenciosa.',
  },
  {
    nome: 'Luíza F.',
    contexto: 'Paciente de clínica geral',
    texto: 'Ambiente limpo, organizado e acolhedor. Agendei pelo WhatsApp e fui atendida no horário marcado.',
  },
];

export const CHAMADA_FINAL = {
  titulo: 'Vamos cuidar do seu sorriso?',
  texto: 'Conte o que você precisa e a nossa equipe retorna para agendar a sua avaliação.',
  acao: { rotulo: 'Agende sua avaliação', destino: '/contato?assunto=agendamento' },
};

// ------------------------------------------------------------ Contato (/contato)

export const CONTATO = {
  titulo: 'Contato',
  subtitulo: 'Fale conosco',
  introducao:
    'Quer agendar uma avaliação, tirar uma dúvida sobre um tratamento ou saber mais sobre a loja? Envie uma mensagem: a nossa equipe responde no horário de atendimento.',
  formularioTitulo: 'Envie uma mensagem',
  privacidade:
    'Usamos os seus dados apenas para responder a esta mensagem. Não escreva aqui informações de saúde que você não queira compartilhar.',
  /** Phone and WhatsApp service hours of this page (SPEC §9: weekdays until 20h). */
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

// ---------------------------------------------------------- Artigos (/artigos)

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
