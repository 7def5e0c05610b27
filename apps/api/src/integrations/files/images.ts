/**
 * Responsive images: one picture stored as WebP in several widths (never wider
 * than the original), with its size known and a content hash in every file
 * name, so `/api/arquivos/…` can serve it with `Cache-Control: immutable`.
 *
 * Two steps, so the demo seed can write its rows without drawing a pixel:
 *  - `planImagem` decides the keys and sizes from the source's size and hash;
 *  - `gravarImagem` draws the variants of a plan into the file storage.
 * `salvarImagemResponsiva` does both for an upload (the back-office calls it).
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { assertValidKey, publicUrlForKey, PUBLIC_PREFIX, type FileStorage } from './file-storage.js';

/** The widths offered to `srcset` (CSS pixels × density); a source narrower than one keeps its own width as the largest. */
export const LARGURAS_IMAGEM = [320, 640, 960, 1280, 1600] as const;

/**
 * Part of every hash: changing how variants are encoded (quality, widths)
 * gives new file names, so no browser keeps an old rendering under a new meaning.
 */
const VERSAO_PROCESSAMENTO_IMAGEM = 'webp-q80-v1';
const QUALIDADE_WEBP = 80;
/**
 * libwebp's effort (0–6): 4 for uploads (smaller files, served many times);
 * the demo seed uses 2, about twice as fast for some 8 % more bytes.
 */
const ESFORCO_WEBP = 4;

/** What the database keeps of an image and the API sends (`imagemSchema`): `path` is the largest variant. */
export interface ImagemResponsiva {
  path: string;
  largura: number;
  altura: number;
  variantes: Array<{ largura: number; path: string }>;
}

interface VariantePlanejada {
  key: string;
  largura: number;
  altura: number;
}

export interface PlanoImagem {
  /** Narrowest first; the last one is the largest. */
  variantes: VariantePlanejada[];
  imagem: ImagemResponsiva;
}

/** Lowercase ASCII letters, digits and dashes, for a readable file name. */
export function slugArquivo(text: string, max = 60): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || 'imagem';
}

/** The content hash of a source (16 hex characters, with the processing version). */
export function hashImagem(source: Buffer | string): string {
  return crypto
    .createHash('sha256')
    .update(VERSAO_PROCESSAMENTO_IMAGEM)
    .update('\0')
    .update(source)
    .digest('hex')
    .slice(0, 16);
}

/**
 * The variants of a `largura` × `altura` source: every standard width below
 * the source's, plus the largest (the source's own width, capped at the
 * largest standard width). Heights keep the proportion, rounded.
 */
export function planImagem(opts: {
  pasta: string;
  nome: string;
  hash: string;
  largura: number;
  altura: number;
}): PlanoImagem {
  const { pasta, hash, largura, altura } = opts;
  if (!Number.isInteger(largura) || !Number.isInteger(altura) || largura <= 0 || altura <= 0) {
    throw new Error(`Dimensões de imagem inválidas: ${largura}×${altura}`);
  }
  const maior = Math.min(largura, Math.max(...LARGURAS_IMAGEM));
  const larguras = [...LARGURAS_IMAGEM.filter((w) => w < maior), maior];
  const base = `${PUBLIC_PREFIX}${pasta}/${slugArquivo(opts.nome)}-${hash}`;
  const variantes = larguras.map((w) => {
    const key = `${base}-${w}.webp`;
    assertValidKey(key);
    return { key, largura: w, altura: Math.max(1, Math.round((altura * w) / largura)) };
  });
  const ultima = variantes[variantes.length - 1]!;
  return {
    variantes,
    imagem: {
      path: publicUrlForKey(ultima.key),
      largura: ultima.largura,
      altura: ultima.altura,
      variantes: variantes.map((v) => ({ largura: v.largura, path: publicUrlForKey(v.key) })),
    },
  };
}

/** Width and height of a source as it is shown (EXIF orientation applied). */
export async function dimensoesImagem(source: Buffer): Promise<{ largura: number; altura: number }> {
  const meta = await sharp(source, { autoOrient: true }).metadata();
  const largura = meta.autoOrient?.width ?? meta.width;
  const altura = meta.autoOrient?.height ?? meta.height;
  if (!largura || !altura) throw new Error('Imagem sem dimensões');
  return { largura, altura };
}

/**
 * Draws the variants of `plano` from `source` (any format sharp reads: JPEG,
 * PNG, WebP, SVG…) into `storage`, skipping files that exist (their names are
 * content hashes, so an existing file is already right). The source is decoded
 * once; metadata (EXIF, GPS) is never copied into the variants.
 */
export async function gravarImagem(
  storage: FileStorage,
  source: Buffer,
  plano: PlanoImagem,
  opts: { esforco?: number } = {},
): Promise<number> {
  const faltando: VariantePlanejada[] = [];
  for (const v of plano.variantes) if (!(await storage.stat(v.key))) faltando.push(v);
  if (faltando.length === 0) return 0;
  const maior = plano.variantes[plano.variantes.length - 1]!;
  const { data, info } = await sharp(source, { autoOrient: true })
    .resize({ width: maior.largura, height: maior.altura, fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const v of faltando) {
    const pipeline = sharp(data, { raw });
    if (v.largura !== info.width || v.altura !== info.height) {
      pipeline.resize({ width: v.largura, height: v.altura, fit: 'fill' });
    }
    const webp = pipeline.webp({ quality: QUALIDADE_WEBP, effort: opts.esforco ?? ESFORCO_WEBP });
    await storage.put(v.key, await webp.toBuffer(), 'image/webp');
  }
  return faltando.length;
}

/**
 * An uploaded picture as a responsive image: reads its size, names the files
 * after its content and writes the WebP variants. The caller stores the
 * returned value (the `imagens` row) with the path its table keeps.
 */
export async function salvarImagemResponsiva(
  storage: FileStorage,
  source: Buffer,
  opts: { pasta: string; nome: string },
): Promise<ImagemResponsiva> {
  const { largura, altura } = await dimensoesImagem(source);
  const plano = planImagem({ ...opts, hash: hashImagem(source), largura, altura });
  await gravarImagem(storage, source, plano);
  return plano.imagem;
}
