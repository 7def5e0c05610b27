/**
 * The staff's client list (docs/behaviour/back-office.md#clients):
 * GET /cliente/buscar (paged, filtered), GET /cliente/buscar/{id} (the details
 * dialog) and GET /cliente/buscaNome/{text} (autocompletes). Staff only
 * (USUARIO and ADMIN).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { idParam, safeText } from './common.js';
import { clienteSchema } from './cliente.js';
import { moneySchema } from './money.js';
import { idQuery, pageQuery, paginaShape, sizeQuery, sortQuery, textoQuery } from './paginacao.js';

/**
 * A CPF or CNPJ to search for, typed with or without its mask: dots, dashes,
 * slashes and spaces are dropped, letters (alphanumeric CNPJ) upper-cased; up
 * to 14 characters remain. Blank means no filter. Matches any part of the
 * document ("52998" and "247-25" both find 529.982.247-25).
 */
const cpfCnpjQuery = safeText()
  .refine((v) => /^[0-9A-Za-z.\-/\s]*$/.test(v), { error: MSG_BO.clienteCpfCnpjFiltroInvalido, abort: true })
  .transform((v) => v.replace(/[^0-9A-Za-z]/g, '').toUpperCase())
  .refine((v) => v.length <= 14, { error: MSG_BO.clienteCpfCnpjFiltroInvalido })
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * GET /cliente/buscar?page&size&municipioId&ufId&nome&id&cpfCnpj&sort.
 * A city outside the chosen state is refused with 400 (the service checks it).
 */
const clienteBuscarQuerySchema = z.object({
  page: pageQuery,
  size: sizeQuery,
  /** City (IBGE code) of the client's address. */
  municipioId: idQuery,
  /** State (IBGE code) of the client's address. */
  ufId: idQuery,
  /** Contains, ignoring case and accents, over the person's name and the company's razão social. */
  nome: textoQuery,
  id: idQuery,
  cpfCnpj: cpfCnpjQuery,
  /** By name (person's name or razão social): asc (default) or desc. */
  sort: sortQuery,
});

/** A row of the staff's client list (ID, name, CNPJ/CPF, phone, city, state). */
const clienteListagemItemSchema = z.object({
  id: z.number().int(),
  juridica: z.boolean(),
  /** The person's name (null for a company). */
  nome: z.string().nullable(),
  /** The company's razão social (null for a person). */
  razaoSocial: z.string().nullable(),
  /** What the list shows as the name: the person's name or the razão social. */
  nomeExibicao: z.string(),
  /** The CPF (11 digits) or the CNPJ (14 characters), without punctuation. */
  cpfCnpj: z.string(),
  /** Digits only (10 or 11). */
  telefone: z.string(),
  /** City name and state abbreviation of the address ('' without an address). */
  cidade: z.string(),
  estado: z.string(),
  email: z.string(),
});
export type ClienteListagemItem = z.infer<typeof clienteListagemItemSchema>;

const clienteListagemSchema = z.object({
  clientes: z.array(clienteListagemItemSchema),
  ...paginaShape,
  /** Rows on this page. */
  totalRegistroPagina: z.number().int(),
});
export type ClienteListagem = z.infer<typeof clienteListagemSchema>;

/** The client's orders at a glance, for the details dialog. */
const clienteResumoPedidosSchema = z.object({
  /** Every order, whatever its status. */
  quantidade: z.number().int(),
  /** Orders paid (PAGO, ENVIADO or ENTREGUE). */
  quantidadePagos: z.number().int(),
  /** Sum of the totals of the paid orders. */
  valorPago: moneySchema,
  /** ISO-8601 instant of the newest order, or null. */
  ultimoPedidoEm: z.string().nullable(),
});

/** GET /cliente/buscar/{id}: the client (schemas/cliente.ts) plus what the staff's details dialog shows. */
const clienteDetalheSchema = clienteSchema.extend({
  /** ISO-8601 instant of the sign-up. */
  cadastradoEm: z.string(),
  pedidos: clienteResumoPedidosSchema,
  /** When the account was closed and its data anonymised (ADR 038); null or absent: an open account. */
  anonimizadoEm: z.string().nullable().optional(),
});
export type ClienteDetalhe = z.output<typeof clienteDetalheSchema>;

/** The text of GET /cliente/buscaNome/{text}: 1 to 100 characters; `%` and `_` match themselves. */
const buscaNomeParamsSchema = z.object({
  text: safeText().min(1, { error: MSG_BO.clienteBuscaNomeVazia }).max(100, { error: MSG.pesquisaLonga }),
});

/** A suggestion of GET /cliente/buscaNome/{text} (autocompletes). */
const clienteSugestaoSchema = z.object({
  id: z.number().int(),
  /** The person's name or the company's razão social. */
  nome: z.string(),
  cpfCnpj: z.string(),
});
export type ClienteSugestao = z.infer<typeof clienteSugestaoSchema>;

/** How many suggestions GET /cliente/buscaNome answers at most. */
export const BUSCA_NOME_LIMITE = 20;

/** The staff's client reads (USUARIO and ADMIN). */
export const clienteAdminApi = {
  buscar: defineEndpoint({
    method: 'GET',
    path: '/cliente/buscar',
    summary: 'Clientes com filtros (nome ou razão social, CPF/CNPJ, id, estado, cidade), paginados',
    description:
      'Páginas a partir de 0, de 1 a 100 registros (padrão 10), por nome (asc ou desc). nome: contém, sem diferenciar maiúsculas nem acentos, no nome ou na razão social. cpfCnpj: com ou sem máscara, contém. Cidade de outro estado: 400.',
    query: clienteBuscarQuerySchema,
    response: clienteListagemSchema,
  }),
  detalhe: defineEndpoint({
    method: 'GET',
    path: '/cliente/buscar/:id',
    summary: 'Um cliente com endereço, e-mail e o resumo dos pedidos',
    params: z.object({ id: idParam }),
    response: clienteDetalheSchema,
  }),
  buscaNome: defineEndpoint({
    method: 'GET',
    path: '/cliente/buscaNome/:text',
    summary: `Até ${BUSCA_NOME_LIMITE} clientes cujo nome ou razão social contém o texto (sem acento), para autocompletar`,
    description: 'Os que começam pelo texto vêm primeiro, depois por nome. % e _ são procurados literalmente.',
    params: buscaNomeParamsSchema,
    response: z.array(clienteSugestaoSchema),
  }),
};
