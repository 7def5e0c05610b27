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
import { isValidCnpj, isValidCpf } from '@clinica/shared/documents';
import { VERSAO_TERMOS } from '@clinica/shared/termos';
import {
  DEMO_ACCOUNTS,
  DEMO_BRINDE,
  DEMO_COMPRADOR_SENHA,
  DEMO_COMPRADORES,
  DEMO_CURSOS,
  DEMO_PRODUTOS_FISICOS,
  PERMISSAO_ID,
} from './demo-data.js';
import { DEMO_VENDAS_DIAS, gerarDemoVendas } from './demo-vendas.js';
import { seedDatabase } from './index.js';

const TABLES = [
  'permissoes',
  'usuarios',
  'clientes',
  'enderecos',
  'catalogo_enderecos',
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
  'pedidos',
  'pedido_itens',
  'pedido_enderecos_entrega',
  'pedido_historico',
  'pagamentos',
  'sandbox_pagamentos',
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

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // How long this takes is measured by bench/seed-time.mjs, never asserted here (docs/quality.md: no timed
    // assertions).
    firstRun = await seedDatabase(database, { dataDir: database.dataDir });
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('loads geography and demo data on the first run', () => {
    expect(firstRun).toEqual({ geografia: true, demo: true });
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

  it('gives the demo customer kept notifications, one unread, and lets buyers download a demo PDF (ADR 046)', async () => {
    const avisos = await database.raw<{ tipo: string; lida: boolean }>(
      `SELECT n.tipo, n.lida_em IS NOT NULL AS lida FROM notificacoes n
         JOIN clientes c ON c.id = n.cliente_id JOIN usuarios u ON u.id = c.usuario_id
        WHERE u.email = $1 ORDER BY n.id`,
      [DEMO_ACCOUNTS.cliente.email],
    );
    expect(avisos).toEqual([
      { tipo: 'aviso', lida: true },
      { tipo: 'aviso', lida: false },
    ]);
    const pdfs = await database.raw<{ permite: boolean; n: string | number }>(
      'SELECT permite_download AS permite, count(*) AS n FROM conteudos_produto WHERE NOT video GROUP BY 1 ORDER BY 1',
    );
    expect(pdfs.map((p) => [p.permite, Number(p.n) > 0])).toEqual([
      [false, true],
      [true, true],
    ]);
    // Videos are never downloadable in the demo.
    const [videos] = await database.raw<{ n: string | number }>(
      'SELECT count(*) AS n FROM conteudos_produto WHERE video AND permite_download',
    );
    expect(Number(videos!.n)).toBe(0);
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

  it('gives every physical product a brand and a unique code, several per brand, and one with few units (ADR 044)', async () => {
    const fisicos = await database.db
      .select({ marca: produtos.marca, sku: produtos.sku, ultimas: produtos.ultimasUnidades })
      .from(produtos)
      .where(and(eq(produtos.digital, false), eq(produtos.brinde, false)));
    expect(fisicos.every((p) => p.marca && p.sku)).toBe(true);
    expect(new Set(fisicos.map((p) => p.sku)).size).toBe(fisicos.length);
    expect(new Set(fisicos.map((p) => p.marca)).size).toBeLessThan(fisicos.length);
    expect(fisicos.filter((p) => p.ultimas).length).toBeGreaterThanOrEqual(1);
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
      // The course's page offers a free preview of each demo course (ADR 047).
      expect(
        itens.some((i) => i.previaGratuita && i.video),
        c.nome,
      ).toBe(true);
      for (const item of itens) {
        expect(item.arquivo.startsWith('private/conteudos/')).toBe(true);
        const bytes = fs.readFileSync(filePath(database, item.arquivo));
        expect(bytes.length).toBe(item.tamanho);
        if (item.video) expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
        else expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    }
  });

  it('offers a free PDF preview too (ADR 047)', async () => {
    const rows = await database.raw<{ n: number }>(
      'SELECT count(*)::int AS n FROM conteudos_produto WHERE previa_gratuita AND NOT video',
    );
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(1);
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

  it('adds demo buyers: valid CPF/CNPJ, confirmed CLIENTE accounts, addresses in several states', async () => {
    const rows = await database.raw<{
      email: string;
      senha_hash: string;
      permissao_id: number;
      ativo: boolean;
      confirmado: boolean;
      juridica: boolean;
      nome: string | null;
      cpf: string | null;
      razao_social: string | null;
      cnpj: string | null;
      telefone: string;
      uf_id: number;
      municipio_uf: number;
      cep: string;
    }>(
      `SELECT u.email, u.senha_hash, u.permissao_id, u.ativo, u.confirmado, c.juridica, c.nome, c.cpf, c.razao_social,
              c.cnpj, c.telefone, e.uf_id, m.uf_id AS municipio_uf, e.cep
         FROM usuarios u JOIN clientes c ON c.usuario_id = u.id JOIN enderecos e ON e.cliente_id = c.id
         JOIN municipios m ON m.id = e.municipio_id
        WHERE u.email = ANY($1::text[])`,
      [DEMO_COMPRADORES.map((c) => c.email)],
    );
    expect(rows).toHaveLength(DEMO_COMPRADORES.length);
    expect(DEMO_COMPRADORES.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_COMPRADORES.length).toBeLessThanOrEqual(8);
    for (const r of rows) {
      expect(r, r.email).toMatchObject({ permissao_id: PERMISSAO_ID.CLIENTE, ativo: true, confirmado: true });
      if (r.juridica) {
        expect(isValidCnpj(r.cnpj!), r.email).toBe(true);
        expect(r.razao_social).toBeTruthy();
      } else {
        expect(isValidCpf(r.cpf!), r.email).toBe(true);
        expect(r.nome).toBeTruthy();
      }
      expect(r.telefone).toMatch(/^\d{11}$/);
      expect(r.cep).toMatch(/^\d{8}$/);
      expect(r.uf_id).toBe(r.municipio_uf);
    }
    expect(rows.filter((r) => r.juridica).length).toBeGreaterThanOrEqual(1);
    expect(new Set(rows.map((r) => r.uf_id)).size).toBeGreaterThanOrEqual(5);
    expect(await verifyPassword(DEMO_COMPRADOR_SENHA, rows[0]!.senha_hash)).toBe(true);
  });

  it('adds 40–60 demo sales over the 60 days before the seed day, none today and none of the demo accounts', async () => {
    const rows = await database.raw<{ id: number; situacao: string; dia: string; hoje: string; email: string }>(
      `SELECT p.id, p.situacao, to_char(p.created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS dia,
              to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS hoje, u.email
         FROM pedidos p JOIN clientes c ON c.id = p.cliente_id JOIN usuarios u ON u.id = c.usuario_id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(rows.length).toBeLessThanOrEqual(60);
    const hoje = rows[0]!.hoje;
    const inicio = new Date(Date.parse(`${hoje}T00:00:00Z`) - DEMO_VENDAS_DIAS * 86_400_000).toISOString().slice(0, 10);
    for (const r of rows) {
      expect(r.dia < hoje, `pedido ${r.id} em ${r.dia}`).toBe(true);
      expect(r.dia >= inicio, `pedido ${r.id} em ${r.dia}`).toBe(true);
    }
    const contas = new Set<string>(Object.values(DEMO_ACCOUNTS).map((a) => a.email));
    expect(rows.filter((r) => contas.has(r.email))).toEqual([]);
    expect(new Set(rows.map((r) => r.email)).size).toBe(DEMO_COMPRADORES.length);
    const porSituacao = new Map<string, number>();
    for (const r of rows) porSituacao.set(r.situacao, (porSituacao.get(r.situacao) ?? 0) + 1);
    for (const s of ['PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'PENDENTE', 'RECUSADO']) {
      expect(porSituacao.get(s) ?? 0, s).toBeGreaterThanOrEqual(1);
    }
    const vendas =
      (porSituacao.get('PAGO') ?? 0) + (porSituacao.get('ENVIADO') ?? 0) + (porSituacao.get('ENTREGUE') ?? 0);
    expect(vendas / rows.length).toBeGreaterThan(0.6);
    expect(new Set(rows.map((r) => r.dia)).size).toBeGreaterThanOrEqual(20);
    // Every demo order carries the terms of purchase accepted (ADR 035).
    const termos = await database.raw<{ versao_termos: string | null }>('SELECT DISTINCT versao_termos FROM pedidos');
    expect(termos).toEqual([{ versao_termos: VERSAO_TERMOS }]);
  });

  it('prices every demo sale from the catalogue: lines, gift, freight, total and delivery snapshot', async () => {
    const precos = new Map<string, number>(
      [...DEMO_PRODUTOS_FISICOS, DEMO_BRINDE, ...DEMO_CURSOS].map((p) => [p.nome, p.preco]),
    );
    const itens = await database.raw<{
      pedido_id: number;
      produto_nome: string;
      catalogo: string;
      preco: string;
      quantidade: number;
      valor_unitario: string;
      valor_total: string;
      brinde: boolean;
      digital: boolean;
      produto_digital: boolean;
    }>(
      `SELECT i.pedido_id, i.produto_nome, pr.nome AS catalogo, pr.preco, i.quantidade, i.valor_unitario, i.valor_total,
              i.brinde, i.digital, pr.digital AS produto_digital
         FROM pedido_itens i JOIN produtos pr ON pr.id = i.produto_id`,
    );
    const cents = (v: string) => Math.round(Number(v) * 100);
    const linhas = new Map<number, typeof itens>();
    for (const i of itens) {
      expect(i.produto_nome).toBe(i.catalogo);
      expect(cents(i.valor_unitario)).toBe(cents(i.preco));
      expect(cents(i.valor_unitario)).toBe(precos.get(i.produto_nome));
      expect(cents(i.valor_total)).toBe(cents(i.valor_unitario) * i.quantidade);
      expect(i.digital).toBe(i.produto_digital);
      if (i.brinde) expect([i.produto_nome, i.quantidade, cents(i.valor_total)]).toEqual([DEMO_BRINDE.nome, 1, 0]);
      if (i.digital) expect(i.quantidade).toBe(1);
      linhas.set(i.pedido_id, [...(linhas.get(i.pedido_id) ?? []), i]);
    }
    const pedidos = await database.raw<{
      id: number;
      valor_produtos: string;
      valor_frete: string;
      valor_total: string;
      entrega_servico: string | null;
      entrega_transportadora: string | null;
      endereco: number | null;
      dados_documento: string;
      cliente_doc: string;
    }>(
      `SELECT p.id, p.valor_produtos, p.valor_frete, p.valor_total, p.entrega_servico, p.entrega_transportadora,
              e.municipio_id AS endereco, p.dados_documento, coalesce(c.cpf, c.cnpj) AS cliente_doc
         FROM pedidos p JOIN clientes c ON c.id = p.cliente_id
         LEFT JOIN pedido_enderecos_entrega e ON e.pedido_id = p.id`,
    );
    let comFrete = 0;
    let digitais = 0;
    for (const p of pedidos) {
      const ls = linhas.get(p.id) ?? [];
      expect(ls.length, `pedido ${p.id}`).toBeGreaterThan(0);
      const produtos = ls.reduce((s, i) => s + cents(i.valor_total), 0);
      expect(cents(p.valor_produtos)).toBe(produtos);
      expect(cents(p.valor_total)).toBe(produtos + cents(p.valor_frete));
      expect(
        ls.some((i) => i.brinde),
        `brinde do pedido ${p.id}`,
      ).toBe(produtos >= 30000);
      const enviaveis = ls.filter((i) => !i.digital && !i.brinde);
      if (enviaveis.length > 0) {
        comFrete++;
        expect(cents(p.valor_frete)).toBeGreaterThan(0);
        expect([p.entrega_servico, p.entrega_transportadora]).toEqual([
          expect.stringMatching(/^(PAC|SEDEX)$/),
          'Correios',
        ]);
      } else {
        expect(cents(p.valor_frete)).toBe(0);
        expect(p.entrega_servico).toBeNull();
      }
      expect(p.endereco !== null, `endereço do pedido ${p.id}`).toBe(ls.some((i) => !i.digital));
      if (ls.some((i) => i.digital)) digitais++;
      expect(p.dados_documento).toBe(p.cliente_doc);
    }
    expect(comFrete).toBeGreaterThan(pedidos.length / 2);
    expect(digitais).toBeGreaterThanOrEqual(3);
  });

  it('gives each demo sale a payment and a history consistent with its status', async () => {
    const rows = await database.raw<{
      id: number;
      situacao: string;
      valor_total: string;
      created_at: Date;
      codigo_rastreio: string | null;
      enviado_em: Date | null;
      entregue_em: Date | null;
      cancelado_em: Date | null;
      pagamentos: number;
      tipo: string;
      status: string;
      valor: string;
      aprovado_em: Date | null;
      last_four: string | null;
      sandbox_status: string | null;
      caminho: string;
      desistencia_em: Date | null;
    }>(
      `SELECT p.id, p.situacao, p.desistencia_em, p.valor_total, p.created_at, p.codigo_rastreio, p.enviado_em, p.entregue_em,
              p.cancelado_em, (SELECT count(*)::int FROM pagamentos x WHERE x.pedido_id = p.id) AS pagamentos,
              g.tipo, g.status, g.valor, g.aprovado_em, g.last_four, s.status AS sandbox_status,
              (SELECT string_agg(coalesce(h.de, '-') || '>' || h.para || ':' || h.quem, ' ' ORDER BY h.quando, h.id)
                 FROM pedido_historico h WHERE h.pedido_id = p.id) AS caminho
         FROM pedidos p JOIN pagamentos g ON g.pedido_id = p.id
         LEFT JOIN sandbox_pagamentos s ON s.id = g.provider_id AND g.provedor = 'sandbox'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const CAMINHOS: Record<string, string> = {
      PENDENTE: '->PENDENTE:CLIENTE',
      PAGO: '->PENDENTE:CLIENTE PENDENTE>PAGO:SISTEMA',
      ENVIADO: '->PENDENTE:CLIENTE PENDENTE>PAGO:SISTEMA PAGO>ENVIADO:USUARIO',
      ENTREGUE: '->PENDENTE:CLIENTE PENDENTE>PAGO:SISTEMA PAGO>ENVIADO:USUARIO ENVIADO>ENTREGUE:USUARIO',
      CANCELADO: '->PENDENTE:CLIENTE PENDENTE>CANCELADO:CLIENTE',
      RECUSADO: '->PENDENTE:CLIENTE PENDENTE>RECUSADO:SISTEMA',
      // The right of withdrawal (ADR 036, demo-desistencias.ts): goods waiting to come back, a course refunded.
      DEVOLUCAO_SOLICITADA:
        '->PENDENTE:CLIENTE PENDENTE>PAGO:SISTEMA PAGO>ENVIADO:USUARIO ENVIADO>ENTREGUE:USUARIO ENTREGUE>DEVOLUCAO_SOLICITADA:CLIENTE',
      DESISTIDO:
        '->PENDENTE:CLIENTE PENDENTE>PAGO:SISTEMA PAGO>DEVOLUCAO_SOLICITADA:CLIENTE DEVOLUCAO_SOLICITADA>CANCELADO:SISTEMA',
    };
    const tipos = new Set<string>();
    for (const r of rows) {
      const onde = `pedido ${r.id} (${r.situacao})`;
      expect(r.pagamentos, onde).toBe(1);
      expect(r.valor, onde).toBe(r.valor_total);
      expect(r.sandbox_status, onde).toBe(r.status);
      const desistido = r.situacao === 'CANCELADO' && r.desistencia_em !== null;
      expect(r.caminho, onde).toBe(CAMINHOS[desistido ? 'DESISTIDO' : r.situacao]);
      const venda = ['PAGO', 'ENVIADO', 'ENTREGUE', 'DEVOLUCAO_SOLICITADA'].includes(r.situacao);
      expect(r.status, onde).toBe(
        desistido ? 'refunded' : venda ? 'approved' : r.situacao === 'RECUSADO' ? 'rejected' : 'cancelled',
      );
      expect(r.aprovado_em !== null, onde).toBe(venda || desistido);
      if (r.aprovado_em) expect(r.aprovado_em.getTime()).toBeGreaterThan(r.created_at.getTime());
      if (venda) tipos.add(r.tipo);
      expect(r.last_four !== null, onde).toBe(r.tipo === 'credit');
      const enviado = ['ENVIADO', 'ENTREGUE', 'DEVOLUCAO_SOLICITADA'].includes(r.situacao);
      expect(r.codigo_rastreio !== null && r.enviado_em !== null, onde).toBe(enviado);
      if (r.codigo_rastreio) expect(r.codigo_rastreio).toMatch(/^[A-Z]{2}\d{9}BR$/);
      expect(r.entregue_em !== null, onde).toBe(r.situacao === 'ENTREGUE' || r.situacao === 'DEVOLUCAO_SOLICITADA');
      if (r.entregue_em) expect(r.entregue_em.getTime()).toBeGreaterThan(r.enviado_em!.getTime());
      expect(r.cancelado_em !== null, onde).toBe(r.situacao === 'CANCELADO');
      for (const d of [r.enviado_em, r.entregue_em, r.cancelado_em])
        if (d) expect(d.getTime()).toBeLessThan(Date.now());
    }
    expect([...tipos].sort()).toEqual(['credit', 'pix']);
  });

  it('shows the right of withdrawal: an order waiting for its goods back, a course withdrawn and refunded (ADR 036)', async () => {
    const devolucao = await database.raw<{ n: number }>(
      "SELECT count(*)::int AS n FROM pedidos WHERE situacao = 'DEVOLUCAO_SOLICITADA' AND desistencia_em IS NOT NULL AND desistencia_em < entregue_em + interval '7 days'",
    );
    expect(Number(devolucao[0]!.n)).toBe(1);
    const curso = await database.raw<{ n: number }>(
      `SELECT count(*)::int AS n FROM pedidos p JOIN pagamentos g ON g.pedido_id = p.id AND g.status = 'refunded'
        JOIN certificados c ON c.cliente_id = p.cliente_id AND c.revogado_em = p.desistencia_em
       WHERE p.situacao = 'CANCELADO' AND p.desistencia_em IS NOT NULL`,
    );
    expect(Number(curso[0]!.n)).toBe(1);
  });

  it('puts the order e-mails of the newest paid, shipped, delivered and cancelled sale in the demo mailbox', async () => {
    const emails = await database.raw<{ para: string; assunto: string; html: string; status: string; idade: number }>(
      `SELECT e.para, e.assunto, e.html, e.status,
         extract(epoch from (now() - e.created_at)) / 86400 AS idade
       FROM emails_saida e ORDER BY e.created_at`,
    );
    const assuntos = emails.map((e) => e.assunto.replace(/#\d+/, '#N'));
    expect(assuntos.sort()).toEqual(
      [
        'Pagamento aprovado – pedido #N',
        'Pedido #N cancelado',
        'Seu pedido #N foi entregue',
        'Seu pedido #N foi enviado',
      ].sort(),
    );
    for (const e of emails) {
      expect(e.status).toBe('ENVIADO');
      expect(e.para).toMatch(/@/);
      expect(e.html).toContain('Sorriso Pleno');
      // Within the retention period of sent e-mails (RETENTION_DAYS, 30 by default): the first sweep keeps them.
      expect(Number(e.idade)).toBeLessThan(30);
    }
  });

  it('draws the same demo sales for the same seed instant, whatever its hour', () => {
    const entrada = {
      produtoIds: new Map([...DEMO_PRODUTOS_FISICOS, DEMO_BRINDE, ...DEMO_CURSOS].map((p, i) => [p.slug, i + 1])),
      clienteIds: new Map(DEMO_COMPRADORES.map((c, i) => [c.slug, i + 1])),
      equipeId: 2,
    };
    const agora = Date.parse('2026-03-10T15:00:00Z');
    const a = gerarDemoVendas({ ...entrada, agora });
    expect(gerarDemoVendas({ ...entrada, agora })).toEqual(a);
    // Later the same day: the same orders on the same days (only how far each has gone may differ).
    const b = gerarDemoVendas({ ...entrada, agora: agora + 6 * 3_600_000 });
    expect(b.map((v) => [v.pedido.createdAt, v.pedido.valorTotal, v.itens])).toEqual(
      a.map((v) => [v.pedido.createdAt, v.pedido.valorTotal, v.itens]),
    );
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
      expect((await tableCounts(database)).usuarios).toBe(Object.keys(DEMO_ACCOUNTS).length + DEMO_COMPRADORES.length);
    } finally {
      await database.dispose();
    }
  });

  it('createTestDatabase({ seed: true }) gives a seeded database with its media', async () => {
    const database = await createTestDatabase(kind, { seed: true });
    const dataDir = database.dataDir;
    try {
      const counts = await tableCounts(database);
      expect(counts.usuarios).toBe(Object.keys(DEMO_ACCOUNTS).length + DEMO_COMPRADORES.length);
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
    } finally {
      await database.dispose();
    }
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
