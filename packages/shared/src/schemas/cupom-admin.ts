/**
 * The back-office's discount coupons (docs/behaviour/back-office.md#coupons; ADR 025): the list, one coupon, its
 * usage report (staff: USUARIO and ADMIN), and creating, editing and deactivating one (ADMIN). The customer's
 * endpoint, POST /cupom/validar, is in cupom.ts.
 *
 * `valor` is one field for both kinds, a number with at most two decimals on the wire: a percentage (10.5 is 10,5 %)
 * or an amount in reais. In code both are that number times 100, as integers: hundredths of a percent or cents.
 */
import { z } from 'zod';
import { CEM_POR_CENTO, CODIGO_CUPOM, ESCOPOS_CUPOM, TIPOS_CUPOM } from '../coupon.js';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { booleanoObrigatorio, idCorpo, obrigatorio, textoMin3 } from './backoffice-fields.js';
import { idParam } from './common.js';
import { moneySchema } from './money.js';
import { booleanQuery, pageQuery, paginaShape, sizeQuery, sortQuery, textoQuery } from './paginacao.js';
import { situacaoPedidoSchema } from './pedido.js';

/** Most categories and products one coupon names, and the largest use limit. */
const MAX_CATEGORIAS = 100;
const MAX_PRODUTOS = 200;
const MAX_LIMITE = 1_000_000;

/** The situations of the back-office list (packages/shared/src/coupon.ts couponSituation). */
const situacaoCupomSchema = z.enum(['VIGENTE', 'AGENDADO', 'EXPIRADO', 'ESGOTADO', 'INATIVO']);

/** A coupon code as staff write it: trimmed and upper-cased, 3 to 30 letters A–Z and digits. */
export const codigoCupomField = z
  .string({ error: obrigatorio(MSG.textoEsperado) })
  .trim()
  .toUpperCase()
  .refine((v) => CODIGO_CUPOM.test(v), { error: MSG_BO.cupomCodigoFormato });

/** A clinic day 'YYYY-MM-DD' that exists, or null (blank, absent). */
const diaOpcional = z
  .string({ error: MSG.dataInvalida })
  .refine((v) => {
    if (v === '') return true;
    const d = new Date(`${v}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, MSG.dataInvalida)
  .nullish()
  .transform((v) => (v ? v : null));

const limiteOpcional = z
  .number({ error: MSG_BO.cupomLimiteInvalido })
  .int(MSG_BO.cupomLimiteInvalido)
  .min(1, MSG_BO.cupomLimiteInvalido)
  .max(MAX_LIMITE, MSG_BO.cupomLimiteInvalido)
  .nullish()
  .transform((v) => v ?? null);

const ids = (message: string, demais: string, max: number) =>
  z
    .array(z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message), { error: message })
    .max(max, demais)
    .default([]);

/** A required choice: missing or null is 'O campo não pode ficar vazio.'; anything else not offered, `message`. */
const escolha = (message: string) => (issue: z.core.$ZodRawIssue) =>
  issue.input === undefined || issue.input === null ? MSG.naoVazio : message;

const cupomCampos = {
  codigo: codigoCupomField,
  descricao: textoMin3(255),
  tipo: z.enum(TIPOS_CUPOM, { error: escolha(MSG_BO.cupomTipoInvalido) }),
  /** A percentage (0.01 to 100) or an amount in reais (above zero), at most two decimals; × 100 in code. */
  valor: z.number({ error: obrigatorio('Informe um número.') }).pipe(moneySchema),
  /** The least products subtotal, in reais; null for none. */
  valorMinimo: moneySchema
    .refine((c) => c > 0, { error: MSG_BO.cupomValorMinimoZero })
    .nullish()
    .transform((v) => v ?? null),
  /** First and last clinic day of validity, both included; null for an open end. */
  inicio: diaOpcional,
  fim: diaOpcional,
  limiteUsos: limiteOpcional,
  limitePorCliente: limiteOpcional,
  primeiraCompra: booleanoObrigatorio(),
  escopo: z.enum(ESCOPOS_CUPOM, { error: escolha(MSG_BO.cupomEscopoInvalido) }),
  /** The categories of a CATEGORIAS coupon (ignored for another scope). */
  categoriaIds: ids(MSG_BO.cupomSemCategorias, MSG_BO.cupomCategoriasDemais, MAX_CATEGORIAS),
  /** The products of a PRODUTOS coupon (ignored for another scope). */
  produtoIds: ids(MSG_BO.cupomSemProdutos, MSG_BO.cupomProdutosDemais, MAX_PRODUTOS),
  acumulaPix: booleanoObrigatorio(),
  acumulaBrinde: booleanoObrigatorio(),
  ativo: booleanoObrigatorio(),
};

/** The rules between fields: the value's range by kind, the window's order, the scope's ids. */
function regrasEntreCampos(
  c: {
    tipo: (typeof TIPOS_CUPOM)[number];
    valor: number;
    inicio: string | null;
    fim: string | null;
    escopo: (typeof ESCOPOS_CUPOM)[number];
    categoriaIds: number[];
    produtoIds: number[];
  },
  ctx: z.core.$RefinementCtx,
) {
  if (c.tipo === 'PERCENTUAL' && (c.valor < 1 || c.valor > CEM_POR_CENTO)) {
    ctx.addIssue({ code: 'custom', path: ['valor'], message: MSG_BO.cupomPercentualInvalido });
  }
  if (c.tipo === 'FIXO' && c.valor < 1)
    ctx.addIssue({ code: 'custom', path: ['valor'], message: MSG_BO.cupomValorZero });
  if (c.inicio && c.fim && c.fim < c.inicio) {
    ctx.addIssue({ code: 'custom', path: ['fim'], message: MSG.periodoInvalido });
  }
  if (c.escopo === 'CATEGORIAS' && c.categoriaIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['categoriaIds'], message: MSG_BO.cupomSemCategorias });
  }
  if (c.escopo === 'PRODUTOS' && c.produtoIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['produtoIds'], message: MSG_BO.cupomSemProdutos });
  }
}

/**
 * POST /cupom/ (and PUT /cupom/{id}): the whole coupon. The code is unique without regard to case (409); the
 * categories and products must exist (422).
 */
const cupomInputSchema = z.object(cupomCampos, { error: MSG.erroValidacao }).superRefine(regrasEntreCampos);
export type CupomInput = z.input<typeof cupomInputSchema>;
export type CupomDados = z.output<typeof cupomInputSchema>;

/** PUT /cupom/{id}: `id`, when sent, must be the path's. */
const cupomEdicaoSchema = z
  .object({ ...cupomCampos, id: idCorpo }, { error: MSG.erroValidacao })
  .superRefine(regrasEntreCampos);

const referenciaSchema = z.object({ id: z.number().int(), nome: z.string() });

/** What the list shows of a coupon. */
const cupomResumoSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  descricao: z.string(),
  tipo: z.enum(TIPOS_CUPOM),
  /** Hundredths of a percent or cents in code (see the header). */
  valor: moneySchema,
  escopo: z.enum(ESCOPOS_CUPOM),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  limiteUsos: z.number().int().nullable(),
  ativo: z.boolean(),
  /** Uses that count: orders not cancelled. */
  usos: z.number().int(),
  situacao: situacaoCupomSchema,
});
export type CupomResumo = z.output<typeof cupomResumoSchema>;

/** GET /cupom/{id}: the whole coupon, its categories and products by name, and what it has given so far. */
const cupomSchema = cupomResumoSchema.extend({
  valorMinimo: moneySchema.nullable(),
  limitePorCliente: z.number().int().nullable(),
  primeiraCompra: z.boolean(),
  categorias: z.array(referenciaSchema),
  produtos: z.array(referenciaSchema),
  acumulaPix: z.boolean(),
  acumulaBrinde: z.boolean(),
  /** The discounts of the uses that count. */
  totalDescontado: moneySchema,
});
export type Cupom = z.output<typeof cupomSchema>;

/** GET /cupom/listagem?codigo&ativo&vigente&sort&page&size. */
const cupomListagemQuerySchema = z.object({
  /** Part of the code, any case. */
  codigo: textoQuery,
  /** true: active only; false: deactivated only; absent: both. */
  ativo: booleanQuery,
  /** true: usable today (active, within its dates, uses left); false: the others; absent: both. */
  vigente: booleanQuery,
  /** By code: asc (default) or desc. */
  sort: sortQuery,
  page: pageQuery,
  size: sizeQuery,
});
export type CupomListagemQuery = z.input<typeof cupomListagemQuerySchema>;

const cupomListagemSchema = z.object({ listaCupom: z.array(cupomResumoSchema), ...paginaShape });
export type CupomListagem = z.output<typeof cupomListagemSchema>;

/** One order that used the coupon. */
const usoCupomSchema = z.object({
  pedidoId: z.number().int(),
  /** ISO-8601 instant of the order. */
  data: z.string(),
  cliente: referenciaSchema,
  /** The order's total. */
  valorPedido: moneySchema,
  desconto: moneySchema,
  situacao: situacaoPedidoSchema,
  /** The use counts (the order is not cancelled). */
  conta: z.boolean(),
});
export type UsoCupom = z.output<typeof usoCupomSchema>;

/** GET /cupom/{id}/usos?page&size: the orders that used it, newest first, and the totals of the uses that count. */
const cupomUsosSchema = z.object({
  cupom: z.object({ id: z.number().int(), codigo: z.string(), descricao: z.string() }),
  totalUsos: z.number().int(),
  totalDescontado: moneySchema,
  listaUsos: z.array(usoCupomSchema),
  ...paginaShape,
});
export type CupomUsos = z.output<typeof cupomUsosSchema>;

const idParams = z.object({ id: idParam });

/** The back-office's coupons: reads for the staff, writes for the manager (ADR 025). */
export const cupomAdminApi = {
  listagem: defineEndpoint({
    method: 'GET',
    path: '/cupom/listagem',
    summary: 'Cupons com filtros por código (contém), ativo e vigente, paginados',
    query: cupomListagemQuerySchema,
    response: cupomListagemSchema,
  }),
  buscar: defineEndpoint({
    method: 'GET',
    path: '/cupom/:id',
    summary: 'Um cupom, com as categorias e produtos em que vale e o total já descontado',
    params: idParams,
    response: cupomSchema,
  }),
  usos: defineEndpoint({
    method: 'GET',
    path: '/cupom/:id/usos',
    summary: 'Os pedidos que usaram um cupom, do mais recente ao mais antigo, com os totais dos usos que contam',
    description: 'Um uso conta enquanto o seu pedido não está cancelado.',
    params: idParams,
    query: z.object({ page: pageQuery, size: sizeQuery }),
    response: cupomUsosSchema,
  }),
  criar: defineEndpoint({
    method: 'POST',
    path: '/cupom/',
    summary: 'Cadastra um cupom de desconto (Gerente)',
    description: 'Código repetido (sem diferença de maiúsculas): 409. Categoria ou produto que não existe: 422.',
    body: cupomInputSchema,
    response: cupomSchema,
    status: 201,
  }),
  editar: defineEndpoint({
    method: 'PUT',
    path: '/cupom/:id',
    summary: 'Edita um cupom de desconto (Gerente)',
    description:
      'O cupom inteiro; os pedidos que já o usaram não mudam. Código repetido: 409. Categoria ou produto que não existe: 422.',
    params: idParams,
    body: cupomEdicaoSchema,
    response: cupomSchema,
  }),
  desativar: defineEndpoint({
    method: 'PUT',
    path: '/cupom/desativar/:id',
    summary: 'Desativa um cupom (Gerente): ele deixa de valer em novos pedidos',
    description: 'Desativar um cupom já desativado não muda nada (200). Para ativar de novo, edite o cupom.',
    params: idParams,
    response: cupomSchema,
  }),
};
