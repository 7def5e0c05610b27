import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { imagemApi, type ImagemProduto } from '@clinica/shared/schemas/imagem';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import { createFileStorage, filesRoot, keyForPublicUrl } from '../../integrations/files/index.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import {
  EXE,
  GIF,
  imagemReal,
  jpegComExif,
  jpegComPdfNoFim,
  multipart,
  pdfComCabecalhoJpeg,
  pngBomba,
  pngComPhp,
  SVG_COM_SCRIPT,
} from '../../test/image-fixtures.js';
import { createImagemArquivos } from './imagem-arquivos.service.js';
import { createImagemRepository } from './imagem.repository.js';

type Papel = 'anonimo' | 'cliente' | 'usuario' | 'admin';
const MAX_BYTES = 256 * 1024;

/** Every file under a folder (relative paths), sorted. */
function arquivos(raiz: string): string[] {
  if (!fs.existsSync(raiz)) return [];
  return (fs.readdirSync(raiz, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(raiz, f)).isFile())
    .sort();
}

describe.each(testDatabaseTargets())('imagens de produtos e fotos de autores (%s)', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<Exclude<Papel, 'anonimo'>, string>;
  let categoriaFisica: number;
  let raiz: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, config: { IMAGE_UPLOAD_MAX_BYTES: MAX_BYTES } });
    tokens.admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    tokens.usuario = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    tokens.cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    const [cat] = await t.database.raw<{ id: number }>(
      'SELECT id FROM categorias WHERE NOT digital ORDER BY id LIMIT 1',
    );
    categoriaFisica = Number(cat!.id);
    raiz = filesRoot(t.config.DATA_DIR);
  });
  afterAll(() => t?.dispose());

  const headers = (papel: Papel) => (papel === 'anonimo' ? {} : bearer(tokens[papel]));
  let seq = 0;
  const novoProduto = async (extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/produto/create/',
      headers: headers('admin'),
      payload: {
        nome: `Kit de imagem de teste ${++seq}`,
        descricao: 'Produto para testar as imagens.',
        preco: 10,
        categoria: { id: categoriaFisica },
        ...extra,
      },
    });
    return contentOf(produtoAdminApi.criar, res).id;
  };
  const enviar = (
    produtoId: number,
    arquivo: { nome: string; dados: Buffer; tipo?: string },
    opts: { home?: boolean; papel?: Papel } = {},
  ) => {
    const form = multipart({ imagem: arquivo });
    return t.app.inject({
      method: 'PUT',
      url: `/api/produto/create/${produtoId}/${opts.home ? 'true' : 'false'}`,
      payload: form.payload,
      headers: { ...form.headers, ...headers(opts.papel ?? 'usuario') },
    });
  };
  const listar = async (produtoId: number) =>
    contentOf(
      imagemApi.listarProduto,
      await t.app.inject({
        method: 'GET',
        url: `/api/produto/imagens/imagem/produto/${produtoId}`,
        headers: headers('usuario'),
      }),
    );
  const excluir = (imageId: number, papel: Papel = 'usuario') =>
    t.app.inject({ method: 'DELETE', url: `/api/produto/imagens/imagem/delete/${imageId}`, headers: headers(papel) });
  const enviarAutor = (autorId: number, arquivo: { nome: string; dados: Buffer }, papel: Papel = 'usuario') => {
    const form = multipart({ imagem: arquivo });
    return t.app.inject({
      method: 'POST',
      url: `/api/autor/save/imgautor/${autorId}`,
      payload: form.payload,
      headers: { ...form.headers, ...headers(papel) },
    });
  };
  const contar = async (sql: string) => Number((await t.database.raw<{ n: number }>(sql))[0]?.n ?? 0);
  /** Everything an upload could leave behind: rows and files. */
  const estado = async () => ({
    produtoImagens: await contar('SELECT count(*)::int AS n FROM produto_imagens'),
    imagens: await contar('SELECT count(*)::int AS n FROM imagens'),
    autores: await t.database.raw('SELECT id, nome_img, path_img FROM autores ORDER BY id'),
    destaques: await t.database.raw('SELECT id, path_img_destaque FROM produtos ORDER BY id'),
    arquivos: arquivos(raiz),
  });
  const arquivoDe = (urlPath: string) => path.join(raiz, ...keyForPublicUrl(urlPath)!.split('/'));

  describe('papéis', () => {
    it('anônimo 401, CLIENTE 403, USUARIO e ADMIN passam, em cada rota de imagem', async () => {
      const produtoId = await novoProduto();
      const [autor] = await t.database.raw<{ id: number }>('SELECT id FROM autores ORDER BY id LIMIT 1');
      const png = await imagemReal('png');
      for (const papel of ['anonimo', 'cliente', 'usuario', 'admin'] as const) {
        const esperado = papel === 'anonimo' ? 401 : papel === 'cliente' ? 403 : null;
        const up = await enviar(produtoId, { nome: 'a.png', dados: png }, { papel });
        const lista = await t.app.inject({
          method: 'GET',
          url: `/api/produto/imagens/imagem/produto/${produtoId}`,
          headers: headers(papel),
        });
        const del = await excluir(2147483000, papel);
        const autorRes = await enviarAutor(Number(autor!.id), { nome: 'a.png', dados: png }, papel);
        if (esperado) {
          for (const res of [up, lista, del, autorRes]) expect(res.statusCode, papel).toBe(esperado);
        } else {
          expect([up.statusCode, lista.statusCode, del.statusCode, autorRes.statusCode], papel).toEqual([
            201, 200, 404, 200,
          ]);
        }
      }
      // The anonymous and the client left nothing: two uploads (USUARIO, ADMIN) of the same picture.
      expect((await listar(produtoId)).listaImagemProduto).toHaveLength(2);
    });
  });

  describe('envio', () => {
    it('a primeira imagem vira o destaque; as seguintes vão depois; WebP em vários tamanhos, sem metadados', async () => {
      const produtoId = await novoProduto();
      const res = await enviar(produtoId, {
        nome: 'foto da câmera.jpg',
        dados: await jpegComExif(),
        tipo: 'image/jpeg',
      });
      expect(res.statusCode).toBe(201);
      expect(body(res).message).toBe(MSG_BO.imagemAdicionada);
      const primeira = contentOf(imagemApi.enviarProduto, res);
      expect(primeira).toMatchObject({ nome: 'foto da câmera.jpg', imagemSite: false, destaque: true });
      expect(primeira.path).toMatch(/^\/api\/arquivos\/produtos\/foto-da-camera-[0-9a-f]{16}-\d+\.webp$/);

      // Stored files: WebP, without the camera's EXIF.
      for (const v of primeira.imagem!.variantes) {
        const dados = fs.readFileSync(arquivoDe(v.path));
        const meta = await sharp(dados).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(dados.includes(Buffer.from('CameraSecreta'))).toBe(false);
      }
      const servido = await t.app.inject({ method: 'GET', url: primeira.path });
      expect(servido.statusCode).toBe(200);
      expect(servido.headers['content-type']).toBe('image/webp');

      const segunda = contentOf(
        imagemApi.enviarProduto,
        await enviar(produtoId, { nome: 'lado.png', dados: await imagemReal('png', { semente: 9 }) }),
      );
      expect(segunda.destaque).toBe(false);
      const lista = await listar(produtoId);
      expect(lista.pathImgDestaque).toBe(primeira.path);
      expect(lista.listaImagemProduto.map((i) => [i.id, i.destaque])).toEqual([
        [primeira.id, true],
        [segunda.id, false],
      ]);

      // The store shows them: the card picture and the gallery, in order.
      const detalhe = contentOf(
        produtoApi.detalhe,
        await t.app.inject({ method: 'GET', url: `/api/produto/${produtoId}` }),
      );
      expect(detalhe.pathImgDestaque).toBe(primeira.path);
      expect(detalhe.listImagemProduto.map((i) => i.id)).toEqual([primeira.id, segunda.id]);
    });

    it('imagem do site (isHomeImage=true): banner da loja com o produto exibido; uma nova substitui a anterior', async () => {
      const produtoId = await novoProduto({
        produtoExibidoSite: true,
        tituloImagemHome: 'Oferta',
        textoHome: 'Imperdível',
      });
      const banners = async () =>
        contentOf(produtoApi.banners, await t.app.inject({ method: 'GET', url: '/api/produto/site/' })).content
          .listImagemProdutoSite;
      expect((await banners()).map((b) => b.idProduto)).not.toContain(produtoId);

      const home = contentOf(
        imagemApi.enviarProduto,
        await enviar(
          produtoId,
          { nome: 'banner.webp', dados: await imagemReal('webp', { largura: 300, altura: 100 }) },
          { home: true },
        ),
      );
      expect([home.imagemSite, home.destaque]).toEqual([true, false]);
      const banner = (await banners()).find((b) => b.idProduto === produtoId);
      expect(banner).toMatchObject({ titulo: 'Oferta', texto: 'Imperdível', path: home.path });
      const admin = contentOf(
        produtoAdminApi.buscar,
        await t.app.inject({ method: 'GET', url: `/api/produto/admin/${produtoId}`, headers: headers('admin') }),
      );
      expect([admin.pathImagemHome, admin.pathImgDestaque]).toEqual([home.path, null]);

      const nova = contentOf(
        imagemApi.enviarProduto,
        await enviar(
          produtoId,
          { nome: 'banner2.jpg', dados: await imagemReal('jpeg', { largura: 300, altura: 100, semente: 2 }) },
          { home: true },
        ),
      );
      const lista = await listar(produtoId);
      expect(lista.listaImagemProduto.map((i) => i.id)).toEqual([nova.id]);
      expect((await banners()).find((b) => b.idProduto === produtoId)?.path).toBe(nova.path);
      // The old banner's files are gone.
      expect(fs.existsSync(arquivoDe(home.path))).toBe(false);
      expect(await contar(`SELECT count(*)::int AS n FROM imagens WHERE path = '${home.path}'`)).toBe(0);
    });

    it('produto desconhecido: 404, nada gravado', async () => {
      const antes = await estado();
      const res = await enviar(2147483000, { nome: 'a.png', dados: await imagemReal('png', { semente: 40 }) });
      expect([res.statusCode, body(res).message]).toEqual([404, MSG.produtoNaoEncontrado]);
      expect(await estado()).toEqual(antes);
    });
  });

  describe('recusas: 4xx com a mensagem e nada gravado (nem arquivo, nem linha)', () => {
    const casos: Array<[string, () => Promise<{ nome: string; dados: Buffer; tipo?: string }>, number, string]> = [
      [
        'assinatura errada (GIF chamado de .jpg)',
        async () => ({ nome: 'foto.jpg', dados: GIF, tipo: 'image/jpeg' }),
        415,
        MSG_BO.imagemFormatoInvalido,
      ],
      [
        'executável chamado de .png',
        async () => ({ nome: 'foto.png', dados: EXE, tipo: 'image/png' }),
        415,
        MSG_BO.imagemFormatoInvalido,
      ],
      [
        'SVG com script chamado de .png',
        async () => ({ nome: 'logo.png', dados: SVG_COM_SCRIPT, tipo: 'image/png' }),
        415,
        MSG_BO.imagemSvgRecusada,
      ],
      [
        'SVG com script chamado de .svg',
        async () => ({ nome: 'logo.svg', dados: SVG_COM_SCRIPT, tipo: 'image/svg+xml' }),
        422,
        MSG_BO.imagemNomeInvalido,
      ],
      [
        'JPEG com PDF no fim (poliglota)',
        async () => ({ nome: 'foto.jpg', dados: await jpegComPdfNoFim() }),
        422,
        MSG_BO.imagemDadosExtras,
      ],
      [
        'PDF com cabeçalho JPEG (poliglota)',
        async () => ({ nome: 'documento.jpg', dados: await pdfComCabecalhoJpeg() }),
        422,
        MSG_BO.imagemDadosExtras,
      ],
      [
        'PNG com PHP escondido',
        async () => ({ nome: 'foto.png', dados: await pngComPhp() }),
        422,
        MSG_BO.imagemDadosExtras,
      ],
      [
        'extensão dupla foto.php.jpg',
        async () => ({ nome: 'foto.php.jpg', dados: await imagemReal('jpeg', { semente: 21 }) }),
        422,
        MSG_BO.imagemNomeInvalido,
      ],
      [
        'extensão dupla x.jpg.exe',
        async () => ({ nome: 'x.jpg.exe', dados: await imagemReal('jpeg', { semente: 22 }) }),
        422,
        MSG_BO.imagemNomeInvalido,
      ],
      [
        'maior que o limite',
        async () => ({
          nome: 'grande.png',
          dados: await sharp({
            create: {
              width: 700,
              height: 700,
              channels: 3,
              background: '#888',
              noise: { type: 'gaussian', mean: 128, sigma: 60 },
            },
          })
            .png()
            .toBuffer(),
        }),
        413,
        MSG_BO.imagemMuitoGrande.replace('{max}', '256 KB'),
      ],
      [
        'bomba de pixels',
        async () => ({ nome: 'bomba.png', dados: pngBomba() }),
        422,
        MSG_BO.imagemPixelsDemais.replace('{max}', '50'),
      ],
      [
        'JPEG truncado',
        async () => {
          const jpeg = await imagemReal('jpeg', { largura: 200, altura: 150, semente: 23 });
          return { nome: 'cortada.jpg', dados: jpeg.subarray(0, jpeg.length - 400) };
        },
        422,
        MSG_BO.imagemCorrompida,
      ],
      ['arquivo vazio', async () => ({ nome: 'vazio.png', dados: Buffer.alloc(0) }), 400, MSG_BO.imagemVazia],
    ];

    it.each(casos)('%s', async (_nome, arquivo, status, mensagem) => {
      const produtoId = await novoProduto();
      const antes = await estado();
      const dados = await arquivo();
      const res = await enviar(produtoId, dados);
      expect([res.statusCode, body(res).message]).toEqual([status, mensagem]);
      expect(await estado()).toEqual(antes);
      // The author photo applies the same reader.
      const [autor] = await t.database.raw<{ id: number }>('SELECT id FROM autores ORDER BY id LIMIT 1');
      const foto = await enviarAutor(Number(autor!.id), dados);
      expect([foto.statusCode, body(foto).message]).toEqual([status, mensagem]);
      expect(await estado()).toEqual(antes);
    });

    it('sem arquivo no campo "imagem" ou corpo JSON: 400 "Selecione uma imagem"', async () => {
      const produtoId = await novoProduto();
      const form = multipart({ arquivo: { nome: 'a.png', dados: await imagemReal('png') } });
      const outroCampo = await t.app.inject({
        method: 'PUT',
        url: `/api/produto/create/${produtoId}/false`,
        payload: form.payload,
        headers: { ...form.headers, ...headers('admin') },
      });
      expect([outroCampo.statusCode, body(outroCampo).message]).toEqual([400, MSG_BO.selecioneImagem]);
      const json = await t.app.inject({
        method: 'PUT',
        url: `/api/produto/create/${produtoId}/false`,
        payload: { imagem: 'x' },
        headers: headers('admin'),
      });
      expect([json.statusCode, body(json).message]).toEqual([400, MSG_BO.selecioneImagem]);
      const parametro = await t.app.inject({
        method: 'PUT',
        url: `/api/produto/create/${produtoId}/talvez`,
        payload: form.payload,
        headers: { ...form.headers, ...headers('admin') },
      });
      expect(parametro.statusCode).toBe(400);
    });
  });

  describe('ordem da galeria', () => {
    const ordenar = (produtoId: number, ids: unknown, papel: Papel = 'usuario') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/produto/imagens/imagem/produto/${produtoId}/ordem`,
        payload: { ids },
        headers: headers(papel),
      });
    const detalhe = async (produtoId: number) =>
      contentOf(produtoApi.detalhe, await t.app.inject({ method: 'GET', url: `/api/produto/${produtoId}` }));
    const auditorias = (produtoId: number) =>
      t.database.raw<{ acao: string; antes: unknown; depois: unknown }>(
        `SELECT acao, antes, depois FROM auditoria WHERE entidade = 'produto' AND entidade_id = $1 ORDER BY id`,
        [produtoId],
      );
    /** A product with three gallery pictures and a home picture. */
    const comTres = async () => {
      const produtoId = await novoProduto();
      const fotos = [];
      for (const semente of [81, 82, 83]) {
        const dados = await imagemReal('png', { semente });
        fotos.push(contentOf(imagemApi.enviarProduto, await enviar(produtoId, { nome: `o${semente}.png`, dados })));
      }
      const dados = await imagemReal('png', { semente: 84 });
      const home = contentOf(
        imagemApi.enviarProduto,
        await enviar(produtoId, { nome: 'home.png', dados }, { home: true }),
      );
      return { produtoId, fotos: fotos as [ImagemProduto, ImagemProduto, ImagemProduto], home };
    };

    it('anônimo 401, CLIENTE 403, USUARIO e ADMIN 200', async () => {
      const { produtoId, fotos } = await comTres();
      const ids = fotos.map((f) => f.id);
      expect((await ordenar(produtoId, ids, 'anonimo')).statusCode).toBe(401);
      expect((await ordenar(produtoId, ids, 'cliente')).statusCode).toBe(403);
      expect((await ordenar(produtoId, ids, 'usuario')).statusCode).toBe(200);
      expect((await ordenar(produtoId, [...ids].reverse(), 'admin')).statusCode).toBe(200);
    });

    it('grava a ordem, a primeira vira a foto do card; a loja mostra a nova ordem na hora; auditado', async () => {
      const { produtoId, fotos, home } = await comTres();
      const [a, b, c] = fotos;
      // The store's page is read (and kept by the catalogue's version) before the change.
      expect((await detalhe(produtoId)).listImagemProduto.map((i) => i.id)).toEqual([a.id, b.id, c.id]);

      const res = await ordenar(produtoId, [c.id, a.id, b.id]);
      expect(body(res).message).toBe(MSG_BO.imagensOrdenadas);
      const lista = contentOf(imagemApi.ordenarProduto, res);
      expect(lista.listaImagemProduto.map((i) => [i.id, i.destaque])).toEqual([
        [c.id, true],
        [a.id, false],
        [b.id, false],
        [home.id, false],
      ]);
      expect(lista.pathImgDestaque).toBe(c.path);
      expect((await listar(produtoId)).listaImagemProduto.map((i) => i.id)).toEqual([c.id, a.id, b.id, home.id]);

      const loja = await detalhe(produtoId);
      expect(loja.listImagemProduto.map((i) => i.id)).toEqual([c.id, a.id, b.id]);
      expect(loja.pathImgDestaque).toBe(c.path);

      const [registro] = (await auditorias(produtoId)).filter((r) => r.acao === 'ORDENAR_IMAGENS');
      expect(registro).toMatchObject({ antes: { ordem: [a.id, b.id, c.id] }, depois: { ordem: [c.id, a.id, b.id] } });

      // A picture sent afterwards goes last.
      const dados = await imagemReal('png', { semente: 85 });
      const d = contentOf(imagemApi.enviarProduto, await enviar(produtoId, { nome: 'o85.png', dados }));
      expect((await detalhe(produtoId)).listImagemProduto.map((i) => i.id)).toEqual([c.id, a.id, b.id, d.id]);
    });

    it('uma lista que não é exatamente a galeria: 422 com a mensagem, nada muda', async () => {
      const { produtoId, fotos, home } = await comTres();
      const outro = await comTres();
      const [a, b, c] = fotos.map((f) => f.id) as [number, number, number];
      const antes = { lista: await listar(produtoId), auditoria: await auditorias(produtoId) };
      for (const ids of [
        [a, b], // one missing
        [a, b, c, c], // repeated
        [a, b, b], // repeated instead of one
        [a, b, c, home.id], // the home picture is not in the gallery
        [a, b, outro.fotos[0].id], // another product's picture
        [a, b, c, 2147483000], // unknown
      ]) {
        const res = await ordenar(produtoId, ids);
        expect([res.statusCode, body(res).message], JSON.stringify(ids)).toEqual([422, MSG_BO.imagensOrdemInvalida]);
      }
      expect({ lista: await listar(produtoId), auditoria: await auditorias(produtoId) }).toEqual(antes);
    });

    it('corpo fora do contrato: 400; produto desconhecido: 404', async () => {
      const { produtoId, fotos } = await comTres();
      for (const ids of [[], ['1'], [0], [1.5], null]) {
        expect((await ordenar(produtoId, ids)).statusCode, JSON.stringify(ids)).toBe(400);
      }
      const desconhecido = await ordenar(2147483000, [fotos[0].id]);
      expect([desconhecido.statusCode, body(desconhecido).message]).toEqual([404, MSG.produtoNaoEncontrado]);
    });
  });

  describe('exclusão', () => {
    it('excluir o destaque passa-o à imagem seguinte, depois a nenhuma; os arquivos vão junto', async () => {
      const produtoId = await novoProduto();
      const enviadas = [];
      for (const semente of [31, 32, 33]) {
        enviadas.push(
          contentOf(
            imagemApi.enviarProduto,
            await enviar(produtoId, { nome: `f${semente}.jpg`, dados: await imagemReal('jpeg', { semente }) }),
          ),
        );
      }
      const [a, b, c] = enviadas as [(typeof enviadas)[0], (typeof enviadas)[0], (typeof enviadas)[0]];
      expect((await listar(produtoId)).pathImgDestaque).toBe(a.path);

      // Not the card picture: the card picture stays.
      const semDestaque = await excluir(b.id);
      expect(body(semDestaque).message).toBe(MSG_BO.imagemExcluida);
      expect(contentOf(imagemApi.excluirProduto, semDestaque)).toEqual({
        id: b.id,
        produtoId,
        pathImgDestaque: a.path,
      });
      expect(fs.existsSync(arquivoDe(b.path))).toBe(false);

      expect(contentOf(imagemApi.excluirProduto, await excluir(a.id)).pathImgDestaque).toBe(c.path);
      expect(fs.existsSync(arquivoDe(a.path))).toBe(false);
      const detalhe = contentOf(
        produtoApi.detalhe,
        await t.app.inject({ method: 'GET', url: `/api/produto/${produtoId}` }),
      );
      expect(detalhe.pathImgDestaque).toBe(c.path);

      expect(contentOf(imagemApi.excluirProduto, await excluir(c.id)).pathImgDestaque).toBeNull();
      expect((await listar(produtoId)).listaImagemProduto).toEqual([]);
      for (const img of [a, b, c]) {
        for (const v of img.imagem!.variantes) expect(fs.existsSync(arquivoDe(v.path))).toBe(false);
      }
      expect(
        await contar(`SELECT count(*)::int AS n FROM imagens WHERE path IN ('${a.path}', '${b.path}', '${c.path}')`),
      ).toBe(0);

      const deNovo = await excluir(a.id);
      expect([deNovo.statusCode, body(deNovo).message]).toEqual([404, MSG_BO.imagemNaoEncontrada]);
    });

    it('a mesma imagem em dois produtos: excluir de um mantém os arquivos do outro', async () => {
      const dados = await imagemReal('png', { semente: 50 });
      const p1 = await novoProduto();
      const p2 = await novoProduto();
      const i1 = contentOf(imagemApi.enviarProduto, await enviar(p1, { nome: 'igual.png', dados }));
      const i2 = contentOf(imagemApi.enviarProduto, await enviar(p2, { nome: 'igual.png', dados }));
      expect(i1.path).toBe(i2.path);
      await excluir(i1.id);
      expect(fs.existsSync(arquivoDe(i2.path))).toBe(true);
      expect((await listar(p2)).listaImagemProduto[0]?.imagem?.path).toBe(i2.path);
      await excluir(i2.id);
      expect(fs.existsSync(arquivoDe(i2.path))).toBe(false);
    });
  });

  describe('gravação que falha depois dos arquivos escritos', () => {
    it('os arquivos novos são apagados e nenhuma linha fica; os de uma imagem já em uso ficam', async () => {
      const arquivosImg = createImagemArquivos({
        db: t.database.db,
        storage: createFileStorage({ dataDir: t.config.DATA_DIR }),
        repository: createImagemRepository(t.database.db),
        log: t.app.log,
      });
      const lerPng = async (semente: number) => ({
        buffer: await imagemReal('png', { semente }),
        nome: `falha-${semente}.png`,
        formato: 'png' as const,
        largura: 64,
        altura: 48,
      });
      const antes = await estado();
      let escrito = '';
      await expect(
        arquivosImg.salvar(await lerPng(70), 'produtos', async (_tx, imagem) => {
          escrito = imagem.path;
          expect(fs.existsSync(arquivoDe(imagem.path))).toBe(true);
          throw new Error('falha simulada');
        }),
      ).rejects.toThrow('falha simulada');
      expect(escrito).not.toBe('');
      expect(await estado()).toEqual(antes);

      // A picture some product already shows keeps its files when another write of it fails.
      const produtoId = await novoProduto();
      const usada = contentOf(
        imagemApi.enviarProduto,
        await enviar(produtoId, { nome: 'falha-71.png', dados: (await lerPng(71)).buffer }),
      );
      await expect(
        arquivosImg.salvar(await lerPng(71), 'produtos', async () => {
          throw new Error('falha simulada');
        }),
      ).rejects.toThrow('falha simulada');
      expect(fs.existsSync(arquivoDe(usada.path))).toBe(true);
      expect(await contar(`SELECT count(*)::int AS n FROM imagens WHERE path = '${usada.path}'`)).toBe(1);
    });
  });

  describe('foto do autor', () => {
    it('grava nome_img e path_img; uma nova substitui a anterior e apaga os arquivos dela; autor desconhecido 404', async () => {
      const [autor] = await t.database.raw<{ id: number }>('SELECT id FROM autores ORDER BY id DESC LIMIT 1');
      const id = Number(autor!.id);
      const res = await enviarAutor(id, { nome: 'retrato.jpg', dados: await imagemReal('jpeg', { semente: 60 }) });
      expect(body(res).message).toBe(MSG_BO.imagemEditada);
      const foto = contentOf(imagemApi.enviarAutor, res);
      expect(foto).toMatchObject({ id, nomeImg: 'retrato.jpg' });
      expect(foto.pathImg).toMatch(/^\/api\/arquivos\/autores\/retrato-[0-9a-f]{16}-\d+\.webp$/);
      const [row] = await t.database.raw<{ nome_img: string; path_img: string }>(
        'SELECT nome_img, path_img FROM autores WHERE id = $1',
        [id],
      );
      expect([row?.nome_img, row?.path_img]).toEqual(['retrato.jpg', foto.pathImg]);

      const nova = contentOf(
        imagemApi.enviarAutor,
        await enviarAutor(id, { nome: 'novo.webp', dados: await imagemReal('webp', { semente: 61 }) }),
      );
      expect(fs.existsSync(arquivoDe(foto.pathImg))).toBe(false);
      expect(fs.existsSync(arquivoDe(nova.pathImg))).toBe(true);

      const antes = await estado();
      const desconhecido = await enviarAutor(2147483000, {
        nome: 'a.png',
        dados: await imagemReal('png', { semente: 62 }),
      });
      expect([desconhecido.statusCode, body(desconhecido).message]).toEqual([404, MSG_BO.autorNaoEncontrado]);
      expect(await estado()).toEqual(antes);
    });
  });
});
