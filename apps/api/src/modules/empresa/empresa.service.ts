import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import type { Empresa } from '@clinica/shared/schemas/empresa';
import type { EmpresaData } from '@clinica/shared/schemas/empresa-admin';
import type { QuemAudita } from '../../lib/auditoria.js';
import { notFound, sqlState, unprocessable } from '../../lib/errors.js';
import type { EmpresaRepository } from './empresa.repository.js';

const foraDaUf = () =>
  unprocessable(MSG_API.municipioForaDaUf, {
    errors: [{ campo: 'endereco.municipio.id', mensagem: MSG_API.municipioForaDaUf }],
  });

export function createEmpresaService({ repository }: { repository: EmpresaRepository }) {
  /** The company as the contract has it, or 404 'Empresa não encontrada ou não cadastrada'. */
  async function get(): Promise<Empresa> {
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
  }

  return {
    /** GET /empresa/: the company, or 404 'Empresa não encontrada ou não cadastrada'. */
    get,

    /**
     * POST /empresa/: writes the single company row and answers it as GET
     * /empresa/ will. The city must be in the state (422); the CNPJ and the
     * e-mail were checked by the contract. Audited (CRIAR the first time, then EDITAR).
     */
    async salvar(data: EmpresaData, quem: QuemAudita): Promise<Empresa> {
      const { endereco: end } = data;
      const local = await repository.localidade(end.municipio.id, end.uf.id);
      if (!local.ufExiste) {
        throw unprocessable(MSG_API.ufNaoEncontrada, {
          errors: [{ campo: 'endereco.uf.id', mensagem: MSG_API.ufNaoEncontrada }],
        });
      }
      if (!local.municipioNaUf) throw foraDaUf();
      try {
        await repository.salvar(quem, {
          nome: data.nome,
          nomeFantasia: data.nomeFantasia,
          cnpj: data.cnpj,
          email: data.email,
          whatsapp: data.whatsapp,
          facebook: data.facebook,
          instagram: data.instagram,
          youtube: data.youtube,
          descricaoHorarioFuncionamento: data.descricaoHorarioFuncionamento,
          cep: end.cep,
          logradouro: end.logradouro,
          numero: end.numero,
          complemento: end.complemento,
          bairro: end.bairro,
          municipioId: end.municipio.id,
          ufId: end.uf.id,
        });
      } catch (err) {
        // The (município, UF) foreign key backs the check above.
        if (sqlState(err) === '23503') throw foraDaUf();
        throw err;
      }
      return get();
    },
  };
}

export type EmpresaService = ReturnType<typeof createEmpresaService>;
