import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyForPublicUrl } from '../../integrations/files/index.js';
import { verifyPassword } from '../../lib/password.js';
import {
  autores,
  avaliacoes,
  categorias,
  clientes,
  condicoesDesconto,
  conteudosProduto,
  empresa,
  enderecos,
  fichasTecnicas,
  imagens,
  municipios,
  produtoAutores,
  produtoImagens,
  produtos,
  produtoTags,
  ufs,
  usuarios,
} from '../schema.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from '../test-databases.js';
import { DEMO_ACCOUNTS, PERMISSAO_ID } from './demo-data.js';
import { seedDatabase } from './index.js';

const TABLES = [
  'permissoes',
  'usuarios',
  'clientes',
  'enderecos',
  'ufs',
  'municipios',
  'empresa',
  'categorias',
  'produtos',
  'produto_imagens',
  'imagens',
  'fichas_tecnicas',
  'tags',
  'produto_tags',
  'autores',
  'produto_autores',
  'conteudos_produto',
  'avaliacoes',
  'condicoes_desconto',
];

async function tableCounts(database: TestDatabase): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [row] = await database.raw<{ n: number | string }>(`SELECT count(*) AS n FROM ${t}`);
    out[t] = Number(row?.n);
  }
  return out;
}

function filePath(database: TestDatabase, key: string): string {
  return path.join(database.dataDir, 'files', ...key.split('/'));
}

function publicFile(database: TestDatabase, urlPath: string | null): string {
  expect(urlPath).toMatch(/^\/api\/arquivos\//);
  const key = keyForPublicUrl(urlPath!);
  expect(key, urlPath!).not.toBeNull();
  return filePath(database, key!);
}

describe.each(testDatabaseTargets())('seedDatabase (%s)', (kind) => {
  let database: TestDatabase;
  let firstRun: { geografia: boolean; demo: boolean };
  let seedMs = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const t = Date.now();
    firstRun = await seedDatabase(database, { dataDir: database.dataDir });
    seedMs = Date.now() - t;
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('loads geography and demo data on the first run', () => {
    expect(firstRun).toEqual({ geografia: true, demo: true });
    expect(seedMs).toBeLessThan(30_000);
  });

  it('loads the 27 UFs and 5,571 municipalities with IBGE codes and accented names', async () => {
    const counts = await tableCounts(database);
    expect(counts.ufs).toBe(27);
    expect(counts.municipios).toBe(5571);
    const [sp] = await database.db.select().from(municipios).where(eq(municipios.id, 3550308));
    expect(sp).toMatchObject({ nome: 'São Paulo', ufId: 35, capital: true });
    const [uf] = await database.db.select().from(ufs).where(eq(ufs.sigla, 'SP'));
    expect(uf).toMatchObject({ id: 35, nome: 'São Paulo', regiao: 'Sudeste' });
    const boa = await database.db
      .select({ id: municipios.id, uf: ufs.sigla })
      .from(municipios)
      .innerJoin(ufs, eq(ufs.id, municipios.ufId))
      .where(eq(municipios.nome, 'Boa Esperança do Norte'));
    expect(boa).toEqual([{ id: 5101837, uf: 'MT' }]);
    const [df] = await database.raw<{ n: number | string }>('SELECT count(*) AS n FROM municipios WHERE uf_id = 53');
    expect(Number(df?.n)).toBe(1);
  });

  it('creates the demo accounts with argon2id hashes that verify', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [u] = await database.db.select().from(usuarios).where(eq(usuarios.email, account.email));
      expect(u, account.email).toBeDefined();
      expect(u).toMatchObject({
        nome: account.nome,
        permissaoId: PERMISSAO_ID[account.permissao],
        ativo: account.ativo,
        confirmado: account.confirmado,
      });
      expect(u!.senhaHash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(account.password, u!.senhaHash)).toBe(true);
      expect(await verifyPassword(`${account.password}x`, u!.senhaHash)).toBe(false);
    }
    const perms = await database.raw<{ id: number; nome: string }>('SELECT id, nome FROM permissoes ORDER BY id');
    expect(perms).toEqual([
      { id: 1, nome: 'ADMIN' },
      { id: 2, nome: 'CLIENTE' },
      { id: 3, nome: 'USUARIO' },
    ]);
  });

  it('gives the demo customers documents, phones and São Paulo addresses', async () => {
    const rows = await database.db
      .select({ cliente: clientes, endereco: enderecos, email: usuarios.email })
      .from(clientes)
      .innerJoin(usuarios, eq(usuarios.id, clientes.usuarioId))
      .innerJoin(enderecos, eq(enderecos.clienteId, clientes.id));
    const maria = rows.find((r) => r.email === DEMO_ACCOUNTS.cliente.email);
    expect(maria?.cliente).toMatchObject({ juridica: false, nome: 'Maria Cliente Silva', cpf: '52998224725' });
    expect(maria?.cliente.telefone).toMatch(/^\d{11}$/);
    expect(maria?.endereco).toMatchObject({ municipioId: 3550308, ufId: 35 });
    expect(maria?.endereco.cep).toMatch(/^\d{8}$/);
    const pj = rows.find((r) => r.email === DEMO_ACCOUNTS.empresa.email);
    expect(pj?.cliente).toMatchObject({ juridica: true, cnpj: '11222333000181', nome: null });
    expect(pj?.cliente.razaoSocial).toBeTruthy();
  });

  it('stores the company with the footer data', async () => {
    const [e] = await database.db.select().from(empresa);
    expect(e).toMatchObject({
      id: 1,
      nome: 'Clínica Odontológica Sorriso Pleno',
      descricaoHorarioFuncionamento: 'Segunda a sexta, das 08h às 18h; sábado, das 08h às 12h',
      municipioId: 3550308,
      ufId: 35,
    });
    expect(e!.cnpj).toMatch(/^\d{14}$/);
    expect(e!.instagram).not.toMatch(/^https?:\/\//);
    for (const link of [e!.facebook, e!.youtube, e!.whatsapp]) expect(link).toMatch(/^https:\/\//);
    expect(e!.email).toMatch(/@/);
  });

  it('has at least 12 physical products with 2–3 valid images and 3–5 technical-sheet rows', async () => {
    const fisicos = await database.db
      .select()
      .from(produtos)
      .where(and(eq(produtos.digital, false), eq(produtos.brinde, false)));
    expect(fisicos.length).toBeGreaterThanOrEqual(12);
    for (const p of fisicos) {
      expect(Number(p.preco)).toBeGreaterThan(0);
      for (const d of [p.altura, p.largura, p.comprimento, p.peso]) expect(Number(d)).toBeGreaterThan(0);
      const imgs = await database.db
        .select()
        .from(produtoImagens)
        .where(and(eq(produtoImagens.produtoId, p.id), eq(produtoImagens.imagemSite, false)));
      expect(imgs.length, p.nome).toBeGreaterThanOrEqual(2);
      expect(imgs.length, p.nome).toBeLessThanOrEqual(3);
      expect(imgs.map((i) => i.path)).toContain(p.pathImgDestaque);
      for (const img of imgs) {
        const meta = await sharp(publicFile(database, img.path)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(800);
        expect(meta.height).toBe(800);
      }
      const ficha = await database.db.select().from(fichasTecnicas).where(eq(fichasTecnicas.produtoId, p.id));
      expect(ficha.length, p.nome).toBeGreaterThanOrEqual(3);
      expect(ficha.length, p.nome).toBeLessThanOrEqual(5);
    }
    expect(fisicos.filter((p) => !p.disponivel)).toHaveLength(1);
  });

  it('gives every public image responsive WebP variants with their sizes, named after their content', async () => {
    const referenced = await database.raw<{ path: string }>(
      `SELECT path FROM produto_imagens UNION SELECT path_img_destaque FROM produtos WHERE path_img_destaque IS NOT NULL
       UNION SELECT path_img FROM autores WHERE path_img IS NOT NULL`,
    );
    const rows = await database.db.select().from(imagens);
    expect(rows.map((r) => r.path).sort()).toEqual(referenced.map((r) => r.path).sort());
    for (const row of rows) {
      expect(row.path).toMatch(/-[0-9a-f]{16}-\d+\.webp$/);
      expect(row.variantes.at(-1)).toEqual({ largura: row.largura, path: row.path });
      const larguras = row.variantes.map((v) => v.largura);
      expect(larguras).toEqual([...larguras].sort((a, b) => a - b));
      expect(larguras.every((w) => w <= row.largura)).toBe(true);
      for (const v of row.variantes) {
        const meta = await sharp(publicFile(database, v.path)).metadata();
        expect([meta.format, meta.width, meta.height], v.path).toEqual([
          'webp',
          v.largura,
          Math.round((row.altura * v.largura) / row.largura),
        ]);
      }
    }
    // Product pictures 800 px wide: 320, 640 and 800; banners 1600: five sizes; author photos 400: 320 and 400.
    const byFolder = (folder: string) => rows.filter((r) => r.path.includes(`/${folder}/`));
    expect(new Set(byFolder('produtos').map((r) => r.variantes.map((v) => v.largura).join()))).toEqual(
      new Set(['320,640,800']),
    );
    expect(new Set(byFolder('banners').map((r) => r.variantes.map((v) => v.largura).join()))).toEqual(
      new Set(['320,640,960,1280,1600']),
    );
    expect(new Set(byFolder('autores').map((r) => r.variantes.map((v) => v.largura).join()))).toEqual(
      new Set(['320,400']),
    );
  });

  it('keeps product descriptions within the 255 characters of the form', async () => {
    const rows = await database.db.select({ nome: produtos.nome, descricao: produtos.descricao }).from(produtos);
    for (const r of rows) expect(r.descricao?.length ?? 0, r.nome).toBeLessThanOrEqual(255);
  });

  it('has one gift product and an active gift threshold', async () => {
    const brindes = await database.db.select().from(produtos).where(eq(produtos.brinde, true));
    expect(brindes).toHaveLength(1);
    expect(brindes[0]).toMatchObject({ preco: 0, ativo: true, disponivel: true, digital: false });
    expect(fs.existsSync(publicFile(database, brindes[0]!.pathImgDestaque))).toBe(true);
    const ativas = await database.db.select().from(condicoesDesconto).where(eq(condicoesDesconto.ativo, true));
    expect(ativas).toHaveLength(1);
    expect(ativas[0]!.valor).toBe(30000);
  });

  it('shows three products on the home banners, each with a 1600×600 image', async () => {
    const home = await database.db.select().from(produtos).where(eq(produtos.produtoExibidoSite, true));
    expect(home).toHaveLength(3);
    for (const p of home) {
      expect(p.tituloImagemHome).toBeTruthy();
      expect(p.textoHome).toBeTruthy();
      const imgs = await database.db
        .select()
        .from(produtoImagens)
        .where(and(eq(produtoImagens.produtoId, p.id), eq(produtoImagens.imagemSite, true)));
      expect(imgs).toHaveLength(1);
      const meta = await sharp(publicFile(database, imgs[0]!.path)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 600]);
    }
  });

  it('has at least 4 courses with authors (with photos), tags, workload, a real video and a real PDF', async () => {
    const cursos = await database.db.select().from(produtos).where(eq(produtos.digital, true));
    expect(cursos.length).toBeGreaterThanOrEqual(4);
    const digitais = await database.db.select().from(categorias).where(eq(categorias.digital, true));
    expect(digitais.length).toBeGreaterThanOrEqual(2);
    for (const c of cursos) {
      expect(c.duracao, c.nome).toBeTruthy();
      expect(c.tempoEstimado).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(fs.existsSync(publicFile(database, c.pathImgDestaque))).toBe(true);
      const aut = await database.db
        .select({ autor: autores })
        .from(produtoAutores)
        .innerJoin(autores, eq(autores.id, produtoAutores.autorId))
        .where(eq(produtoAutores.produtoId, c.id));
      expect(aut.length, c.nome).toBeGreaterThanOrEqual(1);
      for (const { autor } of aut) {
        expect(autor.sobre).toBeTruthy();
        expect((await sharp(publicFile(database, autor.pathImg)).metadata()).format).toBe('webp');
      }
      const t = await database.db.select().from(produtoTags).where(eq(produtoTags.produtoId, c.id));
      expect(t.length, c.nome).toBeGreaterThanOrEqual(1);
      const itens = await database.db
        .select()
        .from(conteudosProduto)
        .where(eq(conteudosProduto.produtoId, c.id))
        .orderBy(conteudosProduto.ordem);
      expect(itens.length).toBeGreaterThanOrEqual(2);
      expect(itens.length).toBeLessThanOrEqual(3);
      expect(itens.map((i) => i.ordem)).toEqual(itens.map((_, i) => i + 1));
      const video = itens.find((i) => i.video);
      const pdf = itens.find((i) => !i.video);
      expect(video?.tipo).toBe('video/mp4');
      expect(pdf?.tipo).toBe('application/pdf');
      for (const item of itens) {
        expect(item.arquivo.startsWith('private/conteudos/')).toBe(true);
        const bytes = fs.readFileSync(filePath(database, item.arquivo));
        expect(bytes.length).toBe(item.tamanho);
        if (item.video) expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
        else expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    }
  });

  it('has a few reviews by the demo client', async () => {
    const rows = await database.db
      .select({ nota: avaliacoes.nota, email: usuarios.email })
      .from(avaliacoes)
      .innerJoin(clientes, eq(clientes.id, avaliacoes.clienteId))
      .innerJoin(usuarios, eq(usuarios.id, clientes.usuarioId));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      expect(r.email).toBe(DEMO_ACCOUNTS.cliente.email);
      expect(Number(r.nota)).toBeGreaterThanOrEqual(1);
      expect(Number(r.nota)).toBeLessThanOrEqual(5);
    }
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await tableCounts(database);
    const files = fs.readdirSync(path.join(database.dataDir, 'files', 'public', 'produtos')).length;
    expect(await seedDatabase(database, { dataDir: database.dataDir })).toEqual({ geografia: false, demo: false });
    expect(await tableCounts(database)).toEqual(before);
    expect(fs.readdirSync(path.join(database.dataDir, 'files', 'public', 'produtos'))).toHaveLength(files);
  });
});

describe.each(testDatabaseTargets())('seed edge cases (%s)', (kind) => {
  it('with demo: false loads only permissions and geography', async () => {
    const database = await createTestDatabase(kind);
    try {
      expect(await seedDatabase(database, { dataDir: database.dataDir, demo: false })).toEqual({
        geografia: true,
        demo: false,
      });
      const counts = await tableCounts(database);
      expect(counts).toMatchObject({ permissoes: 3, ufs: 27, municipios: 5571, usuarios: 0, produtos: 0, empresa: 0 });
      expect(fs.existsSync(path.join(database.dataDir, 'files'))).toBe(false);
    } finally {
      await database.dispose();
    }
  });

  it('writes nothing of the demo data when it fails halfway (one transaction)', async () => {
    const database = await createTestDatabase(kind);
    try {
      await seedDatabase(database, { dataDir: database.dataDir, demo: false });
      // A category with a demo name makes the demo insert fail after users, company and customers.
      await database.db.insert(categorias).values({ nome: 'INSTRUMENTAIS' });
      await expect(seedDatabase(database, { dataDir: database.dataDir, media: false })).rejects.toThrow();
      const counts = await tableCounts(database);
      expect(counts).toMatchObject({ usuarios: 0, clientes: 0, empresa: 0, produtos: 0, categorias: 1 });
      await database.db.delete(categorias);
      expect(await seedDatabase(database, { dataDir: database.dataDir, media: false })).toEqual({
        geografia: false,
        demo: true,
      });
      expect((await tableCounts(database)).usuarios).toBe(Object.keys(DEMO_ACCOUNTS).length);
    } finally {
      await database.dispose();
    }
  });

  it('createTestDatabase({ seed: true }) gives a seeded database with its media, cheaply', async () => {
    const t = Date.now();
    const database = await createTestDatabase(kind, { seed: true });
    const elapsed = Date.now() - t;
    const dataDir = database.dataDir;
    try {
      const counts = await tableCounts(database);
      expect(counts.usuarios).toBe(Object.keys(DEMO_ACCOUNTS).length);
      expect(counts.municipios).toBe(5571);
      const [p] = await database.db.select().from(produtos).where(eq(produtos.brinde, false)).limit(1);
      expect(fs.existsSync(publicFile(database, p!.pathImgDestaque))).toBe(true);
      const [c] = await database.db.select().from(conteudosProduto).limit(1);
      expect(fs.existsSync(filePath(database, c!.arquivo))).toBe(true);
      // A second one is independent of the first.
      const other = await createTestDatabase(kind, { seed: true });
      try {
        await other.db.delete(avaliacoes);
        expect((await tableCounts(database)).avaliacoes).toBeGreaterThan(0);
      } finally {
        await other.dispose();
      }
      expect(elapsed).toBeLessThan(60_000);
    } finally {
      await database.dispose();
    }
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
