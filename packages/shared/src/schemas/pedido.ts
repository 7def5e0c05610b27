/**
 * Orders (docs/behaviour/orders.md, docs/behaviour/bag-and-checkout.md#order-creation).
 * Money is cents in code and reais with two decimals on the wire (moneySchema).
 * The server is the authority on every amount (ADR 010, docs/architecture.md#money): the
 * payload's values are only what the customer saw, checked against the
 * server's own numbers.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { boletoPagamentoSchema } from './boleto.js';
import { idParam, safeText } from './common.js';
import { celularField, cepField, emailComField, isCpfOrCnpj, nomeField, optionalText, requiredText } from './fields.js';
import { moneySchema } from './money.js';
import { binSchema, parcelamentoSchema } from './parcelamento.js';

/** Status values of an order (docs/behaviour/orders.md#order-statuses; a lower-case 'recusado' is RECUSADO). */
export const SITUACOES_PEDIDO = [
  'PENDENTE',
  'PAGO',
  'ENVIADO',
  'ENTREGUE',
  'CANCELADO',
  'RECUSADO',
  'DEVOLUCAO_SOLICITADA',
] as const;
export const situacaoPedidoSchema = z.enum(SITUACOES_PEDIDO, { error: MSG.situacaoPedidoInvalida });
export type SituacaoPedido = z.infer<typeof situacaoPedidoSchema>;

/** Who changed an order's status. */
const autorHistoricoSchema = z.enum(['CLIENTE', 'USUARIO', 'ADMIN', 'SISTEMA']);

/** Payment types (docs/behaviour/payments.md#paying-an-order). */
export const tipoPagamentoSchema = z.enum(['credit', 'pix', 'boleto'], { error: MSG.dadosPagamentoInvalidos });
export type TipoPagamento = z.infer<typeof tipoPagamentoSchema>;

/** The header every POST /pedido/create carries (docs/architecture.md#money, ADR 010). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 1 to 255 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/** Most lines in one order, and most units of one product. */
const MAX_ITENS_PEDIDO = 100;
const MAX_QUANTIDADE_PEDIDO = 999;

const MAX_ID = 2_147_483_647;
const idRef = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** One line of the creation payload: unit `valor` and line `valorTotal` as the customer saw them. */
const pedidoItemInputSchema = z.object(
  {
    produto: z.object({ id: idRef(MSG.identificadorInvalido) }, { error: MSG.identificadorInvalido }),
    quantidade: z
      .number({ error: MSG.quantidadeMaiorQueZero })
      .int(MSG.quantidadeMaiorQueZero)
      .min(1, MSG.quantidadeMaiorQueZero)
      .max(MAX_QUANTIDADE_PEDIDO, MSG.quantidadeMaxima),
    valor: moneySchema,
    valorTotal: moneySchema,
  },
  { error: MSG.pedidoSemItens },
);

/** Delivery address of the creation payload (`enderecoEntrega`). */
const enderecoEntregaInputSchema = z.object(
  {
    ufId: idRef(MSG.estado),
    municipioId: idRef(MSG.selecioneCidade),
    bairro: requiredText(100, MSG.bairroInvalido),
    logradouro: requiredText(200, MSG.logradouroInvalido),
    numero: requiredText(20, MSG.numeroInvalido),
    cep: cepField,
    complemento: optionalText(100),
  },
  { error: MSG.pedidoEnderecoObrigatorio },
);

/** Buyer's data (`dadosPessoais`), plus the CPF/CNPJ the checkout asks for (optional). */
const dadosPessoaisSchema = z.object(
  {
    nome: nomeField(150),
    email: emailComField,
    telefone: celularField,
    documento: safeText()
      .refine(isCpfOrCnpj, { error: MSG.cpfCnpj })
      .transform((v) => v.replace(/[^0-9A-Za-z]/g, '').toUpperCase())
      .nullish()
      .transform((v) => v ?? null),
  },
  { error: MSG.vazio },
);

/** The chosen freight option (`entrega`): `idMelhorEnvio` is the option id of POST /frete/calcular. */
const entregaInputSchema = z.object(
  {
    idMelhorEnvio: idRef(MSG.pedidoEntregaObrigatoria),
    name: optionalText(100),
    customPrice: moneySchema,
    tempoEntrega: z.number().int().min(0).max(365).nullish(),
    transportadora: optionalText(100),
  },
  { error: MSG.pedidoEntregaObrigatoria },
);

/** Payment choice (`pagamento`). The card token is passed on to POST /pagamento/processar, never stored. */
const pagamentoInputSchema = z.object(
  {
    tipoPagamento: tipoPagamentoSchema,
    paymentMethodId: optionalText(40),
    nome: optionalText(150),
    email: optionalText(254),
    /** The amount to pay by this method (the PIX discount off by PIX), before any card interest. */
    valor: moneySchema.optional(),
    token: optionalText(500),
    /** Card only: the installments chosen (docs/behaviour/payments.md#installments); absent, 1x. */
    parcelamento: parcelamentoSchema.nullish(),
    /** Card only: the card's BIN, which Mercado Pago's installment offer depends on. */
    bin: binSchema.nullish(),
  },
  { error: MSG.dadosPagamentoInvalidos },
);

/**
 * `POST /pedido/create` body (docs/behaviour/bag-and-checkout.md#order-creation). `entrega` and
 * `enderecoEntrega` are required when something ships (a line neither digital
 * nor the gift) and ignored otherwise (freight 0, no address).
 */
const pedidoCreateBodySchema = z.object(
  {
    valorTotal: moneySchema,
    clienteId: idRef(MSG.identificadorInvalido),
    nomeRecebedor: optionalText(150),
    telefoneRecebedor: optionalText(20),
    itens: z
      .array(pedidoItemInputSchema, { error: MSG.pedidoSemItens })
      .min(1, MSG.pedidoSemItens)
      .max(MAX_ITENS_PEDIDO, MSG.pedidoItensDemais),
    enderecoEntrega: enderecoEntregaInputSchema.nullish(),
    dadosPessoais: dadosPessoaisSchema,
    entrega: entregaInputSchema.nullish(),
    pagamento: pagamentoInputSchema,
    /**
     * The discount coupon's code as the customer typed it (docs/behaviour/bag-and-checkout.md#coupons); absent or
     * empty, none. The server evaluates it again and prices the order with it.
     */
    cupom: optionalText(40),
    /**
     * The version of the terms of purchase the customer was shown (`VERSAO_TERMOS`, packages/shared/src/termos.ts;
     * ADR 035). Missing: 422; another version: 409 (the customer reloads the terms). Stored with the order.
     */
    versaoTermos: optionalText(20),
  },
  { error: MSG.corpoInvalido },
);
export type PedidoCreateBody = z.input<typeof pedidoCreateBodySchema>;
export type PedidoCreateData = z.output<typeof pedidoCreateBodySchema>;

/** [year, month, day] in the clinic's time zone (`pagamento.createAt`). */
const diaSchema = z.tuple([z.number().int(), z.number().int(), z.number().int()]);

const pedidoProdutoSchema = z.object({
  produtoId: z.number().int(),
  produtoNome: z.string(),
  quantidade: z.number().int(),
  /** Unit price charged (0 for the gift). */
  valor: moneySchema,
  valorTotal: moneySchema,
  brinde: z.boolean(),
  digital: z.boolean(),
});

const pedidoEnderecoSchema = z.object({
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string().nullable(),
  bairro: z.string(),
  cep: z.string(),
  municipio: z.object({ id: z.number().int(), nome: z.string() }),
  uf: z.object({ id: z.number().int(), sigla: z.string() }),
});

const pedidoPagamentoSchema = z.object({
  id: z.number().int(),
  tipoPagamento: tipoPagamentoSchema,
  /** Mercado Pago's status names (pending, approved, rejected, cancelled, refunded…). */
  status: z.string(),
  valor: moneySchema,
  createAt: diaSchema,
  /** ISO-8601 instant of approval, or null. */
  dataPagamento: z.string().nullable(),
  /** Card: the installments charged ('6x de R$ 177,98 (total R$ 1.067,88)'); null for PIX. */
  parcelamento: parcelamentoSchema.nullable(),
});

const pedidoEntregaSchema = z.object({
  idMelhorEnvio: z.number().int(),
  name: z.string().nullable(),
  customPrice: moneySchema,
  tempoEntrega: z.number().int().nullable(),
  transportadora: z.string().nullable(),
});

const pedidoHistoricoSchema = z.object({
  de: situacaoPedidoSchema.nullable(),
  para: situacaoPedidoSchema,
  quem: autorHistoricoSchema,
  /** Client id (CLIENTE), user id (USUARIO/ADMIN) or null (SISTEMA). */
  quemId: z.number().int().nullable(),
  /** ISO-8601 instant. */
  quando: z.string(),
});

const clienteDoPedidoSchema = z.object({ id: z.number().int(), nome: z.string() });

/**
 * Shipping of the order (docs/behaviour/orders.md#shipping-and-tracking): the carrier's tracking code given by staff
 * when the order moved to ENVIADO, and when it was sent and delivered. Null
 * while the order has not been sent.
 */
const rastreioSchema = z.object({
  codigo: z.string().nullable(),
  /** The carrier's tracking page for this code, when the code's shape tells the carrier (Correios); else null. */
  url: z.string().nullable(),
  /** ISO-8601 instants. */
  enviadoEm: z.string().nullable(),
  entregueEm: z.string().nullable(),
});

/** The right of withdrawal of a paid order (CDC art. 49; ADR 036). */
const desistenciaSchema = z.object({
  /** 'curso': counted from the payment (an order of courses only); 'produtos': from the delivery. */
  tipo: z.enum(['curso', 'produtos']),
  /** 'Desistir da compra' is offered now (inside the window, not asked for yet). */
  podeDesistir: z.boolean(),
  /** ISO-8601 instant the window closes; null while it has not started (goods not delivered yet). */
  prazo: z.string().nullable(),
  /** ISO-8601 instant the customer withdrew; null while not asked for. */
  solicitadaEm: z.string().nullable(),
  motivo: z.string().nullable(),
  /** ISO-8601 instant the staff recorded the returned goods' arrival; null before. */
  devolucaoRecebidaEm: z.string().nullable(),
});
/** The order's confirmation PDF (ADR 035), a binary answer outside the JSON contract: its customer only. */
export const COMPROVANTE_PEDIDO_PATH = '/pedido/:id/comprovante.pdf';
export const comprovantePedidoPath = (idPedido: number) => `/pedido/${idPedido}/comprovante.pdf`;

/** An order as GET /pedido/{id} and POST /pedido/create answer it. */
export const pedidoSchema = z.object({
  id: z.number().int(),
  situacaoPedido: situacaoPedidoSchema,
  cliente: clienteDoPedidoSchema,
  /** The total, sent under both names the screens read: valor and valorTotal. */
  valor: moneySchema,
  valorTotal: moneySchema,
  valorProdutos: moneySchema,
  valorFrete: moneySchema,
  /** The PIX discount in the total (0 unless the order is paid by PIX: docs/behaviour/payments.md#pix-discount). */
  descontoPix: moneySchema,
  /**
   * The discount coupon the order used, its discount and whether it combines with the PIX discount (a payment by
   * PIX prices the order with it: docs/behaviour/bag-and-checkout.md#coupons); null: none.
   */
  cupom: z.object({ codigo: z.string(), desconto: moneySchema, acumulaPix: z.boolean() }).nullable(),
  /** The store's free shipping was applied: `valorFrete` is 0 (docs/behaviour/bag-and-checkout.md#free-shipping). */
  freteGratis: z.boolean(),
  /**
   * The buyer's CRO as it was when the order was placed (ADR 037): recorded when the order has a professional-use item
   * (RDC 6/2015), printed on the invoice; null otherwise.
   */
  cro: z.object({ numero: z.string(), uf: z.string() }).nullable(),
  /** ISO-8601 instant the order was placed. */
  dtPedido: z.string(),
  /** The version of the terms of purchase accepted with the order (ADR 035); null for orders made before them. */
  versaoTermos: z.string().nullable(),
  nomeRecebedor: z.string().nullable(),
  telefoneRecebedor: z.string().nullable(),
  produtos: z.array(pedidoProdutoSchema),
  enderecoEntrega: pedidoEnderecoSchema.nullable(),
  entrega: pedidoEntregaSchema.nullable(),
  pagamento: pedidoPagamentoSchema.nullable(),
  /** The order's live PIX charge (docs/behaviour/payments.md#pix); null when none is waiting to be paid. */
  pix: z
    .object({
      qrCode: z.string(),
      qrCodeBase64: z.string(),
      /** ISO-8601 instant the charge stops being payable. */
      expiraEm: z.string(),
      /** Seconds of validity from creation: the countdown's start (600 at checkout, 1800 from the order dialog). */
      validadeSegundos: z.number().int(),
    })
    .nullable(),
  /** The order's boleto still payable (docs/behaviour/payments.md#boleto), and its payment's id; null otherwise. */
  boleto: boletoPagamentoSchema.extend({ idPagamento: z.number().int() }).nullable(),
  historico: z.array(pedidoHistoricoSchema),
  rastreio: rastreioSchema.nullable(),
  /**
   * The right of withdrawal (docs/behaviour/orders.md#right-of-withdrawal, ADR 036): whether 'Desistir da compra'
   * is offered now and until when, or the withdrawal asked for. Null for an order that was never paid.
   */
  desistencia: desistenciaSchema.nullable(),
});
export type Pedido = z.output<typeof pedidoSchema>;

/** One row of the order lists (docs/behaviour/orders.md#customer-order-list, docs/behaviour/back-office.md#orders). */
export const pedidoResumoSchema = z.object({
  id: z.number().int(),
  situacaoPedido: situacaoPedidoSchema,
  cliente: clienteDoPedidoSchema,
  valor: moneySchema,
  valorTotal: moneySchema,
  dtPedido: z.string(),
  /** ISO-8601 instant of the approved payment, or null. */
  dataPagamento: z.string().nullable(),
  pagamento: z.object({ createAt: diaSchema, status: z.string(), tipoPagamento: tipoPagamentoSchema }).nullable(),
  /** Each line; `digital` tells whether anything goes out by carrier (the staff's 'Enviar' on the row). */
  produtos: z.array(pedidoProdutoSchema.pick({ produtoId: true, produtoNome: true, quantidade: true, digital: true })),
});
export type PedidoResumo = z.output<typeof pedidoResumoSchema>;

// ---------------------------------------------------------------------------
// Listing queries: query values arrive as strings.

/** A calendar day 'YYYY-MM-DD' that exists (the order listings and the dashboard take it), optional. */
export const dataQuery = z
  .string({ error: MSG.dataInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.dataInvalida, abort: true })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, MSG.dataInvalida)
  .optional();

const idQuery = idParam.optional();

const pageQuery = z
  .string({ error: MSG.paginaInvalida })
  .regex(/^(0|[1-9]\d{0,6})$/, { error: MSG.paginaInvalida })
  .transform(Number)
  .optional()
  .transform((v) => v ?? 0);

const sizeQuery = z
  .string({ error: MSG.tamanhoPaginaInvalido })
  .regex(/^[1-9]\d{0,2}$/, { error: MSG.tamanhoPaginaInvalido, abort: true })
  .transform(Number)
  .refine((n) => n <= 100, MSG.tamanhoPaginaInvalido)
  .optional()
  .transform((v) => v ?? 10);

const periodoValido = (q: { dataInicio?: string | undefined; dataFim?: string | undefined }) =>
  !q.dataInicio || !q.dataFim || q.dataInicio <= q.dataFim;

/** `GET /pedido/listagem/cliente/{clientId}` query: page (0-based, default 0), size (default 10). */
const pedidoListagemClienteQuerySchema = z
  .object({
    page: pageQuery,
    size: sizeQuery,
    idPedido: idQuery,
    /** Calendar days in the clinic's time zone (America/Sao_Paulo), inclusive. */
    dataInicio: dataQuery,
    dataFim: dataQuery,
  })
  .refine(periodoValido, { error: MSG.periodoInvalido, path: ['dataFim'] });

/** `GET /pedido/admin/listagem` query, plus an optional status filter. */
const pedidoListagemAdminQuerySchema = z
  .object({
    page: pageQuery,
    size: sizeQuery,
    /** By order date: desc (newest first, default) or asc. */
    sort: z
      .enum(['asc', 'desc'], { error: MSG.ordenacaoInvalida })
      .optional()
      .transform((v) => v ?? 'desc'),
    /** State and city of the delivery address (or of the client's address for orders that ship nothing). */
    idUf: idQuery,
    idCidade: idQuery,
    idCliente: idQuery,
    /** Orders holding this product. */
    idProduto: idQuery,
    idPedido: idQuery,
    dataInicio: dataQuery,
    dataFim: dataQuery,
    situacao: situacaoPedidoSchema.optional(),
  })
  .refine(periodoValido, { error: MSG.periodoInvalido, path: ['dataFim'] });

const pedidoListagemClienteSchema = z.object({
  pedidos: z.array(pedidoResumoSchema),
  totalPaginas: z.number().int(),
  totalRegistros: z.number().int(),
  page: z.number().int(),
});

const pedidoListagemAdminSchema = z.object({
  pedidos: z.array(pedidoResumoSchema),
  /** Rows on this page. */
  totalRegistroPagina: z.number().int(),
  totalRegistro: z.number().int(),
  totalPaginas: z.number().int(),
  page: z.number().int(),
});

/** The order endpoints (docs/behaviour/orders.md). */
export const pedidoApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/pedido/create',
    summary: 'Cria o pedido do cliente (preços, brinde, frete e total recalculados pelo servidor)',
    description:
      'Exige o cabeçalho Idempotency-Key (1 a 255 caracteres visíveis): a chave é a tentativa de compra (ADR 010) e vale um pedido só. A repetição com o mesmo pedido (itens, entrega, frete, dados e totais) devolve esse pedido, mesmo com outro token de cartão: o `pagamento` da repetição paga o pedido se ele ainda aceita pagamento, nunca um pedido já pago. A mesma chave com outro pedido ou em outra rota é 422. clienteId de outro cliente: 403. Valor de item, frete ou total diferente do calculado (mais de 1 centavo): 409. Produto inexistente, inativo ou indisponível: 422. Produto digital já comprado, ou num pedido em aberto com pagamento em andamento: 409.',
    body: pedidoCreateBodySchema,
    response: pedidoSchema,
    status: 201,
  }),
  tentativa: defineEndpoint({
    method: 'GET',
    path: '/pedido/tentativa/:chave',
    summary: 'O pedido que uma tentativa de compra do cliente criou (pela Idempotency-Key da criação)',
    description:
      'Para o checkout que perdeu a resposta (ou cuja aba foi fechada) encontrar o seu pedido. Só o próprio cliente; 404 enquanto a tentativa não criou pedido.',
    params: z.object({
      chave: z.string().regex(IDEMPOTENCY_KEY_PATTERN, MSG.idempotenciaChaveObrigatoria),
    }),
    response: pedidoSchema,
  }),
  detalhe: defineEndpoint({
    method: 'GET',
    path: '/pedido/:id',
    summary: 'Um pedido (o cliente dono, USUARIO ou ADMIN)',
    params: z.object({ id: idParam }),
    response: pedidoSchema,
  }),
  cancelar: defineEndpoint({
    method: 'PUT',
    path: '/pedido/cancelar/:id',
    summary: 'Cancela um pedido',
    description:
      'O cliente dono cancela enquanto o pedido está PENDENTE ou RECUSADO; USUARIO e ADMIN também cancelam um pedido PAGO, estornando o pagamento (ADR 012), e cada cancelamento da equipe fica na auditoria. Pedido enviado ou entregue não se cancela. Recusas: 409.',
    params: z.object({ id: idParam }),
    response: pedidoSchema,
  }),
  listagemCliente: defineEndpoint({
    method: 'GET',
    path: '/pedido/listagem/cliente/:clientId',
    summary: 'Pedidos do cliente, do mais recente ao mais antigo, paginados',
    params: z.object({ clientId: idParam }),
    query: pedidoListagemClienteQuerySchema,
    response: pedidoListagemClienteSchema,
  }),
  listagemAdmin: defineEndpoint({
    method: 'GET',
    path: '/pedido/admin/listagem',
    summary: 'Todos os pedidos com filtros, paginados (USUARIO e ADMIN)',
    query: pedidoListagemAdminQuerySchema,
    response: pedidoListagemAdminSchema,
  }),
};
