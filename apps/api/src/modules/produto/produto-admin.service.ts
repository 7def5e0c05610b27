import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type {
  ProdutoAdmin,
  ProdutoAdminDados,
  ProdutoListagem,
  produtoListagemQuerySchema,
} from '@clinica/shared/schemas/produto-admin';
import { disponiveis } from '@clinica/shared/stock';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { badRequest, conflict, notFound, sqlConstraint, sqlState, unprocessable } from '../../lib/errors.js';
import { toAvaliacao } from '../avaliacao/avaliacao.service.js';
import type { ProdutoAdminRepository, ValoresProduto } from './produto-admin.repository.js';

/** The unique index that keeps one active gift product (drizzle/0013). */
const BRINDE_ATIVO_UQ = 'produtos_brinde_ativo_uq';
/** The unique index of products' codes (ADR 044). */
const SKU_UQ = 'produtos_sku_uq';

const numero = (v: string | null): number | null => (v === null ? null : Number(v));
const decimal = (v: number | null): string | null => (v === null ? null : String(v));

/**
 * The columns of a product as saved: only the fields of its kind (a digital
 * product has no dimensions; a physical one no workload).
 */
function valoresDe(p: ProdutoAdminDados): ValoresProduto {
  return {
    nome: p.nome,
    descricao: p.descricao,
    preco: p.preco,
    digital: p.digital,
    produtoExibidoSite: p.produtoExibidoSite,
    categoriaId: p.categoria.id,
    tempoEstimado: p.tempoEstimado,
    duracao: p.digital ? p.duracao : null,
    altura: p.digital ? null : decimal(p.altura),
    peso: p.digital ? null : decimal(p.peso),
    largura: p.digital ? null : decimal(p.largura),
    comprimento: p.digital ? null : decimal(p.comprimento),
    brinde: p.brinde,
    tituloImagemHome: p.tituloImagemHome,
    textoHome: p.textoHome,
    ativo: p.ativo,
    disponivel: p.disponivel,
    estoqueMinimo: p.estoqueMinimo,
    // The NF-e's codes (ADR 031) are a physical product's: a course is a service, with none.
    ncm: p.digital ? null : p.ncm,
    cfop: p.digital ? null : p.cfop,
    // The sanitary fields (ADR 037) are a physical product's too: a course is not an ANVISA-regulated product.
    anvisaRegistro: p.digital ? null : p.anvisaRegistro,
    usoProfissional: !p.digital && p.usoProfissional,
    // Brand and code (ADR 044) are a physical product's.
    marca: p.digital ? null : p.marca,
    sku: p.digital ? null : p.sku,
  };
}

/** Tag names without repeats (case ignored), in the order given. */
function tagsUnicas(tags: ProdutoAdminDados['tags']): string[] {
  const vistos = new Set<string>();
  const nomes: string[] = [];
  for (const { nome } of tags) {
    const chave = nome.toLocaleLowerCase('pt-BR');
    if (!vistos.has(chave)) {
      vistos.add(chave);
      nomes.push(nome);
    }
  }
  return nomes;
}

/**
 * The staff endpoints of products (docs/behaviour/back-office.md#products). Writes are one transaction each (the
 * product, its technical sheet, tags and authors, or nothing). The store's
 * public reads (produto.service.ts) query the tables on every request, so a
 * change shows there at once: an inactive product leaves the menus, the
 * categories, the search and its page with the commit.
 */
export function createProdutoAdminService({ db, repository }: { db: Db; repository: ProdutoAdminRepository }) {
  /**
   * The rules that need the database: the category exists and is of the
   * product's kind; the authors exist; a product with contents stays digital.
   */
  async function conferir(tx: Tx, p: ProdutoAdminDados, id?: number): Promise<void> {
    const categoria = await repository.categoria(tx, p.categoria.id);
    if (!categoria) throw unprocessable(MSG_BO.categoriaProdutoInexistente);
    if (categoria.digital !== p.digital) {
      throw unprocessable(p.digital ? MSG_BO.categoriaDeveSerDigital : MSG_BO.categoriaDeveSerFisica);
    }
    if (p.digital) {
      const pedidos = [...new Set(p.autores)];
      const existentes = await repository.autoresExistentes(tx, pedidos);
      if (existentes.length !== pedidos.length) throw unprocessable(MSG_BO.autoresInexistentes);
    }
    if (id !== undefined && !p.digital && (await repository.temConteudos(tx, id))) {
      throw unprocessable(MSG_BO.produtoComConteudosDigital);
    }
  }

  /** Writes the sheet, tags and authors of the product's kind (the other kind's are removed). */
  async function gravarFilhos(tx: Tx, id: number, p: ProdutoAdminDados): Promise<void> {
    await repository.substituirFicha(
      tx,
      id,
      p.digital ? [] : p.fichaTecnica.map((f) => ({ descricao: f.descricao, valor: f.valor })),
    );
    await repository.substituirTags(tx, id, p.digital ? tagsUnicas(p.tags) : []);
    await repository.substituirAutores(tx, id, p.digital ? [...new Set(p.autores)] : []);
  }

  /** A second active gift or a code already used (unique indexes, also under concurrent writes) is a 409 with its message. */
  async function comRegraDoBrinde<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (sqlState(err) === '23505' && sqlConstraint(err) === BRINDE_ATIVO_UQ)
        throw conflict(MSG_BO.brindeAtivoDuplicado);
      if (sqlState(err) === '23505' && sqlConstraint(err) === SKU_UQ) throw conflict(MSG_BO.skuEmUso);
      throw err;
    }
  }

  async function buscar(id: number): Promise<ProdutoAdmin> {
    const row = await repository.buscar(id);
    if (!row) throw notFound(MSG.produtoNaoEncontrado);
    const [fichaTecnica, tags, autores, pathImagemHome, avaliacoes] = await Promise.all([
      repository.fichaTecnica(id),
      repository.tags(id),
      repository.autores(id),
      repository.imagemHome(id),
      repository.avaliacoes(id),
    ]);
    const { produto: p, categoria } = row;
    return {
      id: p.id,
      nome: p.nome,
      descricao: p.descricao,
      preco: p.preco,
      produtoExibidoSite: p.produtoExibidoSite,
      categoria,
      tempoEstimado: p.tempoEstimado,
      digital: p.digital,
      altura: numero(p.altura),
      peso: numero(p.peso),
      largura: numero(p.largura),
      comprimento: numero(p.comprimento),
      brinde: p.brinde,
      tituloImagemHome: p.tituloImagemHome,
      textoHome: p.textoHome,
      ativo: p.ativo,
      disponivel: p.disponivel,
      estoque: p.digital ? null : p.estoque,
      reservado: p.digital ? 0 : p.reservado,
      disponiveis: p.digital ? null : disponiveis(p),
      estoqueMinimo: p.estoqueMinimo,
      autores,
      fichaTecnica,
      tags,
      listaAvaliacao: avaliacoes.map(toAvaliacao),
      pathImgDestaque: p.pathImgDestaque,
      pathImagemHome,
      duracao: p.duracao,
      ncm: p.ncm,
      cfop: p.cfop,
      anvisaRegistro: p.anvisaRegistro,
      usoProfissional: p.usoProfissional,
      marca: p.marca,
      sku: p.sku,
    };
  }

  return {
    /** GET /produto/listagem: one page of the table, with the totals of every match. */
    async listagem(q: z.output<typeof produtoListagemQuerySchema>): Promise<ProdutoListagem> {
      const { page, size, sort, ...filtros } = q;
      const { total, rows } = await repository.listar(filtros, { page, size, ordem: sort });
      return { listaProduto: rows, totalPaginas: Math.ceil(total / size), totalRegistros: total, page };
    },

    buscar,

    /**
     * POST /produto/create/: the new product's id. Audited (CRIAR, the product as saved, its units on hand included);
     * a physical product's initial units are an 'entrada' movement by the staff member (ADR 032).
     */
    async criar(p: ProdutoAdminDados, quem: QuemAudita): Promise<{ id: number }> {
      return comRegraDoBrinde(() =>
        db.transaction(async (tx) => {
          await conferir(tx, p);
          const id = await repository.inserir(tx, valoresDe(p));
          await gravarFilhos(tx, id, p);
          if (!p.digital && p.estoqueInicial > 0) await repository.estoqueInicial(tx, id, p.estoqueInicial, quem);
          const depois = await repository.registro(tx, id);
          await registrarAuditoria(tx, quem, { entidade: 'produto', entidadeId: id, acao: 'CRIAR', depois });
          return { id };
        }),
      );
    },

    /** PUT /produto/editar/{id}: replaces the whole product; returns it as saved. Audited (EDITAR, before and after). */
    async editar(id: number, p: ProdutoAdminDados, quem: QuemAudita): Promise<ProdutoAdmin> {
      if (p.id != null && p.id !== id) throw badRequest(MSG_BO.idCorpoDivergente);
      await comRegraDoBrinde(() =>
        db.transaction(async (tx) => {
          if (!(await repository.lock(tx, id))) throw notFound(MSG.produtoNaoEncontrado);
          await conferir(tx, p, id);
          const antes = await repository.registro(tx, id);
          await repository.atualizar(tx, id, valoresDe(p));
          await gravarFilhos(tx, id, p);
          const depois = await repository.registro(tx, id);
          await registrarAuditoria(tx, quem, { entidade: 'produto', entidadeId: id, acao: 'EDITAR', antes, depois });
        }),
      );
      return buscar(id);
    },
  };
}

export type ProdutoAdminService = ReturnType<typeof createProdutoAdminService>;
