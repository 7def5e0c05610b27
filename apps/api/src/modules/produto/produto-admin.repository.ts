import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG_ESTOQUE_EQUIPE } from '@clinica/shared/messages-estoque-equipe';
import type { Db, Tx } from '../../db/client.js';
import { contemSemAcento, semAcento } from '../../lib/texto-sql.js';
import { autores } from '../autor/autor.table.js';
import { avaliacoes } from '../avaliacao/avaliacao.table.js';
import { categorias } from '../categoria/categoria.table.js';
import { clientes } from '../cliente/cliente.table.js';
import type { QuemAudita } from '../../lib/auditoria.js';
import { conteudosProduto } from '../conteudo/conteudo.table.js';
import { estoqueMovimentos } from '../pedido/pedido.table.js';
import {
  fichasTecnicas,
  produtoAutores,
  produtoImagens,
  produtos,
  produtoTags,
  tags,
  type NovoProduto,
} from './produto.table.js';

export interface FiltrosProduto {
  nome?: string | undefined;
  id?: number | undefined;
  descricao?: string | undefined;
  idCategoria?: number | undefined;
  ativo?: boolean | undefined;
  produtoExibidoSite?: boolean | undefined;
  disponivel?: boolean | undefined;
  brinde?: boolean | undefined;
}

/** The columns a product write sets (everything but id, the generated search columns and created_at). */
export type ValoresProduto = Omit<NovoProduto, 'id' | 'createdAt' | 'updatedAt'>;

/** A product's own columns as the audit log keeps them: no generated search columns, no change times. */
const {
  nomeBusca: _nomeBusca,
  busca: _busca,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...colunasAuditadas
} = getTableColumns(produtos);

/** The back-office's products: every product, inactive ones and the gift included. */
export function createProdutoAdminRepository(db: Db) {
  return {
    /**
     * The product as the audit log records it (in the write's transaction):
     * its columns (price in cents), technical sheet, tag names and author
     * ids; undefined when unknown. Pictures and contents have entries of their own.
     */
    async registro(tx: Tx, id: number) {
      const [produto] = await tx.select(colunasAuditadas).from(produtos).where(eq(produtos.id, id)).limit(1);
      if (!produto) return undefined;
      const ficha = await tx
        .select({ descricao: fichasTecnicas.descricao, valor: fichasTecnicas.valor })
        .from(fichasTecnicas)
        .where(eq(fichasTecnicas.produtoId, id))
        .orderBy(asc(fichasTecnicas.id));
      const nomesTags = await tx
        .select({ nome: tags.nome })
        .from(produtoTags)
        .innerJoin(tags, eq(tags.id, produtoTags.tagId))
        .where(eq(produtoTags.produtoId, id))
        .orderBy(semAcento(tags.nome), asc(tags.id));
      const idsAutores = await tx
        .select({ id: produtoAutores.autorId })
        .from(produtoAutores)
        .where(eq(produtoAutores.produtoId, id))
        .orderBy(asc(produtoAutores.autorId));
      return {
        ...produto,
        fichaTecnica: ficha,
        tags: nomesTags.map((t) => t.nome),
        autores: idsAutores.map((a) => a.id),
      };
    },

    /** One page of products matching `f`, by unaccented name (`ordem`) then id, and the total count. */
    async listar(f: FiltrosProduto, pagina: { page: number; size: number; ordem: 'asc' | 'desc' }) {
      const filtros: SQL[] = [];
      if (f.nome) filtros.push(contemSemAcento(produtos.nome, f.nome));
      if (f.descricao) filtros.push(contemSemAcento(produtos.descricao, f.descricao));
      if (f.id !== undefined) filtros.push(eq(produtos.id, f.id));
      if (f.idCategoria !== undefined) filtros.push(eq(produtos.categoriaId, f.idCategoria));
      if (f.ativo !== undefined) filtros.push(eq(produtos.ativo, f.ativo));
      if (f.produtoExibidoSite !== undefined) filtros.push(eq(produtos.produtoExibidoSite, f.produtoExibidoSite));
      if (f.disponivel !== undefined) filtros.push(eq(produtos.disponivel, f.disponivel));
      if (f.brinde !== undefined) filtros.push(eq(produtos.brinde, f.brinde));
      const where = filtros.length ? and(...filtros) : undefined;
      const ordem = pagina.ordem === 'asc' ? asc : desc;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(produtos).where(where),
        db
          .select({
            id: produtos.id,
            nome: produtos.nome,
            descricao: produtos.descricao,
            preco: produtos.preco,
            digital: produtos.digital,
            categoria: { id: categorias.id, nome: categorias.nome },
            ativo: produtos.ativo,
            produtoExibidoSite: produtos.produtoExibidoSite,
            disponivel: produtos.disponivel,
            brinde: produtos.brinde,
            pathImgDestaque: produtos.pathImgDestaque,
          })
          .from(produtos)
          .innerJoin(categorias, eq(categorias.id, produtos.categoriaId))
          .where(where)
          .orderBy(ordem(semAcento(produtos.nome)), ordem(produtos.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /** A product with its category, or undefined (inactive ones included). */
    async buscar(id: number) {
      const [row] = await db
        .select({
          produto: produtos,
          categoria: { id: categorias.id, nome: categorias.nome, digital: categorias.digital },
        })
        .from(produtos)
        .innerJoin(categorias, eq(categorias.id, produtos.categoriaId))
        .where(eq(produtos.id, id))
        .limit(1);
      return row;
    },

    /** The technical sheet, in the order it was written. */
    async fichaTecnica(id: number) {
      return db
        .select({ id: fichasTecnicas.id, descricao: fichasTecnicas.descricao, valor: fichasTecnicas.valor })
        .from(fichasTecnicas)
        .where(eq(fichasTecnicas.produtoId, id))
        .orderBy(asc(fichasTecnicas.id));
    },

    /** The tags, by unaccented name. */
    async tags(id: number) {
      return db
        .select({ id: tags.id, nome: tags.nome })
        .from(produtoTags)
        .innerJoin(tags, eq(tags.id, produtoTags.tagId))
        .where(eq(produtoTags.produtoId, id))
        .orderBy(semAcento(tags.nome), asc(tags.id));
    },

    /** The author ids, ascending. */
    async autores(id: number): Promise<number[]> {
      const rows = await db
        .select({ id: produtoAutores.autorId })
        .from(produtoAutores)
        .where(eq(produtoAutores.produtoId, id))
        .orderBy(asc(produtoAutores.autorId));
      return rows.map((r) => r.id);
    },

    /** The home-banner image's path (the one the store shows), or null. */
    async imagemHome(id: number): Promise<string | null> {
      const [row] = await db
        .select({ path: produtoImagens.path })
        .from(produtoImagens)
        .where(and(eq(produtoImagens.produtoId, id), eq(produtoImagens.imagemSite, true)))
        .orderBy(asc(produtoImagens.ordem), asc(produtoImagens.id))
        .limit(1);
      return row?.path ?? null;
    },

    /** The reviews with the reviewer's name columns, newest first. */
    async avaliacoes(id: number) {
      return db
        .select({
          clienteId: avaliacoes.clienteId,
          produtoId: avaliacoes.produtoId,
          nota: avaliacoes.nota,
          comentario: avaliacoes.comentario,
          createdAt: avaliacoes.createdAt,
          nome: clientes.nome,
          razaoSocial: clientes.razaoSocial,
          juridica: clientes.juridica,
        })
        .from(avaliacoes)
        .innerJoin(clientes, eq(clientes.id, avaliacoes.clienteId))
        .where(eq(avaliacoes.produtoId, id))
        .orderBy(desc(avaliacoes.createdAt), desc(avaliacoes.id));
    },

    /** A category's kind, or undefined. Its row is share-locked, so it cannot be deleted or change kind meanwhile. */
    async categoria(tx: Tx, id: number) {
      const [row] = await tx
        .select({ id: categorias.id, digital: categorias.digital })
        .from(categorias)
        .where(eq(categorias.id, id))
        .for('share');
      return row;
    },

    /** Which of `ids` are authors (share-locked, so none is deleted before the links are written). */
    async autoresExistentes(tx: Tx, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx.select({ id: autores.id }).from(autores).where(inArray(autores.id, ids)).for('share');
      return rows.map((r) => r.id);
    },

    /** The product's kind, locking its row until the transaction ends; undefined when unknown. */
    async lock(tx: Tx, id: number) {
      const [row] = await tx
        .select({ id: produtos.id, digital: produtos.digital })
        .from(produtos)
        .where(eq(produtos.id, id))
        .for('update');
      return row;
    },

    /** Whether the product has course contents. */
    async temConteudos(tx: Tx, id: number): Promise<boolean> {
      const rows = await tx
        .select({ id: conteudosProduto.id })
        .from(conteudosProduto)
        .where(eq(conteudosProduto.produtoId, id))
        .limit(1);
      return rows.length > 0;
    },

    async inserir(tx: Tx, valores: ValoresProduto): Promise<number> {
      const [row] = await tx.insert(produtos).values(valores).returning({ id: produtos.id });
      return row!.id;
    },

    /** A new product's first units: on hand and its 'entrada' movement by the staff member (ADR 032). */
    async estoqueInicial(tx: Tx, id: number, quantidade: number, quem: QuemAudita): Promise<void> {
      await tx.update(produtos).set({ estoque: quantidade }).where(eq(produtos.id, id));
      await tx.insert(estoqueMovimentos).values({
        produtoId: id,
        tipo: 'entrada',
        quantidade,
        deltaEstoque: quantidade,
        deltaReservado: 0,
        quem: quem.permissao,
        quemId: quem.id,
        motivo: MSG_ESTOQUE_EQUIPE.motivoEstoqueInicial,
      });
    },

    async atualizar(tx: Tx, id: number, valores: ValoresProduto): Promise<void> {
      await tx
        .update(produtos)
        .set({ ...valores, updatedAt: sql`now()` })
        .where(eq(produtos.id, id));
    },

    /** Replaces the technical sheet. */
    async substituirFicha(tx: Tx, id: number, linhas: Array<{ descricao: string; valor: string }>) {
      await tx.delete(fichasTecnicas).where(eq(fichasTecnicas.produtoId, id));
      if (linhas.length) await tx.insert(fichasTecnicas).values(linhas.map((l) => ({ ...l, produtoId: id })));
    },

    /** Replaces the tags: each name is found case-insensitively, or created. */
    async substituirTags(tx: Tx, id: number, nomes: string[]) {
      await tx.delete(produtoTags).where(eq(produtoTags.produtoId, id));
      if (nomes.length === 0) return;
      await tx
        .insert(tags)
        .values(nomes.map((nome) => ({ nome })))
        .onConflictDoNothing();
      // lower() on both sides: the same rule as the unique index (tags_nome_lower_uq), whatever the server's locale.
      const existentes = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(
          sql`lower(${tags.nome}) IN (${sql.join(
            nomes.map((n) => sql`lower(${n})`),
            sql`, `,
          )})`,
        );
      await tx.insert(produtoTags).values(existentes.map((t) => ({ produtoId: id, tagId: t.id })));
    },

    /** Replaces the authors. */
    async substituirAutores(tx: Tx, id: number, ids: number[]) {
      await tx.delete(produtoAutores).where(eq(produtoAutores.produtoId, id));
      if (ids.length) await tx.insert(produtoAutores).values(ids.map((autorId) => ({ produtoId: id, autorId })));
    },
  };
}

export type ProdutoAdminRepository = ReturnType<typeof createProdutoAdminRepository>;
