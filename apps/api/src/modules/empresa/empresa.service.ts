import { MSG } from '@clinica/shared/messages';
import type { Empresa } from '@clinica/shared/schemas/empresa';
import { notFound } from '../../lib/errors.js';
import type { EmpresaRepository } from './empresa.repository.js';

export function createEmpresaService({ repository }: { repository: EmpresaRepository }) {
  return {
    /** GET /empresa/: the company, or 404 'Empresa não encontrada ou não cadastrada'. */
    async get(): Promise<Empresa> {
      const row = await repository.find();
      if (!row) throw notFound(MSG.empresaNaoEncontrada);
      const { empresa: e, municipio, uf } = row;
      // The address is shown only when it is complete enough to be read.
      const endereco =
        e.cep && e.logradouro && municipio && uf
          ? {
              cep: e.cep,
              logradouro: e.logradouro,
              numero: e.numero ?? '',
              bairro: e.bairro ?? '',
              complemento: e.complemento,
              municipio,
              uf,
            }
          : null;
      return {
        id: e.id,
        nome: e.nome,
        nomeFantasia: e.nomeFantasia,
        cnpj: e.cnpj,
        email: e.email,
        whatsapp: e.whatsapp,
        facebook: e.facebook,
        instagram: e.instagram,
        youtube: e.youtube,
        descricaoHorarioFuncionamento: e.descricaoHorarioFuncionamento,
        endereco,
      };
    },
  };
}

export type EmpresaService = ReturnType<typeof createEmpresaService>;
