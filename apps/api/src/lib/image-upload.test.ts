import multipartPlugin from '@fastify/multipart';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import {
  EXE,
  GIF,
  imagemReal,
  jpegComPdfNoFim,
  multipart,
  pdfComCabecalhoJpeg,
  pngBomba,
  pngComPhp,
  SVG_COM_SCRIPT,
} from '../test/image-fixtures.js';
import { AppError } from './errors.js';
import {
  conferirImagem,
  conferirNomeImagem,
  containerJpeg,
  containerPng,
  containerWebp,
  lerImagemEnviada,
  LIMITES_IMAGEM_PADRAO,
} from './image-upload.js';

/** The AppError a promise or a call rejects with (fails when it does not). */
async function recusa(fn: () => unknown): Promise<AppError> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('era esperada uma recusa');
}

describe('conferirNomeImagem', () => {
  it('aceita um nome com uma extensão de imagem (qualquer caixa) e devolve só o nome do arquivo', () => {
    expect(conferirNomeImagem('foto.jpg')).toBe('foto.jpg');
    expect(conferirNomeImagem('Escova Dental.JPEG')).toBe('Escova Dental.JPEG');
    expect(conferirNomeImagem('banner.webp')).toBe('banner.webp');
    expect(conferirNomeImagem('logo.png')).toBe('logo.png');
    expect(conferirNomeImagem('camera.jfif')).toBe('camera.jfif');
    expect(conferirNomeImagem('C:\\Users\\ana\\foto.png')).toBe('foto.png');
    expect(conferirNomeImagem('../../etc/foto.png')).toBe('foto.png');
    // Dots that are not extensions stay allowed.
    expect(conferirNomeImagem('IMG_2024.01.05.jpg')).toBe('IMG_2024.01.05.jpg');
    expect(conferirNomeImagem('Dr.Silva.jpg')).toBe('Dr.Silva.jpg');
  });

  it.each([
    'foto.php.jpg',
    'foto.PHP.png',
    'x.jpg.exe',
    'x.png.svg',
    'relatorio.pdf.jpg',
    'pagina.html.webp',
    'x.jpg.',
    'x.jpg ',
    'semextensao',
    '.jpg',
    'foto.gif',
    'foto.svg',
    'shell.php\u0000.jpg',
    '',
  ])('recusa %j com 422', async (nome) => {
    const err = await recusa(() => conferirNomeImagem(nome));
    expect(err.statusCode).toBe(422);
    expect(err.message).toBe(MSG_BO.imagemNomeInvalido);
  });

  it('encurta um nome longo demais mantendo a extensão', () => {
    const nome = conferirNomeImagem(`${'a'.repeat(400)}.png`);
    expect(nome.length).toBeLessThanOrEqual(255);
    expect(nome.endsWith('.png')).toBe(true);
  });
});

describe('conferirImagem', () => {
  const limites = { maxPixels: LIMITES_IMAGEM_PADRAO.maxPixels };

  it.each(['jpeg', 'png', 'webp'] as const)('aceita %s real com o formato e o tamanho', async (formato) => {
    const imagem = await imagemReal(formato, { largura: 40, altura: 30 });
    expect(await conferirImagem(imagem, limites)).toEqual({ formato, largura: 40, altura: 30 });
  });

  it('aplica a orientação EXIF ao tamanho', async () => {
    const girada = await sharp(await imagemReal('jpeg', { largura: 40, altura: 30 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await conferirImagem(girada, limites)).toMatchObject({ largura: 30, altura: 40 });
  });

  it('aceita preenchimento (zeros) depois do fim da imagem', async () => {
    const jpeg = Buffer.concat([await imagemReal('jpeg'), Buffer.alloc(16)]);
    expect((await conferirImagem(jpeg, limites)).formato).toBe('jpeg');
  });

  it('SVG com script (mesmo chamado de .png): 415 com a mensagem do SVG', async () => {
    const err = await recusa(() => conferirImagem(SVG_COM_SCRIPT, limites));
    expect([err.statusCode, err.message]).toEqual([415, MSG_BO.imagemSvgRecusada]);
  });

  it.each([
    ['GIF', GIF],
    ['executável', EXE],
    ['PDF', Buffer.from('%PDF-1.4\n%%EOF\n')],
    ['texto', Buffer.from('não sou uma imagem')],
  ])('assinatura errada (%s): 415', async (_nome, dados) => {
    const err = await recusa(() => conferirImagem(dados, limites));
    expect([err.statusCode, err.message]).toEqual([415, MSG_BO.imagemFormatoInvalido]);
  });

  it('JPEG com um PDF colado depois do fim: 422 (poliglota)', async () => {
    const err = await recusa(async () => conferirImagem(await jpegComPdfNoFim(), limites));
    expect([err.statusCode, err.message]).toEqual([422, MSG_BO.imagemDadosExtras]);
  });

  it('PDF dentro de um cabeçalho JPEG (segmento de comentário): 422 (poliglota)', async () => {
    const arquivo = await pdfComCabecalhoJpeg();
    // sharp alone would take it: the picture after the comment is intact.
    expect((await sharp(arquivo).metadata()).format).toBe('jpeg');
    const err = await recusa(() => conferirImagem(arquivo, limites));
    expect([err.statusCode, err.message]).toEqual([422, MSG_BO.imagemDadosExtras]);
  });

  it('PNG com PHP num bloco de texto: 422', async () => {
    const err = await recusa(async () => conferirImagem(await pngComPhp(), limites));
    expect([err.statusCode, err.message]).toEqual([422, MSG_BO.imagemDadosExtras]);
  });

  it('WebP com dados depois do tamanho do RIFF: 422', async () => {
    const webp = Buffer.concat([await imagemReal('webp'), Buffer.from('<?php echo 1; ?>')]);
    const err = await recusa(() => conferirImagem(webp, limites));
    expect(err.message).toBe(MSG_BO.imagemDadosExtras);
  });

  it('bomba de descompressão (PNG pequeno que declara 10 gigapixels): 422 antes de decodificar', async () => {
    const bomba = pngBomba();
    expect(bomba.length).toBeLessThan(1000);
    // Its pixel data is 4 KiB of zeros: a decode would fail as corrupt (imagemCorrompida), so the
    // pixel-count message shows the refusal came from the header, before any decoding.
    const err = await recusa(() => conferirImagem(bomba, limites));
    expect(err.statusCode).toBe(422);
    expect(err.message).toBe(MSG_BO.imagemPixelsDemais.replace('{max}', '50'));
  });

  it('o limite de pixels é o configurado', async () => {
    const imagem = await imagemReal('png', { largura: 200, altura: 100 });
    const err = await recusa(() => conferirImagem(imagem, { maxPixels: 10_000 }));
    expect(err.message).toBe(MSG_BO.imagemPixelsDemais.replace('{max}', '0'));
    expect(await conferirImagem(imagem, { maxPixels: 20_000 })).toMatchObject({ largura: 200 });
  });

  it('JPEG truncado: 422 corrompida', async () => {
    const jpeg = await imagemReal('jpeg', { largura: 200, altura: 150 });
    const err = await recusa(() => conferirImagem(jpeg.subarray(0, jpeg.length - 300), limites));
    expect([err.statusCode, err.message]).toEqual([422, MSG_BO.imagemCorrompida]);
  });

  it('PNG com os dados de pixel corrompidos: 422', async () => {
    const png = await imagemReal('png', { largura: 120, altura: 90 });
    const estragado = Buffer.from(png);
    const idat = estragado.indexOf('IDAT');
    for (let i = idat + 10; i < idat + 60; i++) estragado[i] = 0x55;
    const err = await recusa(() => conferirImagem(estragado, limites));
    expect(err.statusCode).toBe(422);
  });

  it('proporção que não cabe num WebP (60 × 20.000): 422', async () => {
    const fina = await sharp({ create: { width: 60, height: 20_000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const err = await recusa(() => conferirImagem(fina, limites));
    expect(err.message).toBe(MSG_BO.imagemDimensoesInvalidas);
  });
});

describe('containers', () => {
  it('acham o fim exato de JPEG, PNG e WebP reais', async () => {
    for (const [formato, fn] of [
      ['jpeg', containerJpeg],
      ['png', containerPng],
      ['webp', containerWebp],
    ] as const) {
      const imagem = await imagemReal(formato, { largura: 90, altura: 70 });
      expect(fn(imagem)?.fim).toBe(imagem.length);
    }
  });

  it('JPEG progressivo (várias varreduras)', async () => {
    const base = sharp(await imagemReal('jpeg', { largura: 300, altura: 200 }));
    const progressivo = await base.clone().jpeg({ progressive: true }).toBuffer();
    expect(containerJpeg(progressivo)?.fim).toBe(progressivo.length);
  });

  it('null para o que não termina', async () => {
    const jpeg = await imagemReal('jpeg');
    expect(containerJpeg(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    const png = await imagemReal('png');
    expect(containerPng(png.subarray(0, png.length - 12))).toBeNull();
    const webp = await imagemReal('webp');
    expect(containerWebp(webp.subarray(0, webp.length - 4))).toBeNull();
  });
});

describe('lerImagemEnviada (multipart)', () => {
  const app = Fastify();
  const limites = { maxBytes: 64 * 1024, maxPixels: 1_000_000 };

  beforeAll(async () => {
    await app.register(multipartPlugin);
    app.setErrorHandler((err, _req, reply) => {
      const e = err as AppError & { code?: string };
      return reply.code(e.statusCode ?? 500).send({ message: e.message, code: e.code });
    });
    app.post('/up', async (request) => {
      const img = await lerImagemEnviada(request, limites);
      return { nome: img.nome, formato: img.formato, bytes: img.buffer.length, largura: img.largura };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const enviar = (partes: Parameters<typeof multipart>[0]) =>
    app.inject({ method: 'POST', url: '/up', ...multipart(partes) });

  it('lê a imagem do campo "imagem" com o nome enviado', async () => {
    const png = await imagemReal('png', { largura: 50, altura: 20 });
    const res = await enviar({ outro: 'x', imagem: { nome: 'minha foto.png', dados: png, tipo: 'image/png' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ nome: 'minha foto.png', formato: 'png', bytes: png.length, largura: 50 });
  });

  it('maior que o limite: 413 com o limite na mensagem', async () => {
    const grande = await sharp({
      create: {
        width: 900,
        height: 900,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(grande.length).toBeGreaterThan(limites.maxBytes);
    const res = await enviar({ imagem: { nome: 'grande.png', dados: grande } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG_BO.imagemMuitoGrande.replace('{max}', '64 KB'));
  });

  it('sem arquivo, arquivo em outro campo, corpo JSON ou arquivo vazio: 400', async () => {
    expect((await enviar({ titulo: 'só texto' })).statusCode).toBe(400);
    const noOutroCampo = await enviar({ arquivo: { nome: 'a.png', dados: await imagemReal('png') } });
    expect([noOutroCampo.statusCode, noOutroCampo.json().message]).toEqual([400, MSG_BO.selecioneImagem]);
    const json = await app.inject({ method: 'POST', url: '/up', payload: { imagem: 'x' } });
    expect([json.statusCode, json.json().message]).toEqual([400, MSG_BO.selecioneImagem]);
    const vazio = await enviar({ imagem: { nome: 'a.png', dados: Buffer.alloc(0) } });
    expect([vazio.statusCode, vazio.json().message]).toEqual([400, MSG_BO.imagemVazia]);
  });

  it('duas extensões e SVG chamado de .png são recusados', async () => {
    const jpeg = await imagemReal('jpeg');
    const dupla = await enviar({ imagem: { nome: 'foto.php.jpg', dados: jpeg, tipo: 'image/jpeg' } });
    expect([dupla.statusCode, dupla.json().message]).toEqual([422, MSG_BO.imagemNomeInvalido]);
    const svg = await enviar({ imagem: { nome: 'logo.png', dados: SVG_COM_SCRIPT, tipo: 'image/png' } });
    expect([svg.statusCode, svg.json().message]).toEqual([415, MSG_BO.imagemSvgRecusada]);
  });
});
