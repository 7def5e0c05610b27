/**
 * The bag kept on the server (ADR 034): reads and whole writes with the version (a stale one is a 409 with the
 * current bag), the sign-in merge (larger quantity, digital once, gift recomputed, stock clamp), customers only;
 * the abandoned-bag reminder (once per bag state, only with consent, after the period, again only after a change
 * plus the period) with its List-Unsubscribe headers; the unsubscribe page with good and forged tokens; the consent
 * on sign-up and profile.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sacolaApi, type Sacola } from '@clinica/shared/schemas/sacola';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { DEMO_DESCONTO } from '../../db/seed/demo-data.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  createUser,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';
import { novoCliente } from '../../test/cpf.js';
import { tokenDescadastro } from './descadastro-token.js';
import { createSacolaRepository } from './sacola.repository.js';
import { createSacolaService, JOB_LEMBRETE_SACOLA } from './sacola.service.js';

let seq = 0;

describe.each(testDatabaseTargets())('sacola no servidor (%s)', (kind) => {
  let t: TestApp;
  const produto = {} as Record<'escova' | 'fio' | 'curso' | 'brinde' | 'inativo', { id: number; preco: number }>;

  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);
  const one = async <T>(sql: string, params: unknown[] = []) => (await raw<T>(sql, params))[0]!;

  async function cliente(ofertas = true) {
    const novo = await novoCliente(t, 'sacola');
    if (ofertas)
      await raw('UPDATE clientes SET ofertas_email = true, ofertas_email_em = now() WHERE id = $1', [novo.idCliente]);
    return novo;
  }
  const ler = async (headers: Record<string, string>) =>
    contentOf(sacolaApi.ler, await t.app.inject({ method: 'GET', url: '/api/sacola', headers }));
  const gravar = (
    headers: Record<string, string>,
    versao: number,
    itens: Array<{ produtoId: number; quantidade: number }>,
  ) => t.app.inject({ method: 'PUT', url: '/api/sacola', headers, payload: { versao, itens } });
  const mesclar = (headers: Record<string, string>, itens: Array<{ produtoId: number; quantidade: number }>) =>
    t.app.inject({ method: 'POST', url: '/api/sacola/mesclar', headers, payload: { itens } });
  const linhas = (s: Sacola) => s.itens.map((i) => [i.id, i.quantity, i.brinde] as const);

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      seed: true,
      config: { PUBLIC_URL: 'https://loja.exemplo.com.br', ABANDONED_BAG_HOURS: 24 },
    });
    const porNome = async (like: string, extra = '') =>
      one<{ id: number; preco: string }>(
        `SELECT id, preco FROM produtos WHERE nome ILIKE $1 ${extra} ORDER BY id LIMIT 1`,
        [like],
      );
    for (const [k, like, extra] of [
      ['escova', '%escova%ultramacia%', ''],
      ['fio', '%fio dental%', ''],
      ['curso', '%', 'AND digital'],
      ['brinde', '%', 'AND brinde'],
      [
        'inativo',
        '%',
        "AND NOT digital AND NOT brinde AND nome NOT ILIKE '%escova%' AND nome NOT ILIKE '%fio dental%'",
      ],
    ] as const) {
      const r = await porNome(like, extra);
      produto[k] = { id: Number(r.id), preco: Math.round(Number(r.preco) * 100) };
    }
    await raw('UPDATE produtos SET ativo = false WHERE id = $1', [produto.inativo.id]);
  });
  afterAll(() => t?.dispose());
  beforeEach(() => raw('DELETE FROM emails_saida'));

  it('answers an empty bag at version 0, then keeps a whole bag with the catalogue’s names and prices', async () => {
    const c = await cliente();
    expect(await ler(c.headers)).toEqual({ versao: 0, atualizadaEm: null, itens: [] });
    const res = await gravar(c.headers, 0, [
      { produtoId: produto.escova.id, quantidade: 2 },
      { produtoId: produto.curso.id, quantidade: 3 },
    ]);
    const s = contentOf(sacolaApi.gravar, res);
    expect(s.versao).toBe(1);
    expect(linhas(s).filter(([, , brinde]) => !brinde)).toEqual([
      [produto.escova.id, 2, false],
      [produto.curso.id, 1, false], // a digital line holds one unit
    ]);
    const escova = s.itens[0]!;
    expect(Math.round(escova.unitaryValue * 100)).toBe(produto.escova.preco);
    expect(escova.amount).toBe(((produto.escova.preco * 2) / 100).toFixed(2));
    expect(await ler(c.headers)).toEqual(s);
  });

  it('refuses a write based on an old version with 409 and the current bag: two devices never overwrite each other', async () => {
    const c = await cliente();
    contentOf(sacolaApi.gravar, await gravar(c.headers, 0, [{ produtoId: produto.escova.id, quantidade: 1 }]));
    const outro = contentOf(
      sacolaApi.gravar,
      await gravar(c.headers, 1, [{ produtoId: produto.fio.id, quantidade: 2 }]),
    );
    expect(outro.versao).toBe(2);
    const velha = await gravar(c.headers, 1, [{ produtoId: produto.escova.id, quantidade: 5 }]);
    expect(velha.statusCode).toBe(409);
    expect(body<Sacola>(velha).message).toBe('A sacola foi alterada em outro dispositivo. Confira os itens.');
    expect(linhas(body<Sacola>(velha).content)).toEqual([[produto.fio.id, 2, false]]);
    // A second first write (version 0) of another tab is stale too.
    expect((await gravar(c.headers, 0, [])).statusCode).toBe(409);
    expect((await ler(c.headers)).versao).toBe(2);
  });

  it('validates: known active products, 1..99 units, at most 50 lines, each product once', async () => {
    const c = await cliente();
    const inativo = await gravar(c.headers, 0, [{ produtoId: produto.inativo.id, quantidade: 1 }]);
    expect(inativo.statusCode).toBe(422);
    expect(body(inativo).message).toBe('Um dos produtos da sacola não está mais disponível.');
    expect((await gravar(c.headers, 0, [{ produtoId: 999999, quantidade: 1 }])).statusCode).toBe(422);
    for (const quantidade of [0, 100, 1.5]) {
      const res = await gravar(c.headers, 0, [{ produtoId: produto.escova.id, quantidade }]);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('A quantidade de cada item deve ser de 1 a 99.');
    }
    const muitas = Array.from({ length: 51 }, (_, i) => ({ produtoId: i + 1, quantidade: 1 }));
    expect((await gravar(c.headers, 0, muitas)).body).toContain('no máximo 50 itens');
    const repetido = await gravar(c.headers, 0, [
      { produtoId: produto.escova.id, quantidade: 1 },
      { produtoId: produto.escova.id, quantidade: 2 },
    ]);
    expect(repetido.statusCode).toBe(400);
    expect(await ler(c.headers)).toMatchObject({ versao: 0, itens: [] });
  });

  it('is the customer’s own: 401 without a session, 403 for staff roles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sacola' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/sacola', payload: { versao: 0, itens: [] } })).statusCode,
    ).toBe(401);
    for (const permissao of ['ADMIN', 'USUARIO'] as const) {
      const { id } = await createUser(t.database, {
        email: `equipe-${++seq}-${process.pid}@exemplo.com.br`,
        password: 'senha123',
        permissao,
      });
      const headers = bearer(await t.issueToken({ id, permissao, idCliente: null }));
      expect((await t.app.inject({ method: 'GET', url: '/api/sacola', headers })).statusCode).toBe(403);
      expect((await gravar(headers, 0, [])).statusCode).toBe(403);
      expect((await mesclar(headers, [])).statusCode).toBe(403);
    }
    // Two customers, two bags.
    const a = await cliente();
    const b = await cliente();
    contentOf(sacolaApi.gravar, await gravar(a.headers, 0, [{ produtoId: produto.escova.id, quantidade: 1 }]));
    expect((await ler(b.headers)).itens).toEqual([]);
  });

  it('merges the browser’s bag at sign-in: union, larger quantity, digital once, stock clamp, idempotent', async () => {
    const c = await cliente();
    contentOf(
      sacolaApi.gravar,
      await gravar(c.headers, 0, [
        { produtoId: produto.escova.id, quantidade: 3 },
        { produtoId: produto.curso.id, quantidade: 1 },
      ]),
    );
    const navegador = [
      { produtoId: produto.escova.id, quantidade: 1 },
      { produtoId: produto.fio.id, quantidade: 40 },
      { produtoId: produto.curso.id, quantidade: 1 },
      { produtoId: produto.inativo.id, quantidade: 1 },
    ];
    await raw('UPDATE produtos SET estoque = reservado + 7 WHERE id = $1', [produto.fio.id]);
    try {
      const s = contentOf(sacolaApi.mesclar, await mesclar(c.headers, navegador));
      expect(s.versao).toBe(2);
      expect(linhas(s).filter(([, , brinde]) => !brinde)).toEqual([
        [produto.escova.id, 3, false],
        [produto.curso.id, 1, false],
        [produto.fio.id, 7, false],
      ]);
      // The same browser bag again (a second tab signing in): nothing changes, no new version.
      expect(contentOf(sacolaApi.mesclar, await mesclar(c.headers, navegador)).versao).toBe(2);
    } finally {
      await raw('UPDATE produtos SET estoque = reservado + 600 WHERE id = $1', [produto.fio.id]);
    }
    // A first sign-in with an empty browser bag writes nothing.
    const d = await cliente();
    expect(contentOf(sacolaApi.mesclar, await mesclar(d.headers, []))).toEqual({
      versao: 0,
      atualizadaEm: null,
      itens: [],
    });
  });

  it('recomputes the gift on every answer and never keeps it', async () => {
    const c = await cliente();
    const quantidade = Math.min(99, Math.ceil(DEMO_DESCONTO.valor / produto.escova.preco));
    expect(quantidade * produto.escova.preco).toBeGreaterThanOrEqual(DEMO_DESCONTO.valor);
    const s = contentOf(sacolaApi.mesclar, await mesclar(c.headers, [{ produtoId: produto.escova.id, quantidade }]));
    expect(linhas(s)).toEqual([
      [produto.escova.id, quantidade, false],
      [produto.brinde.id, 1, true],
    ]);
    const guardado = await one<{ itens: unknown }>('SELECT itens FROM sacolas WHERE cliente_id = $1', [c.idCliente]);
    expect(guardado.itens).toEqual([{ produtoId: produto.escova.id, quantidade }]);
    const menor = contentOf(
      sacolaApi.gravar,
      await gravar(c.headers, s.versao, [{ produtoId: produto.escova.id, quantidade: 1 }]),
    );
    expect(menor.itens.some((i) => i.brinde)).toBe(false);
  });

  describe('the abandoned-bag reminder', () => {
    /** One run of the reminder, as the periodic job does it (a second service: another instance). */
    const lembrar = () =>
      createSacolaService({
        db: t.database.db,
        repository: createSacolaRepository(t.database.db),
        mailer: t.app.mailer,
        publicUrl: t.config.PUBLIC_URL,
        jwtSecret: t.config.JWT_SECRET!,
        horasAbandono: t.config.ABANDONED_BAG_HOURS,
        log: { info: () => undefined, warn: () => undefined },
      }).lembrar();
    const envelhecer = (idCliente: number, horas: number) =>
      raw(`UPDATE sacolas SET atualizada_em = now() - make_interval(hours => $2) WHERE cliente_id = $1`, [
        idCliente,
        horas,
      ]);
    const emails = (para: string) =>
      raw<{ assunto: string; texto: string; html: string; cabecalhos: Record<string, string> | null }>(
        'SELECT assunto, texto, html, cabecalhos FROM emails_saida WHERE para = $1 ORDER BY id',
        [para],
      );

    it('sends ONE e-mail per bag state, only with consent and only after the period', async () => {
      const sim = await cliente(true);
      const nao = await cliente(false);
      for (const c of [sim, nao]) {
        contentOf(sacolaApi.gravar, await gravar(c.headers, 0, [{ produtoId: produto.escova.id, quantidade: 2 }]));
      }
      await envelhecer(sim.idCliente, 23);
      await envelhecer(nao.idCliente, 30);
      await lembrar();
      expect(await emails(sim.email)).toHaveLength(0); // not before the period

      await envelhecer(sim.idCliente, 25);
      await lembrar();
      await lembrar();
      const enviados = await emails(sim.email);
      expect(enviados).toHaveLength(1);
      expect(await emails(nao.email)).toHaveLength(0); // no consent, no e-mail
      const [e] = enviados;
      expect(e!.assunto).toBe('Você deixou itens na sua sacola');
      expect(e!.texto).toContain('2x Escova');
      expect(e!.texto).toContain('https://loja.exemplo.com.br/?sacola=1');
      const url = `https://loja.exemplo.com.br/api/email/descadastrar?token=${tokenDescadastro(t.config.JWT_SECRET!, sim.idCliente)}`;
      expect(e!.texto).toContain(url);
      expect(e!.html).toContain(`<a href="${url}" target="_blank"`);
      // The line's product picture, absolute from PUBLIC_URL (a relative path would not load in a mail client).
      const [foto] = await raw<{ path: string | null }>(
        'SELECT path_img_destaque AS path FROM produtos WHERE id = $1',
        [produto.escova.id],
      );
      expect(foto!.path).toMatch(/^\/api\/arquivos\//);
      expect(e!.html).toContain(`<img src="https://loja.exemplo.com.br${foto!.path}" width="48" alt=""`);
      expect(e!.cabecalhos).toEqual({
        'List-Unsubscribe': `<${url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });

      // A change makes it eligible again, only after another full period.
      const atual = await ler(sim.headers);
      contentOf(
        sacolaApi.gravar,
        await gravar(sim.headers, atual.versao, [{ produtoId: produto.fio.id, quantidade: 1 }]),
      );
      await lembrar();
      expect(await emails(sim.email)).toHaveLength(1);
      await envelhecer(sim.idCliente, 25);
      await lembrar();
      const depois = await emails(sim.email);
      expect(depois).toHaveLength(2);
      expect(depois[1]!.texto).toContain('1x Fio dental');
    });

    it('runs as the periodic job, and two runs at once send one e-mail', async () => {
      const c = await cliente(true);
      contentOf(sacolaApi.gravar, await gravar(c.headers, 0, [{ produtoId: produto.escova.id, quantidade: 1 }]));
      await envelhecer(c.idCliente, 48);
      await raw('DELETE FROM tarefas'); // the delivery jobs of earlier tests: the run below claims a batch of 5
      await t.app.jobWorker.ensureRecurring();
      await raw(`UPDATE tarefas SET executar_em = now() WHERE tipo = $1 AND status = 'PENDENTE'`, [
        JOB_LEMBRETE_SACOLA,
      ]);
      await t.app.jobWorker.runOnce();
      expect(await emails(c.email)).toHaveLength(1);
      await Promise.all([lembrar(), lembrar()]);
      expect(await emails(c.email)).toHaveLength(1);

      const d = await cliente(true);
      contentOf(sacolaApi.gravar, await gravar(d.headers, 0, [{ produtoId: produto.escova.id, quantidade: 1 }]));
      await envelhecer(d.idCliente, 48);
      await Promise.all([lembrar(), lembrar()]);
      expect(await emails(d.email)).toHaveLength(1);
    });

    it('is not sent for an empty bag', async () => {
      const c = await cliente(true);
      contentOf(sacolaApi.gravar, await gravar(c.headers, 0, []));
      await envelhecer(c.idCliente, 48);
      await lembrar();
      expect(await emails(c.email)).toHaveLength(0);
    });
  });

  describe('unsubscribe', () => {
    const opt = async (idCliente: number) =>
      one<{ ofertas_email: boolean; ofertas_email_em: Date | null }>(
        'SELECT ofertas_email, ofertas_email_em FROM clientes WHERE id = $1',
        [idCliente],
      );

    it('GET asks and changes nothing; POST (the button or one-click) turns the opt-in off, idempotently, without signing in', async () => {
      const c = await cliente(true);
      const url = `/api/email/descadastrar?token=${tokenDescadastro(t.config.JWT_SECRET!, c.idCliente)}`;
      const pagina = await t.app.inject({ method: 'GET', url });
      expect(pagina.statusCode).toBe(200);
      expect(pagina.headers['content-type']).toContain('text/html');
      expect(pagina.body).toContain('Deseja deixar de receber ofertas e novidades');
      expect(pagina.body).toContain(c.email);
      expect((await opt(c.idCliente)).ofertas_email).toBe(true);

      const feito = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(feito.statusCode).toBe(200);
      expect(feito.body).toContain('não receberá mais ofertas e novidades');
      const depois = await opt(c.idCliente);
      expect(depois.ofertas_email).toBe(false);
      expect(depois.ofertas_email_em).not.toBeNull();
      const denovo = await t.app.inject({ method: 'POST', url });
      expect(denovo.statusCode).toBe(200);
      expect((await opt(c.idCliente)).ofertas_email_em).toEqual(depois.ofertas_email_em);
    });

    it('answers a forged or tampered token with a clear pt-BR 400 and changes nothing', async () => {
      const c = await cliente(true);
      const bom = tokenDescadastro(t.config.JWT_SECRET!, c.idCliente);
      const outro = await cliente(true);
      const trocado = `${outro.idCliente}.${bom.split('.')[1]}`;
      const forjado = tokenDescadastro('outro-segredo-qualquer-0123456789abcdef', c.idCliente);
      for (const token of [trocado, forjado, `${bom}x`, 'abc', '']) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await t.app.inject({ method, url: `/api/email/descadastrar?token=${encodeURIComponent(token)}` });
          expect(res.statusCode, `${method} ${token}`).toBe(400);
          expect(res.body).toContain('Link de descadastro inválido.');
        }
      }
      expect((await opt(c.idCliente)).ofertas_email).toBe(true);
      expect((await opt(outro.idCliente)).ofertas_email).toBe(true);
    });
  });

  it('records the consent at sign-up only when ticked (absent is no) and lets the profile change it', async () => {
    const base = {
      juridica: false,
      nome: 'Paciente Consentimento',
      telefone: '11987650000',
      usuario: { email: '', password: 'senha123' },
      endereco: {
        cep: '01310100',
        logradouro: 'Av. Paulista',
        numero: '1000',
        complemento: '',
        bairro: 'Bela Vista',
        municipio: { id: 3550308 },
        uf: { id: 35 },
      },
    };
    const semCampo = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/create',
      payload: {
        ...base,
        cpf: '11144477735',
        usuario: { email: `sem-${process.pid}@exemplo.com.br`, password: 'senha123' },
      },
    });
    const criado = contentOf(clienteApi.create, semCampo);
    expect(criado).toMatchObject({ ofertasEmail: false, ofertasEmailEm: null });
    const comCampo = contentOf(
      clienteApi.create,
      await t.app.inject({
        method: 'POST',
        url: '/api/cliente/create',
        payload: {
          ...base,
          cpf: '39053344705',
          telefone: '11987650001',
          ofertasEmail: true,
          usuario: { email: `com-${process.pid}@exemplo.com.br`, password: 'senha123' },
        },
      }),
    );
    expect(comCampo.ofertasEmail).toBe(true);
    expect(comCampo.ofertasEmailEm).not.toBeNull();

    const token = await t.login(`com-${process.pid}@exemplo.com.br`, 'senha123');
    const editar = (extra: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/profile/editar/${comCampo.id}`,
        headers: bearer(token),
        payload: { ...base, cpf: '39053344705', telefone: '11987650001', ...extra },
      });
    expect(contentOf(clienteApi.editarPerfil, await editar({})).ofertasEmail).toBe(true); // absent: unchanged
    const revogado = contentOf(clienteApi.editarPerfil, await editar({ ofertasEmail: false }));
    expect(revogado.ofertasEmail).toBe(false);
    expect(revogado.ofertasEmailEm).not.toBe(comCampo.ofertasEmailEm);
  });
});
