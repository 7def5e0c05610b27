import { catalogoEnderecosApi, type EnderecoCatalogo } from '@clinica/shared/schemas/catalogo-enderecos';
import { privacidadeApi } from '@clinica/shared/schemas/privacidade';
import type { Cliente } from '@clinica/shared/schemas/cliente';
import { enderecoApi, type Municipio, type Uf, type ViaCep } from '@clinica/shared/schemas/endereco';
import { okFor } from './api-mock';

/** States as GET /api/uf/ answers them (a few). */
const UFS: Uf[] = [
  { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro' },
  { id: 35, sigla: 'SP', nome: 'São Paulo' },
];

const CITIES_SP: Municipio[] = [
  { id: 3509502, nome: 'Campinas' },
  { id: 3550308, nome: 'São Paulo' },
];
const CITIES_RJ: Municipio[] = [{ id: 3304557, nome: 'Rio de Janeiro' }];

/** GET /api/viacep/01310100. */
export const VIACEP_PAULISTA: ViaCep = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: '',
  unidade: '',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '',
  ddd: '11',
  siafi: '',
  uf: UFS[1]!,
  municipio: CITIES_SP[1]!,
};

/** A customer (individual) as GET /api/profile/7 answers it. */
export const CLIENTE_PF: Cliente = {
  id: 3,
  juridica: false,
  nome: 'Maria Cliente Silva',
  cpf: '52998224725',
  razaoSocial: null,
  cnpj: null,
  inscricaoEstadual: null,
  telefone: '11987654321',
  cpfCnpj: '52998224725',
  cidade: 'São Paulo',
  estado: 'SP',
  endereco: {
    id: 1,
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Conjunto 42',
    bairro: 'Bela Vista',
    municipio: CITIES_SP[1]!,
    uf: UFS[1]!,
  },
  usuario: { id: 7, email: 'cliente@clinica.com.br', confirmado: false },
  ofertasEmail: false,
  ofertasEmailEm: null,
  cro: null,
};

/** CLIENTE_PF's person part as the sign-up and profile payloads send it (packages/shared/src/schemas/cliente.ts). */
export const CLIENTE_PF_BODY = {
  nome: 'Maria Cliente Silva',
  cpf: '52998224725',
  razaoSocial: null,
  cnpj: null,
  inscricaoEstadual: null,
  juridica: false,
  telefone: '11987654321',
};

/** CLIENTE_PF's address (CEP 01310100 looked up, number 1000, 'Conjunto 42') as the payloads send it. */
export const ENDERECO_PAULISTA_BODY = {
  logradouro: 'Avenida Paulista',
  complemento: 'Conjunto 42',
  numero: '1000',
  bairro: 'Bela Vista',
  municipio: { id: 3550308 },
  uf: { id: 35 },
  cep: '01310100',
};

/** The session of CLIENTE_PF's user (GET /api/profile/7). */
export const CLIENTE_PF_SESSION = {
  idUser: 7,
  permissao: 'CLIENTE',
  idClient: 3,
  nome: 'Maria Cliente Silva',
} as const;

/** A company customer. */
export const CLIENTE_PJ: Cliente = {
  ...CLIENTE_PF,
  juridica: true,
  nome: null,
  cpf: null,
  razaoSocial: 'Odonto Materiais Ltda',
  cnpj: '11222333000181',
  cpfCnpj: '11222333000181',
  inscricaoEstadual: '110042490114',
  usuario: { id: 7, email: 'empresa@clinica.com.br', confirmado: true },
};

/** The address handlers every address block needs. */
export const ADDRESS_API = {
  'GET /api/uf/': okFor(enderecoApi.ufs, UFS),
  'GET /api/municipio/estado/35': okFor(enderecoApi.municipios, CITIES_SP),
  'GET /api/municipio/estado/33': okFor(enderecoApi.municipios, CITIES_RJ),
  'GET /api/viacep/01310100': okFor(enderecoApi.viaCep, VIACEP_PAULISTA),
};

/** The address book of the individual customer (client 3): the registered address, the default, and a clinic. */
export const CATALOGO_PF: EnderecoCatalogo[] = [
  {
    id: 31,
    nome: 'Casa',
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Apto 42',
    bairro: 'Bela Vista',
    municipio: { id: 3550308, nome: 'São Paulo' },
    uf: { id: 35, sigla: 'SP', nome: 'São Paulo' },
    nomeRecebedor: null,
    telefoneRecebedor: null,
    padrao: true,
    cadastro: true,
  },
  {
    id: 32,
    nome: 'Clínica',
    cep: '20040002',
    logradouro: 'Rua da Assembleia',
    numero: '10',
    complemento: 'Sala 501',
    bairro: 'Centro',
    municipio: { id: 3304557, nome: 'Rio de Janeiro' },
    uf: { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro' },
    nomeRecebedor: 'Recepção da Clínica',
    telefoneRecebedor: '2132221100',
    padrao: false,
    cadastro: false,
  },
];

/** An empty address book for client 3: the screens behave as before the book (the address form alone). */
export const CATALOGO_VAZIO_API = {
  'GET /api/cliente/3/enderecos': okFor(catalogoEnderecosApi.listar, { enderecos: [] }),
};

/** Client 3's marketing consent, never given (ADR 038): the profile's 'Privacidade e dados' reads it. */
export const CONSENTIMENTO_API = {
  'GET /api/privacidade/consentimento/3': okFor(privacidadeApi.consentimentos, {
    ofertasEmail: false,
    ofertasEmailEm: null,
    historico: [],
  }),
};
