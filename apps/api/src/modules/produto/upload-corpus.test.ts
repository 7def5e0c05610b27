/**
 * docs/quality.md#r8-uploads, one corpus through the real HTTP routes (multipart with
 * `app.inject`): wrong magic bytes, double extensions, SVG with a script, PDF
 * polyglots, oversize files and decompression bombs are refused, for the
 * pictures (product image, author photo) and for course contents, each with
 * a 4xx pt-BR envelope and nothing stored: no row, no file anywhere under
 * the data directory, no job.
 *
 * What "refused" means per kind:
 *  - a picture is JPEG, PNG or WebP by its bytes and nothing else: any PDF,
 *    ZIP, HTML or SVG, at the start, inside the metadata or glued at the end,
 *    is refused (lib/image-upload.ts); so are pictures whose header declares
 *    more pixels than IMAGE_MAX_PIXELS (bombs), undecoded;
 *  - a course content is a PDF, MP4 or AVI by its bytes, agreeing with its
 *    one extension; a PDF ends with `%%EOF` and carries no second format: no
 *    ZIP archive glued after it (even one whose comment ends in `%%EOF`) and
 *    no web page in its first bytes (conteudo/conteudo-arquivo.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import { DEMO_PDF_FILE } from '../../db/seed/media.js';
import { bearer, body, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import {
  EXE,
  GIF,
  imagemReal,
  jpegComPdfNoFim,
  multipart,
  PDF as PDF_MINIMO,
  pdfComCabecalhoJpeg,
  pngBomba,
  pngComPhp,
  SVG_COM_SCRIPT,
} from '../../test/image-fixtures.js';
import { HTML, jpegBomba, PDF_HTML, pdfZipPoliglota, pngBombaReal, zip, zipBomba } from '../../test/upload-fixtures.js';

const IMAGEM_MAX_BYTES = 256 * 1024;
const CONTEUDO_MAX_BYTES = 1024 * 1024;
const PDF = fs.readFileSync(DEMO_PDF_FILE);

type Arquivo = { nome: string; dados: Buffer; tipo?: string };
type Caso = [nome: string, arquivo: () => Promise<Arquivo>, status: number, mensagem: string];

/** Every file under a folder (relative paths), sorted. */
function arquivos(raiz: string): string[] {
  if (!fs.existsSync(raiz)) return [];
  return (fs.readdirSync(raiz, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(raiz, f)).isFile())
    .sort();
}

const ZIP = zip([{ nome: 'leia.txt', dados: Buffer.from('não sou uma imagem') }]);
const pixelsDemais = MSG_BO.imagemPixelsDemais.replace('{max}', '50');

const casosImagem: Caso[] = [
  // Wrong magic bytes.
  ['GIF chamado de .jpg', async () => ({ nome: 'foto.jpg', dados: GIF, tipo: 'image/jpeg' }), 415, MSG_BO.imagemFormatoInvalido],
  ['executável chamado de .png', async () => ({ nome: 'foto.png', dados: EXE, tipo: 'image/png' }), 415, MSG_BO.imagemFormatoInvalido],
  ['ZIP chamado de .png', async () => ({ nome: 'foto.png', dados: ZIP, tipo: 'image/png' }), 415, MSG_BO.imagemFormatoInvalido],
  ['HTML chamado de .jpg', async () => ({ nome: 'foto.jpg', dados: HTML, tipo: 'image/jpeg' }), 415, MSG_BO.imagemFormatoInvalido],
  ['PDF chamado de .jpg', async () => ({ nome: 'foto.jpg', dados: PDF_MINIMO, tipo: 'image/jpeg' }), 415, MSG_BO.imagemFormatoInvalido],
  // Double extensions (the bytes are a real picture).
  ['foto.php.jpg', async () => ({ nome: 'foto.php.jpg', dados: await imagemReal('jpeg', { semente: 41 }) }), 422, MSG_BO.imagemNomeInvalido],
  ['foto.jpg.php', async () => ({ nome: 'foto.jpg.php', dados: await imagemReal('jpeg', { semente: 42 }) }), 422, MSG_BO.imagemNomeInvalido],
  ['x.png.exe', async () => ({ nome: 'x.png.exe', dados: await imagemReal('png', { semente: 43 }) }), 422, MSG_BO.imagemNomeInvalido],
  ['relatorio.pdf.webp', async () => ({ nome: 'relatorio.pdf.webp', dados: await imagemReal('webp', { semente: 44 }) }), 422, MSG_BO.imagemNomeInvalido],
  // SVG with a script.
  ['SVG com script chamado de .png', async () => ({ nome: 'logo.png', dados: SVG_COM_SCRIPT, tipo: 'image/png' }), 415, MSG_BO.imagemSvgRecusada],
  ['SVG com script chamado de .svg', async () => ({ nome: 'logo.svg', dados: SVG_COM_SCRIPT, tipo: 'image/svg+xml' }), 422, MSG_BO.imagemNomeInvalido],
  // Polyglots.
  ['JPEG com PDF colado no fim', async () => ({ nome: 'foto.jpg', dados: await jpegComPdfNoFim() }), 422, MSG_BO.imagemDadosExtras],
  ['JPEG com PDF dentro (comentário)', async () => ({ nome: 'foto.jpg', dados: await pdfComCabecalhoJpeg() }), 422, MSG_BO.imagemDadosExtras],
  ['PDF que também é ZIP, chamado de .jpg', async () => ({ nome: 'foto.jpg', dados: pdfZipPoliglota() }), 415, MSG_BO.imagemFormatoInvalido],
  ['PNG com PHP num bloco de texto', async () => ({ nome: 'foto.png', dados: await pngComPhp() }), 422, MSG_BO.imagemDadosExtras],
  ['PNG com ZIP colado no fim', async () => ({ nome: 'foto.png', dados: Buffer.concat([await imagemReal('png', { semente: 45 }), ZIP]) }), 422, MSG_BO.imagemDadosExtras],
  // Oversize.
  [
    'maior que IMAGE_UPLOAD_MAX_BYTES',
    async () => ({
      nome: 'grande.png',
      dados: await sharp({
        create: { width: 700, height: 700, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
      })
        .png()
        .toBuffer(),
    }),
    413,
    MSG_BO.imagemMuitoGrande.replace('{max}', '256 KB'),
  ],
  // Decompression bombs: small files, huge pictures.
  ['PNG que declara 10 gigapixels', async () => ({ nome: 'bomba.png', dados: pngBomba() }), 422, pixelsDemais],
  ['PNG de 64 megapixels de zeros em ~60 KB', async () => ({ nome: 'bomba.png', dados: pngBombaReal() }), 422, pixelsDemais],
  ['JPEG que declara 65 000 × 65 000', async () => ({ nome: 'bomba.jpg', dados: await jpegBomba() }), 422, pixelsDemais],
]; // prettier-ignore

/** A PDF padded past CONTEUDO_MAX_BYTES (a valid shape, only too big). */
const pdfGrande = () =>
  Buffer.concat([PDF.subarray(0, -7), Buffer.alloc(CONTEUDO_MAX_BYTES, 0x20), Buffer.from('\n%%EOF\n')]);

const casosConteudo: Caso[] = [
  // Wrong magic bytes.
  ['executável chamado de .pdf', async () => ({ nome: 'aula.pdf', dados: EXE }), 400, MSG_BO.conteudoFormatoInvalido],
  ['JPEG chamado de .pdf', async () => ({ nome: 'aula.pdf', dados: await imagemReal('jpeg') }), 400, MSG_BO.conteudoFormatoInvalido],
  ['ZIP chamado de .pdf', async () => ({ nome: 'aula.pdf', dados: ZIP }), 400, MSG_BO.conteudoFormatoInvalido],
  ['HTML chamado de .pdf', async () => ({ nome: 'aula.pdf', dados: HTML }), 400, MSG_BO.conteudoFormatoInvalido],
  ['PDF chamado de .mp4', async () => ({ nome: 'aula.mp4', dados: PDF }), 400, MSG_BO.conteudoExtensaoNaoConfere],
  // Double extensions.
  ['aula.exe.pdf', async () => ({ nome: 'aula.exe.pdf', dados: PDF }), 400, MSG_BO.conteudoExtensaoDupla],
  ['aula.php.pdf', async () => ({ nome: 'aula.php.pdf', dados: PDF }), 400, MSG_BO.conteudoExtensaoDupla],
  ['aula.pdf.exe', async () => ({ nome: 'aula.pdf.exe', dados: PDF }), 400, MSG_BO.conteudoFormatoInvalido],
  ['aula.pdf.html', async () => ({ nome: 'aula.pdf.html', dados: PDF }), 400, MSG_BO.conteudoFormatoInvalido],
  // SVG with a script.
  ['SVG com script chamado de .pdf', async () => ({ nome: 'aula.pdf', dados: SVG_COM_SCRIPT }), 400, MSG_BO.conteudoFormatoInvalido],
  ['SVG com script chamado de .svg', async () => ({ nome: 'aula.svg', dados: SVG_COM_SCRIPT }), 400, MSG_BO.conteudoFormatoInvalido],
  // Polyglots.
  ['PDF com ZIP colado', async () => ({ nome: 'aula.pdf', dados: Buffer.concat([PDF, ZIP]) }), 400, MSG_BO.conteudoArquivoCorrompido],
  ['PDF com ZIP colado que termina em %%EOF', async () => ({ nome: 'aula.pdf', dados: pdfZipPoliglota() }), 400, MSG_BO.conteudoArquivoCorrompido],
  ['PDF que também é HTML (script no início)', async () => ({ nome: 'aula.pdf', dados: PDF_HTML }), 400, MSG_BO.conteudoArquivoCorrompido],
  ['JPEG com PDF dentro, chamado de .pdf', async () => ({ nome: 'aula.pdf', dados: await pdfComCabecalhoJpeg() }), 400, MSG_BO.conteudoFormatoInvalido],
  // Oversize.
  ['maior que CONTEUDO_MAX_BYTES', async () => ({ nome: 'aula.pdf', dados: pdfGrande() }), 413, `${MSG_BO.conteudoArquivoGrande} (máximo 1 MB)`],
  // Zip bomb.
  ['bomba ZIP (64 MiB de zeros) chamada de .pdf', async () => ({ nome: 'aula.pdf', dados: zipBomba() }), 400, MSG_BO.conteudoFormatoInvalido],
]; // prettier-ignore

describe.each(testDatabaseTargets())('uploads hostis: recusados e nada gravado (%s)', (kind) => {
  let t: TestApp;
  let equipe: string;
  let admin: string;
  let produtoFisico: number;
  let produtoDigital: number;
  let autor: number;

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      seed: true,
      config: { IMAGE_UPLOAD_MAX_BYTES: IMAGEM_MAX_BYTES, CONTEUDO_MAX_BYTES },
    });
    equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const id = async (q: string) => Number((await t.database.raw<{ id: number }>(q))[0]!.id);
    produtoFisico = await id('SELECT id FROM produtos WHERE NOT digital ORDER BY id LIMIT 1');
    produtoDigital = await id('SELECT id FROM produtos WHERE digital ORDER BY id LIMIT 1');
    autor = await id('SELECT id FROM autores ORDER BY id LIMIT 1');
  });
  afterAll(() => t?.dispose());

  const contar = async (tabela: string) =>
    Number((await t.database.raw<{ n: number }>(`SELECT count(*)::int AS n FROM ${tabela}`))[0]!.n);
  /** Everything an upload could leave behind: rows, jobs and any file under the data directory. */
  const estado = async () => ({
    imagens: await contar('imagens'),
    produtoImagens: await contar('produto_imagens'),
    conteudos: await contar('conteudos_produto'),
    tarefas: await contar('tarefas'),
    autores: await t.database.raw('SELECT id, nome_img, path_img FROM autores ORDER BY id'),
    destaques: await t.database.raw('SELECT id, path_img_destaque, titulo_imagem_home FROM produtos ORDER BY id'),
    arquivos: arquivos(t.database.dataDir),
  });

  const enviarImagem = (arquivo: Arquivo) => {
    const form = multipart({ imagem: arquivo });
    return t.app.inject({
      method: 'PUT',
      url: `/api/produto/create/${produtoFisico}/false`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(equipe) },
    });
  };
  const enviarFotoAutor = (arquivo: Arquivo) => {
    const form = multipart({ imagem: arquivo });
    return t.app.inject({
      method: 'POST',
      url: `/api/autor/save/imgautor/${autor}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(equipe) },
    });
  };
  let ordem = 900;
  const enviarConteudo = (arquivo: Arquivo) => {
    const form = multipart({ titulo: 'Aula de teste', duracao: '00:10:00', conteudo: arquivo });
    return t.app.inject({
      method: 'POST',
      url: `/api/conteudoproduto/create/${produtoDigital}/${++ordem}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin) },
    });
  };
  const envelope = (status: number, message: string) => ({ statusCode: status, message, content: null });

  it('controle: uma imagem e um PDF de verdade são aceitos e mudam o estado (o corpus vê o que fica gravado)', async () => {
    const antes = await estado();
    const imagem = await enviarImagem({ nome: 'foto.png', dados: await imagemReal('png', { semente: 40 }) });
    expect(imagem.statusCode).toBe(201);
    const conteudo = await enviarConteudo({ nome: 'Apostila.pdf', dados: PDF });
    expect(conteudo.statusCode, conteudo.body).toBe(201);
    const depois = await estado();
    expect(depois.produtoImagens).toBe(antes.produtoImagens + 1);
    expect(depois.conteudos).toBe(antes.conteudos + 1);
    expect(depois.arquivos.length).toBeGreaterThan(antes.arquivos.length);
  });

  it.each(casosImagem)('imagem: %s', async (_nome, arquivo, status, mensagem) => {
    const dados = await arquivo();
    const antes = await estado();
    const produto = await enviarImagem(dados);
    expect(body(produto)).toEqual(envelope(status, mensagem));
    expect(produto.statusCode).toBe(status);
    const foto = await enviarFotoAutor(dados);
    expect(body(foto)).toEqual(envelope(status, mensagem));
    expect(foto.statusCode).toBe(status);
    expect(await estado()).toEqual(antes);
  });

  it.each(casosConteudo)('conteúdo: %s', async (_nome, arquivo, status, mensagem) => {
    const dados = await arquivo();
    const antes = await estado();
    const res = await enviarConteudo(dados);
    expect(res.statusCode).toBe(status);
    expect(body(res)).toEqual(envelope(status, mensagem));
    expect(await estado()).toEqual(antes);
  });

  it('os nomes recusados não dependem da caixa nem do tipo declarado', async () => {
    const antes = await estado();
    const jpeg = await imagemReal('jpeg', { semente: 46 });
    for (const nome of ['FOTO.PHP.JPG', 'foto.Jpg.Php']) {
      const res = await enviarImagem({ nome, dados: jpeg, tipo: 'image/jpeg' });
      expect(body(res)).toEqual(envelope(422, MSG_BO.imagemNomeInvalido));
    }
    const res = await enviarConteudo({ nome: 'AULA.EXE.PDF', dados: PDF, tipo: 'application/pdf' });
    expect(body(res)).toEqual(envelope(400, MSG_BO.conteudoExtensaoDupla));
    expect(await estado()).toEqual(antes);
  });
});
