import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SEED_DATA_DIR } from '../../db/seed/paths.js';
import { formatCep, rawCepSchema, type CepProvider, type RawCep } from './cep-provider.js';

/**
 * Correios' CEP ranges of each state ("faixas de CEP por UF"), as 8-digit
 * inclusive bounds. DF and GO interleave, and AM is split around RR. The old range
 * 78900-000–78999-999 (Rondônia until its 2008 renumbering) belongs to no
 * state today.
 */
export const FAIXAS_CEP: ReadonlyArray<{ uf: string; de: string; ate: string }> = [
  { uf: 'SP', de: '01000000', ate: '19999999' },
  { uf: 'RJ', de: '20000000', ate: '28999999' },
  { uf: 'ES', de: '29000000', ate: '29999999' },
  { uf: 'MG', de: '30000000', ate: '39999999' },
  { uf: 'BA', de: '40000000', ate: '48999999' },
  { uf: 'SE', de: '49000000', ate: '49999999' },
  { uf: 'PE', de: '50000000', ate: '56999999' },
  { uf: 'AL', de: '57000000', ate: '57999999' },
  { uf: 'PB', de: '58000000', ate: '58999999' },
  { uf: 'RN', de: '59000000', ate: '59999999' },
  { uf: 'CE', de: '60000000', ate: '63999999' },
  { uf: 'PI', de: '64000000', ate: '64999999' },
  { uf: 'MA', de: '65000000', ate: '65999999' },
  { uf: 'PA', de: '66000000', ate: '68899999' },
  { uf: 'AP', de: '68900000', ate: '68999999' },
  { uf: 'AM', de: '69000000', ate: '69299999' },
  { uf: 'RR', de: '69300000', ate: '69399999' },
  { uf: 'AM', de: '69400000', ate: '69899999' },
  { uf: 'AC', de: '69900000', ate: '69999999' },
  { uf: 'DF', de: '70000000', ate: '72799999' },
  { uf: 'GO', de: '72800000', ate: '72999999' },
  { uf: 'DF', de: '73000000', ate: '73699999' },
  { uf: 'GO', de: '73700000', ate: '76799999' },
  { uf: 'RO', de: '76800000', ate: '76999999' },
  { uf: 'TO', de: '77000000', ate: '77999999' },
  { uf: 'MT', de: '78000000', ate: '78899999' },
  { uf: 'MS', de: '79000000', ate: '79999999' },
  { uf: 'PR', de: '80000000', ate: '87999999' },
  { uf: 'SC', de: '88000000', ate: '89999999' },
  { uf: 'RS', de: '90000000', ate: '99999999' },
];

/** The state whose range holds an 8-digit CEP, or null (00000-000–00999-999, 78900-000–78999-999). */
export function ufDaFaixa(cep8: string): string | null {
  // Same-length digit strings compare like the numbers they spell.
  return FAIXAS_CEP.find((f) => cep8 >= f.de && cep8 <= f.ate)?.uf ?? null;
}

/** The bundled list: real CEPs with their street data as ViaCEP answers them (seed-data/cep/README.md). */
const CEPS_CONHECIDOS_FILE = path.join(SEED_DATA_DIR, 'cep', 'ceps-conhecidos.json');

const cepsConhecidosSchema = z.array(rawCepSchema.extend({ cep: z.string().regex(/^\d{5}-\d{3}$/) }));

/** The bundled CEPs by their 8 digits; throws when the file is missing or malformed. */
export function lerCepsConhecidos(file: string = CEPS_CONHECIDOS_FILE): Map<string, RawCep> {
  const entries = cepsConhecidosSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return new Map(entries.map((e) => [e.cep.replace('-', ''), e]));
}

/**
 * The offline sandbox of ViaCEP, the default (CEP_PROVIDER=offline); it needs
 * no network and answers like the real service:
 *  - a CEP of the bundled list → its street, district, city and codes, as ViaCEP has them;
 *  - any other CEP inside a state's range → that state only: `uf` filled, every
 *    other field '' (the service completes the state's name and region from
 *    our tables, and answers `municipio: null`), so the form keeps the state
 *    and asks for the rest;
 *  - a CEP in no range (00000-001, 78950-000) → null, an unknown CEP.
 */
export function createOfflineCepProvider(file: string = CEPS_CONHECIDOS_FILE): CepProvider {
  // Read once when the app starts: a broken data file fails the start, not a lookup.
  const conhecidos = lerCepsConhecidos(file);
  return {
    kind: 'offline',
    async lookup(cep8) {
      const conhecido = conhecidos.get(cep8);
      if (conhecido) return { ...conhecido };
      const uf = ufDaFaixa(cep8);
      if (!uf) return null;
      return {
        cep: formatCep(cep8),
        logradouro: '',
        complemento: '',
        unidade: '',
        bairro: '',
        localidade: '',
        uf,
        estado: '',
        regiao: '',
        ibge: '',
        gia: '',
        ddd: '',
        siafi: '',
      };
    },
  };
}
