/**
 * Catalogue answers as the API sends them (money in reais on the wire; the
 * web's parse turns it into cents). Shared by the catalogue and store tests.
 */
import type { z } from 'zod';
import type {
  bannerSchema,
  categoriaComProdutosSchema,
  produtoCardSchema,
  produtoDetalheSchema,
} from '@clinica/shared/schemas/produto';

type Wire<S extends z.ZodType> = z.input<S>;
export type ProdutoCardWire = Wire<typeof produtoCardSchema>;
export type ProdutoDetalheWire = Wire<typeof produtoDetalheSchema>;

const imagemWire = (slug: string, largura = 800, altura = 800) => ({
  path: `/api/arquivos/produtos/${slug}-800.webp`,
  largura,
  altura,
  variantes: [
    { largura: 800, path: `/api/arquivos/produtos/${slug}-800.webp` },
    { largura: 400, path: `/api/arquivos/produtos/${slug}-400.webp` },
  ],
});

function cardWire(patch: Partial<ProdutoCardWire> & { id: number; nome: string }): ProdutoCardWire {
  return {
    preco: 25.9,
    digital: false,
    disponivel: true,
    pathImgDestaque: `/api/arquivos/produtos/p${patch.id}-800.webp`,
    imagemDestaque: imagemWire(`p${patch.id}`),
    nota: 0,
    quantidadeAvaliacoes: 0,
    ultimasUnidades: false,
    ...patch,
  };
}

export const ESCOVA_CARD = cardWire({
  id: 1,
  nome: 'Escova dental ultramacia Sorriso Pleno',
  preco: 12.9,
  nota: 4.5,
  quantidadeAvaliacoes: 12,
  imagemDestaque: imagemWire('escova'),
});
export const KIT_CARD = cardWire({ id: 2, nome: 'Kit de curetas Gracey', preco: 1234.56, disponivel: false });
export const CURSO_CARD = cardWire({
  id: 9,
  nome: 'Harmonização orofacial: fundamentos',
  preco: 499.9,
  digital: true,
  imagemDestaque: null,
  pathImgDestaque: null,
});

export const CATEGORIAS: Wire<typeof categoriaComProdutosSchema>[] = [
  {
    id: 10,
    nome: 'Higiene bucal',
    digital: false,
    listaProduto: [ESCOVA_CARD, cardWire({ id: 3, nome: 'Fio dental 50 m' })],
  },
  { id: 11, nome: 'Instrumentais', digital: false, listaProduto: [KIT_CARD] },
  { id: 12, nome: 'Cursos de harmonização', digital: true, listaProduto: [CURSO_CARD] },
  { id: 13, nome: 'Categoria vazia', digital: false, listaProduto: [] },
];

export const BANNERS: Wire<typeof bannerSchema>[] = [
  {
    titulo: 'Cuidado diário, sem agredir a gengiva',
    nome: 'Escova dental ultramacia Sorriso Pleno',
    pathImgDestaque: '/api/arquivos/produtos/escova-1.webp',
    texto: 'Escova ultramacia com 5.460 cerdas.',
    path: '/api/arquivos/banners/escova.webp',
    imagem: imagemWire('banner-escova', 1600, 600),
    idProduto: 1,
    digital: false,
    preco: 12.9,
    disponivel: true,
  },
  {
    titulo: 'Aprenda harmonização orofacial',
    nome: 'Curso de harmonização orofacial',
    pathImgDestaque: '/api/arquivos/produtos/curso-card.webp',
    texto: 'Curso online com certificado.',
    path: '/api/arquivos/banners/harmonizacao.webp',
    imagem: imagemWire('banner-harmonizacao', 1600, 600),
    idProduto: 9,
    digital: true,
    preco: 499.9,
    disponivel: true,
  },
];

export const ESCOVA_DETALHE: ProdutoDetalheWire = {
  id: 1,
  nome: 'Escova dental ultramacia Sorriso Pleno',
  preco: 12.9,
  digital: false,
  descricao: 'Escova com 5.460 cerdas ultramacias.',
  disponivel: true,
  categoria: { id: 10, nome: 'Higiene bucal' },
  fichaTecnica: [
    { descricao: 'Cerdas', valor: '5.460 filamentos ultramacios' },
    { descricao: 'Cabeça', valor: 'Compacta, 2,5 cm' },
  ],
  listaAvaliacao: [
    {
      nomeCliente: 'Maria Cliente',
      nota: 5,
      comentario: 'Ótima! <img src=x onerror=alert(1)>',
      createAt: [2025, 3, 12],
      clienteId: 5,
      produtoId: 1,
    },
    { nomeCliente: 'João Souza', nota: 4, comentario: null, createAt: [2025, 1, 2], clienteId: 6, produtoId: 1 },
  ],
  nota: 4.5,
  quantidadeAvaliacoes: 2,
  listImagemProduto: [
    { id: 1, path: '/api/arquivos/produtos/escova-1.webp', imagem: imagemWire('escova-1') },
    { id: 2, path: '/api/arquivos/produtos/escova-2.webp', imagem: imagemWire('escova-2') },
  ],
  pathImgDestaque: '/api/arquivos/produtos/escova-1.webp',
  imagemDestaque: imagemWire('escova-1'),
  tags: [],
  duracao: null,
  autores: [],
  anvisaRegistro: '89999990001',
  usoProfissional: false,
  conteudos: [],
  marca: null,
  sku: null,
};

export const CURSO_DETALHE: ProdutoDetalheWire = {
  id: 9,
  nome: 'Harmonização orofacial: fundamentos',
  preco: 499.9,
  digital: true,
  descricao: 'Curso online com aulas em vídeo e apostila.',
  disponivel: true,
  categoria: { id: 12, nome: 'Cursos de harmonização' },
  fichaTecnica: [],
  listaAvaliacao: [],
  nota: 0,
  quantidadeAvaliacoes: 0,
  listImagemProduto: [],
  pathImgDestaque: null,
  imagemDestaque: null,
  tags: [{ nome: 'Harmonização' }, { nome: 'Toxina botulínica' }],
  duracao: '12 horas',
  anvisaRegistro: null,
  usoProfissional: false,
  marca: null,
  sku: null,
  autores: [
    {
      nome: 'Dra. Ana Lima',
      sobre: 'Especialista em harmonização orofacial.',
      pathImg: '/api/arquivos/autores/ana.webp',
    },
    { nome: 'Dr. Paulo Reis', sobre: null, pathImg: null },
  ],
  conteudos: [
    { id: 31, ordem: 1, titulo: 'Boas-vindas', duracao: '00:04:30', video: true, previa: true },
    { id: 32, ordem: 2, titulo: 'Aula 1 — Anatomia facial', duracao: '00:55:30', video: true, previa: false },
    { id: 33, ordem: 3, titulo: 'Apostila do curso', duracao: '00:20:00', video: false, previa: false },
  ],
};

export const KIT_DETALHE: ProdutoDetalheWire = {
  ...ESCOVA_DETALHE,
  id: 2,
  nome: 'Kit de curetas Gracey',
  preco: 1234.56,
  disponivel: false,
  listaAvaliacao: [],
  nota: 0,
  quantidadeAvaliacoes: 0,
};
