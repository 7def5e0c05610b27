/**
 * The staff's client list (docs/behaviour/back-office.md#clients): GET /cliente/buscar,
 * GET /cliente/buscar/{id} and GET /cliente/buscaNome/{text}, staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { clienteAdminApi, type ClienteListagemItem } from '@clinica/shared/schemas/cliente-admin';
import type { Db } from '../../db/client.js';
import { DEMO_ACCOUNTS, DEMO_CLIENTES } from '../../db/seed/demo-data.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';

type FieldErrors = { errors: Array<{ campo: string; mensagem: string }> };

const SP = { municipioId: 3550308, ufId: 35 };
const CAMPINAS = { municipioId: 3509502, ufId: 35 };
const RIO = { municipioId: 3304557, ufId: 33 };
const BH = { municipioId: 3106200, ufId: 31 };

interface NovoCliente {
  chave: string;
  nome?: string;
  razaoSocial?: string;
  cpf?: string;
  cnpj?: string;
  cidade?: { municipioId: number; ufId: number };
}

/** Clients written by the test (the seed has Maria Cliente Silva and Consultório Odontológico Boa Vista Ltda.). */
const EXTRAS: NovoCliente[] = [
  { chave: 'jose', nome: 'José Antônio Pereira', cpf: '00011144401', cidade: RIO },
  { chave: 'angela', nome: 'Ângela Müller Souza', cpf: '00011144402', cidade: CAMPINAS },
  { chave: 'silva', nome: 'Silva Rodrigues Neto', cpf: '00011144403', cidade: BH },
  { chave: 'alfa', razaoSocial: 'Clínica Alfanumérica S.A.', cnpj: 'QX7ABC45000199', cidade: SP },
  { chave: 'porcento', razaoSocial: 'Loja 100% Dental Ltda', cnpj: '00011144400199', cidade: RIO },
  { chave: 'sublinhado', nome: 'Paula_Sublinhado Teste', cpf: '00011144404' },
  { chave: 'barra', nome: 'Rita Barra\\Invertida', cpf: '00011144405', cidade: BH },
];

/** Comparison key of the API's order by name: without accents, lower-case, byte order. */
const chaveNome = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The number of statements `fn` sends to the database (docs/quality.md#p3-no-n1-queries). */
const queriesOf = async (db: Db, fn: () => Promise<unknown>): Promise<number> => (await countQueries(db, fn)).queries;

describe.each(testDatabaseTargets())('lista de clientes da equipe: /api/cliente/buscar* (%s)', (kind) => {
  let t: TestApp;
  const tk = {} as Record<'admin' | 'equipe' | 'cliente', string>;
  const ids: Record<string, number> = {};

  const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => t.database.raw<T>(text, params);

  async function inserir(c: NovoCliente, n: number): Promise<number> {
    const [u] = await sql<{ id: number }>(
      `INSERT INTO usuarios (nome, email, senha_hash, permissao_id, ativo, confirmado)
       VALUES ($1, $2, 'sem-login', 2, true, true) RETURNING id`,
      [c.nome ?? c.razaoSocial, `${c.chave}@teste.com.br`],
    );
    const [cli] = await sql<{ id: number }>(
      `INSERT INTO clientes (usuario_id, juridica, nome, cpf, razao_social, cnpj, inscricao_estadual, telefone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        Number(u!.id),
        Boolean(c.cnpj),
        c.nome ?? null,
        c.cpf ?? null,
        c.razaoSocial ?? null,
        c.cnpj ?? null,
        c.cnpj ? 'ISENTO' : null,
        `2198765${String(4000 + n)}`,
      ],
    );
    const id = Number(cli!.id);
    if (c.cidade) {
      await sql(
        `INSERT INTO enderecos (cep, logradouro, numero, bairro, municipio_id, uf_id, cliente_id)
         VALUES ('20040002', 'Rua do Teste', '10', 'Centro', $1, $2, $3)`,
        [c.cidade.municipioId, c.cidade.ufId, id],
      );
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    tk.admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    tk.equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    tk.cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    for (const [i, c] of EXTRAS.entries()) ids[c.chave] = await inserir(c, i);
    const [maria] = await sql<{ id: number }>('SELECT id FROM clientes WHERE cpf = $1', [DEMO_ACCOUNTS.cliente.cpf]);
    ids.maria = Number(maria!.id);
    const [empresa] = await sql<{ id: number }>('SELECT id FROM clientes WHERE cnpj = $1', [
      DEMO_ACCOUNTS.empresa.cnpj,
    ]);
    ids.empresa = Number(empresa!.id);
  });
  afterAll(() => t?.dispose());

  const get = (url: string, token: string | null = tk.equipe) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const buscar = async (query = '', token = tk.equipe) =>
    contentOf(clienteAdminApi.buscar, await get(`/api/cliente/buscar${query ? `?${query}` : ''}`, token));
  const idsDe = (rows: ReadonlyArray<{ id: number }>) => rows.map((r) => r.id);
  /**
   * The rows the test knows (its own clients and the demo accounts' two), in
   * the order answered: other demo data in the seed may come and go.
   */
  const conhecidos = (rows: ReadonlyArray<{ id: number }>) => {
    const meus = new Set(Object.values(ids));
    return idsDe(rows).filter((id) => meus.has(id));
  };
  /** Every client matching `query`, page after page of 100. */
  async function todos(query = ''): Promise<ClienteListagemItem[]> {
    const rows: ClienteListagemItem[] = [];
    for (let page = 0; ; page++) {
      const p = await buscar(`size=100&page=${page}${query ? `&${query}` : ''}`);
      rows.push(...p.clientes);
      if (page + 1 >= p.totalPaginas) return rows;
    }
  }
  const totalClientes = async () => Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM clientes'))[0]!.n);

  it('só a equipe: anônimo 401, CLIENTE 403, USUARIO e ADMIN 200 nas três rotas', async () => {
    const urls = ['/api/cliente/buscar', `/api/cliente/buscar/${ids.maria}`, '/api/cliente/buscaNome/maria'];
    for (const url of urls) {
      const anonimo = await get(url, null);
      expect(anonimo.statusCode, url).toBe(401);
      expect(body(anonimo).message).toBe(MSG.naoAutenticado);
      const cliente = await get(url, tk.cliente);
      expect(cliente.statusCode, url).toBe(403);
      expect(body(cliente).message).toBe(MSG.semPermissao);
      expect((await get(url, tk.equipe)).statusCode, url).toBe(200);
      expect((await get(url, tk.admin)).statusCode, url).toBe(200);
    }
  });

  it('cada linha traz id, tipo, nome ou razão social, documento, telefone, cidade, estado e e-mail', async () => {
    const rows = await todos();
    expect(rows.find((r) => r.id === ids.maria)).toEqual({
      id: ids.maria,
      juridica: false,
      nome: DEMO_CLIENTES.cliente.nome,
      razaoSocial: null,
      nomeExibicao: DEMO_CLIENTES.cliente.nome,
      cpfCnpj: DEMO_ACCOUNTS.cliente.cpf,
      telefone: DEMO_ACCOUNTS.cliente.telefone,
      cidade: 'São Paulo',
      estado: 'SP',
      email: DEMO_ACCOUNTS.cliente.email,
    });
    expect(rows.find((r) => r.id === ids.empresa)).toEqual({
      id: ids.empresa,
      juridica: true,
      nome: null,
      razaoSocial: DEMO_CLIENTES.empresa.razaoSocial,
      nomeExibicao: DEMO_CLIENTES.empresa.razaoSocial,
      cpfCnpj: DEMO_ACCOUNTS.empresa.cnpj,
      telefone: DEMO_ACCOUNTS.empresa.telefone,
      cidade: 'São Paulo',
      estado: 'SP',
      email: DEMO_ACCOUNTS.empresa.email,
    });
    expect(rows.find((r) => r.id === ids.jose)).toMatchObject({ cidade: 'Rio de Janeiro', estado: 'RJ' });
    // Without an address: empty city and state, still listed.
    expect(rows.find((r) => r.id === ids.sublinhado)).toMatchObject({ cidade: '', estado: '' });
  });

  it('ordena por nome ou razão social sem acento (asc por padrão, desc invertido)', async () => {
    const asc = await todos();
    expect(asc).toHaveLength(await totalClientes());
    const chaves = asc.map((r) => chaveNome(r.nomeExibicao));
    expect(chaves).toEqual([...chaves].sort());
    // "Ângela" sorts with the a's, before "Clínica"; "José" after "Consultório".
    expect(conhecidos(asc).indexOf(ids.angela!)).toBeLessThan(conhecidos(asc).indexOf(ids.alfa!));
    expect(conhecidos(asc).indexOf(ids.empresa!)).toBeLessThan(conhecidos(asc).indexOf(ids.jose!));
    expect(idsDe(await todos('sort=desc'))).toEqual(idsDe(asc).reverse());
    expect(idsDe(await todos('sort=asc'))).toEqual(idsDe(asc));
  });

  it('paginação a partir de 0: totais coerentes com o tamanho, páginas sem repetição, além do fim vazia', async () => {
    const tudo = await todos();
    const total = tudo.length;
    expect(await buscar('')).toMatchObject({
      page: 0,
      totalRegistros: total,
      totalPaginas: Math.ceil(total / 10),
      totalRegistroPagina: Math.min(10, total),
    });
    const visto: number[] = [];
    const size = 3;
    const paginas = Math.ceil(total / size);
    for (let page = 0; page < paginas; page++) {
      const p = await buscar(`page=${page}&size=${size}`);
      expect(p).toMatchObject({ page, totalRegistros: total, totalPaginas: paginas });
      expect(p.totalRegistroPagina).toBe(p.clientes.length);
      expect(p.clientes.length).toBe(page < paginas - 1 ? size : total - size * (paginas - 1));
      visto.push(...idsDe(p.clientes));
    }
    expect(visto).toEqual(idsDe(tudo));
    expect(await buscar(`page=${paginas}&size=${size}`)).toEqual({
      clientes: [],
      page: paginas,
      totalRegistros: total,
      totalPaginas: paginas,
      totalRegistroPagina: 0,
    });
    const segundo = await buscar('size=1&page=1');
    expect(segundo).toMatchObject({ totalPaginas: total, totalRegistroPagina: 1 });
    expect(segundo.clientes[0]!.id).toBe(tudo[1]!.id);
    // Filtered totals follow the filter.
    const lojas = await todos('nome=loja%20100');
    expect(await buscar('nome=loja%20100&size=1')).toMatchObject({
      totalRegistros: lojas.length,
      totalPaginas: lojas.length,
    });
  });

  it('nome: contém, sem diferenciar acentos nem maiúsculas, no nome e na razão social', async () => {
    const nomes = async (q: string) => {
      const rows = await todos(`nome=${encodeURIComponent(q)}`);
      for (const r of rows) expect(chaveNome(r.nomeExibicao)).toContain(chaveNome(q.trim()));
      return conhecidos(rows);
    };
    expect(await nomes('jose')).toEqual([ids.jose]);
    expect(await nomes('ANTONIO PER')).toEqual([ids.jose]);
    expect(await nomes('angela muller')).toEqual([ids.angela]);
    expect(await nomes('clinica alfa')).toEqual([ids.alfa]);
    expect(await nomes('odontológico boa')).toEqual([ids.empresa]);
    expect(await nomes('silva')).toEqual([ids.maria, ids.silva]);
    expect(await nomes('  silva  ')).toEqual([ids.maria, ids.silva]);
    expect(await nomes('ninguém com este nome')).toEqual([]);
    // Blank is no filter.
    expect((await buscar('nome=%20%20')).totalRegistros).toBe(await totalClientes());
  });

  it('nome: %, _ e \\ são procurados literalmente; aspas e SQL não quebram nada', async () => {
    const nomes = async (q: string) => idsDe(await todos(`nome=${encodeURIComponent(q)}`));
    expect(await nomes('%')).toEqual([ids.porcento]);
    expect(await nomes('100%')).toEqual([ids.porcento]);
    expect(await nomes('_')).toEqual([ids.sublinhado]);
    expect(await nomes('a_s')).toEqual([ids.sublinhado]);
    expect(await nomes('\\')).toEqual([ids.barra]);
    expect(await nomes("'; DROP TABLE clientes; --")).toEqual([]);
    expect(await nomes("d'or")).toEqual([]);
    expect(await totalClientes()).toBeGreaterThan(0);
  });

  it('cpfCnpj: com ou sem máscara, parte do documento; CNPJ alfanumérico sem diferenciar maiúsculas', async () => {
    const docs = async (q: string) => {
      const rows = await todos(`cpfCnpj=${encodeURIComponent(q)}`);
      const limpo = q.replace(/[^0-9a-z]/gi, '').toUpperCase();
      for (const r of rows) expect(r.cpfCnpj).toContain(limpo);
      return idsDe(rows);
    };
    expect(await docs('529.982.247-25')).toEqual([ids.maria]);
    expect(await docs('52998224725')).toEqual([ids.maria]);
    expect(await docs('11.222.333/0001-81')).toEqual([ids.empresa]);
    expect(await docs('qx.7ab.c45/0001-99')).toEqual([ids.alfa]);
    expect(await docs('qx7')).toEqual([ids.alfa]);
    // A CPF prefix also finds the CNPJ that holds those digits.
    expect(new Set(await docs('000.111.444-0'))).toEqual(
      new Set([ids.jose, ids.angela, ids.silva, ids.sublinhado, ids.barra, ids.porcento]),
    );
    expect(await docs('247-25')).toContain(ids.maria);
    expect(await docs('999.999.999-99')).toEqual([]);
    // Punctuation alone is no filter.
    expect((await buscar('cpfCnpj=.-/')).totalRegistros).toBe(await totalClientes());
  });

  it('id, estado e cidade; filtros combinados', async () => {
    const com = async (query: string, sigla?: string) => {
      const rows = await todos(query);
      if (sigla) for (const r of rows) expect(r.estado).toBe(sigla);
      return conhecidos(rows);
    };
    expect(idsDe((await buscar(`id=${ids.jose}`)).clientes)).toEqual([ids.jose]);
    expect((await buscar('id=2147483000')).clientes).toEqual([]);
    expect(await com('ufId=33', 'RJ')).toEqual([ids.jose, ids.porcento]);
    expect(await com('ufId=31', 'MG')).toEqual([ids.barra, ids.silva]);
    expect(new Set(await com('ufId=35', 'SP'))).toEqual(new Set([ids.maria, ids.empresa, ids.alfa, ids.angela]));
    const campinas = await todos(`ufId=35&municipioId=${CAMPINAS.municipioId}`);
    for (const r of campinas) expect(r.cidade).toBe('Campinas');
    expect(conhecidos(campinas)).toEqual([ids.angela]);
    const capital = await todos(`municipioId=${SP.municipioId}`);
    for (const r of capital) expect(r).toMatchObject({ cidade: 'São Paulo', estado: 'SP' });
    expect(new Set(conhecidos(capital))).toEqual(new Set([ids.maria, ids.empresa, ids.alfa]));
    expect(idsDe(await todos('ufId=35&nome=clinica%20alfa&cpfCnpj=QX7'))).toEqual([ids.alfa]);
    expect((await buscar(`ufId=35&id=${ids.jose}`)).clientes).toEqual([]);
    // A city with no client: empty, not an error.
    expect((await buscar('ufId=35&municipioId=3500105')).totalRegistros).toBe(0);
  });

  it('cidade de outro estado: 400 com a mensagem no campo municipioId', async () => {
    const res = await get(`/api/cliente/buscar?ufId=33&municipioId=${SP.municipioId}`);
    expect(res.statusCode).toBe(400);
    expect(body<FieldErrors>(res)).toMatchObject({
      statusCode: 400,
      message: MSG_API.municipioForaDaUf,
      content: { errors: [{ campo: 'municipioId', mensagem: MSG_API.municipioForaDaUf }] },
    });
  });

  it('validação: 400 com mensagens em português por campo, nunca 500', async () => {
    const casos: Array<[string, string, string]> = [
      ['page=-1', 'page', MSG.paginaInvalida],
      ['page=abc', 'page', MSG.paginaInvalida],
      ['size=0', 'size', MSG.tamanhoPaginaInvalido],
      ['size=101', 'size', MSG.tamanhoPaginaInvalido],
      ['sort=up', 'sort', MSG.ordenacaoInvalida],
      ['id=abc', 'id', MSG.identificadorInvalido],
      ['id=0', 'id', MSG.identificadorInvalido],
      ['ufId=1.5', 'ufId', MSG.identificadorInvalido],
      ['municipioId=99999999999', 'municipioId', MSG.identificadorInvalido],
      [`nome=${'a'.repeat(101)}`, 'nome', MSG.pesquisaLonga],
      ['nome=%00', 'nome', MSG.caracteresInvalidos],
      ['cpfCnpj=529%23982', 'cpfCnpj', MSG_BO.clienteCpfCnpjFiltroInvalido],
      ['cpfCnpj=123456789012345', 'cpfCnpj', MSG_BO.clienteCpfCnpjFiltroInvalido],
    ];
    for (const [query, campo, mensagem] of casos) {
      const res = await get(`/api/cliente/buscar?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body<FieldErrors>(res).content.errors, query).toContainEqual({ campo, mensagem });
    }
  });

  it('GET /cliente/buscar/{id}: o cliente com endereço, e-mail e o resumo dos pedidos', async () => {
    const maria = contentOf(clienteAdminApi.detalhe, await get(`/api/cliente/buscar/${ids.maria}`));
    expect(maria).toMatchObject({
      id: ids.maria,
      juridica: false,
      nome: DEMO_CLIENTES.cliente.nome,
      cpf: DEMO_ACCOUNTS.cliente.cpf,
      cpfCnpj: DEMO_ACCOUNTS.cliente.cpf,
      telefone: DEMO_ACCOUNTS.cliente.telefone,
      cidade: 'São Paulo',
      estado: 'SP',
      endereco: {
        cep: DEMO_CLIENTES.cliente.endereco.cep,
        logradouro: DEMO_CLIENTES.cliente.endereco.logradouro,
        numero: DEMO_CLIENTES.cliente.endereco.numero,
        complemento: DEMO_CLIENTES.cliente.endereco.complemento,
        bairro: DEMO_CLIENTES.cliente.endereco.bairro,
        municipio: { id: SP.municipioId, nome: 'São Paulo' },
        uf: { id: SP.ufId, sigla: 'SP' },
      },
      usuario: { email: DEMO_ACCOUNTS.cliente.email, confirmado: true },
    });
    expect(Date.parse(maria.cadastradoEm)).not.toBeNaN();
    expect(maria).not.toHaveProperty('usuario.senhaHash');

    const empresa = contentOf(clienteAdminApi.detalhe, await get(`/api/cliente/buscar/${ids.empresa}`, tk.admin));
    expect(empresa).toMatchObject({
      juridica: true,
      nome: null,
      razaoSocial: DEMO_CLIENTES.empresa.razaoSocial,
      cnpj: DEMO_ACCOUNTS.empresa.cnpj,
      inscricaoEstadual: DEMO_CLIENTES.empresa.inscricaoEstadual,
      usuario: { confirmado: false },
    });

    const semEndereco = contentOf(clienteAdminApi.detalhe, await get(`/api/cliente/buscar/${ids.sublinhado}`));
    expect(semEndereco).toMatchObject({ endereco: null, cidade: '', estado: '' });
    expect(semEndereco.pedidos).toEqual({ quantidade: 0, quantidadePagos: 0, valorPago: 0, ultimoPedidoEm: null });
  });

  it('resumo dos pedidos: todos contados, só PAGO/ENVIADO/ENTREGUE somados, o mais recente', async () => {
    const pedidos: Array<[string, string, string]> = [
      ['PAGO', '100.50', '2025-03-01T12:00:00Z'],
      ['ENTREGUE', '20.25', '2025-03-05T12:00:00Z'],
      ['ENVIADO', '9.25', '2025-02-01T12:00:00Z'],
      ['CANCELADO', '500.00', '2025-04-10T15:30:00Z'],
      ['PENDENTE', '70.00', '2025-01-01T12:00:00Z'],
    ];
    for (const [situacao, valor, quando] of pedidos) {
      await sql(
        `INSERT INTO pedidos (cliente_id, situacao, valor_produtos, valor_total, created_at)
         VALUES ($1, $2, $3::numeric, $3::numeric, $4::timestamptz)`,
        [ids.angela, situacao, valor, quando],
      );
    }
    const angela = contentOf(clienteAdminApi.detalhe, await get(`/api/cliente/buscar/${ids.angela}`));
    expect(angela.pedidos).toEqual({
      quantidade: 5,
      quantidadePagos: 3,
      valorPago: 13000,
      ultimoPedidoEm: '2025-04-10T15:30:00.000Z',
    });
  });

  it('GET /cliente/buscar/{id}: 404 em português para quem não existe; 400 para id inválido', async () => {
    const nada = await get('/api/cliente/buscar/2147483000');
    expect(nada.statusCode).toBe(404);
    expect(body(nada)).toEqual({ statusCode: 404, message: MSG_API.clienteNaoEncontrado, content: null });
    for (const id of ['abc', '0', '01', '2147483648']) {
      const res = await get(`/api/cliente/buscar/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(body<FieldErrors>(res).content.errors).toContainEqual({
        campo: 'id',
        mensagem: MSG.identificadorInvalido,
      });
    }
  });

  it('GET /cliente/buscaNome/{text}: contém sem acento, quem começa pelo texto primeiro, { id, nome, cpfCnpj }', async () => {
    const sugestoes = async (text: string) =>
      contentOf(clienteAdminApi.buscaNome, await get(`/api/cliente/buscaNome/${encodeURIComponent(text)}`));
    const silva = await sugestoes('silva');
    // Those starting with the text first, then by name.
    const comecam = silva.filter((x) => chaveNome(x.nome).startsWith('silva'));
    expect(silva.slice(0, comecam.length)).toEqual(comecam);
    expect(conhecidos(silva)).toEqual([ids.silva, ids.maria]);
    expect(silva.find((x) => x.id === ids.maria)).toEqual({
      id: ids.maria,
      nome: DEMO_CLIENTES.cliente.nome,
      cpfCnpj: DEMO_ACCOUNTS.cliente.cpf,
    });
    expect(await sugestoes('ANGELA MULLER')).toEqual([
      { id: ids.angela, nome: 'Ângela Müller Souza', cpfCnpj: '00011144402' },
    ]);
    expect(await sugestoes('alfanumerica')).toEqual([
      { id: ids.alfa, nome: 'Clínica Alfanumérica S.A.', cpfCnpj: 'QX7ABC45000199' },
    ]);
    expect((await sugestoes('boa vista')).map((s) => s.id)).toEqual([ids.empresa]);
    expect((await sugestoes('%')).map((s) => s.id)).toEqual([ids.porcento]);
    expect((await sugestoes('_')).map((s) => s.id)).toEqual([ids.sublinhado]);
    expect(await sugestoes('ninguém')).toEqual([]);
  });

  it('GET /cliente/buscaNome/{text}: no máximo 20; texto vazio ou longo demais 400', async () => {
    const antes = await totalClientes();
    for (let i = 0; i < 22; i++)
      await inserir(
        {
          chave: `lote${i}`,
          nome: `Paciente Lote ${String(i).padStart(2, '0')}`,
          cpf: `000222333${String(i).padStart(2, '0')}`,
        },
        100 + i,
      );
    const lote = contentOf(clienteAdminApi.buscaNome, await get('/api/cliente/buscaNome/lote'));
    expect(lote).toHaveLength(20);
    expect(lote.map((s) => s.nome)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Paciente Lote ${String(i).padStart(2, '0')}`),
    );
    expect((await buscar('nome=lote')).totalRegistros).toBe(22);
    expect((await buscar('')).totalRegistros).toBe(antes + 22);

    const vazio = await get('/api/cliente/buscaNome/%20%20');
    expect(vazio.statusCode).toBe(400);
    expect(body<FieldErrors>(vazio).content.errors).toContainEqual({
      campo: 'text',
      mensagem: MSG_BO.clienteBuscaNomeVazia,
    });
    const longo = await get(`/api/cliente/buscaNome/${'a'.repeat(101)}`);
    expect(longo.statusCode).toBe(400);
    expect(body<FieldErrors>(longo).content.errors).toContainEqual({ campo: 'text', mensagem: MSG.pesquisaLonga });
    expect((await get(`/api/cliente/buscaNome/${'a'.repeat(100)}`)).statusCode).toBe(200);
  });

  it('o número de consultas não cresce com o tamanho da página (sem N+1)', async () => {
    const uma = await queriesOf(t.database.db, () => buscar('size=1'));
    const cem = await queriesOf(t.database.db, () => buscar('size=100'));
    expect(cem).toBe(uma);
    const sugestoes = await queriesOf(t.database.db, () => get('/api/cliente/buscaNome/a'));
    const nenhuma = await queriesOf(t.database.db, () => get('/api/cliente/buscaNome/ninguém'));
    expect(sugestoes).toBe(nenhuma);
  });
});
