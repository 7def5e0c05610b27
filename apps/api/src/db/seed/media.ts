/**
 * Demo media: product pictures, banners, course covers and author portraits
 * drawn at seed time (SVG → WebP), and the committed video and PDF copied into
 * private storage as course contents. Files that already exist are skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createFileStorage, publicUrlForKey, type FileStorage } from '../../integrations/files/index.js';
import {
  DEMO_AUTORES,
  DEMO_BANNERS,
  DEMO_BRINDE,
  DEMO_CURSOS,
  DEMO_PRODUTOS_FISICOS,
  type DemoConteudo,
  type DemoCurso,
  type DemoProdutoFisico,
} from './demo-data.js';
import { avatarSvg, bannerCursoSvg, bannerProdutoSvg, capaCursoSvg, produtoSvg, svgToWebp } from './illustrations.js';
import { SEED_DATA_DIR } from './paths.js';

export const SEED_MEDIA_DIR = path.join(SEED_DATA_DIR, 'media');
export const DEMO_VIDEO_FILE = path.join(SEED_MEDIA_DIR, 'aula-demonstrativa.mp4');
export const DEMO_PDF_FILE = path.join(SEED_MEDIA_DIR, 'apostila-biosseguranca.pdf');

export const produtoImagemKey = (slug: string, n: number): string => `public/produtos/${slug}-${n}.webp`;
export const bannerKey = (slug: string): string => `public/banners/${slug}.webp`;
export const autorKey = (slug: string): string => `public/autores/${slug}.webp`;

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export function conteudoKey(curso: string, ordem: number, conteudo: DemoConteudo): string {
  const ext = conteudo.tipo === 'video' ? 'mp4' : 'pdf';
  return `private/conteudos/${curso}/${String(ordem).padStart(2, '0')}-${slugify(conteudo.titulo)}.${ext}`;
}

export function conteudoArquivo(conteudo: DemoConteudo): { file: string; tipo: string; tamanho: number } {
  const file = conteudo.tipo === 'video' ? DEMO_VIDEO_FILE : DEMO_PDF_FILE;
  return { file, tipo: conteudo.tipo === 'video' ? 'video/mp4' : 'application/pdf', tamanho: fs.statSync(file).size };
}

/** URL path stored in the database for a public key. */
export const urlPath = (key: string): string => publicUrlForKey(key);

export interface SeedMediaItem {
  key: string;
  render(): Promise<Buffer>;
}

function capa(c: DemoCurso) {
  return { nome: c.nome, duracao: c.duracao, cores: c.capa.cores, motivo: c.capa.motivo };
}

/** Every media file of the demo data, with a function that produces it. */
export function demoMediaItems(): SeedMediaItem[] {
  const items: SeedMediaItem[] = [];
  const fisicos: readonly DemoProdutoFisico[] = [...DEMO_PRODUTOS_FISICOS, DEMO_BRINDE];
  for (const p of fisicos) {
    for (let n = 1; n <= p.imagens; n++) {
      const variante = (n - 1) as 0 | 1 | 2;
      items.push({ key: produtoImagemKey(p.slug, n), render: () => svgToWebp(produtoSvg(p.ilustracao, variante)) });
    }
    if (p.home) items.push({ key: bannerKey(p.slug), render: () => svgToWebp(bannerProdutoSvg(p.ilustracao)) });
  }
  for (const c of DEMO_CURSOS) {
    items.push({ key: produtoImagemKey(c.slug, 1), render: () => svgToWebp(capaCursoSvg(capa(c), 0)) });
    items.push({ key: produtoImagemKey(c.slug, 2), render: () => svgToWebp(capaCursoSvg(capa(c), 1)) });
    if (c.home) items.push({ key: bannerKey(c.slug), render: () => svgToWebp(bannerCursoSvg(capa(c))) });
    c.conteudos.forEach((conteudo, i) => {
      const { file } = conteudoArquivo(conteudo);
      items.push({ key: conteudoKey(c.slug, i + 1, conteudo), render: () => fs.promises.readFile(file) });
    });
  }
  for (const a of DEMO_AUTORES) {
    items.push({ key: autorKey(a.slug), render: () => svgToWebp(avatarSvg(a.nome, a.cor)) });
  }
  const banners = new Set(items.filter((i) => i.key.startsWith('public/banners/')).map((i) => i.key));
  for (const slug of DEMO_BANNERS) {
    if (!banners.has(bannerKey(slug))) throw new Error(`Banner sem produto com "home": ${slug}`);
  }
  return items;
}

/**
 * Writes the demo media into `${dataDir}/files` (or `storage`), skipping keys
 * that already exist. Safe to run concurrently: each write is atomic.
 */
export async function generateSeedMedia(
  dataDir: string,
  opts: { storage?: FileStorage; log?: (m: string) => void } = {},
): Promise<{ gerados: number; existentes: number }> {
  const storage = opts.storage ?? createFileStorage({ dataDir });
  const items = demoMediaItems();
  let gerados = 0;
  let existentes = 0;
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      if (await storage.stat(item.key)) {
        existentes++;
        continue;
      }
      await storage.put(item.key, await item.render());
      gerados++;
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  if (gerados) opts.log?.(`Mídia de demonstração: ${gerados} arquivo(s) gerado(s), ${existentes} já existia(m).`);
  return { gerados, existentes };
}
