import { diaNaClinica } from '@clinica/shared/clinic-day';
import { couponSituation, describeCoupon, normalizeCouponCode } from '@clinica/shared/coupon';
import type { EndpointBody, EndpointQuery } from '@clinica/shared/endpoint';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Cents } from '@clinica/shared/money';
import type { CupomValidado, cupomApi } from '@clinica/shared/schemas/cupom';
import type { Cupom, CupomDados, CupomListagem, CupomUsos, cupomAdminApi } from '@clinica/shared/schemas/cupom-admin';
import type { Db } from '../../db/client.js';
import type { QuemAudita } from '../../lib/auditoria.js';
import { badRequest, conflict, notFound, sqlConstraint, sqlState, unprocessable } from '../../lib/errors.js';
import { avaliarCupom, type LinhaDoPedido } from './cupom-uso.js';
import { produtosParaCupom, type CupomRepository, type DadosCupom } from './cupom.repository.js';

type Campo = { campo: string; mensagem: string };

/** The database refused a write: a repeated code (409), a category or product that no longer exists (422). */
function recusaDoBanco(err: unknown): never {
  const constraint = sqlConstraint(err);
  if (sqlState(err) === '23505' && constraint === 'cupons_codigo_uq') {
    throw conflict(MSG_BO.cupomCodigoEmUso, { errors: [{ campo: 'codigo', mensagem: MSG_BO.cupomCodigoEmUso }] });
  }
  if (sqlState(err) === '23503' && constraint?.startsWith('cupom_categorias_categoria_id')) {
    throw unprocessable(MSG_BO.cupomCategoriasInexistentes, {
      errors: [{ campo: 'categoriaIds', mensagem: MSG_BO.cupomCategoriasInexistentes }],
    });
  }
  if (sqlState(err) === '23503' && constraint?.startsWith('cupom_produtos_produto_id')) {
    throw unprocessable(MSG_BO.cupomProdutosInexistentes, {
      errors: [{ campo: 'produtoIds', mensagem: MSG_BO.cupomProdutosInexistentes }],
    });
  }
  throw err;
}

/** What is written: the scope keeps only its own ids (once each); another scope's ids are dropped. */
const dadosDe = (d: CupomDados): DadosCupom => ({
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
  categoriaIds: d.escopo === 'CATEGORIAS' ? [...new Set(d.categoriaIds)] : [],
  produtoIds: d.escopo === 'PRODUTOS' ? [...new Set(d.produtoIds)] : [],
  acumulaPix: d.acumulaPix,
  acumulaBrinde: d.acumulaBrinde,
  ativo: d.ativo,
});

/** Discount coupons: the back-office (docs/behaviour/back-office.md#coupons) and the customer's check of a code. */
export function createCupomService({
  db,
  repository,
  agora = () => new Date(),
}: {
  db: Db;
  repository: CupomRepository;
  /** The clock the validity windows are read at (tests move it). */
  agora?: () => Date;
}) {
  async function buscar(id: number): Promise<Cupom> {
    const row = await repository.buscar(id);
    if (!row) throw notFound(MSG_BO.cupomNaoEncontrado);
    return { ...row, situacao: couponSituation(row, agora(), row.usos) };
  }

  /**
   * The bag's lines priced by the server (ADR 010): unknown products are 422, as are inactive or unavailable ones;
   * the gift product is the gift line (never discounted); a course counts once.
   */
  async function linhasDaSacola(itens: EndpointBody<typeof cupomApi.validar>['itens']): Promise<LinhaDoPedido[]> {
    const produtos = new Map(
      (await produtosParaCupom(db, [...new Set(itens.map((i) => i.produto.id))])).map((p) => [p.id, p]),
    );
    const recusas: Campo[] = [];
    const linhas = new Map<number, { valor: Cents; brinde: boolean; quantidade: number }>();
    itens.forEach((item, i) => {
      const p = produtos.get(item.produto.id);
      if (!p) {
        recusas.push({ campo: `itens.${i}.produto.id`, mensagem: MSG.produtoNaoEncontrado });
        return;
      }
      if (p.brinde) {
        linhas.set(p.id, { valor: 0, brinde: true, quantidade: 1 });
        return;
      }
      if (!p.ativo || !p.disponivel) {
        recusas.push({ campo: `itens.${i}.produto.id`, mensagem: `${MSG.produtoIndisponivel}: ${p.nome}` });
        return;
      }
      const linha = linhas.get(p.id);
      const quantidade = p.digital ? 1 : (linha?.quantidade ?? 0) + item.quantidade;
      linhas.set(p.id, { valor: p.preco * quantidade, brinde: false, quantidade });
    });
    if (recusas.length) throw unprocessable(recusas[0]!.mensagem, { errors: recusas });
    return [...linhas].map(([produtoId, l]) => ({ produtoId, valor: l.valor, brinde: l.brinde }));
  }

  return {
    buscar,

    /** GET /cupom/listagem: one page, each coupon with its situation today. */
    async listagem(q: EndpointQuery<typeof cupomAdminApi.listagem>): Promise<CupomListagem> {
      const instante = agora();
      const { total, rows } = await repository.listar(
        { codigo: q.codigo ? normalizeCouponCode(q.codigo) : undefined, ativo: q.ativo, vigente: q.vigente },
        diaNaClinica(instante),
        { page: q.page, size: q.size, ordem: q.sort },
      );
      return {
        listaCupom: rows.map((r) => ({
          id: r.id,
          codigo: r.codigo,
          descricao: r.descricao,
          tipo: r.tipo,
          valor: r.valor,
          escopo: r.escopo,
          inicio: r.inicio,
          fim: r.fim,
          limiteUsos: r.limiteUsos,
          ativo: r.ativo,
          usos: r.usos,
          situacao: couponSituation(r, instante, r.usos),
        })),
        totalPaginas: Math.ceil(total / q.size),
        totalRegistros: total,
        page: q.page,
      };
    },

    /** GET /cupom/{id}/usos: 404 for an unknown coupon. */
    async usos(id: number, pagina: { page: number; size: number }): Promise<CupomUsos> {
      const r = await repository.usos(id, pagina);
      if (!r) throw notFound(MSG_BO.cupomNaoEncontrado);
      return {
        cupom: { id: r.cupom.id, codigo: r.cupom.codigo, descricao: r.cupom.descricao },
        totalUsos: r.cupom.totalUsos,
        totalDescontado: r.cupom.totalDescontado,
        listaUsos: r.rows.map((u) => ({
          pedidoId: u.pedidoId,
          data: u.data.toISOString(),
          cliente: { id: u.clienteId, nome: u.clienteNome },
          valorPedido: u.valorPedido,
          desconto: u.desconto,
          situacao: u.situacao,
          conta: u.situacao !== 'CANCELADO',
        })),
        totalPaginas: Math.ceil(r.total / pagina.size),
        totalRegistros: r.total,
        page: pagina.page,
      };
    },

    /** POST /cupom/: 409 repeated code; 422 unknown category or product. Audited (CRIAR). */
    async criar(dados: CupomDados, quem: QuemAudita): Promise<Cupom> {
      const id = await repository.criar(dadosDe(dados), quem).catch(recusaDoBanco);
      return buscar(id);
    },

    /** PUT /cupom/{id}: 400 body id not the path's; 404 unknown; 409 repeated code; 422 unknown scope. Audited (EDITAR). */
    async editar(id: number, dados: CupomDados & { id?: number | null | undefined }, quem: QuemAudita): Promise<Cupom> {
      if (dados.id != null && dados.id !== id) {
        throw badRequest(MSG_BO.idCorpoDivergente, { errors: [{ campo: 'id', mensagem: MSG_BO.idCorpoDivergente }] });
      }
      const existe = await repository.editar(id, dadosDe(dados), quem).catch(recusaDoBanco);
      if (!existe) throw notFound(MSG_BO.cupomNaoEncontrado);
      return buscar(id);
    },

    /** PUT /cupom/desativar/{id}: 404 unknown; an inactive one stays as it is. Audited (ALTERAR_ATIVO). */
    async desativar(id: number, quem: QuemAudita): Promise<Cupom> {
      if (!(await repository.desativar(id, quem))) throw notFound(MSG_BO.cupomNaoEncontrado);
      return buscar(id);
    },

    /**
     * POST /cupom/validar: the coupon on the customer's bag, priced by the server; 422 with the reason when it
     * does not apply, or when a product is unknown or unavailable.
     */
    async validar(clienteId: number, body: EndpointBody<typeof cupomApi.validar>): Promise<CupomValidado> {
      const linhas = await linhasDaSacola(body.itens);
      const avaliacao = await avaliarCupom(db, { codigo: body.codigo, clienteId, linhas, agora: agora() });
      if (!avaliacao.ok) {
        throw unprocessable(avaliacao.mensagem, { errors: [{ campo: 'codigo', mensagem: avaliacao.mensagem }] });
      }
      const { cupom, desconto } = avaliacao;
      const { resumo, avisos } = describeCoupon(cupom);
      return {
        codigo: cupom.codigo,
        descricao: cupom.descricao,
        resumo,
        desconto,
        acumulaPix: cupom.acumulaPix,
        acumulaBrinde: cupom.acumulaBrinde,
        avisos,
      };
    },
  };
}

export type CupomService = ReturnType<typeof createCupomService>;
