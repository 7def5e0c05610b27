/** Wire shapes (as the API answers them: money in reais) for the product screens' tests. */
import type { imagemApi } from '@clinica/shared/schemas/imagem';
import type { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import type { WireContent } from '../../test/test-utils';

/** GET /produto/listagem, a page of the back-office list. */
export type ListagemWire = WireContent<typeof produtoAdminApi.listagem>;
/** A row of that list. */
export type ItemWire = ListagemWire['listaProduto'][number];
/** GET /produto/admin/{id}, the product as the back-office edits it. */
export type ProdutoAdminWire = WireContent<typeof produtoAdminApi.buscar>;
/** A picture of GET /produto/imagens/imagem/produto/{id}. */
export type ImagemWire = WireContent<typeof imagemApi.listarProduto>['listaImagemProduto'][number];

export const ADMIN_SESSION = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente' };
export const USUARIO_SESSION = { idUser: 2, permissao: 'USUARIO' as const, nome: 'Equipe' };

export function itemWire(id: number, patch: Partial<ItemWire> = {}): ItemWire {
  return {
    id,
    nome: `Produto ${id}`,
    descricao: 'Descrição do produto',
    preco: 49.9,
    digital: false,
    categoria: { id: 1, nome: 'Resinas' },
    ativo: true,
    produtoExibidoSite: false,
    disponivel: true,
    brinde: false,
    pathImgDestaque: null,
    ...patch,
  };
}

export const listagemWire = (items: ItemWire[], patch: Partial<ListagemWire> = {}): ListagemWire => ({
  listaProduto: items,
  totalPaginas: items.length === 0 ? 0 : 1,
  totalRegistros: items.length,
  page: 0,
  ...patch,
});

export const CATEGORIAS_FISICAS = [
  { id: 1, nome: 'Resinas', digital: false },
  { id: 2, nome: 'Instrumentais', digital: false },
];
export const CATEGORIAS_DIGITAIS = [{ id: 5, nome: 'Cursos de estética', digital: true }];
export const AUTORES = [
  { id: 7, nome: 'Dra. Ana Lima', sobre: null, nomeImg: null, pathImg: null },
  { id: 8, nome: 'Dr. Bruno Reis', sobre: null, nomeImg: null, pathImg: null },
];

export function produtoAdminWire(patch: Partial<ProdutoAdminWire> = {}): ProdutoAdminWire {
  return {
    id: 12,
    nome: 'Resina composta A2',
    descricao: 'Resina fotopolimerizável para restaurações.',
    preco: 89.9,
    produtoExibidoSite: false,
    categoria: { id: 1, nome: 'Resinas', digital: false },
    tempoEstimado: '01:30:00',
    digital: false,
    altura: 2,
    peso: 0.05,
    largura: 5,
    comprimento: 10,
    brinde: false,
    tituloImagemHome: null,
    textoHome: null,
    ativo: true,
    disponivel: true,
    estoque: 10,
    reservado: 2,
    disponiveis: 8,
    estoqueMinimo: 5,
    autores: [],
    fichaTecnica: [{ id: 3, descricao: 'Cor', valor: 'A2' }],
    tags: [],
    listaAvaliacao: [],
    pathImgDestaque: null,
    pathImagemHome: null,
    duracao: null,
    ncm: '39069019',
    cfop: null,
    anvisaRegistro: '89999990011',
    usoProfissional: true,
    marca: null,
    sku: null,
    ...patch,
  };
}

export function imagemWire(id: number, patch: Partial<ImagemWire> = {}): ImagemWire {
  return {
    id,
    nome: `foto-${id}.png`,
    path: `/api/arquivos/imagens/${id}.webp`,
    imagemSite: false,
    imagem: null,
    destaque: false,
    ...patch,
  };
}

/** A small file of the given type. */
export const fileOf = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type });
