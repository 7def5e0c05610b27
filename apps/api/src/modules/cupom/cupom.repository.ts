import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CouponRule, EscopoCupom, TipoCupom } from '@clinica/shared/coupon';
import type { Cents } from '@clinica/shared/money';
import { SITUACOES_COMPRADO } from '@clinica/shared/order-status';
import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';
import type { Db, Tx } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { likeLiteral } from '../../lib/texto-sql.js';
import { categorias } from '../categoria/categoria.table.js';
import { clientes } from '../cliente/cliente.table.js';
import { pedidos } from '../pedido/pedido.table.js';
import { produtos } from '../produto/produto.table.js';
import { cupomCategorias, cupomProdutos, cupons, cupomUsos } from './cupom.table.js';

/** The database or an open transaction: the reads of a use run in the order's transaction. */
type Executor = Db | Tx;

/** The coupon's own columns, as the rule reads them (valor, valorMinimo in hundredths/cents). */
const colunas = {
  id: cupons.id,
  codigo: cupons.codigo,
  descricao: cupons.descricao,
  tipo: cupons.tipo,
  valor: cupons.valor,
  valorMinimo: cupons.valorMinimo,
  inicio: cupons.inicio,
  fim: cupons.fim,
  limiteUsos: cupons.limiteUsos,
  limitePorCliente: cupons.limitePorCliente,
  primeiraCompra: cupons.primeiraCompra,
  escopo: cupons.escopo,
  acumulaPix: cupons.acumulaPix,
  acumulaBrinde: cupons.acumulaBrinde,
  ativo: cupons.ativo,
};

/** A coupon row: its columns, without the scope's ids. */
type ColunasCupom = Omit<CouponRule, 'categoriaIds' | 'produtoIds'> & { id: number };

/** What a coupon is written with (the output of the back-office's schema, the scope's ids already kept or cleared). */
export interface DadosCupom {
  codigo: string;
  descricao: string;
  tipo: TipoCupom;
  valor: number;
  valorMinimo: Cents | null;
  inicio: string | null;
  fim: string | null;
  limiteUsos: number | null;
  limitePorCliente: number | null;
  primeiraCompra: boolean;
  escopo: EscopoCupom;
  categoriaIds: number[];
  produtoIds: number[];
  acumulaPix: boolean;
  acumulaBrinde: boolean;
  ativo: boolean;
}

/**
 * A use counts while its order is not cancelled (ADR 025): a cancelled order frees its use. Correlated to the
 * coupon row; written out with qualified names (inside a select Drizzle renders columns without their table).
 */
const usosQueContam = sql<number>`(SELECT count(*) FROM cupom_usos u JOIN pedidos p ON p.id = u.pedido_id
  WHERE u.cupom_id = "cupons"."id" AND p.situacao <> 'CANCELADO')`.mapWith(Number);
const descontadoQueConta = sql<Cents>`(SELECT coalesce(sum(u.desconto), 0) FROM cupom_usos u
  JOIN pedidos p ON p.id = u.pedido_id WHERE u.cupom_id = "cupons"."id" AND p.situacao <> 'CANCELADO')`.mapWith(
  cupomUsos.desconto,
);

/** The coupon is usable on `hoje` ('YYYY-MM-DD'): the SQL of couponSituation(…) === 'VIGENTE' (packages/shared/src/coupon.ts). */
const vigenteEm = (hoje: string): SQL =>
  sql`(${cupons.ativo} AND (${cupons.inicio} IS NULL OR ${cupons.inicio} <= ${hoje}::date)
    AND (${cupons.fim} IS NULL OR ${cupons.fim} >= ${hoje}::date)
    AND (${cupons.limiteUsos} IS NULL OR ${usosQueContam} < ${cupons.limiteUsos}))`;

/** The audit snapshot: the coupon's own fields, its value under a name that says what it is, the scope's ids. */
function instantaneo(c: ColunasCupom, categoriaIds: readonly number[], produtoIds: readonly number[]) {
  return {
    // `codigo` is a secret's name to the audit writer (e-mail codes): the coupon's code goes as `cupom`.
    cupom: c.codigo,
    descricao: c.descricao,
    percentual: c.tipo === 'PERCENTUAL' ? c.valor / 100 : null,
    valorFixo: c.tipo === 'FIXO' ? c.valor : null,
    valorMinimo: c.valorMinimo,
    inicio: c.inicio,
    fim: c.fim,
    limiteUsos: c.limiteUsos,
    limitePorCliente: c.limitePorCliente,
    primeiraCompra: c.primeiraCompra,
    escopo: c.escopo,
    categorias: [...categoriaIds].sort((a, b) => a - b),
    produtos: [...produtoIds].sort((a, b) => a - b),
    acumulaPix: c.acumulaPix,
    acumulaBrinde: c.acumulaBrinde,
    ativo: c.ativo,
  };
}

const linhaCupom = (d: DadosCupom) => ({
  codigo: d.codigo,
  descricao: d.descricao,
  tipo: d.tipo,
  valor: d.valor,
  valorMinimo: d.valorMinimo,
  inicio: d.inicio,
  fim: d.fim,
  limiteUsos: d.limiteUsos,
  limitePorCliente: d.limitePorCliente,
  primeiraCompra: d.primeiraCompra,
  escopo: d.escopo,
  acumulaPix: d.acumulaPix,
  acumulaBrinde: d.acumulaBrinde,
  ativo: d.ativo,
});

/** The ids of the scope's categories and products of some coupons. */
async function idsDoEscopo(ex: Executor, cupomIds: number[]) {
  const [cats, prods] = await Promise.all([
    ex
      .select({ cupomId: cupomCategorias.cupomId, id: cupomCategorias.categoriaId })
      .from(cupomCategorias)
      .where(inArray(cupomCategorias.cupomId, cupomIds)),
    ex
      .select({ cupomId: cupomProdutos.cupomId, id: cupomProdutos.produtoId })
      .from(cupomProdutos)
      .where(inArray(cupomProdutos.cupomId, cupomIds)),
  ]);
  return { categoriaIds: cats.map((c) => c.id), produtoIds: prods.map((p) => p.id) };
}

/** Writes the scope's rows of a coupon (after its old ones were removed). */
async function gravarEscopo(tx: Tx, cupomId: number, d: Pick<DadosCupom, 'categoriaIds' | 'produtoIds'>) {
  if (d.categoriaIds.length) {
    await tx.insert(cupomCategorias).values(d.categoriaIds.map((categoriaId) => ({ cupomId, categoriaId })));
  }
  if (d.produtoIds.length) {
    await tx.insert(cupomProdutos).values(d.produtoIds.map((produtoId) => ({ cupomId, produtoId })));
  }
}

/**
 * A coupon by its code, as the rule reads it (the scope's ids included), or undefined. With `paraUso` the coupon's
 * row is locked (SELECT … FOR UPDATE) until the caller's transaction ends: the uses of one coupon are then counted
 * and written one transaction at a time (ADR 025).
 */
export async function regraPorCodigo(
  ex: Executor,
  codigo: string,
  { paraUso = false }: { paraUso?: boolean } = {},
): Promise<(CouponRule & { id: number }) | undefined> {
  const consulta = ex.select(colunas).from(cupons).where(eq(cupons.codigo, codigo)).limit(1);
  const [row] = paraUso ? await consulta.for('update') : await consulta;
  if (!row) return undefined;
  return { ...row, ...(await idsDoEscopo(ex, [row.id])) };
}

/**
 * What the rule needs to know about the customer and the coupon: the uses that count in all and by this customer,
 * and whether the customer ever bought (an order paid, sent or delivered: SITUACOES_COMPRADO). Run after
 * regraPorCodigo(…, { paraUso: true }) in the same transaction, it sees every use committed before the lock.
 */
export async function contagensDoCupom(ex: Executor, cupomId: number, clienteId: number) {
  const comprado = sql.join(
    SITUACOES_COMPRADO.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = await ex
    .select({
      usosTotais: sql<number>`(SELECT count(*) FROM ${cupomUsos} u JOIN ${pedidos} p ON p.id = u.pedido_id
        WHERE u.cupom_id = ${cupomId} AND p.situacao <> 'CANCELADO')`.mapWith(Number),
      usosDoCliente: sql<number>`(SELECT count(*) FROM ${cupomUsos} u JOIN ${pedidos} p ON p.id = u.pedido_id
        WHERE u.cupom_id = ${cupomId} AND u.cliente_id = ${clienteId} AND p.situacao <> 'CANCELADO')`.mapWith(Number),
      clienteJaComprou: sql<boolean>`EXISTS (SELECT 1 FROM ${pedidos} p
        WHERE p.cliente_id = ${clienteId} AND p.situacao IN (${comprado}))`,
    })
    .from(sql`(SELECT 1) AS contagens`);
  return {
    usosTotais: row?.usosTotais ?? 0,
    usosDoCliente: row?.usosDoCliente ?? 0,
    clienteJaComprou: row?.clienteJaComprou ?? false,
  };
}

/** The products of some lines, as a coupon and a bag read them (unknown ids are absent). */
export async function produtosParaCupom(ex: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return ex
    .select({
      id: produtos.id,
      nome: produtos.nome,
      preco: produtos.preco,
      categoriaId: produtos.categoriaId,
      digital: produtos.digital,
      brinde: produtos.brinde,
      ativo: produtos.ativo,
      disponivel: produtos.disponivel,
    })
    .from(produtos)
    .where(inArray(produtos.id, ids));
}

/** Writes an order's use of a coupon in the caller's transaction (cupom_usos_pedido_uq: one coupon per order). */
export async function inserirUso(
  tx: Tx,
  uso: { cupomId: number; pedidoId: number; clienteId: number; desconto: Cents },
): Promise<void> {
  await tx.insert(cupomUsos).values(uso);
}

export interface FiltrosCupom {
  codigo?: string | undefined;
  ativo?: boolean | undefined;
  vigente?: boolean | undefined;
}

/** The back-office's reads and writes of coupons (docs/behaviour/back-office.md#coupons). */
export function createCupomRepository(db: Db) {
  return {
    /** One page of coupons matching `f` on `hoje`, by code (`ordem`), with their uses that count, and the total. */
    async listar(f: FiltrosCupom, hoje: string, pagina: { page: number; size: number; ordem: 'asc' | 'desc' }) {
      const filtros: SQL[] = [];
      if (f.codigo) filtros.push(sql`${cupons.codigo} LIKE '%' || ${likeLiteral(f.codigo)}::text || '%'`);
      if (f.ativo !== undefined) filtros.push(eq(cupons.ativo, f.ativo));
      if (f.vigente !== undefined) filtros.push(f.vigente ? vigenteEm(hoje) : sql`NOT ${vigenteEm(hoje)}`);
      const where = filtros.length ? and(...filtros) : undefined;
      const ordem = pagina.ordem === 'asc' ? asc : desc;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(cupons).where(where),
        db
          .select({ ...colunas, usos: usosQueContam })
          .from(cupons)
          .where(where)
          .orderBy(ordem(cupons.codigo))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /** One coupon with its scope by name, its uses that count and what they took off; undefined when unknown. */
    async buscar(id: number) {
      const [row] = await db
        .select({ ...colunas, usos: usosQueContam, totalDescontado: descontadoQueConta })
        .from(cupons)
        .where(eq(cupons.id, id))
        .limit(1);
      if (!row) return undefined;
      const [cats, prods] = await Promise.all([
        db
          .select({ id: categorias.id, nome: categorias.nome })
          .from(cupomCategorias)
          .innerJoin(categorias, eq(categorias.id, cupomCategorias.categoriaId))
          .where(eq(cupomCategorias.cupomId, id))
          .orderBy(asc(categorias.nome), asc(categorias.id)),
        db
          .select({ id: produtos.id, nome: produtos.nome })
          .from(cupomProdutos)
          .innerJoin(produtos, eq(produtos.id, cupomProdutos.produtoId))
          .where(eq(cupomProdutos.cupomId, id))
          .orderBy(asc(produtos.nome), asc(produtos.id)),
      ]);
      return { ...row, categorias: cats, produtos: prods };
    },

    /**
     * Inserts a coupon, its scope and its audit entry (CRIAR) in one transaction; returns its id. A repeated code
     * fails on cupons_codigo_uq, an unknown category or product on its foreign key, and nothing is written.
     */
    async criar(d: DadosCupom, quem: QuemAudita): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(cupons).values(linhaCupom(d)).returning(colunas);
        await gravarEscopo(tx, row!.id, d);
        await registrarAuditoria(tx, quem, {
          entidade: 'cupom',
          entidadeId: row!.id,
          acao: 'CRIAR',
          depois: instantaneo(row!, d.categoriaIds, d.produtoIds),
        });
        return row!.id;
      });
    },

    /**
     * Replaces a coupon's fields and scope, the row locked, in one transaction; audited (EDITAR, before and after)
     * when something changed. Uses already written keep their discount. False when the coupon does not exist.
     */
    async editar(id: number, d: DadosCupom, quem: QuemAudita): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [antes] = await tx.select(colunas).from(cupons).where(eq(cupons.id, id)).for('update');
        if (!antes) return false;
        const escopoAntes = await idsDoEscopo(tx, [id]);
        const [depois] = await tx
          .update(cupons)
          .set({ ...linhaCupom(d), updatedAt: sql`now()` })
          .where(eq(cupons.id, id))
          .returning(colunas);
        await tx.delete(cupomCategorias).where(eq(cupomCategorias.cupomId, id));
        await tx.delete(cupomProdutos).where(eq(cupomProdutos.cupomId, id));
        await gravarEscopo(tx, id, d);
        const a = instantaneo(antes, escopoAntes.categoriaIds, escopoAntes.produtoIds);
        const b = instantaneo(depois!, d.categoriaIds, d.produtoIds);
        if (JSON.stringify(a) !== JSON.stringify(b)) {
          await registrarAuditoria(tx, quem, {
            entidade: 'cupom',
            entidadeId: id,
            acao: 'EDITAR',
            antes: a,
            depois: b,
          });
        }
        return true;
      });
    },

    /**
     * Deactivates a coupon, the row locked; audited (ALTERAR_ATIVO). An inactive one stays as it is, without an
     * entry. False when the coupon does not exist.
     */
    async desativar(id: number, quem: QuemAudita): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [antes] = await tx.select(colunas).from(cupons).where(eq(cupons.id, id)).for('update');
        if (!antes) return false;
        if (!antes.ativo) return true;
        const [depois] = await tx
          .update(cupons)
          .set({ ativo: false, updatedAt: sql`now()` })
          .where(eq(cupons.id, id))
          .returning(colunas);
        const escopo = await idsDoEscopo(tx, [id]);
        await registrarAuditoria(tx, quem, {
          entidade: 'cupom',
          entidadeId: id,
          acao: 'ALTERAR_ATIVO',
          antes: instantaneo(antes, escopo.categoriaIds, escopo.produtoIds),
          depois: instantaneo(depois!, escopo.categoriaIds, escopo.produtoIds),
        });
        return true;
      });
    },

    /**
     * The usage report of a coupon: its code and description, the uses that count and what they took off, and one
     * page of every use (cancelled orders included, marked), newest first. Undefined when the coupon does not exist.
     */
    async usos(id: number, pagina: { page: number; size: number }) {
      const [cupom] = await db
        .select({
          id: cupons.id,
          codigo: cupons.codigo,
          descricao: cupons.descricao,
          totalUsos: usosQueContam,
          totalDescontado: descontadoQueConta,
        })
        .from(cupons)
        .where(eq(cupons.id, id))
        .limit(1);
      if (!cupom) return undefined;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(cupomUsos).where(eq(cupomUsos.cupomId, id)),
        db
          .select({
            pedidoId: pedidos.id,
            data: pedidos.createdAt,
            clienteId: clientes.id,
            clienteNome: sql<string>`coalesce(${clientes.nome}, ${clientes.razaoSocial}, '')`,
            valorPedido: pedidos.valorTotal,
            desconto: cupomUsos.desconto,
            situacao: pedidos.situacao,
          })
          .from(cupomUsos)
          .innerJoin(pedidos, eq(pedidos.id, cupomUsos.pedidoId))
          .innerJoin(clientes, eq(clientes.id, cupomUsos.clienteId))
          .where(eq(cupomUsos.cupomId, id))
          .orderBy(desc(pedidos.createdAt), desc(pedidos.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return {
        cupom,
        total: total?.n ?? 0,
        rows: rows.map((r) => ({ ...r, situacao: r.situacao as SituacaoPedido })),
      };
    },
  };
}

export type CupomRepository = ReturnType<typeof createCupomRepository>;
