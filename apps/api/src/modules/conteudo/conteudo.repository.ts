import { and, asc, eq, ilike, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { autores } from '../autor/autor.table.js';
import { avaliacoes } from '../avaliacao/avaliacao.table.js';
import { clientes } from '../cliente/cliente.table.js';
import { empresa } from '../empresa/empresa.table.js';
import { comprouProduto } from '../pedido/compra.js';
import { produtoAutores, produtos, produtoTags, tags } from '../produto/produto.table.js';
import { permissoes, usuarios } from '../usuario/usuario.table.js';
import { certificados, conteudosProduto, progressoConteudos } from './conteudo.table.js';

/**
 * Students see only playable items (ADR 015): an AVI still being converted
 * (PROCESSANDO) or whose conversion failed (FALHOU) is left out of the
 * classroom, the progress counts and the certificate.
 */
const pronto = eq(conteudosProduto.processamento, 'PRONTO');

/** Whose library a query reads: a client's (its bought products) or every digital product (ADMIN). */
export type Acervo = { clienteId: number } | 'todos';

export interface NovoCertificado {
  codigo: string;
  clienteId: number;
  produtoId: number;
  nomeCliente: string;
  curso: string;
  cargaHoraria: string | null;
  concluidoEm: Date;
}

/** Escapes LIKE wildcards so a search for "50%" looks for the text "50%". */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createConteudoRepository(db: Db) {
  /** `EXISTS` a paid, shipped or delivered order of the client holding the product (the ownership rule). */
  const comprado = (clienteId: number, produtoId: typeof produtos.id | number) =>
    comprouProduto(db, clienteId, produtoId);

  return {
    /**
     * The digital product `produtoId` (null when unknown or physical) and
     * whether `clienteId` owns it right now; one query, run on every request
     * that reads a course or its files, so a cancelled order revokes at once.
     */
    async produtoDigital(produtoId: number, clienteId: number | null) {
      const [row] = await db
        .select({
          id: produtos.id,
          nome: produtos.nome,
          duracao: produtos.duracao,
          ativo: produtos.ativo,
          possui: clienteId === null ? sql<boolean>`false` : comprado(clienteId, produtos.id),
        })
        .from(produtos)
        .where(and(eq(produtos.id, produtoId), eq(produtos.digital, true)))
        .limit(1);
      return row ?? null;
    },

    /** The content item `id` with its product's digital flag (null when unknown). */
    async conteudo(id: number) {
      const [row] = await db
        .select({
          id: conteudosProduto.id,
          produtoId: conteudosProduto.produtoId,
          ordem: conteudosProduto.ordem,
          titulo: conteudosProduto.titulo,
          duracao: conteudosProduto.duracao,
          arquivo: conteudosProduto.arquivo,
          video: conteudosProduto.video,
          tipo: conteudosProduto.tipo,
          tamanho: conteudosProduto.tamanho,
          processamento: conteudosProduto.processamento,
          nomeArquivo: conteudosProduto.nomeArquivo,
          permiteDownload: conteudosProduto.permiteDownload,
        })
        .from(conteudosProduto)
        .where(eq(conteudosProduto.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * The free preview `id` (ADR 047): the item only when the staff marked it as preview, it is playable and its
     * product is an active digital one (what the store shows); null otherwise.
     */
    async previa(id: number) {
      const [row] = await db
        .select({
          id: conteudosProduto.id,
          arquivo: conteudosProduto.arquivo,
          video: conteudosProduto.video,
          tipo: conteudosProduto.tipo,
        })
        .from(conteudosProduto)
        .innerJoin(produtos, eq(produtos.id, conteudosProduto.produtoId))
        .where(
          and(
            eq(conteudosProduto.id, id),
            eq(conteudosProduto.previaGratuita, true),
            pronto,
            eq(produtos.ativo, true),
            eq(produtos.digital, true),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * Library cards: the digital products the reader may open (a client's
     * bought ones, inactive included: a bought course stays; every one for
     * 'todos'), optionally filtered by name, ordered by name, with the
     * number of items and of items the user finished.
     */
    async biblioteca(acervo: Acervo, usuarioId: number, filtro: string | undefined) {
      // Correlated on the outer row by its qualified name: inside a subquery a bare "id" would be the inner table's.
      const produtoExterno = sql.raw('"produtos"."id"');
      const concluidos = sql<number>`(SELECT count(*)::int FROM progresso_conteudos pc
        JOIN conteudos_produto c ON c.id = pc.conteudo_id
        WHERE c.produto_id = ${produtoExterno} AND pc.usuario_id = ${usuarioId} AND pc.concluido
          AND c.processamento = 'PRONTO')`;
      const total = sql<number>`(SELECT count(*)::int FROM conteudos_produto c
        WHERE c.produto_id = ${produtoExterno} AND c.processamento = 'PRONTO')`;
      const rows = await db
        .select({
          id: produtos.id,
          nome: produtos.nome,
          pathImgDestaque: produtos.pathImgDestaque,
          descricao: produtos.descricao,
          duracao: produtos.duracao,
          concluidos,
          total,
        })
        .from(produtos)
        .where(
          and(
            eq(produtos.digital, true),
            acervo === 'todos' ? undefined : comprado(acervo.clienteId, produtos.id),
            filtro ? ilike(produtos.nome, `%${likeLiteral(filtro)}%`) : undefined,
          ),
        )
        .orderBy(asc(produtos.nome), asc(produtos.id));
      return rows.map((r) => ({ ...r, concluidos: Number(r.concluidos), total: Number(r.total) }));
    },

    /** Authors of the products, by product id (in name order). */
    async autoresDe(produtoIds: number[]) {
      if (produtoIds.length === 0)
        return new Map<number, Array<{ nome: string; sobre: string | null; pathImg: string | null }>>();
      const rows = await db
        .select({
          produtoId: produtoAutores.produtoId,
          nome: autores.nome,
          sobre: autores.sobre,
          pathImg: autores.pathImg,
        })
        .from(produtoAutores)
        .innerJoin(autores, eq(autores.id, produtoAutores.autorId))
        .where(inArray(produtoAutores.produtoId, produtoIds))
        .orderBy(asc(autores.nome), asc(autores.id));
      const out = new Map<number, Array<{ nome: string; sobre: string | null; pathImg: string | null }>>();
      for (const { produtoId, ...autor } of rows) out.set(produtoId, [...(out.get(produtoId) ?? []), autor]);
      return out;
    },

    /** Tag names of a product, alphabetically. */
    async tagsDe(produtoId: number) {
      return db
        .select({ nome: tags.nome })
        .from(produtoTags)
        .innerJoin(tags, eq(tags.id, produtoTags.tagId))
        .where(eq(produtoTags.produtoId, produtoId))
        .orderBy(asc(tags.nome));
    },

    /** The items of a course in order, with the user's progress on each and when it was last touched. */
    async itensComProgresso(produtoId: number, usuarioId: number) {
      return db
        .select({
          id: conteudosProduto.id,
          ordem: conteudosProduto.ordem,
          titulo: conteudosProduto.titulo,
          duracao: conteudosProduto.duracao,
          video: conteudosProduto.video,
          concluido: sql<boolean>`coalesce(${progressoConteudos.concluido}, false)`,
          concluidoEm: progressoConteudos.concluidoEm,
          posicaoSegundos: sql<number>`coalesce(${progressoConteudos.posicaoSegundos}, 0)`,
          atualizadoEm: progressoConteudos.atualizadoEm,
        })
        .from(conteudosProduto)
        .leftJoin(
          progressoConteudos,
          and(eq(progressoConteudos.conteudoId, conteudosProduto.id), eq(progressoConteudos.usuarioId, usuarioId)),
        )
        .where(and(eq(conteudosProduto.produtoId, produtoId), pronto))
        .orderBy(asc(conteudosProduto.ordem));
    },

    /** The user's progress row on one item (null before any). */
    async progresso(usuarioId: number, conteudoId: number) {
      const [row] = await db
        .select()
        .from(progressoConteudos)
        .where(and(eq(progressoConteudos.usuarioId, usuarioId), eq(progressoConteudos.conteudoId, conteudoId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Writes the user's progress on an item in one statement (insert or
     * update): `concluido` set or cleared (its date kept when it was already
     * done), the video position when given; always touches `atualizado_em`
     * (the classroom resumes the item touched last).
     */
    async salvarProgresso(
      usuarioId: number,
      conteudoId: number,
      mudanca: { concluido?: boolean; posicaoSegundos?: number },
    ) {
      const concluido = mudanca.concluido;
      const [row] = await db
        .insert(progressoConteudos)
        .values({
          usuarioId,
          conteudoId,
          concluido: concluido ?? false,
          concluidoEm: concluido ? sql`now()` : null,
          posicaoSegundos: mudanca.posicaoSegundos ?? 0,
        })
        .onConflictDoUpdate({
          target: [progressoConteudos.usuarioId, progressoConteudos.conteudoId],
          set: {
            atualizadoEm: sql`now()`,
            ...(concluido === undefined
              ? {}
              : {
                  concluido,
                  concluidoEm: concluido ? sql`coalesce(${progressoConteudos.concluidoEm}, now())` : null,
                }),
            ...(mudanca.posicaoSegundos === undefined ? {} : { posicaoSegundos: mudanca.posicaoSegundos }),
          },
        })
        .returning();
      return row!;
    },

    /** Whether the client has reviewed the product. */
    async avaliado(clienteId: number, produtoId: number) {
      const [row] = await db
        .select({ id: avaliacoes.id })
        .from(avaliacoes)
        .where(and(eq(avaliacoes.clienteId, clienteId), eq(avaliacoes.produtoId, produtoId)))
        .limit(1);
      return row !== undefined;
    },

    /** The name printed on a client's certificate: the person's name or the company's legal name. */
    async nomeCliente(clienteId: number) {
      const [row] = await db
        .select({ nome: clientes.nome, razaoSocial: clientes.razaoSocial, juridica: clientes.juridica })
        .from(clientes)
        .where(eq(clientes.id, clienteId))
        .limit(1);
      if (!row) return null;
      return (row.juridica ? row.razaoSocial : row.nome) ?? row.nome ?? row.razaoSocial;
    },

    /** Total seconds of a course's items (the workload when the product states none). */
    async segundosDoCurso(produtoId: number) {
      const [row] = await db
        .select({
          s: sql<number>`coalesce(sum(extract(epoch FROM ${conteudosProduto.duracao}::interval)), 0)::int`,
        })
        .from(conteudosProduto)
        .where(and(eq(conteudosProduto.produtoId, produtoId), pronto));
      return Number(row?.s ?? 0);
    },

    /** When the user finished the course's last item (null when some item is not done or there are none). */
    async concluidoEm(usuarioId: number, produtoId: number) {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          feitos: sql<number>`count(*) FILTER (WHERE ${progressoConteudos.concluido})::int`,
          ultimo: max(progressoConteudos.concluidoEm),
        })
        .from(conteudosProduto)
        .leftJoin(
          progressoConteudos,
          and(eq(progressoConteudos.conteudoId, conteudosProduto.id), eq(progressoConteudos.usuarioId, usuarioId)),
        )
        .where(and(eq(conteudosProduto.produtoId, produtoId), pronto));
      if (!row || Number(row.total) === 0 || Number(row.feitos) < Number(row.total) || !row.ultimo) return null;
      return new Date(row.ultimo);
    },

    async certificadoDe(clienteId: number, produtoId: number) {
      const [row] = await db
        .select()
        .from(certificados)
        .where(and(eq(certificados.clienteId, clienteId), eq(certificados.produtoId, produtoId)))
        .limit(1);
      return row ?? null;
    },

    /** Clears a certificate's revocation (the course owned again: ADR 036); the row afterwards. */
    async restaurarCertificado(id: number) {
      const [row] = await db.update(certificados).set({ revogadoEm: null }).where(eq(certificados.id, id)).returning();
      return row;
    },

    async certificadoPorCodigo(codigo: string) {
      const [row] = await db.select().from(certificados).where(eq(certificados.codigo, codigo)).limit(1);
      return row ?? null;
    },

    /**
     * Stores a certificate unless the client already has one for the product
     * (two concurrent requests: the second inserts nothing); returns the
     * stored one either way. A code collision (60 random bits: practically
     * never) surfaces as the unique violation of `certificados_codigo_uq`.
     */
    async emitirCertificado(c: NovoCertificado) {
      const [novo] = await db
        .insert(certificados)
        .values(c)
        .onConflictDoNothing({ target: [certificados.clienteId, certificados.produtoId] })
        .returning();
      return novo ?? (await this.certificadoDe(c.clienteId, c.produtoId));
    },

    /** The clinic's trade name (or legal name) that signs certificates; null before the company is set up. */
    async nomeEmpresa() {
      const [row] = await db.select({ nome: empresa.nome, nomeFantasia: empresa.nomeFantasia }).from(empresa).limit(1);
      return row ? (row.nomeFantasia ?? row.nome) : null;
    },

    /**
     * The current role, client id and state of the user a signed media URL
     * names (the URL carries only the id): null when the user is gone.
     */
    async usuario(usuarioId: number) {
      const [row] = await db
        .select({ id: usuarios.id, ativo: usuarios.ativo, permissao: permissoes.nome, idCliente: clientes.id })
        .from(usuarios)
        .innerJoin(permissoes, eq(permissoes.id, usuarios.permissaoId))
        .leftJoin(clientes, eq(clientes.usuarioId, usuarios.id))
        .where(eq(usuarios.id, usuarioId))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ConteudoRepository = ReturnType<typeof createConteudoRepository>;
