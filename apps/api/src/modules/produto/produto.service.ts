import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { compararNomes } from '@clinica/shared/ordem-nomes';
import {
  LIMITE_BUSCA_LISTAGEM,
  type Banner,
  type Brinde,
  type EstoqueProduto,
  type CategoriaComProdutos,
  type FisicoDigital,
  type Imagem,
  type ProdutoCard,
  type ProdutoDetalhe,
  type ProdutoMenuItem,
} from '@clinica/shared/schemas/produto';
import { LIMITE_COMPRADOS_JUNTOS } from '@clinica/shared/schemas/produto-relacionados';
import {
  LIMITE_SUGESTOES_CATEGORIAS,
  LIMITE_SUGESTOES_PRODUTOS,
  type Sugestoes,
} from '@clinica/shared/schemas/produto-sugestoes';
import type { Vitrine, VitrineQuery } from '@clinica/shared/schemas/vitrine';
import { MSG_VITRINE } from '@clinica/shared/messages-vitrine';
import { POR_PAGINA_VITRINE } from '@clinica/shared/vitrine';
import { notFound } from '../../lib/errors.js';
import { toAvaliacao } from '../avaliacao/avaliacao.service.js';
import type { VarianteImagem } from './produto.table.js';
import type { ProdutoRepository } from './produto.repository.js';
import type { ProdutoVitrine } from './produto-vitrine.repository.js';

/** Results of a pick list (GET /produto/buscaNome). */
const LIMITE_BUSCA_NOME = 20;

type ImagemRow = { path: string; largura: number; altura: number; variantes: VarianteImagem[] };

/** The variants narrowest first, as `{ largura, path }` (they are stored in that order: no sort then). */
function variantesOrdenadas(variantes: VarianteImagem[]): Imagem['variantes'] {
  const lista = variantes.map((v) => ({ largura: v.largura, path: v.path }));
  for (let i = 1; i < lista.length; i++) {
    if (lista[i]!.largura < lista[i - 1]!.largura) return lista.sort((a, b) => a.largura - b.largura);
  }
  return lista;
}

/** An `imagens` row as the contract's image (variants narrowest first). */
export function toImagem(row: ImagemRow): Imagem {
  return {
    path: row.path,
    largura: row.largura,
    altura: row.altura,
    variantes: variantesOrdenadas(row.variantes),
  };
}

type CardRow = {
  id: number;
  nome: string;
  preco: number;
  digital: boolean;
  disponivel: boolean;
  pathImgDestaque: string | null;
  imagem: ImagemRow | null;
  media: number | null;
  quantidade: number | null;
  ultimasUnidades: boolean;
};

export function toCard(row: CardRow): ProdutoCard {
  return {
    id: row.id,
    nome: row.nome,
    preco: row.preco,
    digital: row.digital,
    disponivel: row.disponivel,
    pathImgDestaque: row.pathImgDestaque,
    imagemDestaque: row.imagem ? toImagem(row.imagem) : null,
    nota: row.media ?? 0,
    quantidadeAvaliacoes: row.quantidade ?? 0,
    ultimasUnidades: row.ultimasUnidades,
  };
}

/**
 * The average of half-star grades to two decimals, halves rounded up as
 * PostgreSQL's round() does for the cards (0 without reviews). Computed on
 * whole half stars, so no float error decides a rounding.
 */
export function media(notas: number[]): number {
  if (notas.length === 0) return 0;
  const meiasEstrelas = notas.reduce((s, n) => s + Math.round(n * 2), 0);
  return Math.round((50 * meiasEstrelas) / notas.length) / 100;
}

/** The public reads of the catalogue (docs/behaviour/catalogue-and-search.md). Inactive products never appear. */
export function createProdutoService({
  repository,
  vitrine,
}: {
  repository: ProdutoRepository;
  vitrine: ProdutoVitrine;
}) {
  /** The search text as the store takes it: blank searches find nothing. */
  const buscar = async (texto: string, limite: number) => {
    const limpo = texto.trim();
    if (!limpo) return [];
    return repository.buscar(limpo, limite);
  };

  return {
    /**
     * GET /produto/fisicodigital: the menus' digital and physical products, by name: the repository reads them in
     * pt-BR order (nome_ordem, the shared chaveNome kept by the database).
     */
    async fisicoDigital(): Promise<FisicoDigital> {
      const rows: ProdutoMenuItem[] = await repository.listMenu();
      return {
        listProdutoDigital: rows.filter((p) => p.digital),
        listProdutoFisico: rows.filter((p) => !p.digital),
      };
    },

    /** GET /produto/{id}: the product page. One query (the product and its lists), whatever their sizes. */
    async detalhe(id: number): Promise<ProdutoDetalhe> {
      const row = await repository.findDetalhe(id);
      if (!row) throw notFound(MSG.produtoNaoEncontrado);
      const { produto: p, categoria, imagem } = row;
      const listaAvaliacao = row.avaliacoes.map((a) => toAvaliacao({ ...a, createdAt: new Date(a.createdAt) }));
      return {
        id: p.id,
        nome: p.nome,
        preco: p.preco,
        digital: p.digital,
        descricao: p.descricao,
        disponivel: p.disponivel,
        categoria,
        fichaTecnica: row.fichaTecnica,
        listaAvaliacao,
        nota: media(listaAvaliacao.map((a) => a.nota)),
        quantidadeAvaliacoes: listaAvaliacao.length,
        listImagemProduto: row.galeria.map((g) => ({ id: g.id, path: g.path, imagem: toImagem(g) })),
        pathImgDestaque: p.pathImgDestaque,
        imagemDestaque: imagem ? toImagem(imagem) : null,
        tags: row.tags.map((nome) => ({ nome })).sort((a, b) => compararNomes(a.nome, b.nome)),
        duracao: p.duracao,
        autores: [...row.autores].sort((a, b) => compararNomes(a.nome, b.nome)),
        anvisaRegistro: p.anvisaRegistro,
        usoProfissional: p.usoProfissional,
        conteudos: row.conteudos,
        marca: p.digital ? null : p.marca,
        sku: p.digital ? null : p.sku,
      };
    },

    /** GET /produto/site/: the home banners (title defaults to the product's name). One query. */
    async banners(): Promise<{ content: { listImagemProdutoSite: Banner[] } }> {
      const rows = await repository.listBanners();
      return {
        content: {
          listImagemProdutoSite: rows.map((r) => ({
            titulo: r.titulo?.trim() || r.nome,
            nome: r.nome,
            pathImgDestaque: r.pathImgDestaque,
            texto: r.texto ?? '',
            path: r.imagem.path,
            imagem: toImagem(r.imagem),
            idProduto: r.idProduto,
            digital: r.digital,
            preco: r.preco,
            disponivel: r.disponivel,
          })),
        },
      };
    },

    /**
     * GET /produto/categoria: the categories that have products in the store,
     * physical before digital, each by name, with its product cards by name (read
     * in that order, as the menus). One query.
     */
    async categorias(): Promise<CategoriaComProdutos[]> {
      const rows = await repository.listCardsComCategoria();
      const porCategoria = new Map<number, CategoriaComProdutos>();
      for (const row of rows) {
        let categoria = porCategoria.get(row.categoria.id);
        if (!categoria) {
          categoria = { ...row.categoria, listaProduto: [] };
          porCategoria.set(row.categoria.id, categoria);
        }
        categoria.listaProduto.push(toCard(row));
      }
      const lista = [...porCategoria.values()];
      return lista.sort(
        (a, b) => Number(a.digital) - Number(b.digital) || compararNomes(a.nome, b.nome) || a.id - b.id,
      );
    },

    /** GET /produto/buscaNomeListagem: the search grid's product cards, best first. */
    async buscaListagem(texto: string): Promise<ProdutoCard[]> {
      return (await buscar(texto, LIMITE_BUSCA_LISTAGEM)).map(toCard);
    },

    /**
     * GET /produto/sugestoes: what the header's search suggests while the person types (ADR 045): the search's
     * best products that can be bought now, and the categories whose name contains the text. Two statements.
     */
    async sugestoes(texto: string): Promise<Sugestoes> {
      const [produtos, categorias] = await Promise.all([
        repository.sugerir(texto, LIMITE_SUGESTOES_PRODUTOS),
        repository.categoriasCom(texto, LIMITE_SUGESTOES_CATEGORIAS),
      ]);
      return {
        produtos: produtos.map((r) => ({
          id: r.id,
          nome: r.nome,
          preco: r.preco,
          digital: r.digital,
          imagemDestaque: r.imagem ? toImagem(r.imagem) : null,
        })),
        categorias,
      };
    },

    /**
     * GET /produto/vitrine (ADR 044): a page of the category pages' and the search's grid, its total and facets; 404
     * for an unknown category (its page has no title).
     */
    async vitrine(q: VitrineQuery): Promise<Vitrine> {
      const categoria = q.categoria !== undefined ? await vitrine.categoria(q.categoria) : null;
      if (categoria === undefined) throw notFound(MSG_VITRINE.categoriaNaoEncontrada);
      const r = await vitrine.vitrine(q);
      return {
        categoria,
        produtos: r.cards.map(toCard),
        total: r.total,
        pagina: q.pagina,
        porPagina: POR_PAGINA_VITRINE,
        marcas: r.marcas,
        precoMinimo: r.precoMinimo,
        precoMaximo: r.precoMaximo,
      };
    },

    /** GET /produto/buscaNome/{text}: names for pick lists, best first. */
    async buscaNome(texto: string): Promise<ProdutoMenuItem[]> {
      return (await buscar(texto, LIMITE_BUSCA_NOME)).map((r) => ({
        id: r.id,
        nome: r.nome,
        digital: r.digital,
        pathImgDestaque: r.pathImgDestaque,
      }));
    },

    /**
     * GET /produto/{id}/comprados-juntos: 'Quem comprou também levou', from the paid orders (repository's
     * compradosJuntos); 404 for a product the page would not show. Too few orders: an empty list, and the page shows
     * no row (no filler from the category: what it says must be true, ADR 043).
     */
    async compradosJuntos(id: number): Promise<ProdutoCard[]> {
      if (!(await repository.existeAtivo(id))) throw notFound(MSG.produtoNaoEncontrado);
      return (await repository.compradosJuntos(id, LIMITE_COMPRADOS_JUNTOS)).map(toCard);
    },

    /** GET /produto/estoque: the free units of the bag's products now (ADR 032). */
    async estoques(ids: readonly number[]): Promise<EstoqueProduto[]> {
      return repository.estoques([...new Set(ids)]);
    },

    /** GET /produto/produtobrinde: the gift, or 404 'Não há brinde disponível no momento.'. */
    async brinde(): Promise<Brinde> {
      const row = await repository.findBrinde();
      if (!row) throw notFound(MSG_API.brindeNaoEncontrado);
      return row;
    },
  };
}

export type ProdutoService = ReturnType<typeof createProdutoService>;
