import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import type { Municipio, Uf, ViaCep } from '@clinica/shared/schemas/endereco';
import {
  CepIndisponivelError,
  CepRecusadoError,
  formatCep,
  type CepProvider,
  type RawCep,
} from '../../integrations/cep/index.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { EnderecoRepository } from './endereco.repository.js';

/** 8 digits, with or without the hyphen: 01310100 or 01310-100. */
const CEP = /^(\d{5})-?(\d{3})$/;

const cepMalformado = () =>
  badRequest(MSG_API.cepMalformado, { errors: [{ campo: 'cep', mensagem: MSG_API.cepMalformado }] });

/** The 8 digits of a CEP as typed, or 400 'O CEP deve ter 8 dígitos.' (00000-000 is no CEP either). */
function cepDigits(cep: string): string {
  const match = CEP.exec(cep);
  const digits = match ? `${match[1]}${match[2]}` : '';
  if (!digits || digits === '00000000') throw cepMalformado();
  return digits;
}

export function createEnderecoService({
  repository,
  cepProvider,
}: {
  repository: EnderecoRepository;
  cepProvider: CepProvider;
}) {
  /** The provider's answer, its failures turned into the API's: 400 refused, 503 unreachable. */
  async function lookup(cep8: string): Promise<RawCep | null> {
    try {
      return await cepProvider.lookup(cep8);
    } catch (err) {
      if (err instanceof CepRecusadoError) throw cepMalformado();
      if (err instanceof CepIndisponivelError) {
        // The cause goes to the log with the 503; the customer reads a message to retry or type the address.
        throw Object.assign(new AppError(503, MSG_API.cepServicoIndisponivel), { cause: err });
      }
      throw err;
    }
  }

  /**
   * Our municipality for the answer: by its IBGE code (the stable key), else
   * by the city's name within the state ignoring accents and case (a code our
   * table lacks), else null (only the state is known).
   */
  async function municipioOf(raw: RawCep, ufId: number): Promise<Municipio | null> {
    if (/^\d{7}$/.test(raw.ibge)) {
      const byCode = await repository.findMunicipio(Number(raw.ibge), ufId);
      if (byCode) return byCode;
    }
    const nome = raw.localidade.trim();
    if (!nome) return null;
    const byName = await repository.findMunicipiosByNome(ufId, nome);
    return byName.length === 1 ? (byName[0] ?? null) : null;
  }

  return {
    /** GET /uf/ and GET /endereco/uf: the 27 states by name. */
    async listUfs(): Promise<Uf[]> {
      return repository.listUfs();
    },

    /** GET /municipio/estado/{ufId}: the state's municipalities by name, or 404 'Estado não encontrado.' */
    async listMunicipios(ufId: number): Promise<Municipio[]> {
      if (!(await repository.findUf(ufId))) throw notFound(MSG_API.ufNaoEncontrada);
      return repository.listMunicipios(ufId);
    },

    /**
     * GET /viacep/{cep}: the address of a CEP with our state and municipality.
     * 400 malformed, 404 unknown (or placed in a state we do not have), 503
     * when the CEP service cannot answer.
     */
    async viaCep(cep: string): Promise<ViaCep> {
      const cep8 = cepDigits(cep);
      const raw = await lookup(cep8);
      if (!raw) throw notFound(MSG.cepNaoEncontrado);
      const uf = await repository.findUfBySigla(raw.uf);
      if (!uf) throw notFound(MSG.cepNaoEncontrado);
      return {
        cep: formatCep(cep8),
        logradouro: raw.logradouro,
        complemento: raw.complemento,
        unidade: raw.unidade,
        bairro: raw.bairro,
        localidade: raw.localidade,
        // Older answers (and the sandbox's state-only ones) carry no state name or region: ours are the same.
        estado: raw.estado || uf.nome,
        regiao: raw.regiao || uf.regiao,
        ibge: raw.ibge,
        gia: raw.gia,
        ddd: raw.ddd,
        siafi: raw.siafi,
        uf: { id: uf.id, sigla: uf.sigla, nome: uf.nome },
        municipio: await municipioOf(raw, uf.id),
      };
    },
  };
}

export type EnderecoService = ReturnType<typeof createEnderecoService>;
