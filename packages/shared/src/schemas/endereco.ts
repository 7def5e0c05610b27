import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { cepField, optionalText, refId, requiredText } from './fields.js';

/** A state (IBGE code as id). */
const ufSchema = z.object({ id: z.number().int(), sigla: z.string(), nome: z.string() });
export type Uf = z.infer<typeof ufSchema>;

/** A municipality (7-digit IBGE code as id). */
const municipioSchema = z.object({ id: z.number().int(), nome: z.string() });
export type Municipio = z.infer<typeof municipioSchema>;

const ufIdParamsSchema = z.object({
  ufId: z
    .string({ error: MSG.identificadorInvalido })
    .regex(/^[1-9]\d$/, { error: MSG.identificadorInvalido })
    .transform(Number),
});

/** `GET /viacep/{cep}`: the address of a CEP (docs/behaviour/forms-and-validation.md#address) plus ViaCEP's raw fields. */
const viaCepContentSchema = z.object({
  cep: z.string(),
  logradouro: z.string(),
  complemento: z.string(),
  unidade: z.string(),
  bairro: z.string(),
  /** City name as ViaCEP spells it. */
  localidade: z.string(),
  estado: z.string(),
  regiao: z.string(),
  /** 7-digit IBGE code of the municipality ('' when unknown). */
  ibge: z.string(),
  gia: z.string(),
  ddd: z.string(),
  siafi: z.string(),
  uf: ufSchema,
  /** Null when only the state is known (offline sandbox, CEP outside the bundled list). */
  municipio: municipioSchema.nullable(),
});
export type ViaCep = z.infer<typeof viaCepContentSchema>;

/** The address of a client as sent in sign-up and profile. */
export const enderecoInputSchema = z.object(
  {
    cep: cepField,
    logradouro: requiredText(200, MSG.naoVazio),
    numero: requiredText(20, MSG.naoVazio),
    complemento: optionalText(100),
    bairro: requiredText(100, MSG.naoVazio),
    municipio: refId(MSG.selecioneCidade),
    uf: refId(MSG.estado),
  },
  { error: MSG.naoVazio },
);
export type EnderecoInput = z.input<typeof enderecoInputSchema>;
export type EnderecoData = z.output<typeof enderecoInputSchema>;

/** An address as the API answers it. */
export const enderecoSchema = z.object({
  id: z.number().int(),
  cep: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string().nullable(),
  bairro: z.string(),
  municipio: municipioSchema,
  uf: ufSchema,
});
export type Endereco = z.infer<typeof enderecoSchema>;

/** The address endpoints (docs/behaviour/forms-and-validation.md#address). */
export const enderecoApi = {
  ufs: defineEndpoint({
    method: 'GET',
    path: '/uf/',
    summary: 'Estados (UF) com código IBGE, sigla e nome, por nome',
    response: z.array(ufSchema),
  }),
  listaUf: defineEndpoint({
    method: 'GET',
    path: '/endereco/uf',
    summary: 'Estados (UF) em `listaUf`',
    response: z.object({ listaUf: z.array(ufSchema) }),
  }),
  municipios: defineEndpoint({
    method: 'GET',
    path: '/municipio/estado/:ufId',
    summary: 'Municípios de um estado (código IBGE e nome), por nome',
    params: ufIdParamsSchema,
    response: z.array(municipioSchema),
  }),
  viaCep: defineEndpoint({
    method: 'GET',
    path: '/viacep/:cep',
    summary: 'Endereço de um CEP (8 dígitos): bairro, logradouro, uf.id e municipio.id, mais os campos do ViaCEP',
    description: 'CEP malformado: 400. CEP desconhecido: 404. Serviço de CEP fora do ar: 503.',
    params: z.object({ cep: z.string() }),
    response: viaCepContentSchema,
  }),
};
