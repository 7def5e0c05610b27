import type { Empresa } from '@clinica/shared/schemas/empresa';

/** A company as GET /api/empresa/ returns it, for footer tests. */
export const EMPRESA_FIXTURE: Empresa = {
  id: 1,
  nome: 'Sorriso Pleno Odontologia Ltda',
  nomeFantasia: 'Sorriso Pleno',
  cnpj: '11222333000181',
  email: 'contato@sorrisopleno.com.br',
  whatsapp: '(11) 98765-4321',
  facebook: null,
  instagram: 'instagram.com/sorrisopleno',
  youtube: 'youtube.com/@sorrisopleno',
  descricaoHorarioFuncionamento: 'Segunda a sexta, 08h às 18h',
  endereco: {
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    complemento: null,
    municipio: { id: 1, nome: 'São Paulo' },
    uf: { id: 35, sigla: 'SP', nome: 'São Paulo' },
  },
};
