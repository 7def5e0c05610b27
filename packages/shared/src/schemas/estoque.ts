/**
 * The staff's stock and 'Avise-me quando chegar' (ADR 032; docs/behaviour/back-office.md#stock,
 * docs/behaviour/catalogue-and-search.md#avise-me):
 * - POST /produto/{id}/estoque/movimento: an entrada (adds units), an ajuste (the counted quantity: the difference
 *   is recorded) or a perda (removes units), with a reason for ajuste and perda; never below the reserved units;
 * - GET /produto/{id}/estoque/movimentos: the product's movements, newest first;
 * - GET /produto/estoque/baixo: the products at or below their 'Estoque mínimo', sold out first;
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG_ESTOQUE_EQUIPE } from '../messages-estoque-equipe.js';
import { idParam, safeText } from './common.js';
import { pageQuery, paginaShape, sizeQuery } from './paginacao.js';
import { quantidadeEstoqueField } from './produto-admin.js';

/** The staff's moves: entrada adds, ajuste sets the counted quantity, perda removes. */
const TIPOS_AJUSTE_ESTOQUE = ['entrada', 'ajuste', 'perda'] as const;
export type TipoAjusteEstoque = (typeof TIPOS_AJUSTE_ESTOQUE)[number];

/** Every kind of movement: the orders' (reserva, venda, liberacao) and the staff's. */
const TIPOS_MOVIMENTO = ['reserva', 'venda', 'liberacao', 'devolucao', ...TIPOS_AJUSTE_ESTOQUE] as const;

/** Longest reason of a staff move (the column's size). */
export const MOTIVO_ESTOQUE_MAX = 200;

/** Body of POST /produto/{id}/estoque/movimento. */
export const movimentoEstoqueInputSchema = z
  .object({
    tipo: z.enum(TIPOS_AJUSTE_ESTOQUE, { error: MSG_ESTOQUE_EQUIPE.tipoInvalido }),
    /** Entrada and perda: the units moved (≥ 1). Ajuste: the units counted (≥ 0). */
    quantidade: quantidadeEstoqueField,
    /** Required for ajuste and perda; optional for an entrada (an invoice number, a supplier). */
    motivo: safeText()
      .max(MOTIVO_ESTOQUE_MAX, MSG_ESTOQUE_EQUIPE.motivoLongo)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((m, ctx) => {
    if (m.tipo !== 'ajuste' && m.quantidade < 1) {
      ctx.addIssue({ code: 'custom', path: ['quantidade'], message: MSG_ESTOQUE_EQUIPE.quantidadeMinima });
    }
    if (m.tipo !== 'entrada' && (!m.motivo || m.motivo.length < 3)) {
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: MSG_ESTOQUE_EQUIPE.motivoObrigatorio });
    }
  });
export type MovimentoEstoqueInput = z.input<typeof movimentoEstoqueInputSchema>;

/** A physical product's stock now. */
const estoqueAdminSchema = z.object({
  produtoId: z.number().int(),
  /** Units on hand. */
  estoque: z.number().int(),
  /** Units held by unpaid orders. */
  reservado: z.number().int(),
  /** Units that can still be ordered (estoque − reservado). */
  disponiveis: z.number().int(),
  estoqueMinimo: z.number().int(),
});
export type EstoqueAdmin = z.infer<typeof estoqueAdminSchema>;

/** A movement as the product's screen lists it. */
const movimentoEstoqueSchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  quando: z.string(),
  tipo: z.enum(TIPOS_MOVIMENTO),
  quantidade: z.number().int(),
  /** Signed change of the units on hand and of the reserved ones. */
  deltaEstoque: z.number().int(),
  deltaReservado: z.number().int(),
  /** The order that moved the units (null for a staff move). */
  pedidoId: z.number().int().nullable(),
  motivo: z.string().nullable(),
  /** CLIENTE, USUARIO, ADMIN or SISTEMA. */
  quem: z.string(),
  /** The staff member's name (null for the customer's and the system's moves). */
  quemNome: z.string().nullable(),
});
export type MovimentoEstoque = z.infer<typeof movimentoEstoqueSchema>;

const movimentosSchema = z.object({ listaMovimento: z.array(movimentoEstoqueSchema), ...paginaShape });

/** A row of 'Estoque baixo'. */
const estoqueBaixoItemSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  ativo: z.boolean(),
  estoque: z.number().int(),
  reservado: z.number().int(),
  disponiveis: z.number().int(),
  estoqueMinimo: z.number().int(),
  pathImgDestaque: z.string().nullable(),
});
export type EstoqueBaixoItem = z.infer<typeof estoqueBaixoItemSchema>;

const estoqueBaixoSchema = z.object({ listaProduto: z.array(estoqueBaixoItemSchema), ...paginaShape });
export type EstoqueBaixo = z.infer<typeof estoqueBaixoSchema>;

/** The staff's stock endpoints (USUARIO and ADMIN); the store's 'Avise-me' is schemas/avise-me.ts. */
export const estoqueApi = {
  movimentar: defineEndpoint({
    method: 'POST',
    path: '/produto/:id/estoque/movimento',
    summary: 'Entrada, ajuste (contagem) ou perda de estoque de um produto físico, com o motivo',
    description:
      'Ajuste e perda pedem o motivo. Abaixo das unidades reservadas em pedidos: 422. Produto digital: 422. Auditado.',
    params: z.object({ id: idParam }),
    body: movimentoEstoqueInputSchema,
    response: estoqueAdminSchema,
    status: 201,
  }),
  movimentos: defineEndpoint({
    method: 'GET',
    path: '/produto/:id/estoque/movimentos',
    summary: 'O estoque do produto e os seus movimentos, mais novos primeiro, paginados',
    params: z.object({ id: idParam }),
    query: z.object({ page: pageQuery, size: sizeQuery }),
    response: movimentosSchema.extend({ estoque: estoqueAdminSchema }),
  }),
  baixo: defineEndpoint({
    method: 'GET',
    path: '/produto/estoque/baixo',
    summary: 'Produtos físicos ativos com as unidades disponíveis no estoque mínimo ou abaixo, esgotados primeiro',
    query: z.object({ page: pageQuery, size: sizeQuery }),
    response: estoqueBaixoSchema,
  }),
};
