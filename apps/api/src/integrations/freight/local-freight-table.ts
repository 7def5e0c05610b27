/**
 * The store's own freight table (FREIGHT_PROVIDER=local, the default): what a
 * shop that posts through the Correios counter charges, with no network.
 *
 * How a price is made:
 *  1. Zone of the destination: `MESMO_ESTADO` when the destination CEP is in
 *     the clinic's state (origin: FREIGHT_ORIGIN_CEP, else the company's CEP),
 *     otherwise the destination state's region (IBGE's five regions). The
 *     values were set for a clinic in the Sudeste (São Paulo): a store
 *     elsewhere edits the rows, the rules stay.
 *  2. Billable weight of the parcel (all lines in one box, as the Correios
 *     count it): the larger of the real weight (Σ weight × quantity) and the
 *     cubed weight (Σ height × width × length × quantity, in cm³, ÷ 6000 →
 *     kg). Dimensions are in cm and weight in kg, as the catalogue stores them;
 *     a product without a measure counts with MEDIDAS_PADRAO.
 *  3. Price = `primeiroKg` for up to 1 kg, plus `kgAdicional` for each kg or
 *     part of a kg beyond the first. Delivery in working days: `prazo`.
 *
 * Two services, with Melhor Envio's ids and names so the checkout and the
 * orders read the same shape in both modes: PAC (1) and SEDEX (2), company
 * Correios (1).
 *
 * | zona          | PAC 1º kg | PAC kg adic. | PAC prazo | SEDEX 1º kg | SEDEX kg adic. | SEDEX prazo |
 * |---------------|-----------|--------------|-----------|-------------|----------------|-------------|
 * | mesmo estado  | R$ 19,90  | R$ 2,50      | 3–5 dias  | R$ 29,90    | R$ 4,50        | 1–2 dias    |
 * | Sudeste       | R$ 24,90  | R$ 3,50      | 4–7 dias  | R$ 37,90    | R$ 6,00        | 2–3 dias    |
 * | Sul           | R$ 27,90  | R$ 4,00      | 5–8 dias  | R$ 42,90    | R$ 7,00        | 2–4 dias    |
 * | Centro-Oeste  | R$ 29,90  | R$ 4,50      | 6–9 dias  | R$ 46,90    | R$ 8,00        | 3–4 dias    |
 * | Nordeste      | R$ 34,90  | R$ 5,50      | 7–11 dias | R$ 54,90    | R$ 9,50        | 3–5 dias    |
 * | Norte         | R$ 39,90  | R$ 6,50      | 8–13 dias | R$ 62,90    | R$ 11,00       | 4–6 dias    |
 */

export type Regiao = 'Norte' | 'Nordeste' | 'Centro-Oeste' | 'Sudeste' | 'Sul';
export type ZonaFrete = 'MESMO_ESTADO' | Regiao;

/** IBGE region of each state (seed-data/ibge/estados.csv; a test checks they agree). */
export const REGIAO_DA_UF: Readonly<Record<string, Regiao>> = {
  RO: 'Norte',
  AC: 'Norte',
  AM: 'Norte',
  RR: 'Norte',
  PA: 'Norte',
  AP: 'Norte',
  TO: 'Norte',
  MA: 'Nordeste',
  PI: 'Nordeste',
  CE: 'Nordeste',
  RN: 'Nordeste',
  PB: 'Nordeste',
  PE: 'Nordeste',
  AL: 'Nordeste',
  SE: 'Nordeste',
  BA: 'Nordeste',
  MG: 'Sudeste',
  ES: 'Sudeste',
  RJ: 'Sudeste',
  SP: 'Sudeste',
  PR: 'Sul',
  SC: 'Sul',
  RS: 'Sul',
  MS: 'Centro-Oeste',
  MT: 'Centro-Oeste',
  GO: 'Centro-Oeste',
  DF: 'Centro-Oeste',
};

export interface FaixaServico {
  /** Cents for a parcel of up to 1 kg. */
  primeiroKg: number;
  /** Cents for each kg, or part of one, beyond the first. */
  kgAdicional: number;
  /** Working days. */
  prazo: { min: number; max: number };
}

export const SERVICOS_LOCAIS = [
  { id: 1, name: 'PAC', chave: 'PAC' },
  { id: 2, name: 'SEDEX', chave: 'SEDEX' },
] as const;

export const CORREIOS = { id: 1, name: 'Correios', picture: null } as const;

export const TABELA_FRETE: Readonly<Record<ZonaFrete, Record<'PAC' | 'SEDEX', FaixaServico>>> = {
  MESMO_ESTADO: {
    PAC: { primeiroKg: 1990, kgAdicional: 250, prazo: { min: 3, max: 5 } },
    SEDEX: { primeiroKg: 2990, kgAdicional: 450, prazo: { min: 1, max: 2 } },
  },
  Sudeste: {
    PAC: { primeiroKg: 2490, kgAdicional: 350, prazo: { min: 4, max: 7 } },
    SEDEX: { primeiroKg: 3790, kgAdicional: 600, prazo: { min: 2, max: 3 } },
  },
  Sul: {
    PAC: { primeiroKg: 2790, kgAdicional: 400, prazo: { min: 5, max: 8 } },
    SEDEX: { primeiroKg: 4290, kgAdicional: 700, prazo: { min: 2, max: 4 } },
  },
  'Centro-Oeste': {
    PAC: { primeiroKg: 2990, kgAdicional: 450, prazo: { min: 6, max: 9 } },
    SEDEX: { primeiroKg: 4690, kgAdicional: 800, prazo: { min: 3, max: 4 } },
  },
  Nordeste: {
    PAC: { primeiroKg: 3490, kgAdicional: 550, prazo: { min: 7, max: 11 } },
    SEDEX: { primeiroKg: 5490, kgAdicional: 950, prazo: { min: 3, max: 5 } },
  },
  Norte: {
    PAC: { primeiroKg: 3990, kgAdicional: 650, prazo: { min: 8, max: 13 } },
    SEDEX: { primeiroKg: 6290, kgAdicional: 1100, prazo: { min: 4, max: 6 } },
  },
};

/** Cubing factor of the Correios: cm³ per kg. */
const FATOR_CUBAGEM = 6000;

/**
 * Measures of a product the catalogue leaves blank (or zero): the smallest
 * box the Correios accept (16 × 11 × 2 cm) and 100 g.
 */
export const MEDIDAS_PADRAO = { pesoKg: 0.1, alturaCm: 2, larguraCm: 11, comprimentoCm: 16 } as const;

/** The zone of a destination state seen from the origin state, or null for an unknown state. */
export function zonaDoDestino(ufOrigem: string, ufDestino: string): ZonaFrete | null {
  const regiao = REGIAO_DA_UF[ufDestino];
  if (!regiao) return null;
  return ufDestino === ufOrigem ? 'MESMO_ESTADO' : regiao;
}

export interface MedidasLinha {
  quantidade: number;
  pesoKg: number;
  alturaCm: number;
  larguraCm: number;
  comprimentoCm: number;
}

/**
 * Billable weight of the parcel in grams: max(real, cubed), both summed over
 * the lines (grams rounded up, so a parcel never weighs less than it does).
 */
export function pesoTaxavelGramas(linhas: readonly MedidasLinha[]): { real: number; cubado: number; taxavel: number } {
  let real = 0;
  let cubado = 0;
  for (const l of linhas) {
    real += Math.round(l.pesoKg * 1000) * l.quantidade;
    // cm³ ÷ 6000 = kg, so cm³ ÷ 6 = g.
    cubado += ((l.alturaCm * l.larguraCm * l.comprimentoCm) / (FATOR_CUBAGEM / 1000)) * l.quantidade;
  }
  // Float noise (4.5 × 8 × 16.666…) must not add a gram.
  cubado = Math.ceil(cubado - 1e-6);
  return { real, cubado, taxavel: Math.max(real, cubado) };
}

/** Price in cents of a parcel of `gramas` in one service row. */
export function precoDaFaixa(faixa: FaixaServico, gramas: number): number {
  const kgAdicionais = Math.max(0, Math.ceil((gramas - 1000) / 1000));
  return faixa.primeiroKg + kgAdicionais * faixa.kgAdicional;
}
