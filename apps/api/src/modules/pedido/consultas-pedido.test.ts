/**
 * docs/quality.md P3 for the order and library reads: the number of queries of
 * the customer's order list, the staff order list, the library and the
 * classroom does not grow with the number of rows they return (no N+1).
 * Each read is made for a client with 1 row and for one with 30 rows (orders
 * with several items and two payments each; digital products with contents,
 * authors and progress), and both must cost the same number of queries.
 *
 * docs/quality.md P4: the statements of one order creation with its PIX charge
 * (POST /pedido/create with `pagamento` PIX, as the bench sends it), BEGIN and
 * COMMIT included, are a fixed number, whatever the number of items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents } from '@clinica/shared/money';
import { pixPrice } from '@clinica/shared/pix-discount';
import { conteudoApi } from '@clinica/shared/schemas/conteudo';
import { freteApi } from '@clinica/shared/schemas/frete';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { DEMO_ACCOUNTS, DEMO_BRINDE, DEMO_PRODUTOS_FISICOS, DEMO_REGRAS_COMERCIAIS } from '../../db/seed/demo-data.js';
import { bearer, contentOf, createTestApp, createUser, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';
import { VERSAO_TERMOS } from '@clinica/shared/termos';

const MUITOS = 30;

interface Cliente {
  usuarioId: number;
  clienteId: number;
  token: string;
  /** The digital products the client bought, in purchase order. */
  digitais: number[];
}

describe.each(testDatabaseTargets())('número de consultas dos pedidos e da biblioteca (%s)', (kind) => {
  let t: TestApp;
  let staff: string;
  const clientes = {} as Record<'um' | 'muitos', Cliente>;
  /** Courses bought by `muitos`: one with 1 content, one with 30. */
  const cursos = {} as Record<'um' | 'muitos', number>;

  const sql = <R = { id: number }>(text: string, params?: unknown[]) => t.database.raw<R>(text, params);

  /** `n` digital products, each with `conteudos` ready contents and an author; returns their ids. */
  async function addDigitais(n: number, prefixo: string, conteudos = 3): Promise<number[]> {
    const rows = await sql(
      `INSERT INTO produtos (nome, descricao, preco, categoria_id, digital)
       SELECT $2 || ' ' || lpad(i::text, 3, '0'), 'Curso de teste ' || i, 50 + i,
              (SELECT id FROM categorias WHERE digital ORDER BY id LIMIT 1), true
       FROM generate_series(1, $1::int) AS i
       RETURNING id`,
      [n, prefixo],
    );
    const ids = rows.map((r) => Number(r.id));
    await sql(
      `INSERT INTO conteudos_produto (produto_id, ordem, titulo, duracao, arquivo, video, tipo, tamanho)
       SELECT p, k, 'Aula ' || k, '00:10:00', 'private/conteudos/teste-' || p || '-' || k || '.pdf', false, 'application/pdf', 1000
       FROM unnest($1::int[]) AS p, generate_series(1, $2::int) AS k`,
      [ids, conteudos],
    );
    await sql(
      `INSERT INTO produto_autores (produto_id, autor_id)
       SELECT p, a.id FROM unnest($1::int[]) AS p, (SELECT id FROM autores ORDER BY id LIMIT 2) a`,
      [ids],
    );
    return ids;
  }

  /** A client with one PAGO order per digital product, each with 2 physical items and 2 payments. */
  async function addCliente(nome: string, cpf: string, digitais: number[]): Promise<Cliente> {
    const email = `${nome}-consultas@exemplo.com.br`;
    const { id, idCliente } = await createUser(t.database, {
      email,
      password: 'senha-123456',
      permissao: 'CLIENTE',
      cpf,
    });
    const pedidos = await sql(
      `INSERT INTO pedidos (cliente_id, situacao, valor_produtos, valor_total, created_at)
       SELECT $1, 'PAGO', 100, 100, now() - make_interval(mins => i) FROM generate_series(1, $2::int) AS i
       RETURNING id`,
      [idCliente, digitais.length],
    );
    const ids = pedidos.map((p) => Number(p.id));
    await sql(
      `INSERT INTO pedido_itens (pedido_id, produto_id, produto_nome, quantidade, valor_unitario, valor_total, digital)
       SELECT p.id, p.produto, pr.nome, 1, pr.preco, pr.preco, true
       FROM unnest($1::int[], $2::int[]) AS p(id, produto) JOIN produtos pr ON pr.id = p.produto`,
      [ids, digitais],
    );
    await sql(
      `INSERT INTO pedido_itens (pedido_id, produto_id, produto_nome, quantidade, valor_unitario, valor_total)
       SELECT p, pr.id, pr.nome, 2, pr.preco, pr.preco * 2
       FROM unnest($1::int[]) AS p, (SELECT id, nome, preco FROM produtos WHERE NOT digital ORDER BY id LIMIT 2) pr`,
      [ids],
    );
    await sql(
      `INSERT INTO pagamentos (pedido_id, tipo, status, valor, aprovado_em, created_at)
       SELECT p, 'pix', s.status, 100, CASE WHEN s.status = 'approved' THEN now() END, now() - make_interval(secs => s.k)
       FROM unnest($1::int[]) AS p, (VALUES ('rejected', 2), ('approved', 1)) AS s(status, k)`,
      [ids],
    );
    // Progress on the first content of every course.
    await sql(
      `INSERT INTO progresso_conteudos (usuario_id, conteudo_id, concluido, concluido_em)
       SELECT $1, c.id, true, now() FROM conteudos_produto c WHERE c.produto_id = ANY($2::int[]) AND c.ordem = 1`,
      [id, digitais],
    );
    const token = await t.issueToken({ id, permissao: 'CLIENTE', idCliente });
    return { usuarioId: id, clienteId: idCliente!, token, digitais };
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    staff = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    const [curtoUm] = await addDigitais(1, 'Curso de uma aula', 1);
    const [curtoMuitos] = await addDigitais(1, 'Curso de muitas aulas', MUITOS);
    cursos.um = curtoUm!;
    cursos.muitos = curtoMuitos!;
    const digitais = await addDigitais(MUITOS - 2, 'Curso em série');
    clientes.um = await addCliente('um', '00022255501', [cursos.um]);
    clientes.muitos = await addCliente('muitos', '00022255502', [cursos.um, cursos.muitos, ...digitais]);
  });
  afterAll(() => t?.dispose());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  /** Runs `ler` for both clients (after a warm-up) and returns the rows and queries of each. */
  async function comparar<T>(ler: (c: Cliente) => Promise<T>, linhas: (r: T) => number) {
    await ler(clientes.um);
    const um = await countQueries(t.database.db, () => ler(clientes.um));
    const muitos = await countQueries(t.database.db, () => ler(clientes.muitos));
    // The read itself is counted (not only the token check), so an N+1 would show.
    expect(um.queries).toBeGreaterThan(1);
    return {
      linhas: [linhas(um.result), linhas(muitos.result)],
      consultas: [um.queries, muitos.queries],
    };
  }

  it('pedidos do cliente: 1 ou 30 pedidos (com itens e pagamentos), as mesmas consultas', async () => {
    const r = await comparar(
      async (c) =>
        contentOf(
          pedidoApi.listagemCliente,
          await get(`/api/pedido/listagem/cliente/${c.clienteId}?size=${MUITOS}`, c.token),
        ),
      (lista) => {
        // Each order came with its items and its latest (approved) payment.
        for (const p of lista.pedidos) {
          expect(p.produtos).toHaveLength(3);
          expect(p.pagamento?.status).toBe('approved');
        }
        return lista.pedidos.length;
      },
    );
    expect(r.linhas).toEqual([1, MUITOS]);
    expect(r.consultas[1]).toBe(r.consultas[0]);
  });

  it('um pedido (GET /pedido/{id}): 3 ou 33 itens e 1 ou 31 entradas de histórico, as mesmas consultas', async () => {
    const pedidoDe = async (c: Cliente) =>
      Number((await sql(`SELECT id FROM pedidos WHERE cliente_id = $1 ORDER BY id LIMIT 1`, [c.clienteId]))[0]!.id);
    const pequeno = await pedidoDe(clientes.um);
    const grande = await pedidoDe(clientes.muitos);
    await sql(
      `INSERT INTO pedido_itens (pedido_id, produto_id, produto_nome, quantidade, valor_unitario, valor_total)
       SELECT $1, pr.id, pr.nome, 1, 10.05, 10.05
       FROM generate_series(1, $2::int) AS i, (SELECT id, nome FROM produtos WHERE NOT digital ORDER BY id LIMIT 1) pr`,
      [grande, MUITOS],
    );
    await sql(
      `INSERT INTO pedido_historico (pedido_id, de, para, quem, quando)
       SELECT $1, 'PENDENTE', 'PAGO', 'SISTEMA', now() - make_interval(mins => i) FROM generate_series(1, $2::int) AS i`,
      [grande, MUITOS],
    );
    const donos = new Map([
      [pequeno, clientes.um],
      [grande, clientes.muitos],
    ]);
    const ler = (id: number) => get(`/api/pedido/${id}`, donos.get(id)!.token);
    await ler(pequeno);
    const um = await countQueries(t.database.db, async () => contentOf(pedidoApi.detalhe, await ler(pequeno)));
    const muitos = await countQueries(t.database.db, async () => contentOf(pedidoApi.detalhe, await ler(grande)));
    expect(um.result.produtos).toHaveLength(3);
    expect(muitos.result.produtos).toHaveLength(3 + MUITOS);
    // Money from the JSON list is exact cents; the history is in time order.
    expect(muitos.result.produtos.at(-1)!.valor).toBe(1005);
    expect(muitos.result.historico).toHaveLength(MUITOS);
    const quando = muitos.result.historico.map((h) => Date.parse(h.quando));
    expect([...quando].sort((a, b) => a - b)).toEqual(quando);
    expect(muitos.result.pagamento?.status).toBe('approved');
    expect(muitos.queries).toBe(um.queries);
    // The session check, then the order with its lists in one statement, the owner checked on it (six before).
    expect(um.queries).toBe(2);
  });

  it('pedidos na equipe: 1 ou 30 pedidos, as mesmas consultas', async () => {
    const r = await comparar(
      async (c) =>
        contentOf(
          pedidoApi.listagemAdmin,
          await get(`/api/pedido/admin/listagem?idCliente=${c.clienteId}&size=${MUITOS}`, staff),
        ),
      (lista) => lista.pedidos.length,
    );
    expect(r.linhas).toEqual([1, MUITOS]);
    expect(r.consultas[1]).toBe(r.consultas[0]);
  });

  it('biblioteca: 1 ou 30 produtos digitais (com autores e progresso), as mesmas consultas', async () => {
    const r = await comparar(
      async (c) =>
        contentOf(conteudoApi.produtosAcesso, await get(`/api/cliente/produtosacesso/${c.usuarioId}`, c.token)),
      (lista) => lista.length,
    );
    expect(r.linhas).toEqual([1, MUITOS]);
    expect(r.consultas[1]).toBe(r.consultas[0]);
  });

  it('sala de aula: curso de 1 ou de 30 aulas (com progresso), as mesmas consultas', async () => {
    const c = clientes.muitos;
    const ler = async (curso: number) =>
      contentOf(
        conteudoApi.conteudoCurso,
        await get(`/api/conteudoproduto/produto/${curso}/conteudo/${c.usuarioId}`, c.token),
      );
    await ler(cursos.um);
    const um = await countQueries(t.database.db, () => ler(cursos.um));
    const muitos = await countQueries(t.database.db, () => ler(cursos.muitos));
    expect(um.queries).toBeGreaterThan(1);
    expect([um.result.listaConteudoProduto.length, muitos.result.listaConteudoProduto.length]).toEqual([1, MUITOS]);
    expect(muitos.queries).toBe(um.queries);
  });

  describe('criação de pedido com cobrança PIX (P4)', () => {
    /**
     * Statements of one POST /pedido/create with its PIX charge, BEGIN and COMMIT included (27 before the
     * P4 work in README's Desempenho, 28 when the gift was earned): the session check; the key's claim; the
     * one read that prices the order (and finds the attempt's order, if any: ADR 010); BEGIN, the order with
     * all its rows (one statement), the key's completion, COMMIT; the order with its payment attempts; the
     * sandbox's PIX; BEGIN, the order's lock (every decision about an order's money takes it: ADR 012), the
     * attempt over the placeholder, the PIX expiry job, the customer's 'received' e-mail with the PIX code (ADR
     * 030: its outbox row and delivery job in one statement; the order's items and address for it come with the
     * lock's read, so it costs this one statement, 16/15 before it), COMMIT; the order as answered. On PostgreSQL
     * one more: the NOTIFY that tells every tab and device of the customer that the order exists (ADR 010; on
     * PGlite the notification bus fans out in the process).
     */
    const CONSULTAS_PEDIDO_PIX = kind === 'postgres' ? 17 : 16;

    const CEP = '01310-100';
    const SAO_PAULO = { ufId: 35, municipioId: 3550308 };
    let comprador: { clienteId: number; token: string };
    const precos = new Map<string, { id: number; preco: number }>();
    let seq = 0;

    beforeAll(async () => {
      const { id, idCliente } = await createUser(t.database, {
        email: 'pix-consultas@exemplo.com.br',
        password: 'senha-123456',
        permissao: 'CLIENTE',
        cpf: '00022255503',
      });
      comprador = { clienteId: idCliente!, token: await t.issueToken({ id, permissao: 'CLIENTE', idCliente }) };
      for (const p of [...DEMO_PRODUTOS_FISICOS, DEMO_BRINDE]) {
        const [row] = await sql<{ id: number; preco: string }>(
          'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
          [p.nome],
        );
        precos.set(p.slug, { id: Number(row!.id), preco: Math.round(Number(row!.preco) * 100) });
      }
      // These bodies pay their freight: free shipping (a total of its own) is counted in checkout/cupom-frete.test.ts.
      await sql('UPDATE regras_comerciais SET frete_gratis_ativo = false');
    });

    /** The checkout's body for `linhas` (catalogue prices, the cheapest freight of a real quote, PIX with its discount). */
    async function corpo(linhas: Array<{ slug: string; quantidade: number }>) {
      const itens = linhas.map((l) => ({ ...precos.get(l.slug)!, quantidade: l.quantidade }));
      const [opcao] = contentOf(
        freteApi.calcular,
        await t.app.inject({
          method: 'POST',
          url: '/api/frete/calcular',
          payload: { cep: CEP, pedidoProdutos: itens.map((i) => ({ id: i.id, quantidade: i.quantidade })) },
          remoteAddress: '10.88.0.1',
        }),
      );
      // The demo store's PIX discount, off the products only (ADR 024).
      const produtos = itens.reduce((s, i) => s + i.preco * i.quantidade, 0);
      const total = pixPrice(produtos, DEMO_REGRAS_COMERCIAIS.pix.desconto) + opcao!.custom_price;
      return {
        valorTotal: fromCents(total),
        clienteId: comprador.clienteId,
        nomeRecebedor: null,
        telefoneRecebedor: null,
        itens: itens.map((i) => ({
          produto: { id: i.id },
          quantidade: i.quantidade,
          valor: fromCents(i.preco),
          valorTotal: fromCents(i.preco * i.quantidade),
        })),
        enderecoEntrega: {
          ...SAO_PAULO,
          bairro: 'Bela Vista',
          logradouro: 'Avenida Paulista',
          numero: '1000',
          cep: CEP,
          complemento: null,
        },
        versaoTermos: VERSAO_TERMOS,
        dadosPessoais: {
          nome: 'Comprador PIX',
          email: 'pix-consultas@exemplo.com.br',
          telefone: '(11) 9 8765-4321',
          documento: null,
        },
        entrega: {
          idMelhorEnvio: opcao!.id,
          name: opcao!.name,
          customPrice: fromCents(opcao!.custom_price),
          tempoEntrega: opcao!.delivery_range.max,
          transportadora: opcao!.company.name,
        },
        pagamento: {
          paymentMethodId: 'pix',
          tipoPagamento: 'pix',
          nome: 'Comprador PIX',
          email: 'pix-consultas@exemplo.com.br',
          valor: fromCents(total),
          token: null,
        },
      };
    }

    const criar = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pedido/create',
        headers: { ...bearer(comprador.token), 'idempotency-key': `pix-consultas-${process.pid}-${++seq}` },
        payload,
      });

    it('1 item ou 5 itens (com brinde): as mesmas consultas, em número fixo', async () => {
      const umItem = await corpo([{ slug: 'escova-ultramacia', quantidade: 1 }]);
      // R$ 300,00 or more: the order earns the gift, a sixth line.
      const cincoItens = await corpo([
        { slug: 'escova-ultramacia', quantidade: 2 },
        { slug: 'fio-dental-50m', quantidade: 3 },
        { slug: 'espelho-bucal', quantidade: 1 },
        { slug: 'luvas-nitrilo', quantidade: 2 },
        { slug: 'kit-clareamento-caseiro', quantidade: 1 },
      ]);
      // Warm-up (first use of each statement on this app).
      contentOf(pedidoApi.create, await criar(umItem));

      const um = await countQueries(t.database.db, async () => contentOf(pedidoApi.create, await criar(umItem)));
      const cinco = await countQueries(t.database.db, async () => contentOf(pedidoApi.create, await criar(cincoItens)));

      for (const { result } of [um, cinco]) {
        expect(result).toMatchObject({
          situacaoPedido: 'PENDENTE',
          pagamento: { tipoPagamento: 'pix', status: 'pending' },
        });
        expect(result.pix?.qrCode).toBeTruthy();
      }
      expect(um.result.produtos).toHaveLength(1);
      expect(cinco.result.produtos).toHaveLength(6);
      expect(cinco.result.produtos.at(-1)).toMatchObject({ produtoId: precos.get(DEMO_BRINDE.slug)!.id, brinde: true });
      expect(cinco.queries, cinco.statements.join('\n')).toBe(um.queries);
      expect(um.queries, um.statements.join('\n')).toBe(CONSULTAS_PEDIDO_PIX);
    });

    /**
     * Every statement of the order is prepared once (db/prepared.ts), and PostgreSQL runs a prepared statement by
     * a generic plan, made without the parameters' values. Two of them read far more than they used: the
     * completion of the idempotency key scanned the whole key table (a day of keys) for expired ones, and the
     * pricing read walked the products by id to find the gift. Each plan is read here as PostgreSQL would run
     * it, over a day of keys and a large catalogue.
     */
    it.runIf(kind === 'postgres')('planos genéricos: sem varrer as chaves, o brinde pelo seu índice', async () => {
      const [usuario] = await sql<{ id: number }>('SELECT usuario_id AS id FROM clientes WHERE id = $1', [
        comprador.clienteId,
      ]);
      await sql(
        `INSERT INTO chaves_idempotencia (chave, usuario_id, rota, hash_corpo, status, status_code, resposta)
         SELECT 'dia-' || i, $1, 'POST /api/pedido/create', md5(i::text), 'CONCLUIDA', 201, '{"id": 1}'::jsonb
         FROM generate_series(1, 20000) AS i`,
        [usuario!.id],
      );
      await sql(
        `INSERT INTO produtos (nome, descricao, preco, categoria_id, digital)
         SELECT 'Produto de catálogo ' || i, 'Catálogo grande', 10 + i % 90,
                (SELECT id FROM categorias WHERE NOT digital ORDER BY id LIMIT 1), false
         FROM generate_series(1, 5000) AS i`,
      );
      await sql('ANALYZE chaves_idempotencia');
      await sql('ANALYZE produtos');
      // EXPLAIN of a statement prepared with its parameters unknown, as the driver prepares it.
      await sql(`CREATE OR REPLACE FUNCTION plano_generico_teste(q text, n int) RETURNS SETOF text
        LANGUAGE plpgsql AS $$
        BEGIN
          SET LOCAL plan_cache_mode = force_generic_plan;
          EXECUTE 'PREPARE plano_generico_teste AS ' || q;
          RETURN QUERY EXECUTE 'EXPLAIN EXECUTE plano_generico_teste'
            || coalesce('(' || (SELECT string_agg('NULL', ',') FROM generate_series(1, n)) || ')', '');
          DEALLOCATE plano_generico_teste;
        END $$`);
      const { statements } = await countQueries(t.database.db, async () =>
        contentOf(pedidoApi.create, await criar(await corpo([{ slug: 'escova-ultramacia', quantidade: 1 }]))),
      );
      const planos = new Map<string, string>();
      for (const texto of statements) {
        if (!/^\s*(with|select|insert|update|delete)\b/i.test(texto) || texto.includes('pg_notify')) continue;
        const parametros = Math.max(0, ...[...texto.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
        const linhas = await sql<{ plano: string }>(
          'SELECT plano_generico_teste AS plano FROM plano_generico_teste($1, $2)',
          [texto, parametros],
        );
        planos.set(texto, linhas.map((l) => l.plano).join('\n'));
      }
      expect(planos.size).toBeGreaterThan(8);
      for (const [texto, plano] of planos) {
        expect(plano, `${texto}\n${plano}`).not.toMatch(/Seq Scan on chaves_idempotencia/);
      }
      const precificacao = [...planos].find(([texto]) => texto.includes('"produto_brinde"'));
      expect(precificacao?.[1]).toMatch(/produtos_brinde_ativo_uq/);
    });
  });
});
