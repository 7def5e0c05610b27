import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyForPublicUrl } from './file-storage.js';
import { gravarImagem, hashImagem, planImagem, salvarImagemResponsiva, slugArquivo } from './images.js';
import { createFileStorage, type LocalFileStorage } from './index.js';

/** A photo-like JPEG (a gradient) of `width` × `height`, optionally with an EXIF orientation. */
async function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  const img = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (orientation) img.withMetadata({ orientation });
  return img.jpeg({ quality: 90 }).toBuffer();
}

describe('planImagem', () => {
  const plan = (largura: number, altura: number) =>
    planImagem({ pasta: 'produtos', nome: 'Escova Ultramacia', hash: '0123456789abcdef', largura, altura });

  it('larguras padrão menores que a original, mais a própria original como a maior', () => {
    expect(plan(800, 800).variantes.map((v) => [v.largura, v.altura])).toEqual([
      [320, 320],
      [640, 640],
      [800, 800],
    ]);
    expect(plan(1600, 600).variantes.map((v) => v.largura)).toEqual([320, 640, 960, 1280, 1600]);
    expect(plan(640, 480).variantes.map((v) => v.largura)).toEqual([320, 640]);
  });

  it('nunca amplia: uma imagem pequena fica só no seu tamanho; uma enorme para em 1600 de largura', () => {
    expect(plan(200, 100).variantes.map((v) => [v.largura, v.altura])).toEqual([[200, 100]]);
    const grande = plan(4000, 3000);
    expect(grande.variantes.map((v) => [v.largura, v.altura])).toEqual([
      [320, 240],
      [640, 480],
      [960, 720],
      [1280, 960],
      [1600, 1200],
    ]);
    expect(grande.imagem).toMatchObject({ largura: 1600, altura: 1200 });
    expect(plan(1000, 333).variantes.map((v) => v.altura)).toEqual([107, 213, 320, 333]);
  });

  it('nomes com o hash do conteúdo; path é a maior variante', () => {
    const p = plan(800, 600);
    expect(p.variantes.map((v) => v.key)).toEqual([
      'public/produtos/escova-ultramacia-0123456789abcdef-320.webp',
      'public/produtos/escova-ultramacia-0123456789abcdef-640.webp',
      'public/produtos/escova-ultramacia-0123456789abcdef-800.webp',
    ]);
    expect(p.imagem).toEqual({
      path: '/api/arquivos/produtos/escova-ultramacia-0123456789abcdef-800.webp',
      largura: 800,
      altura: 600,
      variantes: [
        { largura: 320, path: '/api/arquivos/produtos/escova-ultramacia-0123456789abcdef-320.webp' },
        { largura: 640, path: '/api/arquivos/produtos/escova-ultramacia-0123456789abcdef-640.webp' },
        { largura: 800, path: '/api/arquivos/produtos/escova-ultramacia-0123456789abcdef-800.webp' },
      ],
    });
    expect(() => plan(0, 10)).toThrow();
    expect(() => plan(10.5, 10)).toThrow();
  });

  it('slug legível e hash estável, diferente para outro conteúdo', () => {
    expect(slugArquivo('Pinça clínica nº 317 — ÓTIMA!')).toBe('pinca-clinica-n-317-otima');
    expect(slugArquivo('!!!')).toBe('imagem');
    expect(hashImagem(Buffer.from('a'))).toMatch(/^[0-9a-f]{16}$/);
    expect(hashImagem(Buffer.from('a'))).toBe(hashImagem('a'));
    expect(hashImagem('a')).not.toBe(hashImagem('b'));
  });
});

describe('salvarImagemResponsiva', () => {
  let dataDir: string;
  let storage: LocalFileStorage;
  const fileOf = (urlPath: string) => path.join(dataDir, 'files', ...keyForPublicUrl(urlPath)!.split('/'));

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-imagens-'));
    storage = createFileStorage({ dataDir }) as LocalFileStorage;
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('grava cada variante em WebP, com as dimensões prometidas e sem metadados da foto', async () => {
    // 1200 × 900 stored rotated (EXIF 6): shown as 900 × 1200.
    const foto = await jpeg(1200, 900, 6);
    const imagem = await salvarImagemResponsiva(storage, foto, { pasta: 'produtos', nome: 'Foto do produto' });
    expect(imagem).toMatchObject({ largura: 900, altura: 1200 });
    expect(imagem.variantes.map((v) => v.largura)).toEqual([320, 640, 900]);
    expect(imagem.path).toBe(imagem.variantes.at(-1)!.path);
    expect(imagem.path).toContain(`foto-do-produto-${hashImagem(foto)}-900.webp`);
    for (const v of imagem.variantes) {
      const meta = await sharp(fileOf(v.path)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(v.largura);
      expect(meta.height).toBe(Math.round((1200 * v.largura) / 900));
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('o mesmo conteúdo dá os mesmos nomes e não reescreve; outro conteúdo, outros nomes', async () => {
    const foto = await jpeg(700, 500);
    const a = await salvarImagemResponsiva(storage, foto, { pasta: 'banners', nome: 'x' });
    const antes = fs.statSync(fileOf(a.path)).mtimeMs;
    const b = await salvarImagemResponsiva(storage, foto, { pasta: 'banners', nome: 'x' });
    expect(b).toEqual(a);
    expect(fs.statSync(fileOf(a.path)).mtimeMs).toBe(antes);
    const outra = await salvarImagemResponsiva(storage, await jpeg(700, 501), { pasta: 'banners', nome: 'x' });
    expect(outra.path).not.toBe(a.path);
  });

  it('uma imagem menor que 320 fica só no seu tamanho (sem ampliar); só a variante que falta é desenhada', async () => {
    const png = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#0d9488' } })
      .png()
      .toBuffer();
    const imagem = await salvarImagemResponsiva(storage, png, { pasta: 'autores', nome: 'mini' });
    expect(imagem).toMatchObject({ largura: 100, altura: 50, variantes: [{ largura: 100, path: imagem.path }] });
    expect((await sharp(fileOf(imagem.path)).metadata()).width).toBe(100);

    const foto = await jpeg(800, 600);
    const plano = planImagem({ pasta: 'produtos', nome: 'parcial', hash: hashImagem(foto), largura: 800, altura: 600 });
    expect(await gravarImagem(storage, foto, plano)).toBe(3);
    fs.rmSync(fileOf(plano.imagem.variantes[1]!.path));
    expect(await gravarImagem(storage, foto, plano)).toBe(1);
    expect(fs.existsSync(fileOf(plano.imagem.variantes[1]!.path))).toBe(true);
  });

  it('um arquivo que não é imagem é recusado sem gravar nada', async () => {
    const antes = fs.readdirSync(path.join(dataDir, 'files', 'public')).length;
    await expect(
      salvarImagemResponsiva(storage, Buffer.from('%PDF-1.4 não é imagem'), { pasta: 'lixo', nome: 'x' }),
    ).rejects.toThrow();
    expect(fs.readdirSync(path.join(dataDir, 'files', 'public'))).toHaveLength(antes);
  });
});
