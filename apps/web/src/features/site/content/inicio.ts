/*
 * Textos do site da clínica, um arquivo por página: a página inicial (/).
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
import heroCuidado from '../assets/inicio/cuidado.svg?no-inline';
import heroFamilia from '../assets/inicio/familia.svg?no-inline';
import heroLoja from '../assets/inicio/loja.svg?no-inline';
import fotoBeatriz from '../assets/equipe/beatriz-andrade.svg?no-inline';
import fotoEduardo from '../assets/equipe/eduardo-sato.svg?no-inline';
import fotoFernanda from '../assets/equipe/fernanda-lima.svg?no-inline';
import fotoHelena from '../assets/equipe/helena-vasconcelos.svg?no-inline';
import fotoJuliana from '../assets/equipe/juliana-prado.svg?no-inline';
import fotoLucas from '../assets/equipe/lucas-fernandes.svg?no-inline';
import fotoMarcelo from '../assets/equipe/marcelo-tavares.svg?no-inline';
import fotoPatricia from '../assets/equipe/patricia-moreira.svg?no-inline';
import fotoRafael from '../assets/equipe/rafael-nogueira.svg?no-inline';
import fotoThiago from '../assets/equipe/thiago-ribeiro.svg?no-inline';
import imgDentistica from '../assets/tratamentos/dentistica.svg?no-inline';
import imgEndodontia from '../assets/tratamentos/endodontia.svg?no-inline';
import imgHarmonizacao from '../assets/tratamentos/harmonizacao.svg?no-inline';
import imgOdontopediatria from '../assets/tratamentos/odontopediatria.svg?no-inline';
import imgOrtodontia from '../assets/tratamentos/ortodontia.svg?no-inline';
import imgPeriodontia from '../assets/tratamentos/periodontia.svg?no-inline';
import type { Imagem } from './comum';

export type { Imagem } from './comum';

export interface SlideCarrossel {
  id: string;
  titulo: string;
  texto: string;
  /** The button: a page of the site ('/contato?assunto=agendamento', '/loja') or a section of the home ('#tratamentos'). */
  acao: { rotulo: string; destino: string };
  imagem: Imagem;
}

/** The hero carousel: 3 slides, one every 5 s (docs/behaviour/site.md#home). */
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
}

export const AREAS_TITULO = 'Áreas de atuação';
export const AREAS_INTRODUCAO =
  'Uma equipe completa para cuidar de você e da sua família em todas as fases da vida. Toque em uma área para saber mais.';

const areaImagem = (src: string): Imagem => ({ src, width: 160, height: 120 });

/** The six treatment areas (docs/behaviour/site.md#home), each with its detail dialog (texts in ./inicio-areas.ts). */
export const AREAS: AreaAtuacao[] = [
  {
    id: 'dentistica-restauradora',
    nome: 'Dentística restauradora',
    resumo: 'Restaurações que devolvem forma, função e cor natural aos dentes.',
    imagem: areaImagem(imgDentistica),
  },
  {
    id: 'ortodontia',
    nome: 'Ortodontia',
    resumo: 'Aparelhos fixos e alinhadores para dentes e mordida em harmonia.',
    imagem: areaImagem(imgOrtodontia),
  },
  {
    id: 'endodontia',
    nome: 'Endodontia',
    resumo: 'Tratamento de canal para conservar o dente natural com conforto.',
    imagem: areaImagem(imgEndodontia),
  },
  {
    id: 'odontopediatria',
    nome: 'Odontopediatria',
    resumo: 'Atendimento acolhedor para bebês, crianças e adolescentes.',
    imagem: areaImagem(imgOdontopediatria),
  },
  {
    id: 'harmonizacao-facial',
    nome: 'Harmonização facial',
    resumo: 'Procedimentos para o equilíbrio e a naturalidade da face.',
    imagem: areaImagem(imgHarmonizacao),
  },
  {
    id: 'periodontia',
    nome: 'Periodontia',
    resumo: 'Saúde da gengiva e dos tecidos que sustentam os dentes.',
    imagem: areaImagem(imgPeriodontia),
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

/** The 10 team members (docs/behaviour/site.md#home), each with a detail dialog. */
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
