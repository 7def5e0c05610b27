/*
 * Textos do site da clínica, um arquivo por página: o detalhe de cada área de
 * atuação da página inicial (a janela que abre ao tocar numa área; este
 * arquivo só é carregado então).
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

/** What the dialog of a treatment area tells: what it is, when it is indicated, how it works and the care after it. */
export interface AreaDetalhe {
  oQueE: string;
  indicacoes: string[];
  comoFunciona: string;
  cuidados: string[];
}

/** Closing line of every treatment's details. */
export const AREAS_AVISO =
  'As informações acima são gerais. A indicação, a duração e o resultado de cada tratamento dependem da avaliação individual.';

/** The details of each area of AREAS (./inicio.ts), by its id. */
export const AREAS_DETALHES: Record<string, AreaDetalhe> = {
  'dentistica-restauradora': {
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
  ortodontia: {
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
  endodontia: {
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
  odontopediatria: {
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
  'harmonizacao-facial': {
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
  periodontia: {
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
};
