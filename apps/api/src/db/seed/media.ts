/**
 * Demo media: product pictures, banners, course covers and author portraits
 * drawn at seed time (SVG → responsive WebP variants, integrations/files/images.ts),
 * and the committed video and PDF copied into private storage as course
 * contents. Image file names carry a hash of their SVG, so the database rows
 * (written from `demoImagemPlanos()`, without drawing) and the files (drawn by
 * `generateSeedMedia`) always agree. Files that already exist are skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createFileStorage, type FileStorage } from '../../integrations/files/index.js';
import {
  dimensoesImagem,
  gravarImagem,
  hashImagem,
  planImagem,
  slugArquivo,
  type PlanoImagem,
} from '../../integrations/files/images.js';
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
import { avatarSvg, bannerCursoSvg, bannerProdutoSvg, capaCursoSvg, produtoSvg } from './illustrations.js';
import { SEED_DATA_DIR } from './paths.js';

export const SEED_MEDIA_DIR = path.join(SEED_DATA_DIR, 'media');
export const DEMO_VIDEO_FILE = path.join(SEED_MEDIA_DIR, 'aula-demonstrativa.mp4');
export const DEMO_PDF_FILE = path.join(SEED_MEDIA_DIR, 'apostila-biosseguranca.pdf');

/** Ids of the demo images (keys of `demoImagemPlanos()`). */
export const produtoImagemId = (slug: string, n: number): string => `produto:${slug}:${n}`;
export const bannerId = (slug: string): string => `banner:${slug}`;
export const autorId = (slug: string): string => `autor:${slug}`;

export function conteudoKey(curso: string, ordem: number, conteudo: DemoConteudo): string {
  const ext = conteudo.tipo === 'video' ? 'mp4' : 'pdf';
  return `private/conteudos/${curso}/${String(ordem).padStart(2, '0')}-${slugArquivo(conteudo.titulo)}.${ext}`;
}

export function conteudoArquivo(conteudo: DemoConteudo): { file: string; tipo: string; tamanho: number } {
  const file = conteudo.tipo === 'video' ? DEMO_VIDEO_FILE : DEMO_PDF_FILE;
  return { file, tipo: conteudo.tipo === 'video' ? 'video/mp4' : 'application/pdf', tamanho: fs.statSync(file).size };
}

interface DemoImagem {
  pasta: 'produtos' | 'banners' | 'autores';
  nome: string;
  svg: string;
}

function capa(c: DemoCurso) {
  return { nome: c.nome, duracao: c.duracao, cores: c.capa.cores, motivo: c.capa.motivo };
}

/** Every public image of the demo data, by id, as its SVG source. */
function demoImagens(): Map<string, DemoImagem> {
  const out = new Map<string, DemoImagem>();
  const fisicos: readonly DemoProdutoFisico[] = [...DEMO_PRODUTOS_FISICOS, DEMO_BRINDE];
  for (const p of fisicos) {
    for (let n = 1; n <= p.imagens; n++) {
      const variante = (n - 1) as 0 | 1 | 2;
      out.set(produtoImagemId(p.slug, n), {
        pasta: 'produtos',
        nome: `${p.slug}-${n}`,
        svg: produtoSvg(p.ilustracao, variante),
      });
    }
    if (p.home) out.set(bannerId(p.slug), { pasta: 'banners', nome: p.slug, svg: bannerProdutoSvg(p.ilustracao) });
  }
  for (const c of DEMO_CURSOS) {
    out.set(produtoImagemId(c.slug, 1), { pasta: 'produtos', nome: `${c.slug}-1`, svg: capaCursoSvg(capa(c), 0) });
    out.set(produtoImagemId(c.slug, 2), { pasta: 'produtos', nome: `${c.slug}-2`, svg: capaCursoSvg(capa(c), 1) });
    if (c.home) out.set(bannerId(c.slug), { pasta: 'banners', nome: c.slug, svg: bannerCursoSvg(capa(c)) });
  }
  for (const a of DEMO_AUTORES) {
    out.set(autorId(a.slug), { pasta: 'autores', nome: a.slug, svg: avatarSvg(a.nome, a.cor) });
  }
  for (const slug of DEMO_BANNERS) {
    if (!out.has(bannerId(slug))) throw new Error(`Banner sem produto com "home": ${slug}`);
  }
  return out;
}

export interface DemoImagemPlano extends PlanoImagem {
  svg: string;
}

let planosMemo: Promise<Map<string, DemoImagemPlano>> | undefined;

/**
 * The responsive variants (keys, sizes) of every demo image, by id: read from
 * the SVG's declared size and named after a hash of the SVG, without drawing.
 */
export function demoImagemPlanos(): Promise<Map<string, DemoImagemPlano>> {
  planosMemo ??= (async () => {
    const out = new Map<string, DemoImagemPlano>();
    for (const [id, img] of demoImagens()) {
      const svg = Buffer.from(img.svg);
      const { largura, altura } = await dimensoesImagem(svg);
      out.set(id, {
        ...planImagem({ pasta: img.pasta, nome: img.nome, hash: hashImagem(svg), largura, altura }),
        svg: img.svg,
      });
    }
    return out;
  })();
  return planosMemo;
}

/** The course contents (private files), by key. */
function demoConteudos(): Array<{ key: string; file: string }> {
  return DEMO_CURSOS.flatMap((c) =>
    c.conteudos.map((conteudo, i) => ({
      key: conteudoKey(c.slug, i + 1, conteudo),
      file: conteudoArquivo(conteudo).file,
    })),
  );
}

/**
 * Writes the demo media into `${dataDir}/files` (or `storage`), skipping files
 * that already exist. Safe to run concurrently: each write is atomic.
 */
export async function generateSeedMedia(
  dataDir: string,
  opts: { storage?: FileStorage; log?: (m: string) => void } = {},
): Promise<{ gerados: number; existentes: number }> {
  const storage = opts.storage ?? createFileStorage({ dataDir });
  const started = Date.now();
  let gerados = 0;
  let existentes = 0;
  const tarefas: Array<() => Promise<void>> = [];
  for (const plano of (await demoImagemPlanos()).values()) {
    tarefas.push(async () => {
      const novos = await gravarImagem(storage, Buffer.from(plano.svg), plano, { esforco: 2 });
      gerados += novos;
      existentes += plano.variantes.length - novos;
    });
  }
  for (const item of demoConteudos()) {
    tarefas.push(async () => {
      if (await storage.stat(item.key)) {
        existentes++;
        return;
      }
      await storage.put(item.key, await fs.promises.readFile(item.file));
      gerados++;
    });
  }
  const worker = async () => {
    for (let tarefa = tarefas.shift(); tarefa; tarefa = tarefas.shift()) await tarefa();
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  if (gerados) {
    opts.log?.(
      `Mídia de demonstração: ${gerados} arquivo(s) gerado(s), ${existentes} já existia(m), em ${Date.now() - started} ms.`,
    );
  }
  return { gerados, existentes };
}
