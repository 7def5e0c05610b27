import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  avaliacoes,
  categorias,
  clientes,
  conteudosProduto,
  empresa,
  enderecos,
  imagens,
  limitesRequisicao,
  municipios,
  pedidoItens,
  pedidos,
  permissoes,
  produtos,
  sessoesRevogadas,
  tokensRevogados,
  ufs,
  usuarios,
} from './schema.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from './test-databases.js';

/** The SQLSTATE of a failed query (drizzle wraps the driver error in `cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

async function expectSqlState(promise: Promise<unknown>, code: string | string[]): Promise<void> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `esperado erro ${String(code)}`).toBeDefined();
  expect(Array.isArray(code) ? code : [code]).toContain(sqlState(err));
}

const CHECK = '23514';
const UNIQUE = '23505';
const FK = '23503';
/** ON DELETE RESTRICT: PostgreSQL 15 reports 23503, PostgreSQL 17 (PGlite) 23001. */
const RESTRICT = ['23001', '23503'];
const NOT_NULL = '23502';

describe.each(testDatabaseTargets())('schema (%s)', (kind) => {
  let database: TestDatabase;
  let usuarioId: number;
  let clienteId: number;
  let produtoId: number;
  let pedidoId: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    await db.insert(permissoes).values([
      { id: 1, nome: 'ADMIN' },
      { id: 2, nome: 'CLIENTE' },
      { id: 3, nome: 'USUARIO' },
    ]);
    await db.insert(ufs).values({ id: 35, sigla: 'SP', nome: 'São Paulo', regiao: 'Sudeste' });
    await db.insert(ufs).values({ id: 33, sigla: 'RJ', nome: 'Rio de Janeiro', regiao: 'Sudeste' });
    await db.insert(municipios).values({ id: 3550308, nome: 'São Paulo', ufId: 35, capital: true });
    const [u] = await db
      .insert(usuarios)
      .values({ nome: 'Ana Teste', email: 'Ana@Exemplo.com.br', senhaHash: 'x', permissaoId: 2 })
      .returning();
    usuarioId = u!.id;
    const [c] = await db
      .insert(clientes)
      .values({ usuarioId, nome: 'Ana Teste', cpf: '52998224725', telefone: '11987654321' })
      .returning();
    clienteId = c!.id;
    const [cat] = await db.insert(categorias).values({ nome: 'Instrumentais' }).returning();
    const [p] = await db
      .insert(produtos)
      .values({ nome: 'Espelho bucal', preco: 2490, categoriaId: cat!.id })
      .returning();
    produtoId = p!.id;
    const [o] = await db.insert(pedidos).values({ clienteId, valorProdutos: 2490, valorTotal: 2490 }).returning();
    pedidoId = o!.id;
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('applies every migration: tables, extensions and the immutable unaccent wrapper', async () => {
    const tables = await database.raw<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      [
        'auditoria',
        'autores',
        'avaliacoes',
        'catalogo_enderecos',
        'catalogo_versao',
        'categorias',
        'ceps_consultados',
        'certificados',
        'chaves_idempotencia',
        'clientes',
        'codigos_email',
        'condicoes_desconto',
        'consentimentos',
        'cotacoes_frete',
        'conteudos_produto',
        'cupom_categorias',
        'cupom_produtos',
        'cupom_usos',
        'cupons',
        'emails_saida',
        'empresa',
        'enderecos',
        'estoque_avisos',
        'estoque_movimentos',
        'favoritos',
        'fichas_tecnicas',
        'imagens',
        'limites_requisicao',
        'melhor_envio_tokens',
        'mensagens_contato',
        'municipios',
        'notas_fiscais',
        'notificacoes',
        'pagamento_eventos',
        'pagamentos',
        'pedido_enderecos_entrega',
        'pedido_historico',
        'pedido_itens',
        'pedidos',
        'permissoes',
        'produto_autores',
        'produto_imagens',
        'produto_tags',
        'produtos',
        'progresso_conteudos',
        'regras_comerciais',
        'sacolas',
        'sandbox_cartoes',
        'sandbox_pagamentos',
        'sessoes_revogadas',
        'tags',
        'tarefas',
        'tokens_revogados',
        'ufs',
        'usuarios',
      ].sort(),
    );
    const ext = await database.raw<{ extname: string }>(
      "SELECT extname FROM pg_extension WHERE extname IN ('unaccent', 'pg_trgm') ORDER BY extname",
    );
    expect(ext.map((e) => e.extname)).toEqual(['pg_trgm', 'unaccent']);
    const [row] = await database.raw<{ v: string; s: number }>(
      "SELECT f_unaccent(lower('Clínica Odontológica')) AS v, similarity('escova', 'escovas')::float AS s",
    );
    expect(row?.v).toBe('clinica odontologica');
    expect(Number(row?.s)).toBeGreaterThan(0.5);
  });

  it('migrating again is a no-op', async () => {
    await database.migrate();
  });

  it('finds products by name without accents through the trigram index expression', async () => {
    const rows = await database.db
      .select({ id: produtos.id })
      .from(produtos)
      .where(sql`f_unaccent(lower(${produtos.nome})) LIKE '%' || f_unaccent(lower(${'ESPÉLHO'})) || '%'`);
    expect(rows.map((r) => r.id)).toEqual([produtoId]);
  });

  it('rejects a negative price', async () => {
    const [cat] = await database.db.select().from(categorias).limit(1);
    await expectSqlState(
      database.db.insert(produtos).values({ nome: 'Negativo', preco: -1, categoriaId: cat!.id }),
      CHECK,
    );
    await expectSqlState(database.db.update(produtos).set({ preco: -100 }).where(eq(produtos.id, produtoId)), CHECK);
  });

  it('rejects ratings outside 1–5 and off the half steps', async () => {
    for (const nota of ['6', '0.5', '5.5', '2.3']) {
      await expectSqlState(database.db.insert(avaliacoes).values({ produtoId, clienteId, nota }), CHECK);
    }
    await database.db.insert(avaliacoes).values({ produtoId, clienteId, nota: '4.5', comentario: 'Bom' });
  });

  it('keeps one review per client and product', async () => {
    await expectSqlState(database.db.insert(avaliacoes).values({ produtoId, clienteId, nota: '3' }), UNIQUE);
  });

  it('keeps the search document of a product in step with its name and description, unaccented', async () => {
    await database.raw("UPDATE produtos SET nome = 'Escovação guiada', descricao = 'Técnica de Bass' WHERE id = $1", [
      produtoId,
    ]);
    try {
      const [row] = await database.raw<{ busca: string }>('SELECT busca::text AS busca FROM produtos WHERE id = $1', [
        produtoId,
      ]);
      expect(row?.busca).toBe("'bass':5B 'escovaca':1A 'gui':2A 'tecnic':3B");
    } finally {
      await database.raw("UPDATE produtos SET nome = 'Espelho bucal', descricao = NULL WHERE id = $1", [produtoId]);
    }
  });

  it('stores image sizes only with positive dimensions and at least one variant', async () => {
    const ok = { path: '/api/arquivos/produtos/x-1.webp', largura: 320, altura: 240 };
    await expectSqlState(database.db.insert(imagens).values({ ...ok, largura: 0, variantes: [] }), CHECK);
    await expectSqlState(database.db.insert(imagens).values({ ...ok, variantes: [] }), CHECK);
    await database.db.insert(imagens).values({ ...ok, variantes: [{ largura: 320, path: ok.path }] });
    await expectSqlState(
      database.db.insert(imagens).values({ ...ok, variantes: [{ largura: 320, path: ok.path }] }),
      UNIQUE,
    );
  });

  it('rejects an order item with quantity 0 and negative order values', async () => {
    const item = { pedidoId, produtoId, produtoNome: 'Espelho bucal', valorUnitario: 2490, valorTotal: 0 };
    await expectSqlState(database.db.insert(pedidoItens).values({ ...item, quantidade: 0 }), CHECK);
    await database.db.insert(pedidoItens).values({ ...item, quantidade: 1, valorTotal: 2490 });
    await expectSqlState(
      database.db.insert(pedidos).values({ clienteId, valorProdutos: 100, valorTotal: -100 }),
      CHECK,
    );
    await expectSqlState(
      database.db
        .insert(pedidos)
        .values({ clienteId, valorProdutos: 100, valorTotal: 100, situacao: 'PERDIDO' as never }),
      CHECK,
    );
  });

  it('rejects a duplicate e-mail that differs only in case', async () => {
    await expectSqlState(
      database.db
        .insert(usuarios)
        .values({ nome: 'Outra Ana', email: 'ana@exemplo.COM.BR', senhaHash: 'x', permissaoId: 2 }),
      UNIQUE,
    );
  });

  it('rejects a duplicate CPF and a duplicate CNPJ', async () => {
    const novoUsuario = async (email: string) =>
      (
        await database.db.insert(usuarios).values({ nome: email, email, senhaHash: 'x', permissaoId: 2 }).returning()
      )[0]!.id;
    const u2 = await novoUsuario('b@exemplo.com.br');
    await expectSqlState(
      database.db.insert(clientes).values({ usuarioId: u2, nome: 'B', cpf: '52998224725', telefone: '11987654321' }),
      UNIQUE,
    );
    await database.db.insert(clientes).values({
      usuarioId: u2,
      juridica: true,
      razaoSocial: 'Alfa Ltda.',
      cnpj: '12ABC34501DE35',
      telefone: '1133334444',
    });
    const u3 = await novoUsuario('c@exemplo.com.br');
    await expectSqlState(
      database.db.insert(clientes).values({
        usuarioId: u3,
        juridica: true,
        razaoSocial: 'Beta Ltda.',
        cnpj: '12ABC34501DE35',
        telefone: '1133334444',
      }),
      UNIQUE,
    );
  });

  it('requires nome + CPF for individuals and razão social + CNPJ for companies, in canonical form', async () => {
    const u = (
      await database.db
        .insert(usuarios)
        .values({ nome: 'D', email: 'd@exemplo.com.br', senhaHash: 'x', permissaoId: 2 })
        .returning()
    )[0]!.id;
    await expectSqlState(
      database.db.insert(clientes).values({ usuarioId: u, nome: 'D', telefone: '11987654321' }),
      CHECK,
    );
    await expectSqlState(
      database.db
        .insert(clientes)
        .values({ usuarioId: u, juridica: true, cnpj: '11222333000181', telefone: '11987654321' }),
      CHECK,
    );
    await expectSqlState(
      database.db.insert(clientes).values({ usuarioId: u, nome: 'D', cpf: '529982247-2', telefone: '11987654321' }),
      CHECK,
    );
    await expectSqlState(
      database.db.insert(clientes).values({
        usuarioId: u,
        juridica: true,
        razaoSocial: 'D Ltda.',
        cnpj: '12abc34501de35',
        telefone: '11987654321',
      }),
      CHECK,
    );
  });

  it('keeps an address city inside its state and requires the state and city', async () => {
    const base = { cep: '01310200', logradouro: 'Avenida Paulista', numero: '1578', bairro: 'Bela Vista' };
    await expectSqlState(database.db.insert(enderecos).values({ ...base, municipioId: 3550308, ufId: 33 }), FK);
    await expectSqlState(database.db.insert(enderecos).values({ ...base, municipioId: 3304557, ufId: 33 }), FK);
    await expectSqlState(
      database.db.insert(enderecos).values({ ...base, cep: '0131020A', municipioId: 3550308, ufId: 35 }),
      CHECK,
    );
    await database.db.insert(enderecos).values({ ...base, municipioId: 3550308, ufId: 35, clienteId });
  });

  it('keeps content order ≥ 1 and unique per product', async () => {
    const item = {
      produtoId,
      titulo: 'Aula',
      duracao: '00:10:00',
      arquivo: 'private/conteudos/x.mp4',
      video: true,
      tipo: 'video/mp4',
      tamanho: 10,
    };
    await expectSqlState(database.db.insert(conteudosProduto).values({ ...item, ordem: 0 }), CHECK);
    await database.db.insert(conteudosProduto).values({ ...item, ordem: 1 });
    await expectSqlState(database.db.insert(conteudosProduto).values({ ...item, ordem: 1 }), UNIQUE);
    await expectSqlState(database.db.insert(conteudosProduto).values({ ...item, ordem: 2, duracao: '10 min' }), CHECK);
  });

  it('keeps a product estimated time in HH:MM:SS with hours 00–23', async () => {
    const [cat] = await database.db.select().from(categorias).limit(1);
    const base = { nome: 'Curso', preco: 1000, categoriaId: cat!.id };
    for (const tempoEstimado of ['00:00:00', '09:30:00', '19:59:59', '23:59:59']) {
      await database.db.insert(produtos).values({ ...base, tempoEstimado });
    }
    for (const tempoEstimado of ['24:00:00', '29:00:00', '99:59:59', '23:60:00', '23:00:60', '1:00:00', '12:00']) {
      await expectSqlState(database.db.insert(produtos).values({ ...base, tempoEstimado }), CHECK);
    }
    // A content item may be longer than a day; its minutes and seconds stay 00–59.
    const item = { produtoId, titulo: 'Longa', arquivo: 'private/x.mp4', video: true, tipo: 'video/mp4', tamanho: 1 };
    await database.db.insert(conteudosProduto).values({ ...item, ordem: 90, duracao: '30:00:00' });
    await expectSqlState(
      database.db.insert(conteudosProduto).values({ ...item, ordem: 91, duracao: '01:60:00' }),
      CHECK,
    );
  });

  it('allows a single company row', async () => {
    await database.db.insert(empresa).values({ nome: 'Clínica', cnpj: '11222333000181' });
    await expectSqlState(database.db.insert(empresa).values({ id: 2, nome: 'Outra', cnpj: '11222333000181' }), CHECK);
    await expectSqlState(database.db.insert(empresa).values({ nome: 'Outra', cnpj: '11222333000181' }), UNIQUE);
  });

  it('refuses to delete a product that is in an order and a customer with orders', async () => {
    await expectSqlState(database.db.delete(produtos).where(eq(produtos.id, produtoId)), RESTRICT);
    await expectSqlState(database.db.delete(clientes).where(eq(clientes.id, clienteId)), RESTRICT);
  });

  it('requires the NOT NULL columns', async () => {
    await expectSqlState(
      database.raw('INSERT INTO produtos (nome, categoria_id) VALUES ($1, 1)', ['Sem preço']),
      NOT_NULL,
    );
  });

  it('has the rate-limit and revoked-token tables other modules rely on', async () => {
    const expira = new Date(Date.now() + 60_000);
    await database.db.insert(limitesRequisicao).values({ chave: 'login:ip:1.2.3.4', contagem: 1, expiraEm: expira });
    await database.db
      .insert(limitesRequisicao)
      .values({ chave: 'login:ip:1.2.3.4', contagem: 1, expiraEm: expira })
      .onConflictDoUpdate({
        target: limitesRequisicao.chave,
        set: { contagem: sql`${limitesRequisicao.contagem} + 1` },
      });
    const [limite] = await database.db.select().from(limitesRequisicao);
    expect(limite?.contagem).toBe(2);
    await database.db.insert(tokensRevogados).values({ jti: 'abc', usuarioId, expiraEm: expira });
    const [token] = await database.db.select().from(tokensRevogados);
    expect(token?.revogadoEm).toBeInstanceOf(Date);
    await database.db.insert(sessoesRevogadas).values({ sid: 'sessao-1', usuarioId, expiraEm: expira });
    await expectSqlState(
      database.db.insert(sessoesRevogadas).values({ sid: 'sessao-1', usuarioId, expiraEm: expira }),
      UNIQUE,
    );
    await expectSqlState(
      database.db.insert(sessoesRevogadas).values({ sid: 'sessao-2', usuarioId: 999999, expiraEm: expira }),
      FK,
    );
  });
});
