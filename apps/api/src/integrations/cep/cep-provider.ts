import { z } from 'zod';

/**
 * ViaCEP's answer for a CEP that exists (https://viacep.com.br, docs/integrations.md#viacep):
 * every field a string, '' when ViaCEP has nothing for it.
 */
export interface RawCep {
  /** As ViaCEP formats it: "01310-100". */
  cep: string;
  logradouro: string;
  complemento: string;
  unidade: string;
  bairro: string;
  /** City name as ViaCEP spells it. */
  localidade: string;
  /** State abbreviation ("SP"). */
  uf: string;
  /** State name ("São Paulo"); older answers and state-only answers leave it ''. */
  estado: string;
  /** Region ("Sudeste"); older answers and state-only answers leave it ''. */
  regiao: string;
  /** 7-digit IBGE code of the municipality ('' when unknown). */
  ibge: string;
  gia: string;
  ddd: string;
  siafi: string;
}

/** Where the address of a CEP comes from: the offline sandbox or the real ViaCEP. */
export interface CepProvider {
  readonly kind: 'offline' | 'viacep';
  /**
   * The address of an 8-digit CEP (digits only), or null when the CEP does not
   * exist. Throws CepRecusadoError when the service refuses the CEP as
   * malformed and CepIndisponivelError when it cannot answer.
   */
  lookup(cep8: string): Promise<RawCep | null>;
}

/** The CEP service refused the CEP as malformed (ViaCEP answers HTTP 400). */
export class CepRecusadoError extends Error {
  constructor(cep8: string) {
    super(`O serviço de CEP recusou o CEP ${cep8} como malformado`);
    this.name = 'CepRecusadoError';
  }
}

/** The CEP service could not answer: network error, timeout, HTTP 5xx or an answer we cannot read. */
export class CepIndisponivelError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CepIndisponivelError';
  }
}

const field = z.string().default('');

/**
 * ViaCEP's JSON for a found CEP. Missing fields read as '' (older answers have
 * no `unidade`, `estado` or `regiao`); a state abbreviation is required, since
 * without it the answer cannot be placed.
 */
export const rawCepSchema = z.object({
  cep: field,
  logradouro: field,
  complemento: field,
  unidade: field,
  bairro: field,
  localidade: field,
  uf: z.string().regex(/^[A-Z]{2}$/),
  estado: field,
  regiao: field,
  ibge: field,
  gia: field,
  ddd: field,
  siafi: field,
}) satisfies z.ZodType<RawCep, unknown>;

/** "01310100" → "01310-100". */
export const formatCep = (cep8: string): string => `${cep8.slice(0, 5)}-${cep8.slice(5)}`;
