import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { produtoAdminApi, type ProdutoAdminInput } from '@clinica/shared/schemas/produto-admin';
import { DEMO_ACCOUNTS, DEMO_BRINDE } from '../../db/seed/demo-data.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

type Papel = 'anonimo' | 'cliente' | 'usuario' | 'admin';

describe.each(testDatabaseTargets())('produtos do back-office (%s)', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<Exclude<Papel, 'anonimo'>, string>;
  let categoriaFisica: number;
  let outraCategoriaFisica: number;
  let categoriaDigital: number;
  let autores: number[];

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    tokens.admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    tokens.usuario = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    tokens.cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    const cats = await t.database.raw<{ id: number; digital: boolean }>(
      'SELECT id, digital FROM categorias ORDER BY id',
    );
    const fisicas = cats.filter((c) => !c.digital).map((c) => Number(c.id));
    categoriaFisica = fisicas[0]!;
    outraCategoriaFisica = fisicas[1]!;
    categoriaDigital = Number(cats.find((c) => c.digital)!.id);
    autores = (await t.database.raw<{ id: number }>('SELECT id FROM autores ORDER BY id')).map((r) => Number(r.id));
  });
  afterAll(() => t?.dispose());

  const headers = (papel: Papel) => (papel === 'anonimo' ? {} : bearer(tokens[papel]));
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, papel: Papel = 'admin', payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: headers(papel),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  let seq = 0;
  const fisico = (extra: Partial<ProdutoAdminInput> = {}): ProdutoAdminInput => ({
    nome: `Sugador descartável teste ${++seq}`,
    descricao: 'Sugador de saliva descartável, pacote com 40 unidades.',
    preco: 19.9,
    produtoExibidoSite: false,
    categoria: { id: categoriaFisica },
    tempoEstimado: '02:30:00',
    digital: false,
    altura: 10.5,
    peso: 0.25,
    largura: 8,
    comprimento: 20.25,
    brinde: false,
    ativo: true,
    disponivel: true,
    fichaTecnica: [
      { descricao: 'Material', valor: 'PVC atóxico' },
      { descricao: 'Unidades', valor: '40' },
    ],
    ...extra,
  });
  const digital = (extra: Partial<ProdutoAdminInput> = {}): ProdutoAdminInput => ({
    nome: `Curso de fotografia odontológica ${++seq}`,
    descricao: 'Fotografia clínica intra e extraoral, do equipamento à edição.',
    preco: 349.9,
    categoria: { id: categoriaDigital },
    digital: true,
    autores: [autores[0]!],
    tags: [{ nome: 'Fotografia' }, { nome: 'Documentação' }],
    duracao: '8 horas',
    // Left over from a form that toggled "digital": dropped.
    altura: 3,
    fichaTecnica: [{ descricao: 'Sobra', valor: 'do formulário' }],
    ...extra,
  });
  const criar = async (p: ProdutoAdminInput, papel: Papel = 'admin') =>
    contentOf(produtoAdminApi.criar, await call('POST', '/api/produto/create/', papel, p)).id;
  const buscar = async (id: number) => contentOf(produtoAdminApi.buscar, await call('GET', `/api/produto/admin/${id}`));
  const editar = (id: number, p: ProdutoAdminInput, papel: Papel = 'admin') =>
    call('PUT', `/api/produto/editar/${id}`, papel, p);
  const erros = (res: Awaited<ReturnType<typeof call>>) =>
    Object.fromEntries(
      (body<{ errors?: { campo: string; mensagem: string }[] }>(res).content.errors ?? []).map((e) => [
        e.campo,
        e.mensagem,
      ]),
    );
  const contar = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.raw<{ n: number }>(sql, params))[0]?.n ?? 0);

  describe('papéis', () => {
    it('anônimo 401, CLIENTE 403, USUARIO e ADMIN passam em cada rota', async () => {
      const [primeiro] = await t.database.raw<{ id: number }>('SELECT id FROM produtos ORDER BY id LIMIT 1');
      const id = Number(primeiro!.id);
      const rotas: Array<[method: 'GET' | 'POST' | 'PUT', url: string, payload?: () => unknown]> = [
        ['GET', '/api/produto/listagem'],
        ['GET', `/api/produto/admin/${id}`],
        ['POST', '/api/produto/create/', () => fisico()],
        ['PUT', `/api/produto/editar/${id}`, () => ({})],
      ];
      for (const [method, url, payload] of rotas) {
        expect((await call(method, url, 'anonimo', payload?.())).statusCode, `${method} ${url}`).toBe(401);
        const cliente = await call(method, url, 'cliente', payload?.());
        expect(cliente.statusCode, `${method} ${url}`).toBe(403);
        for (const papel of ['usuario', 'admin'] as const) {
          const res = await call(method, url, papel, payload?.());
          expect([200, 201, 400], `${method} ${url} ${papel}`).toContain(res.statusCode);
        }
      }
    });
  });

  describe('cadastro e leitura', () => {
    it('USUARIO cadastra um produto físico: 201 com o id, todos os campos, só os da sua natureza', async () => {
      const res = await call('POST', '/api/produto/create/', 'usuario', fisico({ nome: 'Afastador labial de teste' }));
      expect(res.statusCode).toBe(201);
      expect(body(res).message).toBe(MSG_BO.produtoCriado);
      const id = contentOf(produtoAdminApi.criar, res).id;
      const p = await buscar(id);
      expect(p).toMatchObject({
        id,
        nome: 'Afastador labial de teste',
        preco: 1990,
        digital: false,
        categoria: { id: categoriaFisica, digital: false },
        tempoEstimado: '02:30:00',
        altura: 10.5,
        peso: 0.25,
        largura: 8,
        comprimento: 20.25,
        ativo: true,
        disponivel: true,
        brinde: false,
        produtoExibidoSite: false,
        autores: [],
        tags: [],
        pathImgDestaque: null,
        pathImagemHome: null,
        listaAvaliacao: [],
      });
      expect(p.fichaTecnica.map((f) => [f.descricao, f.valor])).toEqual([
        ['Material', 'PVC atóxico'],
        ['Unidades', '40'],
      ]);
    });

    it('produto digital: autores e tags (reaproveitadas sem diferenciar maiúsculas), sem medidas nem ficha', async () => {
      const [tagExistente] = await t.database.raw<{ id: number; nome: string }>('SELECT id, nome FROM tags LIMIT 1');
      const id = await criar(
        digital({
          autores: [autores[0]!, autores[1]!, autores[0]!],
          tags: [
            { nome: tagExistente!.nome.toUpperCase() },
            { nome: 'Nova tag de teste' },
            { nome: 'nova TAG de teste' },
          ],
        }),
      );
      const p = await buscar(id);
      expect(p.digital).toBe(true);
      expect(p.autores).toEqual([autores[0], autores[1]].sort((a, b) => a! - b!));
      expect(p.tags.map((tag) => tag.nome).sort()).toEqual([tagExistente!.nome, 'Nova tag de teste'].sort());
      expect(p.tags.find((tag) => tag.nome === tagExistente!.nome)?.id).toBe(Number(tagExistente!.id));
      expect(p.fichaTecnica).toEqual([]);
      expect([p.altura, p.peso, p.largura, p.comprimento]).toEqual([null, null, null, null]);
      expect(p.duracao).toBe('8 horas');
    });

    it('o estoque inicial de um produto físico: uma entrada de quem cadastrou, auditada, e o produto à venda', async () => {
      const semEstoque = await criar(fisico());
      expect(await buscar(semEstoque)).toMatchObject({ estoque: 0, reservado: 0, disponiveis: 0 });
      const id = await criar(fisico({ estoqueInicial: 12 }), 'usuario');
      expect(await buscar(id)).toMatchObject({ estoque: 12, reservado: 0, disponiveis: 12, disponivel: true });
      const movimentos = await t.database.raw<{
        tipo: string;
        quantidade: number;
        delta_estoque: number;
        quem: string;
      }>('SELECT tipo, quantidade, delta_estoque, quem FROM estoque_movimentos WHERE produto_id = $1', [id]);
      expect(movimentos.map((m) => [m.tipo, Number(m.quantidade), Number(m.delta_estoque), m.quem])).toEqual([
        ['entrada', 12, 12, 'USUARIO'],
      ]);
      const [auditoria] = await t.database.raw<{ depois: { estoque: number } }>(
        "SELECT depois FROM auditoria WHERE entidade = 'produto' AND entidade_id = $1 AND acao = 'CRIAR'",
        [id],
      );
      expect(auditoria!.depois.estoque).toBe(12);
      expect(contentOf(produtoApi.detalhe, await call('GET', `/api/produto/${id}`, 'anonimo')).disponivel).toBe(true);
      // A digital product has no stock: the field is ignored.
      const curso = await criar(digital({ estoqueInicial: 5 }));
      expect(await buscar(curso)).toMatchObject({ estoque: null, reservado: 0, disponiveis: null });
      expect(await contar('SELECT count(*)::int AS n FROM estoque_movimentos WHERE produto_id = $1', [curso])).toBe(0);
      const invalido = await call('POST', '/api/produto/create/', 'admin', fisico({ estoqueInicial: -1 }));
      expect(invalido.statusCode).toBe(400);
    });

    it('tempoEstimado aceita os 6 dígitos da máscara', async () => {
      const id = await criar(fisico({ tempoEstimado: '235959' }));
      expect((await buscar(id)).tempoEstimado).toBe('23:59:59');
    });

    it('um produto criado aparece na loja, nos menus e na busca; um inativo não', async () => {
      const id = await criar(fisico({ nome: 'Espelho bucal zircônia de teste' }));
      const inativo = await criar(fisico({ nome: 'Espelho bucal inativo de teste', ativo: false }));
      const menus = contentOf(produtoApi.fisicoDigital, await call('GET', '/api/produto/fisicodigital', 'anonimo'));
      expect(menus.listProdutoFisico.map((p) => p.id)).toContain(id);
      expect(menus.listProdutoFisico.map((p) => p.id)).not.toContain(inativo);
      const busca = contentOf(
        produtoApi.buscaListagem,
        await call(
          'GET',
          `/api/produto/buscaNomeListagem?pesquisaProduto=${encodeURIComponent('zirconia')}`,
          'anonimo',
        ),
      );
      expect(busca.map((p) => p.id)).toContain(id);
      const categorias = contentOf(produtoApi.categorias, await call('GET', '/api/produto/categoria', 'anonimo'));
      expect(categorias.flatMap((c) => c.listaProduto.map((p) => p.id))).toContain(id);
      expect(contentOf(produtoApi.detalhe, await call('GET', `/api/produto/${id}`, 'anonimo')).preco).toBe(1990);
      expect((await call('GET', `/api/produto/${inativo}`, 'anonimo')).statusCode).toBe(404);
      // The staff still reads the inactive one.
      expect((await buscar(inativo)).ativo).toBe(false);
    });

    it('GET /produto/admin/{id} desconhecido: 404', async () => {
      const res = await call('GET', '/api/produto/admin/2147483000');
      expect([res.statusCode, body(res).message]).toEqual([404, MSG.produtoNaoEncontrado]);
    });
  });

  describe('validação (docs/behaviour/forms-and-validation.md)', () => {
    it.each<[string, Partial<ProdutoAdminInput>, Record<string, string>]>([
      ['descrição acima de 255', { descricao: 'x'.repeat(256) }, { descricao: MSG_BO.descricaoMax255 }],
      ['nome curto', { nome: 'ab' }, { nome: MSG.min3 }],
      ['tempo com 24 horas', { tempoEstimado: '24:00:00' }, { tempoEstimado: MSG_BO.tempoEstimadoInvalido }],
      ['tempo com 60 minutos', { tempoEstimado: '10:60:00' }, { tempoEstimado: MSG_BO.tempoEstimadoInvalido }],
      [
        'exibido no site sem título e texto',
        { produtoExibidoSite: true },
        { tituloImagemHome: MSG.min3, textoHome: MSG.min3 },
      ],
      [
        'ficha técnica incompleta',
        { fichaTecnica: [{ descricao: 'Cor', valor: '' }] },
        { 'fichaTecnica.0.valor': MSG_BO.fichaTecnicaIncompleta },
      ],
      ['medida com 3 casas', { altura: 1.234 }, { altura: MSG_BO.medidaInvalida }],
      ['peso negativo', { peso: -1 }, { peso: MSG_BO.pesoInvalido }],
      ['preço com 3 casas', { preco: 10.999 }, { preco: 'O valor deve ter no máximo duas casas decimais.' }],
    ])('%s: 400 com a mensagem no campo', async (_nome, extra, esperado) => {
      const antes = await contar('SELECT count(*)::int AS n FROM produtos');
      const res = await call('POST', '/api/produto/create/', 'admin', fisico(extra));
      expect(res.statusCode).toBe(400);
      expect(erros(res)).toMatchObject(esperado);
      expect(await contar('SELECT count(*)::int AS n FROM produtos')).toBe(antes);
    });

    it('digital sem autor e tag vazia: 400', async () => {
      const res = await call('POST', '/api/produto/create/', 'admin', digital({ autores: [], tags: [{ nome: ' ' }] }));
      expect(res.statusCode).toBe(400);
      expect(erros(res)).toMatchObject({ autores: MSG_BO.selecioneAutor, 'tags.0.nome': MSG_BO.tagVazia });
    });

    it('exibido no site com título e texto é aceito (o banner aparece quando houver imagem do site)', async () => {
      const id = await criar(
        fisico({ produtoExibidoSite: true, tituloImagemHome: 'Promoção', textoHome: 'Só nesta semana' }),
      );
      const p = await buscar(id);
      expect([p.produtoExibidoSite, p.tituloImagemHome, p.textoHome, p.pathImagemHome]).toEqual([
        true,
        'Promoção',
        'Só nesta semana',
        null,
      ]);
      const banners = contentOf(produtoApi.banners, await call('GET', '/api/produto/site/', 'anonimo'));
      expect(banners.content.listImagemProdutoSite.map((b) => b.idProduto)).not.toContain(id);
    });

    it('categoria inexistente, de outra natureza e autor inexistente: 422, nada gravado', async () => {
      const antes = await contar('SELECT count(*)::int AS n FROM produtos');
      const semCategoria = await call(
        'POST',
        '/api/produto/create/',
        'admin',
        fisico({ categoria: { id: 2147483000 } }),
      );
      expect([semCategoria.statusCode, body(semCategoria).message]).toEqual([422, MSG_BO.categoriaProdutoInexistente]);
      const fisicoEmDigital = await call(
        'POST',
        '/api/produto/create/',
        'admin',
        fisico({ categoria: { id: categoriaDigital } }),
      );
      expect([fisicoEmDigital.statusCode, body(fisicoEmDigital).message]).toEqual([422, MSG_BO.categoriaDeveSerFisica]);
      const digitalEmFisica = await call(
        'POST',
        '/api/produto/create/',
        'admin',
        digital({ categoria: { id: categoriaFisica } }),
      );
      expect([digitalEmFisica.statusCode, body(digitalEmFisica).message]).toEqual([
        422,
        MSG_BO.categoriaDeveSerDigital,
      ]);
      const semAutor = await call(
        'POST',
        '/api/produto/create/',
        'admin',
        digital({ autores: [autores[0]!, 2147483000] }),
      );
      expect([semAutor.statusCode, body(semAutor).message]).toEqual([422, MSG_BO.autoresInexistentes]);
      expect(await contar('SELECT count(*)::int AS n FROM produtos')).toBe(antes);
    });
  });

  describe('edição', () => {
    it('substitui tudo: campos, ficha técnica; trocar para digital troca ficha e medidas por autores e tags', async () => {
      const id = await criar(fisico());
      const res = await editar(
        id,
        fisico({
          nome: 'Sugador editado',
          preco: 25,
          categoria: { id: outraCategoriaFisica },
          fichaTecnica: [{ descricao: 'Cor', valor: 'Azul' }],
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(body(res).message).toBe(MSG_BO.produtoAtualizado);
      const editado = contentOf(produtoAdminApi.editar, res);
      expect(editado).toMatchObject({ nome: 'Sugador editado', preco: 2500, categoria: { id: outraCategoriaFisica } });
      expect(editado.fichaTecnica.map((f) => [f.descricao, f.valor])).toEqual([['Cor', 'Azul']]);

      const virou = contentOf(produtoAdminApi.editar, await editar(id, digital({ nome: 'Agora é curso' })));
      expect(virou).toMatchObject({ digital: true, fichaTecnica: [], altura: null, autores: [autores[0]] });
      expect(virou.tags.map((tag) => tag.nome).sort()).toEqual(['Documentação', 'Fotografia']);
      const volta = contentOf(produtoAdminApi.editar, await editar(id, fisico({ nome: 'De volta a físico' })));
      expect([volta.autores, volta.tags, volta.fichaTecnica.length]).toEqual([[], [], 2]);
    });

    it('o preço novo e a desativação aparecem na loja na hora', async () => {
      const id = await criar(fisico({ nome: 'Fio dental de teste com preço' }));
      const antes = await call('GET', `/api/produto/${id}`, 'anonimo');
      expect(contentOf(produtoApi.detalhe, antes).preco).toBe(1990);
      // Browsers revalidate every catalogue read (no 60 s of an old price); an unchanged answer is a 304.
      for (const url of [`/api/produto/${id}`, '/api/produto/fisicodigital', '/api/produto/categoria']) {
        expect((await call('GET', url, 'anonimo')).headers['cache-control'], url).toBe('public, max-age=0');
      }
      const mesma = await t.app.inject({
        method: 'GET',
        url: `/api/produto/${id}`,
        headers: { 'if-none-match': String(antes.headers.etag) },
      });
      expect(mesma.statusCode).toBe(304);
      expect((await editar(id, fisico({ nome: 'Fio dental de teste com preço', preco: 12.5 }))).statusCode).toBe(200);
      const depois = await t.app.inject({
        method: 'GET',
        url: `/api/produto/${id}`,
        headers: { 'if-none-match': String(antes.headers.etag) },
      });
      expect(contentOf(produtoApi.detalhe, depois).preco).toBe(1250);

      expect((await editar(id, fisico({ nome: 'Fio dental de teste com preço', ativo: false }))).statusCode).toBe(200);
      expect((await call('GET', `/api/produto/${id}`, 'anonimo')).statusCode).toBe(404);
      const menus = contentOf(produtoApi.fisicoDigital, await call('GET', '/api/produto/fisicodigital', 'anonimo'));
      expect(menus.listProdutoFisico.map((p) => p.id)).not.toContain(id);
      const busca = contentOf(
        produtoApi.buscaListagem,
        await call(
          'GET',
          `/api/produto/buscaNomeListagem?pesquisaProduto=${encodeURIComponent('fio dental de teste')}`,
          'anonimo',
        ),
      );
      expect(busca.map((p) => p.id)).not.toContain(id);
      const categorias = contentOf(produtoApi.categorias, await call('GET', '/api/produto/categoria', 'anonimo'));
      expect(categorias.flatMap((c) => c.listaProduto.map((p) => p.id))).not.toContain(id);
    });

    it('produto desconhecido 404; id do corpo diferente do endereço 400', async () => {
      const desconhecido = await editar(2147483000, fisico());
      expect([desconhecido.statusCode, body(desconhecido).message]).toEqual([404, MSG.produtoNaoEncontrado]);
      const id = await criar(fisico());
      const outro = await editar(id, fisico({ id: id + 1 }));
      expect([outro.statusCode, body(outro).message]).toEqual([400, MSG_BO.idCorpoDivergente]);
    });

    it('um curso com conteúdos não vira físico (422)', async () => {
      const [curso] = await t.database.raw<{ produto_id: number }>('SELECT produto_id FROM conteudos_produto LIMIT 1');
      const res = await editar(Number(curso!.produto_id), fisico());
      expect([res.statusCode, body(res).message]).toEqual([422, MSG_BO.produtoComConteudosDigital]);
    });

    it('uma edição recusada não deixa nada pela metade (ficha e autores intactos)', async () => {
      const id = await criar(digital({ autores: [autores[0]!] }));
      const res = await editar(id, digital({ autores: [autores[1]!, 2147483000] }));
      expect(res.statusCode).toBe(422);
      expect((await buscar(id)).autores).toEqual([autores[0]]);
    });
  });

  describe('dados fiscais da NF-e (ADR 031)', () => {
    it('NCM com ou sem máscara e CFOP opcional são gravados, lidos e auditados; um curso não guarda os códigos', async () => {
      const id = await criar(fisico({ ncm: '9603.21.00', cfop: '' }));
      expect(await buscar(id)).toMatchObject({ ncm: '96032100', cfop: null });
      const desde = Number((await t.database.raw<{ id: number | null }>('SELECT max(id) AS id FROM auditoria'))[0]?.id);
      const res = await editar(id, fisico({ ncm: '90184999', cfop: '5405' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(contentOf(produtoAdminApi.editar, res)).toMatchObject({ ncm: '90184999', cfop: '5405' });
      const [audit] = await t.database.raw<{
        acao: string;
        antes: { ncm: string };
        depois: { ncm: string; cfop: string };
      }>("SELECT acao, antes, depois FROM auditoria WHERE id > $1 AND entidade = 'produto' ORDER BY id", [desde]);
      expect(audit).toMatchObject({
        acao: 'EDITAR',
        antes: { ncm: '96032100' },
        depois: { ncm: '90184999', cfop: '5405' },
      });
      // Without NCM the product is saved (its orders' invoices fail until it has one: the form warns).
      expect((await editar(id, fisico({ ncm: null, cfop: null }))).statusCode).toBe(200);
      expect(await buscar(id)).toMatchObject({ ncm: null, cfop: null });
      const curso = await criar(digital({ ncm: '49019900', cfop: '5102' }));
      expect(await buscar(curso)).toMatchObject({ ncm: null, cfop: null });
    });

    it.each([
      ['NCM com 7 dígitos', { ncm: '9603210' }, { ncm: MSG_NFE.ncmInvalido }],
      ['NCM com letras', { ncm: '9603.2A.00' }, { ncm: MSG_NFE.ncmInvalido }],
      ['CFOP com 3 dígitos', { cfop: '510' }, { cfop: MSG_NFE.cfopInvalido }],
      ['NCM que não é texto', { ncm: 96032100 as unknown as string }, { ncm: MSG_NFE.ncmInvalido }],
    ])('%s: 400 com a mensagem em português no campo, nada gravado', async (_nome, extra, esperado) => {
      const antes = await contar('SELECT count(*)::int AS n FROM produtos');
      const res = await call('POST', '/api/produto/create/', 'admin', fisico(extra));
      expect(res.statusCode).toBe(400);
      expect(erros(res)).toMatchObject(esperado);
      expect(await contar('SELECT count(*)::int AS n FROM produtos')).toBe(antes);
    });
  });

  describe('registro ANVISA e uso profissional (ADR 037)', () => {
    it('o número com ou sem máscara e o uso profissional são gravados, auditados e mostrados na loja; um curso não os guarda', async () => {
      const id = await criar(fisico({ anvisaRegistro: '8.9999.9900.01', usoProfissional: true }));
      expect(await buscar(id)).toMatchObject({ anvisaRegistro: '89999990001', usoProfissional: true });
      const loja = contentOf(produtoApi.detalhe, await call('GET', `/api/produto/${id}`));
      expect(loja).toMatchObject({ anvisaRegistro: '89999990001', usoProfissional: true });
      const estoque = await t.app.inject({ method: 'GET', url: `/api/produto/estoque?ids=${id}` });
      expect(contentOf(produtoApi.estoque, estoque)).toEqual([expect.objectContaining({ id, usoProfissional: true })]);

      const desde = Number((await t.database.raw<{ id: number | null }>('SELECT max(id) AS id FROM auditoria'))[0]?.id);
      const res = await editar(id, fisico({ anvisaRegistro: '1.0235.1107.010-1', usoProfissional: false }));
      expect(res.statusCode, res.body).toBe(200);
      expect(contentOf(produtoAdminApi.editar, res)).toMatchObject({
        anvisaRegistro: '1023511070101',
        usoProfissional: false,
      });
      const [audit] = await t.database.raw<{ antes: Record<string, unknown>; depois: Record<string, unknown> }>(
        "SELECT antes, depois FROM auditoria WHERE id > $1 AND entidade = 'produto' ORDER BY id",
        [desde],
      );
      expect(audit).toMatchObject({
        antes: { anvisaRegistro: '89999990001', usoProfissional: true },
        depois: { anvisaRegistro: '1023511070101', usoProfissional: false },
      });
      // Blank: a product exempt from registration.
      expect((await editar(id, fisico({ anvisaRegistro: '' }))).statusCode).toBe(200);
      expect(await buscar(id)).toMatchObject({ anvisaRegistro: null });

      const curso = await criar(digital({ anvisaRegistro: '89999990001', usoProfissional: true }));
      expect(await buscar(curso)).toMatchObject({ anvisaRegistro: null, usoProfissional: false });
    });

    it.each([
      ['10 dígitos', '8999999000'],
      ['12 dígitos', '899999900011'],
      ['14 dígitos', '89999990001123'],
      ['letras', '8999999000A'],
      ['número de processo', '25351.674980/2010-62'],
    ])('número com %s: 400 com a mensagem no campo, nada gravado', async (_nome, anvisaRegistro) => {
      const antes = await contar('SELECT count(*)::int AS n FROM produtos');
      const res = await call('POST', '/api/produto/create/', 'admin', fisico({ anvisaRegistro }));
      expect(res.statusCode).toBe(400);
      expect(erros(res)).toMatchObject({ anvisaRegistro: MSG_ANVISA.anvisaInvalido });
      expect(await contar('SELECT count(*)::int AS n FROM produtos')).toBe(antes);
    });

    it('um cliente não edita o número nem o uso profissional (403)', async () => {
      const id = await criar(fisico());
      expect((await editar(id, fisico({ usoProfissional: true }), 'cliente')).statusCode).toBe(403);
      expect(await buscar(id)).toMatchObject({ usoProfissional: false });
    });
  });

  describe('marca e código (SKU) (ADR 044)', () => {
    it('gravados (o código em maiúsculas), mostrados na página do produto; um curso não os guarda; em branco é nulo', async () => {
      const id = await criar(fisico({ marca: '  Maquira ', sku: 'maq-sug-9001' }));
      expect(await buscar(id)).toMatchObject({ marca: 'Maquira', sku: 'MAQ-SUG-9001' });
      const loja = contentOf(produtoApi.detalhe, await call('GET', `/api/produto/${id}`, 'anonimo'));
      expect(loja).toMatchObject({ marca: 'Maquira', sku: 'MAQ-SUG-9001' });
      expect((await editar(id, fisico({ marca: '', sku: '' }))).statusCode).toBe(200);
      expect(await buscar(id)).toMatchObject({ marca: null, sku: null });
      const curso = await criar(digital({ marca: 'FGM', sku: 'CUR-1' }));
      expect(await buscar(curso)).toMatchObject({ marca: null, sku: null });
    });

    it('código repetido: 409 com a mensagem, nada gravado; dois produtos sem código convivem', async () => {
      await criar(fisico({ sku: 'UNICO-44' }));
      const antes = await contar('SELECT count(*)::int AS n FROM produtos');
      const res = await call('POST', '/api/produto/create/', 'admin', fisico({ sku: 'unico-44' }));
      expect([res.statusCode, body(res).message]).toEqual([409, MSG_BO.skuEmUso]);
      expect(await contar('SELECT count(*)::int AS n FROM produtos')).toBe(antes);
      await criar(fisico({ sku: null }));
      await criar(fisico({ sku: '' }));
    });

    it.each([
      ['espaço no meio', { sku: 'ABC 123' }, { sku: MSG_BO.skuInvalido }],
      ['começando por hífen', { sku: '-ABC' }, { sku: MSG_BO.skuInvalido }],
      ['41 caracteres', { sku: 'A'.repeat(41) }, { sku: MSG_BO.skuInvalido }],
      ['marca com 61 caracteres', { marca: 'M'.repeat(61) }, { marca: MSG_BO.marcaLonga }],
    ])('%s: 400 com a mensagem no campo', async (_nome, extra, esperado) => {
      const res = await call('POST', '/api/produto/create/', 'admin', fisico(extra));
      expect(res.statusCode).toBe(400);
      expect(erros(res)).toMatchObject(esperado);
    });
  });

  describe('um só brinde ativo', () => {
    const brindeAtivo = () => contar('SELECT count(*)::int AS n FROM produtos WHERE brinde AND ativo');

    it('um segundo brinde ativo: 409 com a mensagem, nada gravado; brinde inativo é aceito', async () => {
      expect(await brindeAtivo()).toBe(1);
      const antes = await contar('SELECT count(*)::int AS n FROM produtos');
      const res = await call('POST', '/api/produto/create/', 'admin', fisico({ brinde: true, preco: 0 }));
      expect([res.statusCode, body(res).message]).toEqual([409, MSG_BO.brindeAtivoDuplicado]);
      expect(await contar('SELECT count(*)::int AS n FROM produtos')).toBe(antes);
      const inativo = await criar(fisico({ brinde: true, ativo: false, preco: 0 }));
      // Activating it while the other is active is refused too, and leaves it as it was.
      const ativar = await editar(inativo, fisico({ brinde: true, ativo: true, preco: 0, nome: 'Outro nome' }));
      expect([ativar.statusCode, body(ativar).message]).toEqual([409, MSG_BO.brindeAtivoDuplicado]);
      expect(await buscar(inativo)).toMatchObject({ ativo: false, brinde: true });
      expect((await buscar(inativo)).nome).not.toBe('Outro nome');
    });

    it('duas gravações simultâneas de brinde ativo: uma passa, a outra 409 (índice do banco)', async () => {
      const [atual] = await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE brinde AND ativo');
      const atualId = Number(atual!.id);
      const desativado = await editar(
        atualId,
        fisico({ nome: DEMO_BRINDE.nome, brinde: true, ativo: false, preco: 0 }),
      );
      expect(desativado.statusCode).toBe(200);
      expect(await brindeAtivo()).toBe(0);

      // Two creations at once.
      const criacoes = await Promise.all([
        call('POST', '/api/produto/create/', 'admin', fisico({ brinde: true, preco: 0 })),
        call('POST', '/api/produto/create/', 'usuario', fisico({ brinde: true, preco: 0 })),
      ]);
      expect(criacoes.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(body(criacoes.find((r) => r.statusCode === 409)!).message).toBe(MSG_BO.brindeAtivoDuplicado);
      expect(await brindeAtivo()).toBe(1);

      // Two edits at once, each turning a product into the active gift (the new one deactivated first).
      const novo = contentOf(
        produtoAdminApi.criar,
        criacoes.find((r) => r.statusCode === 201)!,
      ).id;
      expect((await editar(novo, fisico({ brinde: true, ativo: false, preco: 0 }))).statusCode).toBe(200);
      const [a, b] = [await criar(fisico()), await criar(fisico())];
      const edicoes = await Promise.all([
        editar(a, fisico({ brinde: true, preco: 0 })),
        editar(b, fisico({ brinde: true, preco: 0 })),
      ]);
      expect(edicoes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await brindeAtivo()).toBe(1);

      // The store's gift is the one that won.
      const ganhador = edicoes[0]!.statusCode === 200 ? a : b;
      expect(contentOf(produtoApi.brinde, await call('GET', '/api/produto/produtobrinde', 'anonimo')).id).toBe(
        ganhador,
      );
    });
  });

  describe('GET /produto/listagem', () => {
    const listar = async (query: string, papel: Papel = 'usuario') =>
      contentOf(produtoAdminApi.listagem, await call('GET', `/api/produto/listagem${query}`, papel));

    it('páginas a partir de 0: totais coerentes com o tamanho, as páginas juntas dão todos, uma vez cada', async () => {
      const total = await contar('SELECT count(*)::int AS n FROM produtos');
      const primeira = await listar('?size=10');
      expect(primeira).toMatchObject({ totalRegistros: total, totalPaginas: Math.ceil(total / 10), page: 0 });
      expect(primeira.listaProduto).toHaveLength(10);
      const ids: number[] = [];
      const paginas = Math.ceil(total / 7);
      for (let page = 0; page < paginas; page++) {
        const r = await listar(`?size=7&page=${page}`);
        expect(r.totalPaginas).toBe(paginas);
        expect(r.listaProduto.length).toBe(page < paginas - 1 ? 7 : total - 7 * (paginas - 1));
        ids.push(...r.listaProduto.map((p) => p.id));
      }
      expect(new Set(ids).size).toBe(total);
      const alem = await listar(`?size=7&page=${paginas}`);
      expect([alem.listaProduto, alem.totalRegistros]).toEqual([[], total]);
    });

    it('ordena pelo nome sem acento (asc padrão, desc invertido) e inclui inativos e o brinde', async () => {
      const asc = (await listar('?size=100')).listaProduto;
      const desc = (await listar('?size=100&sort=desc')).listaProduto;
      expect(desc.map((p) => p.id)).toEqual(asc.map((p) => p.id).reverse());
      // Accents and case do not push a name to the end.
      for (const nome of ['Azul teste de ordem', 'Ábaco teste de ordem', 'abacate teste de ordem'])
        await criar(fisico({ nome }));
      const ordem = await listar('?nome=teste%20de%20ordem');
      expect(ordem.listaProduto.map((p) => p.nome)).toEqual([
        'abacate teste de ordem',
        'Ábaco teste de ordem',
        'Azul teste de ordem',
      ]);
      expect(asc.some((p) => !p.ativo)).toBe(true);
      expect(asc.some((p) => p.brinde)).toBe(true);
    });

    it('filtros: nome e descrição (sem acento, contém), id, categoria e os quatro booleanos', async () => {
      const id = await criar(
        fisico({
          nome: 'Pinça Clínica Ímpar de teste',
          descricao: 'Aço inoxidável cirúrgico',
          categoria: { id: outraCategoriaFisica },
          disponivel: false,
          produtoExibidoSite: true,
          tituloImagemHome: 'Pinça',
          textoHome: 'A pinça nova',
        }),
      );
      expect((await listar('?nome=PINCA%20CLINICA%20IMPAR')).listaProduto.map((p) => p.id)).toEqual([id]);
      expect((await listar('?descricao=aco%20inoxidavel%20cirurgico')).listaProduto.map((p) => p.id)).toEqual([id]);
      expect((await listar(`?id=${id}`)).listaProduto.map((p) => p.id)).toEqual([id]);
      // LIKE wildcards in the text are plain characters.
      expect((await listar('?nome=%25&size=100')).totalRegistros).toBe(
        await contar(`SELECT count(*)::int AS n FROM produtos WHERE position('%' in nome) > 0`),
      );
      expect((await listar('?nome=Pin_a%20Cl')).totalRegistros).toBe(0);

      const porCategoria = await listar(`?idCategoria=${outraCategoriaFisica}&size=100`);
      expect(porCategoria.listaProduto.every((p) => p.categoria.id === outraCategoriaFisica)).toBe(true);
      expect(porCategoria.totalRegistros).toBe(
        await contar('SELECT count(*)::int AS n FROM produtos WHERE categoria_id = $1', [outraCategoriaFisica]),
      );
      for (const [filtro, coluna] of [
        ['ativo', 'ativo'],
        ['produtoExibidoSite', 'produto_exibido_site'],
        ['disponivel', 'disponivel'],
        ['brinde', 'brinde'],
      ] as const) {
        for (const valor of [true, false]) {
          const r = await listar(`?${filtro}=${valor}&size=100`);
          expect(r.totalRegistros, `${filtro}=${valor}`).toBe(
            await contar(`SELECT count(*)::int AS n FROM produtos WHERE ${coluna} = $1`, [valor]),
          );
          expect(r.listaProduto.every((p) => p[filtro] === valor)).toBe(true);
        }
      }
      const juntos = await listar(
        `?disponivel=false&produtoExibidoSite=true&idCategoria=${outraCategoriaFisica}&nome=impar`,
      );
      expect(juntos.listaProduto.map((p) => p.id)).toEqual([id]);
    });

    it('parâmetros inválidos: 400 com a mensagem', async () => {
      for (const [query, mensagem] of [
        ['?size=0', MSG.tamanhoPaginaInvalido],
        ['?size=101', MSG.tamanhoPaginaInvalido],
        ['?page=-1', MSG.paginaInvalida],
        ['?ativo=sim', MSG_BO.filtroBooleanoInvalido],
        ['?sort=nome', MSG.ordenacaoInvalida],
        ['?id=abc', MSG.identificadorInvalido],
      ] as const) {
        const res = await call('GET', `/api/produto/listagem${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.values(erros(res)), query).toContain(mensagem);
      }
    });
  });
});
