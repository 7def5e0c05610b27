/**
 * The demo data (README, "Contas de demonstração"; ADR 022): accounts, company, catalogue.
 * Pure data: the seed (index.ts) writes it, media.ts draws its images.
 */
import type { RegrasComerciais } from '@clinica/shared/schemas/comercial';
import type { DadosEndereco } from '../../modules/endereco/endereco.table.js';
import type { Ilustracao } from './illustrations.js';

/** Demo accounts; README and tests read them from here. */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@clinica.com.br',
    password: 'admin123',
    nome: 'Gerente da Clínica',
    permissao: 'ADMIN',
    ativo: true,
    confirmado: true,
  },
  equipe: {
    email: 'equipe@clinica.com.br',
    password: 'equipe123',
    nome: 'Equipe Sorriso Pleno',
    permissao: 'USUARIO',
    ativo: true,
    confirmado: true,
  },
  cliente: {
    email: 'cliente@clinica.com.br',
    password: 'cliente123',
    nome: 'Maria Cliente Silva',
    permissao: 'CLIENTE',
    ativo: true,
    confirmado: true,
    cpf: '52998224725',
    telefone: '11987654321',
  },
  empresa: {
    email: 'empresa@clinica.com.br',
    password: 'empresa123',
    nome: 'Consultório Odontológico Boa Vista Ltda.',
    permissao: 'CLIENTE',
    ativo: true,
    confirmado: false,
    cnpj: '11222333000181',
    telefone: '11933334444',
  },
  /** A dentist with a CRO in the profile (ADR 037): buys the professional-use products the demo customer cannot. */
  dentista: {
    email: 'dentista@clinica.com.br',
    password: 'dentista123',
    nome: 'Dra. Beatriz Dentista Costa',
    permissao: 'CLIENTE',
    ativo: true,
    confirmado: true,
    cpf: '71829364022',
    telefone: '11976543210',
  },
  inativo: {
    email: 'inativo@clinica.com.br',
    password: 'inativo123',
    nome: 'Colaborador Inativo',
    permissao: 'USUARIO',
    ativo: false,
    confirmado: true,
  },
} as const;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;

/** Permission rows; ids fixed by the contract (PERMISSAO in packages/shared). */
export const PERMISSOES = [
  { id: 1, nome: 'ADMIN' },
  { id: 2, nome: 'CLIENTE' },
  { id: 3, nome: 'USUARIO' },
] as const;

export const PERMISSAO_ID = { ADMIN: 1, CLIENTE: 2, USUARIO: 3 } as const;

export type DemoEndereco = DadosEndereco;

const SAO_PAULO = { municipioId: 3550308, ufId: 35 } as const;

export const DEMO_CLIENTES = {
  cliente: {
    juridica: false,
    nome: 'Maria Cliente Silva',
    cpf: DEMO_ACCOUNTS.cliente.cpf,
    razaoSocial: null,
    cnpj: null,
    inscricaoEstadual: null,
    telefone: DEMO_ACCOUNTS.cliente.telefone,
    // No CRO (ADR 037): the professional-use products ask her to inform one.
    croNumero: null,
    croUf: null,
    endereco: {
      cep: '01310200',
      logradouro: 'Avenida Paulista',
      numero: '1578',
      complemento: 'Apto 42',
      bairro: 'Bela Vista',
      ...SAO_PAULO,
    } satisfies DemoEndereco,
  },
  empresa: {
    juridica: true,
    nome: null,
    cpf: null,
    razaoSocial: 'Consultório Odontológico Boa Vista Ltda.',
    cnpj: DEMO_ACCOUNTS.empresa.cnpj,
    inscricaoEstadual: '110042490114',
    telefone: DEMO_ACCOUNTS.empresa.telefone,
    croNumero: null,
    croUf: null,
    endereco: {
      cep: '04538133',
      logradouro: 'Avenida Brigadeiro Faria Lima',
      numero: '3477',
      complemento: 'Sala 801',
      bairro: 'Itaim Bibi',
      ...SAO_PAULO,
    } satisfies DemoEndereco,
  },
  dentista: {
    juridica: false,
    nome: DEMO_ACCOUNTS.dentista.nome,
    cpf: DEMO_ACCOUNTS.dentista.cpf,
    razaoSocial: null,
    cnpj: null,
    inscricaoEstadual: null,
    telefone: DEMO_ACCOUNTS.dentista.telefone,
    // A demo CRO (ADR 037): 1 to 6 digits and the council's UF.
    croNumero: '98765',
    croUf: 'SP',
    endereco: {
      cep: '04094050',
      logradouro: 'Avenida Ibirapuera',
      numero: '2120',
      complemento: 'Conjunto 54',
      bairro: 'Indianópolis',
      ...SAO_PAULO,
    } satisfies DemoEndereco,
  },
} as const;

/**
 * The demo customers' address books (ADR 033): the registered address, named and the default, and the other places
 * they ship to. The demo buyers of the sales keep only their registered address, as 'Principal'.
 */
export const DEMO_CATALOGO_ENDERECOS: Record<
  keyof typeof DEMO_CLIENTES,
  {
    /** The name of the registered address (DEMO_CLIENTES' endereco), the default. */
    cadastro: string;
    outros: ReadonlyArray<{
      nome: string;
      endereco: DemoEndereco;
      nomeRecebedor: string | null;
      telefoneRecebedor: string | null;
    }>;
  }
> = {
  dentista: { cadastro: 'Consultório', outros: [] },
  cliente: {
    cadastro: 'Casa',
    outros: [
      {
        nome: 'Clínica',
        endereco: {
          cep: '01305000',
          logradouro: 'Rua Augusta',
          numero: '900',
          complemento: 'Sala 3',
          bairro: 'Consolação',
          ...SAO_PAULO,
        },
        nomeRecebedor: 'Recepção Clínica Augusta',
        telefoneRecebedor: '1132561200',
      },
    ],
  },
  empresa: {
    cadastro: 'Clínica',
    outros: [
      {
        nome: 'Consultório 2',
        endereco: {
          cep: '05422000',
          logradouro: 'Rua dos Pinheiros',
          numero: '450',
          complemento: 'Conjunto 12',
          bairro: 'Pinheiros',
          ...SAO_PAULO,
        },
        nomeRecebedor: 'Dra. Helena Prado',
        telefoneRecebedor: '11987650012',
      },
      {
        nome: 'Casa',
        endereco: {
          cep: '04001000',
          logradouro: 'Rua Abílio Soares',
          numero: '233',
          complemento: null,
          bairro: 'Paraíso',
          ...SAO_PAULO,
        },
        nomeRecebedor: null,
        telefoneRecebedor: null,
      },
    ],
  },
};

export const DEMO_EMPRESA = {
  id: 1,
  nome: 'Clínica Odontológica Sorriso Pleno',
  nomeFantasia: 'Sorriso Pleno',
  cnpj: '34567890000130',
  email: 'contato@sorrisopleno.com.br',
  whatsapp: 'https://wa.me/5511987650000',
  facebook: 'https://www.facebook.com/clinicasorrisopleno',
  // Without a scheme on purpose: the footer adds https:// to a link without one.
  instagram: 'instagram.com/clinicasorrisopleno',
  youtube: 'https://www.youtube.com/@clinicasorrisopleno',
  descricaoHorarioFuncionamento: 'Segunda a sexta, das 08h às 18h; sábado, das 08h às 12h',
  cep: '01310100',
  logradouro: 'Avenida Paulista',
  numero: '1048',
  complemento: 'Conjunto 1203',
  bairro: 'Bela Vista',
  ...SAO_PAULO,
} as const;

export interface DemoCategoria {
  slug: string;
  nome: string;
  digital: boolean;
}

export const DEMO_CATEGORIAS: readonly DemoCategoria[] = [
  { slug: 'higiene', nome: 'Escovas e higiene', digital: false },
  { slug: 'instrumentais', nome: 'Instrumentais', digital: false },
  { slug: 'descartaveis', nome: 'Descartáveis', digital: false },
  { slug: 'clareamento', nome: 'Clareamento', digital: false },
  { slug: 'restauradores', nome: 'Materiais restauradores', digital: false },
  { slug: 'cursos-harmonizacao', nome: 'Cursos de harmonização', digital: true },
  { slug: 'cursos-clinicos', nome: 'Cursos clínicos', digital: true },
];

export interface DemoHome {
  titulo: string;
  texto: string;
}

export interface DemoProdutoFisico {
  slug: string;
  nome: string;
  categoria: string;
  /** Price in cents. */
  preco: number;
  descricao: string;
  /** cm */
  altura: string;
  largura: string;
  comprimento: string;
  /** kg */
  peso: string;
  tempoEstimado?: string;
  fichaTecnica: readonly (readonly [string, string])[];
  ilustracao: Ilustracao;
  /** Number of gallery images (2 or 3). */
  imagens: 2 | 3;
  disponivel?: boolean;
  brinde?: boolean;
  home?: DemoHome;
}

/**
 * The NCM of each demo product (ADR 031), the Mercosul codes a dental shop would use: toothbrushes 9603.21.00,
 * dentifrice 3306.10.00, floss 3306.20.00, other oral hygiene (rinse, whitening gels) 3306.90.00, dental instruments
 * 9018.49.99, gloves for dental use 4015.12.00, nonwoven masks 6307.90.10, paper bibs 4818.90.90, dental fillings and
 * their etchant 3006.40.20, a bag 4202.92.00.
 */
export const DEMO_NCM: Readonly<Record<string, string>> = {
  'escova-ultramacia': '96032100',
  'fio-dental-50m': '33062000',
  'creme-dental-fluor': '33061000',
  'escova-interdental': '96032100',
  'enxaguante-sem-alcool': '33069000',
  'espelho-bucal': '90184999',
  'sonda-exploradora': '90184999',
  'pinca-clinica': '90184999',
  'kit-curetas-gracey': '90184999',
  'luvas-nitrilo': '40151200',
  'mascara-tripla': '63079010',
  'sugador-descartavel': '90184999',
  'babador-descartavel': '48189090',
  'gel-clareador-16': '33069000',
  'kit-clareamento-caseiro': '33069000',
  'resina-composta-a2': '30064020',
  'acido-fosforico-37': '30064020',
  'necessaire-brinde': '42029200',
};

/**
 * The ANVISA numbers of the demo's physical products (ADR 037), clearly demo: the formats are ANVISA's (11 digits for a
 * health product's registration or notification, 13 for a cosmetic's or a medicine's registration), the holder's code
 * 99999 is no company's. The gift bag is no health product: none.
 */
export const DEMO_ANVISA: Readonly<Record<string, string>> = {
  'escova-ultramacia': '2999990001001',
  'fio-dental-50m': '2999990002001',
  'creme-dental-fluor': '2999990003001',
  'escova-interdental': '2999990004001',
  'enxaguante-sem-alcool': '2999990005001',
  'espelho-bucal': '89999990001',
  'sonda-exploradora': '89999990002',
  'pinca-clinica': '89999990003',
  'kit-curetas-gracey': '89999990004',
  'luvas-nitrilo': '89999990005',
  'mascara-tripla': '89999990006',
  'sugador-descartavel': '89999990007',
  'babador-descartavel': '89999990008',
  'gel-clareador-16': '89999990009',
  'kit-clareamento-caseiro': '89999990010',
  'resina-composta-a2': '89999990011',
  'acido-fosforico-37': '89999990012',
};

/**
 * The brand and code (SKU) of the demo's physical products (ADR 044): real dental brands, so the category pages'
 * brand filter has several brands per category and brands with several products. The gift bag has none.
 */
export const DEMO_MARCA_SKU: Readonly<Record<string, { marca: string; sku: string }>> = {
  'escova-ultramacia': { marca: 'Colgate', sku: 'COL-ESC-0101' },
  'fio-dental-50m': { marca: 'Oral-B', sku: 'ORB-FIO-0050' },
  'creme-dental-fluor': { marca: 'Colgate', sku: 'COL-CRE-0090' },
  'escova-interdental': { marca: 'Oral-B', sku: 'ORB-INT-0006' },
  'enxaguante-sem-alcool': { marca: 'Colgate', sku: 'COL-ENX-0500' },
  'espelho-bucal': { marca: 'SS White', sku: 'SSW-ESP-0005' },
  'sonda-exploradora': { marca: 'SS White', sku: 'SSW-SON-0005' },
  'pinca-clinica': { marca: 'Golgran', sku: 'GOL-PIN-0317' },
  'kit-curetas-gracey': { marca: 'Hu-Friedy', sku: 'HUF-CUR-0005' },
  'luvas-nitrilo': { marca: 'Supermax', sku: 'SUP-LUV-0100' },
  'mascara-tripla': { marca: 'Descarpack', sku: 'DES-MAS-0050' },
  'sugador-descartavel': { marca: 'Maquira', sku: 'MAQ-SUG-0040' },
  'babador-descartavel': { marca: 'Descarpack', sku: 'DES-BAB-0100' },
  'gel-clareador-16': { marca: 'FGM', sku: 'FGM-WHP-0016' },
  'kit-clareamento-caseiro': { marca: 'Ultradent', sku: 'ULT-OPA-0010' },
  'resina-composta-a2': { marca: '3M', sku: '3M-Z350-A2' },
  'acido-fosforico-37': { marca: 'FGM', sku: 'FGM-CON-0037' },
};

/**
 * The demo's professional-use products (ADR 037, RDC 6/2015): the whitening gel above 3 % peroxide (carbamide 16 %,
 * about 5.8 % hydrogen peroxide), the restorative resin and the etchant. Only a customer with a CRO in
 * the profile buys them; the home kit (carbamide 6 %, about 2 % hydrogen peroxide) is sold to everyone.
 */
export const DEMO_USO_PROFISSIONAL: ReadonlySet<string> = new Set([
  'gel-clareador-16',
  'resina-composta-a2',
  'acido-fosforico-37',
]);

/**
 * The demo's units on hand that are free to sell (ADR 032), by product slug: a few units to a few hundred, the
 * products the tests and journeys buy most with the most. The seed adds the units its pending demo sales hold. One
 * product sold out (it shows 'Produto indisponível'), one nearly (3 units).
 */
export const DEMO_ESTOQUE: Readonly<Record<string, number>> = {
  'escova-ultramacia': 900,
  'fio-dental-50m': 600,
  'creme-dental-fluor': 450,
  'escova-interdental': 80,
  'enxaguante-sem-alcool': 240,
  'espelho-bucal': 700,
  'sonda-exploradora': 350,
  'pinca-clinica': 120,
  'kit-curetas-gracey': 12,
  'luvas-nitrilo': 500,
  'mascara-tripla': 3,
  'sugador-descartavel': 300,
  'babador-descartavel': 260,
  'gel-clareador-16': 150,
  'kit-clareamento-caseiro': 400,
  'resina-composta-a2': 60,
  'acido-fosforico-37': 0,
  'necessaire-brinde': 400,
};
/** The demo's sold-out product and its nearly sold-out one. */
export const DEMO_ESGOTADO = 'acido-fosforico-37';
export const DEMO_ESTOQUE_BAIXO = 'mascara-tripla';

/**
 * The demo's 'Estoque mínimo' (ADR 032; the others keep the default, 5): the nearly sold-out product and the sold-out
 * one are at or below theirs, so both are in 'Estoque baixo' and the dashboard's notice.
 */
export const DEMO_ESTOQUE_MINIMO: Readonly<Record<string, number>> = {
  'mascara-tripla': 10,
  'acido-fosforico-37': 5,
  'resina-composta-a2': 15,
  'kit-curetas-gracey': 4,
  'escova-interdental': 20,
};

/** The staff's stock moves of the demo (after the sales): an entrada with its invoice, a perda, a count. */
export const DEMO_MOVIMENTOS_EQUIPE: ReadonlyArray<{
  slug: string;
  tipo: 'entrada' | 'ajuste' | 'perda';
  /** The signed change of the units on hand. */
  delta: number;
  motivo: string;
  diasAtras: number;
}> = [
  {
    slug: 'resina-composta-a2',
    tipo: 'entrada',
    delta: 24,
    motivo: 'NF 4521 — Dental Sul Distribuidora',
    diasAtras: 6,
  },
  { slug: 'luvas-nitrilo', tipo: 'perda', delta: -2, motivo: 'Caixas danificadas no recebimento', diasAtras: 4 },
  { slug: 'espelho-bucal', tipo: 'ajuste', delta: -5, motivo: 'Contagem do inventário mensal', diasAtras: 2 },
];

export const DEMO_PRODUTOS_FISICOS: readonly DemoProdutoFisico[] = [
  {
    slug: 'escova-ultramacia',
    nome: 'Escova dental ultramacia Sorriso Pleno',
    categoria: 'higiene',
    preco: 1890,
    descricao:
      'Escova com 5.460 cerdas ultramacias de pontas arredondadas e cabeça compacta, indicada para gengivas sensíveis e pós-operatório. Cabo anatômico antideslizante.',
    altura: '2.50',
    largura: '3.00',
    comprimento: '19.50',
    peso: '0.025',
    fichaTecnica: [
      ['Cerdas', '5.460 filamentos ultramacios'],
      ['Cabeça', 'Compacta, 2,5 cm'],
      ['Cabo', 'Polipropileno com borracha antideslizante'],
      ['Indicação', 'Gengivas sensíveis e uso pós-cirúrgico'],
    ],
    ilustracao: { tipo: 'escova', cor: '#14b8a6', fundo: ['#e6fffb', '#ccf5ee'] },
    imagens: 3,
    home: {
      titulo: 'Cuidado diário, sem agredir a gengiva',
      texto:
        'Escova ultramacia com 5.460 cerdas, recomendada pelos nossos dentistas. Acima de R$ 300,00 você ganha um brinde.',
    },
  },
  {
    slug: 'fio-dental-50m',
    nome: 'Fio dental com cera e menta 50 m',
    categoria: 'higiene',
    preco: 1250,
    descricao:
      'Fio dental encerado sabor menta, resistente ao desfiamento, que desliza com facilidade entre dentes próximos. Embalagem com 50 metros.',
    altura: '5.00',
    largura: '5.00',
    comprimento: '2.00',
    peso: '0.020',
    fichaTecnica: [
      ['Comprimento', '50 m'],
      ['Material', 'Nylon encerado'],
      ['Sabor', 'Menta'],
    ],
    ilustracao: { tipo: 'fio', cor: '#0ea5e9', fundo: ['#eff8ff', '#d7ecfb'] },
    imagens: 2,
  },
  {
    slug: 'creme-dental-fluor',
    nome: 'Creme dental com flúor 1.450 ppm 90 g',
    categoria: 'higiene',
    preco: 1490,
    descricao:
      'Creme dental com 1.450 ppm de flúor para prevenção de cáries, baixa abrasividade e sabor hortelã suave. Indicado para uso diário por adultos.',
    altura: '4.00',
    largura: '4.50',
    comprimento: '18.00',
    peso: '0.110',
    fichaTecnica: [
      ['Flúor', '1.450 ppm (fluoreto de sódio)'],
      ['Peso líquido', '90 g'],
      ['Abrasividade (RDA)', 'Baixa'],
      ['Sabor', 'Hortelã suave'],
    ],
    ilustracao: { tipo: 'creme', cor: '#2563eb', fundo: ['#eef4ff', '#dbe6fe'] },
    imagens: 2,
  },
  {
    slug: 'escova-interdental',
    nome: 'Escova interdental cônica — kit com 6',
    categoria: 'higiene',
    preco: 2990,
    descricao:
      'Kit com 6 escovas interdentais cônicas com haste de aço revestida, para limpeza entre dentes, aparelhos ortodônticos e implantes. Protetor reutilizável.',
    altura: '1.50',
    largura: '8.00',
    comprimento: '12.00',
    peso: '0.030',
    fichaTecnica: [
      ['Formato', 'Cônico, 2 a 6 mm'],
      ['Haste', 'Aço inoxidável revestido'],
      ['Quantidade', '6 unidades'],
      ['Indicação', 'Ortodontia, implantes e periodontia'],
    ],
    ilustracao: { tipo: 'interdental', cor: '#8b5cf6', fundo: ['#f5f3ff', '#e9e3fe'] },
    imagens: 2,
  },
  {
    slug: 'enxaguante-sem-alcool',
    nome: 'Enxaguante bucal sem álcool 500 ml',
    categoria: 'higiene',
    preco: 3290,
    descricao:
      'Enxaguante com cloreto de cetilpiridínio 0,075%, sem álcool, que reduz a placa bacteriana e o mau hálito sem arder. Frasco de 500 ml.',
    altura: '21.00',
    largura: '8.00',
    comprimento: '5.50',
    peso: '0.560',
    fichaTecnica: [
      ['Ativo', 'Cloreto de cetilpiridínio 0,075%'],
      ['Álcool', 'Não contém'],
      ['Volume', '500 ml'],
      ['Uso', '20 ml, duas vezes ao dia, por 30 segundos'],
    ],
    ilustracao: { tipo: 'enxaguante', cor: '#10b981', fundo: ['#ecfdf5', '#d1fae5'] },
    imagens: 3,
  },
  {
    slug: 'espelho-bucal',
    nome: 'Espelho bucal plano nº 5 com cabo',
    categoria: 'instrumentais',
    preco: 2490,
    descricao:
      'Espelho bucal plano nº 5 com cabo em aço inoxidável, superfície de alta reflexão e rosca universal. Autoclavável.',
    altura: '1.50',
    largura: '2.50',
    comprimento: '16.00',
    peso: '0.020',
    fichaTecnica: [
      ['Diâmetro', 'Nº 5 (24 mm)'],
      ['Superfície', 'Plana, alta reflexão'],
      ['Material do cabo', 'Aço inoxidável AISI 420'],
      ['Esterilização', 'Autoclave até 135 °C'],
    ],
    ilustracao: { tipo: 'espelho', cor: '#64748b', fundo: ['#f1f5f9', '#e2e8f0'] },
    imagens: 2,
  },
  {
    slug: 'sonda-exploradora',
    nome: 'Sonda exploradora nº 5',
    categoria: 'instrumentais',
    preco: 2750,
    descricao:
      'Sonda exploradora nº 5 com pontas finas e flexíveis para detecção de cáries e irregularidades. Cabo oco e leve em aço inoxidável.',
    altura: '1.00',
    largura: '1.00',
    comprimento: '17.00',
    peso: '0.015',
    fichaTecnica: [
      ['Modelo', 'Nº 5, dupla'],
      ['Material', 'Aço inoxidável'],
      ['Cabo', 'Oco, 8 mm, serrilhado'],
    ],
    ilustracao: { tipo: 'sonda', cor: '#475569', fundo: ['#f8fafc', '#e2e8f0'] },
    imagens: 2,
  },
  {
    slug: 'pinca-clinica',
    nome: 'Pinça clínica para algodão nº 317',
    categoria: 'instrumentais',
    preco: 3490,
    descricao:
      'Pinça clínica nº 317 com pontas serrilhadas e anguladas para apreensão de roletes de algodão e materiais. Aço inoxidável autoclavável.',
    altura: '1.00',
    largura: '1.50',
    comprimento: '16.00',
    peso: '0.030',
    fichaTecnica: [
      ['Modelo', 'Nº 317'],
      ['Pontas', 'Serrilhadas e anguladas'],
      ['Comprimento', '16 cm'],
      ['Esterilização', 'Autoclave'],
    ],
    ilustracao: { tipo: 'pinca', cor: '#64748b', fundo: ['#f0f9ff', '#dbeafe'] },
    imagens: 2,
  },
  {
    slug: 'kit-curetas-gracey',
    nome: 'Kit de curetas periodontais Gracey — 5 peças',
    categoria: 'instrumentais',
    preco: 28900,
    descricao:
      'Kit com 5 curetas Gracey (5-6, 7-8, 11-12, 13-14 e 15-16) com lâminas afiadas em aço temperado e cabos de silicone. Acompanha estojo autoclavável.',
    altura: '3.00',
    largura: '8.00',
    comprimento: '20.00',
    peso: '0.180',
    fichaTecnica: [
      ['Peças', '5-6, 7-8, 11-12, 13-14 e 15-16'],
      ['Lâmina', 'Aço inoxidável temperado'],
      ['Cabo', 'Silicone, 10 mm'],
      ['Estojo', 'Autoclavável'],
      ['Garantia', '12 meses contra defeitos de fabricação'],
    ],
    ilustracao: { tipo: 'curetas', cor: '#0f766e', fundo: ['#f0fdfa', '#ccfbf1'] },
    imagens: 3,
    disponivel: false,
  },
  {
    slug: 'luvas-nitrilo',
    nome: 'Luvas de procedimento em nitrilo — caixa com 100',
    categoria: 'descartaveis',
    preco: 5490,
    descricao:
      'Luvas de nitrilo sem pó, ambidestras, com textura nas pontas dos dedos. Livres de látex, indicadas para pessoas alérgicas. Tamanho M, caixa com 100 unidades.',
    altura: '7.00',
    largura: '12.50',
    comprimento: '24.00',
    peso: '0.380',
    fichaTecnica: [
      ['Material', 'Nitrilo, sem pó'],
      ['Tamanho', 'M'],
      ['Quantidade', '100 unidades'],
      ['Registro', 'CA 41.255'],
    ],
    ilustracao: { tipo: 'luva', cor: '#3b82f6', fundo: ['#eff6ff', '#dbeafe'] },
    imagens: 3,
  },
  {
    slug: 'mascara-tripla',
    nome: 'Máscara tripla com elástico — caixa com 50',
    categoria: 'descartaveis',
    preco: 2990,
    descricao:
      'Máscara cirúrgica descartável com três camadas, filtro meltblown com eficiência de filtração bacteriana acima de 95%, clipe nasal e elástico roliço.',
    altura: '8.00',
    largura: '10.00',
    comprimento: '18.00',
    peso: '0.160',
    fichaTecnica: [
      ['Camadas', '3 (TNT + meltblown + TNT)'],
      ['Eficiência de filtração', 'Acima de 95% (BFE)'],
      ['Quantidade', '50 unidades'],
    ],
    ilustracao: { tipo: 'mascara', cor: '#38bdf8', fundo: ['#f0f9ff', '#e0f2fe'] },
    imagens: 2,
  },
  {
    slug: 'sugador-descartavel',
    nome: 'Sugador descartável — pacote com 40',
    categoria: 'descartaveis',
    preco: 1590,
    descricao:
      'Sugador de saliva descartável e maleável, com ponteira atóxica removível e arame interno que mantém a forma desejada. Pacote com 40 unidades.',
    altura: '4.00',
    largura: '7.00',
    comprimento: '16.00',
    peso: '0.090',
    fichaTecnica: [
      ['Material', 'PVC atóxico com arame interno'],
      ['Ponteira', 'Removível'],
      ['Quantidade', '40 unidades'],
    ],
    ilustracao: { tipo: 'sugador', cor: '#22c55e', fundo: ['#f0fdf4', '#dcfce7'] },
    imagens: 2,
  },
  {
    slug: 'babador-descartavel',
    nome: 'Babador descartável impermeável — 100 unidades',
    categoria: 'descartaveis',
    preco: 3990,
    descricao:
      'Babador descartável com duas camadas de papel absorvente e uma de polietileno impermeável, 33 × 45 cm. Pacote com 100 unidades.',
    altura: '3.00',
    largura: '33.00',
    comprimento: '45.00',
    peso: '0.650',
    fichaTecnica: [
      ['Dimensões', '33 × 45 cm'],
      ['Camadas', '2 de papel + 1 de polietileno'],
      ['Quantidade', '100 unidades'],
    ],
    ilustracao: { tipo: 'babador', cor: '#f472b6', fundo: ['#fdf2f8', '#fce7f3'] },
    imagens: 2,
  },
  {
    slug: 'gel-clareador-16',
    nome: 'Gel clareador peróxido de carbamida 16%',
    categoria: 'clareamento',
    preco: 8990,
    descricao:
      'Gel clareador para clareamento caseiro supervisionado, com peróxido de carbamida 16%, nitrato de potássio e flúor para reduzir a sensibilidade. 3 seringas de 3 g.',
    altura: '2.50',
    largura: '9.00',
    comprimento: '15.00',
    peso: '0.060',
    fichaTecnica: [
      ['Concentração', 'Peróxido de carbamida 16%'],
      ['Dessensibilizante', 'Nitrato de potássio e flúor'],
      ['Apresentação', '3 seringas de 3 g'],
      ['Uso', 'Somente com orientação do dentista'],
    ],
    ilustracao: { tipo: 'seringa', cor: '#06b6d4', fundo: ['#ecfeff', '#cffafe'] },
    imagens: 2,
  },
  {
    slug: 'kit-clareamento-caseiro',
    nome: 'Kit clareamento caseiro com moldeiras',
    categoria: 'clareamento',
    preco: 24900,
    descricao:
      'Kit completo para clareamento caseiro: 2 placas para moldeira, 4 seringas de gel 6%, estojo e guia de cores. O tratamento deve ser acompanhado pelo dentista.',
    altura: '5.00',
    largura: '12.00',
    comprimento: '18.00',
    peso: '0.240',
    fichaTecnica: [
      ['Gel', '4 seringas de 3 g, peróxido de carbamida 6%'],
      ['Moldeiras', '2 placas EVA de 1 mm'],
      ['Acessórios', 'Estojo e guia de cores'],
      ['Duração do tratamento', '2 a 3 semanas'],
    ],
    ilustracao: { tipo: 'kit-clareamento', cor: '#0891b2', fundo: ['#ecfeff', '#e0f2fe'] },
    imagens: 3,
    home: {
      titulo: 'Clareamento caseiro com acompanhamento',
      texto:
        'Moldeiras, gel 6% e guia de cores para um sorriso mais claro em poucas semanas, com a orientação da nossa equipe.',
    },
  },
  {
    slug: 'resina-composta-a2',
    nome: 'Resina composta nanoparticulada A2 — 4 g',
    categoria: 'restauradores',
    preco: 7990,
    descricao:
      'Resina composta fotopolimerizável nanoparticulada, cor A2, para restaurações anteriores e posteriores com ótimo polimento e resistência ao desgaste.',
    altura: '2.00',
    largura: '3.00',
    comprimento: '11.00',
    peso: '0.020',
    fichaTecnica: [
      ['Cor', 'A2 (escala Vita)'],
      ['Carga', 'Nanopartículas, 78% em peso'],
      ['Fotopolimerização', '20 s (1.000 mW/cm²)'],
      ['Apresentação', 'Seringa de 4 g'],
    ],
    ilustracao: { tipo: 'resina', cor: '#f59e0b', fundo: ['#fffbeb', '#fef3c7'] },
    imagens: 2,
  },
  {
    slug: 'acido-fosforico-37',
    nome: 'Ácido fosfórico 37% gel — 3 seringas',
    categoria: 'restauradores',
    preco: 3690,
    descricao:
      'Condicionador ácido em gel azul com 37% de ácido fosfórico, tixotrópico, para condicionamento de esmalte e dentina. 3 seringas de 2,5 ml com ponteiras.',
    altura: '2.00',
    largura: '8.00',
    comprimento: '13.00',
    peso: '0.045',
    fichaTecnica: [
      ['Concentração', '37%'],
      ['Cor', 'Azul, para controle visual'],
      ['Apresentação', '3 seringas de 2,5 ml + ponteiras'],
    ],
    ilustracao: { tipo: 'seringa', cor: '#3b82f6', fundo: ['#eff6ff', '#e0e7ff'] },
    imagens: 2,
  },
];

/** The free gift (brinde) added to bags that reach the active threshold. */
export const DEMO_BRINDE: DemoProdutoFisico = {
  slug: 'necessaire-brinde',
  nome: 'Nécessaire de higiene bucal Sorriso Pleno (brinde)',
  categoria: 'higiene',
  preco: 0,
  descricao:
    'Brinde para compras acima do valor indicado: nécessaire com escova dental, creme dental de 30 g e fio dental de 25 m, ideal para levar na bolsa.',
  altura: '6.00',
  largura: '8.00',
  comprimento: '20.00',
  peso: '0.120',
  fichaTecnica: [
    ['Conteúdo', 'Escova, creme dental 30 g e fio dental 25 m'],
    ['Nécessaire', 'Tecido impermeável com zíper'],
    ['Disponibilidade', 'Enquanto durar o estoque'],
  ],
  ilustracao: { tipo: 'necessaire', cor: '#0d9488', fundo: ['#f0fdfa', '#ccfbf1'] },
  imagens: 2,
  brinde: true,
};

export const DEMO_DESCONTO = {
  descricao: 'Brinde: nécessaire de higiene bucal em compras a partir de R$ 300,00',
  valor: 30000,
  ativo: true,
} as const;

/**
 * The demo coupons (docs/behaviour/back-office.md#coupons): BEMVINDO10, 10 % off the products of a customer's first
 * purchase, once per customer, for the whole store, not with the PIX discount but with the gift; and NATAL2025, a
 * past Christmas campaign (15 %, 01/12/2025 to 26/12/2025), expired. `valor` in hundredths of a percent.
 */
export const DEMO_CUPONS = [
  {
    codigo: 'BEMVINDO10',
    descricao: 'Boas-vindas: 10% de desconto nos produtos da primeira compra',
    tipo: 'PERCENTUAL',
    valor: 1000,
    valorMinimo: null,
    inicio: null,
    fim: null,
    limiteUsos: null,
    limitePorCliente: 1,
    primeiraCompra: true,
    escopo: 'LOJA',
    acumulaPix: false,
    acumulaBrinde: true,
    ativo: true,
  },
  {
    codigo: 'NATAL2025',
    descricao: 'Natal 2025: 15% de desconto em toda a loja',
    tipo: 'PERCENTUAL',
    valor: 1500,
    valorMinimo: null,
    inicio: '2025-12-01',
    fim: '2025-12-26',
    limiteUsos: null,
    limitePorCliente: null,
    primeiraCompra: false,
    escopo: 'LOJA',
    acumulaPix: true,
    acumulaBrinde: true,
    ativo: true,
  },
] as const;

/**
 * The demo store's commercial rules (docs/behaviour/payments.md#commercial-rules): up to 10x on a card, 3 of them
 * interest-free, 1,99 % a month beyond, R$ 30,00 the smallest installment; 5 % off by PIX; boleto due in 3
 * business days, preselected for companies; free PAC (service 1) from R$ 300,00 to the South and Southeast.
 */
export const DEMO_REGRAS_COMERCIAIS: RegrasComerciais = {
  parcelamento: { maxParcelas: 10, parcelasSemJuros: 3, jurosMensal: 1.99, parcelaMinima: 3000 },
  pix: { desconto: 5 },
  boleto: { ativo: true, diasUteis: 3, diasTolerancia: 2, preSelecionadoEmpresa: true },
  freteGratis: { ativo: true, valorMinimo: 30000, ufs: ['ES', 'MG', 'PR', 'RJ', 'RS', 'SC', 'SP'], servicos: [1] },
};

export interface DemoAutor {
  slug: string;
  nome: string;
  sobre: string;
  cor: string;
}

export const DEMO_AUTORES: readonly DemoAutor[] = [
  {
    slug: 'camila-andrade',
    nome: 'Dra. Camila Andrade',
    sobre:
      'Cirurgiã-dentista (CRO-SP 98.765), especialista em Harmonização Orofacial e mestre em Estética. Atua há 12 anos em clínica e ensina a técnicas de toxina botulínica e preenchedores.',
    cor: '#db2777',
  },
  {
    slug: 'rafael-mendes',
    nome: 'Dr. Rafael Mendes',
    sobre:
      'Especialista e mestre em Endodontia, professor de pós-graduação e autor de artigos sobre instrumentação rotatória e reciprocante.',
    cor: '#2563eb',
  },
  {
    slug: 'juliana-prado',
    nome: 'Dra. Juliana Prado',
    sobre:
      'Especialista em Dentística, com foco em restaurações estéticas diretas, clareamento e biossegurança no consultório.',
    cor: '#0d9488',
  },
];

export interface DemoConteudo {
  titulo: string;
  duracao: string;
  tipo: 'video' | 'pdf';
  /** The staff let buyers download it (ADR 046). */
  download?: boolean;
  /** A free preview on the course's page (ADR 047). */
  previa?: boolean;
}

export interface DemoCurso {
  slug: string;
  nome: string;
  categoria: string;
  /** Price in cents. */
  preco: number;
  descricao: string;
  duracao: string;
  tempoEstimado: string;
  autores: readonly string[];
  tags: readonly string[];
  conteudos: readonly DemoConteudo[];
  /** Cover colours and motif. */
  capa: { cores: readonly [string, string]; motivo: 'rosto' | 'seringa' | 'dente' | 'raiz' | 'escudo' };
  home?: DemoHome;
}

// Every demo course opens with a free preview (ADR 047). Its duration is the demo video's real one (5 s, which
// modules/conteudo/conteudo.test.ts plays to 90 %); the lessons after it state a lesson's length, as a course page
// would show (the classroom marks a video done at 90 % of what the browser plays).
const BOAS_VINDAS: DemoConteudo = {
  titulo: 'Boas-vindas e apresentação do curso',
  duracao: '00:00:05',
  tipo: 'video',
  previa: true,
};
const APOSTILA: DemoConteudo = {
  titulo: 'Apostila: biossegurança no atendimento',
  duracao: '00:20:00',
  tipo: 'pdf',
  download: true,
};

export const DEMO_CURSOS: readonly DemoCurso[] = [
  {
    slug: 'harmonizacao-orofacial-fundamentos',
    nome: 'Harmonização Orofacial: fundamentos e planejamento',
    categoria: 'cursos-harmonizacao',
    preco: 49700,
    descricao:
      'Anatomia facial aplicada, análise estética, indicações e contraindicações e planejamento dos procedimentos de harmonização orofacial, com casos clínicos comentados.',
    duracao: '12 horas',
    tempoEstimado: '12:00:00',
    autores: ['camila-andrade'],
    tags: ['Harmonização', 'Estética', 'Iniciante', 'Certificado'],
    conteudos: [
      BOAS_VINDAS,
      { titulo: 'Aula 1 — Anatomia facial aplicada', duracao: '00:18:40', tipo: 'video' },
      APOSTILA,
    ],
    capa: { cores: ['#9d174d', '#f472b6'], motivo: 'rosto' },
    home: {
      titulo: 'Curso de Harmonização Orofacial',
      texto: 'Do planejamento ao caso clínico: aprenda com a Dra. Camila Andrade, no seu ritmo e com certificado.',
    },
  },
  {
    slug: 'toxina-botulinica',
    nome: 'Toxina botulínica na odontologia',
    categoria: 'cursos-harmonizacao',
    preco: 69700,
    descricao:
      'Uso terapêutico e estético da toxina botulínica: bruxismo, sorriso gengival, assimetrias, diluição, pontos de aplicação e manejo de intercorrências.',
    duracao: '16 horas',
    tempoEstimado: '16:00:00',
    autores: ['camila-andrade', 'rafael-mendes'],
    tags: ['Harmonização', 'Toxina botulínica', 'Avançado', 'Certificado'],
    conteudos: [
      BOAS_VINDAS,
      { titulo: 'Aula 1 — Bruxismo e sorriso gengival', duracao: '00:24:15', tipo: 'video' },
      { ...APOSTILA, download: false },
    ],
    capa: { cores: ['#6d28d9', '#c084fc'], motivo: 'seringa' },
  },
  {
    slug: 'endodontia-rotatoria',
    nome: 'Endodontia rotatória na prática clínica',
    categoria: 'cursos-clinicos',
    preco: 39700,
    descricao:
      'Acesso, odontometria eletrônica, preparo com limas rotatórias e reciprocantes, irrigação ativada e obturação termoplastificada, passo a passo.',
    duracao: '10 horas',
    tempoEstimado: '10:00:00',
    autores: ['rafael-mendes'],
    tags: ['Endodontia', 'Avançado', 'Certificado'],
    conteudos: [
      BOAS_VINDAS,
      { titulo: 'Aula 1 — Odontometria eletrônica', duracao: '00:21:30', tipo: 'video' },
      APOSTILA,
    ],
    capa: { cores: ['#1e3a8a', '#60a5fa'], motivo: 'raiz' },
  },
  {
    slug: 'restauracoes-esteticas-resina',
    nome: 'Restaurações estéticas em resina composta',
    categoria: 'cursos-clinicos',
    preco: 34700,
    descricao:
      'Seleção de cor, estratificação, isolamento absoluto, adesão e acabamento e polimento de restaurações anteriores e posteriores em resina composta.',
    duracao: '8 horas',
    tempoEstimado: '08:00:00',
    autores: ['juliana-prado'],
    tags: ['Dentística', 'Resina composta', 'Estética'],
    conteudos: [BOAS_VINDAS, APOSTILA],
    capa: { cores: ['#b45309', '#fbbf24'], motivo: 'dente' },
  },
  {
    slug: 'biosseguranca-consultorio',
    nome: 'Biossegurança e ergonomia no consultório',
    categoria: 'cursos-clinicos',
    preco: 9700,
    descricao:
      'Precauções-padrão, processamento de artigos, monitoramento da autoclave, gerenciamento de resíduos e ergonomia para a equipe odontológica.',
    duracao: '4 horas',
    tempoEstimado: '04:00:00',
    autores: ['juliana-prado', 'rafael-mendes'],
    tags: ['Biossegurança', 'Iniciante'],
    // A PDF preview as well: the first pages of the handout.
    conteudos: [BOAS_VINDAS, { ...APOSTILA, previa: true }],
    capa: { cores: ['#115e59', '#2dd4bf'], motivo: 'escudo' },
  },
];

/** Reviews written by the demo client (nota 1–5 in half steps). */
export const DEMO_AVALIACOES: readonly { produto: string; nota: string; comentario: string }[] = [
  {
    produto: 'escova-ultramacia',
    nota: '5.0',
    comentario: 'Muito macia, parei de sentir a gengiva sangrar. Recomendo!',
  },
  { produto: 'fio-dental-50m', nota: '4.5', comentario: 'Desliza bem e não desfia. O sabor de menta é suave.' },
  {
    produto: 'enxaguante-sem-alcool',
    nota: '4.0',
    comentario: 'Não arde como os outros. Só achei o frasco um pouco grande.',
  },
  {
    produto: 'harmonizacao-orofacial-fundamentos',
    nota: '5.0',
    comentario: 'Aulas claras e muito bem organizadas. A parte de anatomia é excelente.',
  },
];

/** Slugs of the products on the home banners (each has `home`). */
export const DEMO_BANNERS = [
  'kit-clareamento-caseiro',
  'harmonizacao-orofacial-fundamentos',
  'escova-ultramacia',
] as const;

/**
 * Demo buyers: the customers of the demo sales (demo-vendas.ts), apart from
 * DEMO_ACCOUNTS (whose customers have no orders; tests rely on that). They
 * sign in with DEMO_COMPRADOR_SENHA; the e-mails are on example.com, so no
 * real mailbox ever gets the store's messages.
 */
export const DEMO_COMPRADOR_SENHA = 'cliente123';

export interface DemoComprador {
  slug: string;
  email: string;
  juridica: boolean;
  /** The person's name, or the company's razão social. */
  nome: string;
  cpf: string | null;
  cnpj: string | null;
  inscricaoEstadual: string | null;
  telefone: string;
  /**
   * The CRO of the buyer, or of a company's responsible dentist (ADR 037): the demo's buyers are dental
   * professionals, so their orders with professional-use products are consistent (they record it).
   */
  cro: { numero: string; uf: string };
  /** State of the address (freight zone seen from São Paulo). */
  uf: string;
  endereco: DemoEndereco;
  /** How often they buy, relative to the others. */
  peso: number;
}

/**
 * The demo customer's bell (ADR 046): notices kept on the server, one read and one not, newest last (minutes ago).
 */
export const DEMO_NOTIFICACOES = [
  {
    texto: 'Bem-vinda à loja da clínica! Os avisos dos seus pedidos e pagamentos aparecem aqui.',
    minutosAtras: 60 * 24 * 3,
    lida: true,
  },
  {
    texto: 'A apostila de biossegurança dos cursos agora pode ser baixada em PDF na sala de aula.',
    minutosAtras: 60 * 5,
    lida: false,
  },
] as const;

/**
 * A demo buyer who accepted marketing e-mails and left a bag on the server two days ago (ADR 034): signing in as
 * them shows the kept bag, and the abandoned-bag reminder job sends its one e-mail to the sandbox mailbox.
 */
export const DEMO_SACOLA = {
  comprador: 'ana',
  diasParada: 2,
  itens: [
    { slug: 'escova-ultramacia', quantidade: 2 },
    { slug: 'fio-dental-50m', quantidade: 1 },
  ],
} as const;

/** The demo customer's favourite products (ADR 045), the first the oldest: /favoritos and the filled hearts show them. */
export const DEMO_FAVORITOS = [
  'sonda-exploradora',
  'harmonizacao-orofacial-fundamentos',
  'kit-clareamento-caseiro',
] as const;

export const DEMO_COMPRADORES: readonly DemoComprador[] = [
  {
    slug: 'ana',
    email: 'ana.carvalho@example.com',
    juridica: false,
    nome: 'Ana Beatriz Carvalho',
    cpf: '41873625090',
    cnpj: null,
    inscricaoEstadual: null,
    telefone: '31988215407',
    uf: 'MG',
    cro: { numero: '2137', uf: 'MG' },
    endereco: {
      cep: '30140071',
      logradouro: 'Rua dos Aimorés',
      numero: '520',
      complemento: 'Apto 801',
      bairro: 'Funcionários',
      municipioId: 3106200,
      ufId: 31,
    },
    peso: 3,
  },
  {
    slug: 'lucas',
    email: 'lucas.souza@example.com',
    juridica: false,
    nome: 'Lucas Ferreira Souza',
    cpf: '23791458655',
    cnpj: null,
    inscricaoEstadual: null,
    telefone: '21996408312',
    uf: 'RJ',
    cro: { numero: '3274', uf: 'RJ' },
    endereco: {
      cep: '22041001',
      logradouro: 'Avenida Atlântica',
      numero: '2400',
      complemento: 'Apto 1102',
      bairro: 'Copacabana',
      municipioId: 3304557,
      ufId: 33,
    },
    peso: 2,
  },
  {
    slug: 'fernanda',
    email: 'fernanda.lima@example.com',
    juridica: false,
    nome: 'Fernanda Ribeiro Lima',
    cpf: '65930214743',
    cnpj: null,
    inscricaoEstadual: null,
    telefone: '41991723068',
    uf: 'PR',
    cro: { numero: '4411', uf: 'PR' },
    endereco: {
      cep: '81530300',
      logradouro: 'Rua Almir Trova de Oliveira',
      numero: '215',
      complemento: null,
      bairro: 'Jardim das Américas',
      municipioId: 4106902,
      ufId: 41,
    },
    peso: 2,
  },
  {
    slug: 'gustavo',
    email: 'gustavo.alves@example.com',
    juridica: false,
    nome: 'Gustavo Henrique Alves',
    cpf: '80426193750',
    cnpj: null,
    inscricaoEstadual: null,
    telefone: '51984306219',
    uf: 'RS',
    cro: { numero: '5548', uf: 'RS' },
    endereco: {
      cep: '90420010',
      logradouro: 'Rua Domingos José Poli',
      numero: '87',
      complemento: 'Casa 2',
      bairro: 'Auxiliadora',
      municipioId: 4314902,
      ufId: 43,
    },
    peso: 1,
  },
  {
    slug: 'patricia',
    email: 'patricia.rocha@example.com',
    juridica: false,
    nome: 'Patrícia Nogueira Rocha',
    cpf: '39158702423',
    cnpj: null,
    inscricaoEstadual: null,
    telefone: '71987540136',
    uf: 'BA',
    cro: { numero: '6685', uf: 'BA' },
    endereco: {
      cep: '40140650',
      logradouro: 'Largo do Farol da Barra',
      numero: '34',
      complemento: 'Apto 302',
      bairro: 'Barra',
      municipioId: 2927408,
      ufId: 29,
    },
    peso: 2,
  },
  {
    slug: 'thiago',
    email: 'thiago.barbosa@example.com',
    juridica: false,
    nome: 'Thiago Martins Barbosa',
    cpf: '12684957355',
    cnpj: null,
    inscricaoEstadual: null,
    telefone: '48996127584',
    uf: 'SC',
    cro: { numero: '7822', uf: 'SC' },
    endereco: {
      cep: '88010301',
      logradouro: 'Rua Tenente Silveira',
      numero: '300',
      complemento: 'Sala 12',
      bairro: 'Centro',
      municipioId: 4205407,
      ufId: 42,
    },
    peso: 1,
  },
  {
    slug: 'cerrado',
    email: 'compras@sorrisodocerrado.example.com',
    juridica: true,
    nome: 'Clínica Odontológica Sorriso do Cerrado Ltda.',
    cpf: null,
    cnpj: '27481693000138',
    inscricaoEstadual: '107345218',
    telefone: '62992418730',
    uf: 'GO',
    cro: { numero: '8959', uf: 'GO' },
    endereco: {
      cep: '74369577',
      logradouro: 'Rua MMM 3',
      numero: '150',
      complemento: 'Sala 3',
      bairro: 'Setor Três Marias',
      municipioId: 5208707,
      ufId: 52,
    },
    peso: 3,
  },
  {
    slug: 'odontovida',
    email: 'financeiro@odontovida.example.com',
    juridica: true,
    nome: 'Odonto Vida Serviços Odontológicos Ltda.',
    cpf: null,
    cnpj: '43157286000126',
    inscricaoEstadual: '069874512',
    telefone: '85991830462',
    uf: 'CE',
    cro: { numero: '10096', uf: 'CE' },
    endereco: {
      cep: '60170001',
      logradouro: 'Avenida Desembargador Moreira',
      numero: '1301',
      complemento: 'Sala 504',
      bairro: 'Aldeota',
      municipioId: 2304400,
      ufId: 23,
    },
    peso: 2,
  },
];
