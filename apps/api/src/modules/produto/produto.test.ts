import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { produtoApi, type Imagem } from '@clinica/shared/schemas/produto';
import {
  DEMO_AVALIACOES,
  DEMO_BANNERS,
  DEMO_BRINDE,
  DEMO_CATEGORIAS,
  DEMO_CURSOS,
  DEMO_ESGOTADO,
  DEMO_PRODUTOS_FISICOS,
} from '../../db/seed/demo-data.js';
import { body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { media } from './produto.service.js';

const ESCOVA = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'escova-ultramacia')!;
const CURETAS = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'kit-curetas-gracey')!;
const HARMONIZACAO = DEMO_CURSOS.find((c) => c.slug === 'harmonizacao-orofacial-fundamentos')!;
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** An image of the contract: versioned WebP variants, narrowest first, the largest being `path`. */
function expectResponsive(imagem: Imagem) {
  expect(imagem.variantes.length).toBeGreaterThanOrEqual(1);
  const larguras = imagem.variantes.map((v) => v.largura);
  expect(larguras).toEqual([...larguras].sort((a, b) => a - b));
  expect(imagem.variantes.at(-1)).toEqual({ largura: imagem.largura, path: imagem.path });
  for (const v of imagem.variantes)
    expect(v.path).toMatch(/^\/api\/arquivos\/[a-z]+\/[a-z0-9-]+-[0-9a-f]{16}-\d+\.webp$/);
  expect(imagem.largura).toBeGreaterThan(0);
  expect(imagem.altura).toBeGreaterThan(0);
}

describe.each(testDatabaseTargets())('catálogo público (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const idOf = async (nome: string): Promise<number> => {
    const [row] = await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [nome]);
    if (!row) throw new Error(`produto ausente: ${nome}`);
    return Number(row.id);
  };
  const fetchMenus = async () => contentOf(produtoApi.fisicoDigital, await get('/api/produto/fisicodigital'));

  describe('GET /api/produto/fisicodigital', () => {
    it('lista os produtos ativos que não são brinde, separados em digitais e físicos', async () => {
      const menus = await fetchMenus();
      const rows = await t.database.raw<{ id: number; digital: boolean }>(
        'SELECT id, digital FROM produtos WHERE ativo AND NOT brinde',
      );
      const ids = (digital: boolean) =>
        rows
          .filter((r) => r.digital === digital)
          .map((r) => Number(r.id))
          .sort((a, b) => a - b);
      expect(ids(true).length).toBe(DEMO_CURSOS.length);
      expect(ids(false).length).toBe(DEMO_PRODUTOS_FISICOS.length);
      expect(menus.listProdutoDigital.map((p) => p.id).sort((a, b) => a - b)).toEqual(ids(true));
      expect(menus.listProdutoFisico.map((p) => p.id).sort((a, b) => a - b)).toEqual(ids(false));
      expect(menus.listProdutoDigital.every((p) => p.digital)).toBe(true);
      expect(menus.listProdutoFisico.every((p) => !p.digital)).toBe(true);
    });

    it('ordena por nome em ordem de dicionário (acentos e maiúsculas não jogam para o fim)', async () => {
      const [cat] = await t.database.raw<{ id: number }>('SELECT id FROM categorias WHERE NOT digital LIMIT 1');
      await t.database.raw(
        `INSERT INTO produtos (nome, preco, digital, categoria_id, ativo, brinde) VALUES
          ('Ábaco de teste', 10, false, $1, true, false),
          ('abridor de teste', 10, false, $1, true, false),
          ('Zz inativo de teste', 10, false, $1, false, false)`,
        [cat?.id],
      );
      try {
        const names = (await fetchMenus()).listProdutoFisico.map((p) => p.nome);
        expect(names).toEqual([...names].sort(collator.compare));
        expect(names.indexOf('Ábaco de teste')).toBeLessThan(names.indexOf('abridor de teste'));
        expect(names.indexOf('abridor de teste')).toBe(names.indexOf('Ábaco de teste') + 1);
        expect(names).not.toContain('Zz inativo de teste');
        // The seeded gift (the one active gift the database allows) is not sold.
        const [brinde] = await t.database.raw<{ nome: string }>('SELECT nome FROM produtos WHERE brinde AND ativo');
        expect(brinde).toBeDefined();
        expect(names).not.toContain(brinde?.nome);
      } finally {
        await t.database.raw("DELETE FROM produtos WHERE nome LIKE '%de teste'");
      }
    });
  });

  describe('GET /api/produto/:id', () => {
    it('traz o produto físico com preço em centavos, ficha técnica, galeria responsiva e avaliações', async () => {
      const id = await idOf(ESCOVA.nome);
      const p = contentOf(produtoApi.detalhe, await get(`/api/produto/${id}`));
      expect(p).toMatchObject({
        id,
        nome: ESCOVA.nome,
        preco: ESCOVA.preco,
        digital: false,
        descricao: ESCOVA.descricao,
        disponivel: true,
        categoria: { nome: DEMO_CATEGORIAS.find((c) => c.slug === ESCOVA.categoria)!.nome },
        tags: [],
        autores: [],
        duracao: null,
      });
      expect(p.fichaTecnica).toEqual(ESCOVA.fichaTecnica.map(([descricao, valor]) => ({ descricao, valor })));
      expect(p.listImagemProduto).toHaveLength(ESCOVA.imagens);
      for (const img of p.listImagemProduto) {
        expectResponsive(img.imagem);
        expect(img.path).toBe(img.imagem.path);
        expect(img.imagem).toMatchObject({ largura: 800, altura: 800 });
        expect(img.imagem.variantes.map((v) => v.largura)).toEqual([320, 640, 800]);
      }
      expect(p.pathImgDestaque).toBe(p.listImagemProduto[0]!.path);
      expect(p.imagemDestaque).toEqual(p.listImagemProduto[0]!.imagem);
      const review = DEMO_AVALIACOES.find((a) => a.produto === ESCOVA.slug)!;
      expect(p.listaAvaliacao).toHaveLength(1);
      expect(p.listaAvaliacao[0]).toMatchObject({
        nomeCliente: 'Maria S.',
        nota: Number(review.nota),
        comentario: review.comentario,
        produtoId: id,
      });
      expect(p.listaAvaliacao[0]!.createAt).toHaveLength(3);
      expect(p).toMatchObject({ nota: Number(review.nota), quantidadeAvaliacoes: 1 });
    });

    it('traz o curso com tags, carga horária e autores com foto', async () => {
      const id = await idOf(HARMONIZACAO.nome);
      const p = contentOf(produtoApi.detalhe, await get(`/api/produto/${id}`));
      expect(p).toMatchObject({
        digital: true,
        preco: HARMONIZACAO.preco,
        duracao: HARMONIZACAO.duracao,
        fichaTecnica: [],
      });
      expect(p.tags.map((t) => t.nome).sort(collator.compare)).toEqual([...HARMONIZACAO.tags].sort(collator.compare));
      expect(p.tags.map((t) => t.nome)).toEqual([...p.tags.map((t) => t.nome)].sort(collator.compare));
      expect(p.autores).toEqual([
        { nome: 'Dra. Camila Andrade', sobre: expect.stringContaining('Harmonização'), pathImg: expect.any(String) },
      ]);
      expect(p.autores[0]!.pathImg).toMatch(/^\/api\/arquivos\/autores\/camila-andrade-[0-9a-f]{16}-400\.webp$/);
      const foto = await get(p.autores[0]!.pathImg!);
      expect(foto.statusCode).toBe(200);
      expect(foto.headers['cache-control']).toContain('immutable');
    });

    it('um produto indisponível aparece com disponivel false; sem avaliações, nota 0', async () => {
      const p = contentOf(produtoApi.detalhe, await get(`/api/produto/${await idOf(CURETAS.nome)}`));
      expect(p).toMatchObject({ disponivel: false, nota: 0, quantidadeAvaliacoes: 0, listaAvaliacao: [] });
    });

    it('média de várias notas com duas casas, a mais recente primeiro', async () => {
      const id = await idOf(CURETAS.nome);
      const clientes = await t.database.raw<{ id: number }>('SELECT id FROM clientes ORDER BY id');
      expect(clientes.length).toBeGreaterThanOrEqual(2);
      await t.database.raw(
        `INSERT INTO avaliacoes (produto_id, cliente_id, nota, comentario, created_at) VALUES
          ($1, $2, 5, 'Ótimo', now() - interval '2 days'), ($1, $3, 4.5, NULL, now())`,
        [id, clientes[0]!.id, clientes[1]!.id],
      );
      try {
        const p = contentOf(produtoApi.detalhe, await get(`/api/produto/${id}`));
        expect(p).toMatchObject({ nota: 4.75, quantidadeAvaliacoes: 2 });
        expect(p.listaAvaliacao.map((a) => a.nota)).toEqual([4.5, 5]);
        expect(p.listaAvaliacao[0]).toMatchObject({ comentario: null, nomeCliente: expect.stringMatching(/Ltda/) });
        const card = contentOf(produtoApi.categorias, await get('/api/produto/categoria'))
          .flatMap((c) => c.listaProduto)
          .find((c) => c.id === id);
        expect(card).toMatchObject({ nota: 4.75, quantidadeAvaliacoes: 2 });
      } finally {
        await t.database.raw('DELETE FROM avaliacoes WHERE produto_id = $1', [id]);
      }
    });

    it('a média da página (calculada no código) é a mesma dos cards (round do banco), inclusive nas metades', async () => {
      let seed = 7;
      const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const casos = [[5, 4.5, 4.5], Array.from({ length: 40 }, (_, i) => (i < 2 ? 1.5 : 1)), [1, 1.5, 1.5, 2]];
      for (let i = 0; i < 60; i++) {
        casos.push(Array.from({ length: 1 + Math.floor(rnd() * 40) }, () => 1 + Math.floor(rnd() * 9) / 2));
      }
      for (const notas of casos) {
        const [row] = await t.database.raw<{ m: number }>(
          'SELECT round(avg(v), 2)::float8 AS m FROM unnest($1::numeric[]) AS v',
          [notas],
        );
        expect(media(notas), notas.join()).toBe(Number(row!.m));
      }
    });

    it('404 "Produto não encontrado." para id desconhecido; 400 para id malformado', async () => {
      const res = await get('/api/produto/987654');
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ statusCode: 404, message: MSG.produtoNaoEncontrado, content: null });
      for (const bad of ['abc', '0', '01', '1.5', '99999999999']) {
        expect((await get(`/api/produto/${bad}`)).statusCode, bad).toBe(400);
      }
    });
  });

  describe('dinheiro', () => {
    it('vai no JSON em reais com duas casas e volta para centavos ao ler com o contrato', async () => {
      const [cat] = await t.database.raw<{ id: number }>('SELECT id FROM categorias WHERE NOT digital LIMIT 1');
      const [row] = await t.database.raw<{ id: number }>(
        "INSERT INTO produtos (nome, preco, categoria_id) VALUES ('Produto de centavos', 10.05, $1) RETURNING id",
        [cat?.id],
      );
      try {
        const res = await get(`/api/produto/${row!.id}`);
        expect(res.json().content.preco).toBe(10.05);
        expect(contentOf(produtoApi.detalhe, res).preco).toBe(1005);
        const escova = await get(`/api/produto/${await idOf(ESCOVA.nome)}`);
        expect(escova.json().content.preco).toBe(18.9);
        expect(escova.body).toContain('"preco":18.9');
        expect(contentOf(produtoApi.detalhe, escova).preco).toBe(1890);
      } finally {
        await t.database.raw('DELETE FROM produtos WHERE id = $1', [row!.id]);
      }
    });
  });

  describe('GET /api/produto/site/', () => {
    it('traz os banners dos produtos exibidos no site, com título, texto e imagem 1600×600 responsiva', async () => {
      const { listImagemProdutoSite: banners } = contentOf(produtoApi.banners, await get('/api/produto/site/')).content;
      expect(banners).toHaveLength(DEMO_BANNERS.length);
      const demo = [...DEMO_PRODUTOS_FISICOS, ...DEMO_CURSOS].filter((p) => p.home);
      for (const b of banners) {
        const d = demo.find((x) => x.home!.titulo === b.titulo)!;
        expect(d, b.titulo).toBeDefined();
        expect(b).toMatchObject({ texto: d.home!.texto, preco: d.preco, idProduto: await idOf(d.nome) });
        expectResponsive(b.imagem);
        expect(b.imagem).toMatchObject({ largura: 1600, altura: 600 });
        expect(b.imagem.variantes.map((v) => v.largura)).toEqual([320, 640, 960, 1280, 1600]);
        expect(b.imagem.variantes.find((v) => v.largura === 640)).toBeDefined();
        expect(b.path).toBe(b.imagem.path);
        expect(b.path).toMatch(/^\/api\/arquivos\/banners\//);
      }
      expect(banners.map((b) => b.idProduto)).toEqual([...banners.map((b) => b.idProduto)].sort((a, b) => a - b));
      // The route also answers without the trailing slash.
      expect(contentOf(produtoApi.banners, await get('/api/produto/site')).content.listImagemProdutoSite).toEqual(
        banners,
      );
    });

    it('um produto exibido sem imagem de site, ou sem título, não quebra: sai sem banner ou com o nome', async () => {
      const id = await idOf(CURETAS.nome);
      await t.database.raw('UPDATE produtos SET produto_exibido_site = true WHERE id = $1', [id]);
      const escova = await idOf(ESCOVA.nome);
      await t.database.raw('UPDATE produtos SET titulo_imagem_home = NULL WHERE id = $1', [escova]);
      try {
        const { listImagemProdutoSite: banners } = contentOf(
          produtoApi.banners,
          await get('/api/produto/site/'),
        ).content;
        expect(banners.map((b) => b.idProduto)).not.toContain(id);
        expect(banners.find((b) => b.idProduto === escova)?.titulo).toBe(ESCOVA.nome);
      } finally {
        await t.database.raw('UPDATE produtos SET produto_exibido_site = false WHERE id = $1', [id]);
        await t.database.raw('UPDATE produtos SET titulo_imagem_home = $2 WHERE id = $1', [
          escova,
          ESCOVA.home!.titulo,
        ]);
      }
    });
  });

  describe('GET /api/produto/categoria', () => {
    it('traz as categorias com produtos (físicas antes das digitais, por nome), cada uma com seus cards por nome', async () => {
      const categorias = contentOf(produtoApi.categorias, await get('/api/produto/categoria'));
      const esperadas = DEMO_CATEGORIAS.filter((c) =>
        [...DEMO_PRODUTOS_FISICOS, ...DEMO_CURSOS].some((p) => p.categoria === c.slug),
      );
      expect(categorias.map((c) => c.nome).sort(collator.compare)).toEqual(
        esperadas.map((c) => c.nome).sort(collator.compare),
      );
      const digital = categorias.map((c) => c.digital);
      expect(digital).toEqual([...digital].sort((a, b) => Number(a) - Number(b)));
      for (const flag of [false, true]) {
        const nomes = categorias.filter((c) => c.digital === flag).map((c) => c.nome);
        expect(nomes).toEqual([...nomes].sort(collator.compare));
      }
      for (const c of categorias) {
        const slug = DEMO_CATEGORIAS.find((d) => d.nome === c.nome)!.slug;
        const demo = [...DEMO_PRODUTOS_FISICOS, ...DEMO_CURSOS].filter((p) => p.categoria === slug);
        expect(c.listaProduto.map((p) => p.nome)).toEqual(demo.map((p) => p.nome).sort(collator.compare));
        for (const card of c.listaProduto) {
          const d = demo.find((p) => p.nome === card.nome)!;
          expect(card).toMatchObject({
            preco: d.preco,
            digital: c.digital,
            disponivel: d.slug !== CURETAS.slug && d.slug !== DEMO_ESGOTADO,
          });
          expectResponsive(card.imagemDestaque!);
          expect(card.pathImgDestaque).toBe(card.imagemDestaque!.path);
        }
      }
      const todos = categorias.flatMap((c) => c.listaProduto);
      expect(todos.map((p) => p.nome)).not.toContain(DEMO_BRINDE.nome);
      const escova = todos.find((p) => p.nome === ESCOVA.nome)!;
      expect(escova).toMatchObject({ preco: 1890, nota: 5, quantidadeAvaliacoes: 1 });
    });

    it('uma categoria só com produtos inativos some da lista', async () => {
      const ids = await t.database.raw<{ id: number }>(
        "SELECT p.id FROM produtos p JOIN categorias c ON c.id = p.categoria_id WHERE c.nome = 'Clareamento'",
      );
      await t.database.raw(
        "UPDATE produtos SET ativo = false WHERE categoria_id = (SELECT id FROM categorias WHERE nome = 'Clareamento')",
      );
      try {
        const categorias = contentOf(produtoApi.categorias, await get('/api/produto/categoria'));
        expect(categorias.map((c) => c.nome)).not.toContain('Clareamento');
      } finally {
        await t.database.raw('UPDATE produtos SET ativo = true WHERE id = ANY($1::int[])', [ids.map((r) => r.id)]);
      }
    });
  });

  describe('brinde e condição de desconto', () => {
    it('GET /api/produto/produtobrinde traz o brinde ativo; 404 quando não há', async () => {
      const brinde = contentOf(produtoApi.brinde, await get('/api/produto/produtobrinde'));
      expect(brinde).toMatchObject({ id: await idOf(DEMO_BRINDE.nome), nome: DEMO_BRINDE.nome, digital: false });
      expect(brinde.pathImgDestaque).toMatch(/^\/api\/arquivos\/produtos\/necessaire-brinde-1-[0-9a-f]{16}-800\.webp$/);
      for (const change of ['ativo = false', 'disponivel = false']) {
        await t.database.raw(`UPDATE produtos SET ${change} WHERE brinde`);
        try {
          const res = await get('/api/produto/produtobrinde');
          expect(res.statusCode, change).toBe(404);
          expect(body(res)).toEqual({ statusCode: 404, message: MSG_API.brindeNaoEncontrado, content: null });
        } finally {
          await t.database.raw('UPDATE produtos SET ativo = true, disponivel = true WHERE brinde');
        }
      }
    });

    it('GET /api/condicaodesconto/ativa traz o limite do brinde em reais no JSON e centavos no contrato', async () => {
      const res = await get('/api/condicaodesconto/ativa');
      expect(res.json().content.valor).toBe(300);
      expect(contentOf(descontoApi.ativa, res)).toMatchObject({ valor: 30000, ativo: true });
    });
  });

  describe('produtos inativos não aparecem em nenhuma leitura pública', () => {
    it('desativar a escova (banner, categoria, busca, menus, página) a tira de tudo', async () => {
      const id = await idOf(ESCOVA.nome);
      /** Shown by every public read: menus, banners, category carousels, both searches and its page. */
      const EM_TODA_PARTE = { menus: true, banners: true, categorias: true, busca: true, nomes: true, pagina: 200 };
      const visivel = async () => {
        const menus = await fetchMenus();
        const banners = contentOf(produtoApi.banners, await get('/api/produto/site/')).content.listImagemProdutoSite;
        const categorias = contentOf(produtoApi.categorias, await get('/api/produto/categoria'));
        const busca = contentOf(
          produtoApi.buscaListagem,
          await get('/api/produto/buscaNomeListagem?pesquisaProduto=escova'),
        );
        const nomes = contentOf(produtoApi.buscaNome, await get('/api/produto/buscaNome/escova'));
        const pagina = await get(`/api/produto/${id}`);
        return {
          menus: menus.listProdutoFisico.some((p) => p.id === id),
          banners: banners.some((b) => b.idProduto === id),
          categorias: categorias.some((c) => c.listaProduto.some((p) => p.id === id)),
          busca: busca.some((p) => p.id === id),
          nomes: nomes.some((p) => p.id === id),
          pagina: pagina.statusCode,
        };
      };
      expect(await visivel()).toEqual(EM_TODA_PARTE);
      await t.database.raw('UPDATE produtos SET ativo = false WHERE id = $1', [id]);
      try {
        expect(await visivel()).toEqual({
          menus: false,
          banners: false,
          categorias: false,
          busca: false,
          nomes: false,
          pagina: 404,
        });
        expect(body(await get(`/api/produto/${id}`)).message).toBe(MSG.produtoNaoEncontrado);
      } finally {
        await t.database.raw('UPDATE produtos SET ativo = true WHERE id = $1', [id]);
      }
      // The reads are prepared once (db/prepared.ts): each answer still comes from the data as it is now.
      expect(await visivel()).toEqual(EM_TODA_PARTE);
    });
  });
});
