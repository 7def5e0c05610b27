import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpf } from 'cpf-cnpj-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITE_ENDERECOS } from '@clinica/shared/catalogo-enderecos';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import { catalogoEnderecosApi, type EnderecoCatalogoInput } from '@clinica/shared/schemas/catalogo-enderecos';
import { clienteApi, type ClienteCreateInput } from '@clinica/shared/schemas/cliente';
import { DEMO_ACCOUNTS, DEMO_CATALOGO_ENDERECOS, DEMO_CLIENTES } from '../../db/seed/demo-data.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

type FieldErrors = { errors: Array<{ campo: string; mensagem: string }> };

const PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento: 'Sala 12',
  bairro: 'Bela Vista',
  municipio: { id: 3550308 },
  uf: { id: 35 },
};

const CLINICA: EnderecoCatalogoInput = {
  nome: 'Clínica',
  cep: '30130-010',
  logradouro: 'Praça Sete de Setembro',
  numero: '45',
  complemento: null,
  bairro: 'Centro',
  municipio: { id: 3106200 },
  uf: { id: 31 },
  nomeRecebedor: 'Recepção',
  telefoneRecebedor: '(31) 3222-1100',
};

let seq = 0;

/** The migration that creates the book; its last statement copies the registered addresses. */
const MIGRACAO = fileURLToPath(new URL('../../../drizzle/0029_catalogo_enderecos.sql', import.meta.url));

describe.each(testDatabaseTargets())('catálogo de endereços do cliente (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  /** A new customer through POST /cliente/create: its ids and token. */
  async function novoCliente() {
    seq += 1;
    const email = `livro.${seq}.${process.pid}@exemplo.com.br`;
    const payload = {
      nome: 'Beatriz Andrade Lima',
      cpf: cpf.generate(),
      cnpj: null,
      razaoSocial: null,
      inscricaoEstadual: null,
      juridica: false,
      telefone: '(11) 9 8765-4321',
      usuario: { email, password: 'segredo1' },
      endereco: PAULISTA,
    } as ClienteCreateInput;
    const created = contentOf(
      clienteApi.create,
      await t.app.inject({ method: 'POST', url: '/api/cliente/create', payload }),
    );
    const token = await t.login(email, 'segredo1');
    return { id: created.id, idUsuario: created.usuario.id, token };
  }

  type Cliente = Awaited<ReturnType<typeof novoCliente>>;
  const url = (c: { id: number }, suffix = '') => `/api/cliente/${c.id}/enderecos${suffix}`;
  const listar = async (c: Cliente) =>
    contentOf(catalogoEnderecosApi.listar, await t.app.inject({ method: 'GET', url: url(c), headers: bearer(c.token) }))
      .enderecos;
  const criar = (c: Cliente, payload: EnderecoCatalogoInput, token = c.token) =>
    t.app.inject({ method: 'POST', url: url(c), headers: bearer(token), payload });
  const padrao = (c: Cliente, id: number, token = c.token) =>
    t.app.inject({ method: 'PUT', url: url(c, `/${id}/padrao`), headers: bearer(token) });

  it('um cliente cadastrado em POST /cliente/create tem o endereço do cadastro no catálogo, como Principal e padrão', async () => {
    const c = await novoCliente();
    const lista = await listar(c);
    expect(lista).toEqual([
      {
        id: expect.any(Number),
        nome: MSG_ENDERECOS.nomeCadastro,
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        complemento: 'Sala 12',
        bairro: 'Bela Vista',
        municipio: { id: 3550308, nome: 'São Paulo' },
        uf: { id: 35, sigla: 'SP', nome: 'São Paulo' },
        nomeRecebedor: null,
        telefoneRecebedor: null,
        padrao: true,
        cadastro: true,
      },
    ]);
  });

  it('a migração copia o endereço de cada cliente para o catálogo como Principal, padrão', async () => {
    const c = await novoCliente();
    await t.database.raw('DELETE FROM catalogo_enderecos WHERE cliente_id = $1', [c.id]);
    const sql = fs.readFileSync(MIGRACAO, 'utf8').split('--> statement-breakpoint').at(-1)!;
    // The copy as the migration runs it, on a database where only this client lacks its book.
    await t.database.raw(sql.replace('WHERE "cliente_id" IS NOT NULL', `WHERE "cliente_id" = ${c.id}`));
    const [copia] = await listar(c);
    expect(copia).toMatchObject({ nome: 'Principal', cep: '01310100', numero: '1000', padrao: true, cadastro: true });
  });

  it('cria, altera e exclui; o novo não é padrão enquanto houver um padrão', async () => {
    const c = await novoCliente();
    const res = await criar(c, CLINICA);
    expect(res.statusCode).toBe(201);
    expect(body(res).message).toBe(MSG_ENDERECOS.criado);
    const clinica = contentOf(catalogoEnderecosApi.criar, res);
    expect(clinica).toMatchObject({
      nome: 'Clínica',
      cep: '30130010',
      municipio: { id: 3106200, nome: 'Belo Horizonte' },
      uf: { sigla: 'MG' },
      nomeRecebedor: 'Recepção',
      telefoneRecebedor: '3132221100',
      padrao: false,
      cadastro: false,
    });

    const alterado = await t.app.inject({
      method: 'PUT',
      url: url(c, `/${clinica.id}`),
      headers: bearer(c.token),
      payload: { ...CLINICA, nome: 'Consultório 2', numero: '47', nomeRecebedor: '', telefoneRecebedor: '' },
    });
    expect(body(alterado).message).toBe(MSG_ENDERECOS.atualizado);
    expect(contentOf(catalogoEnderecosApi.editar, alterado)).toMatchObject({
      nome: 'Consultório 2',
      numero: '47',
      nomeRecebedor: null,
      telefoneRecebedor: null,
    });

    const excluido = await t.app.inject({ method: 'DELETE', url: url(c, `/${clinica.id}`), headers: bearer(c.token) });
    expect(body(excluido).message).toBe(MSG_ENDERECOS.excluido);
    expect(contentOf(catalogoEnderecosApi.excluir, excluido).enderecos.map((e) => e.nome)).toEqual(['Principal']);
  });

  it('tornar padrão deixa um só padrão, listado primeiro; excluir o padrão devolve o padrão ao do cadastro', async () => {
    const c = await novoCliente();
    const clinica = contentOf(catalogoEnderecosApi.criar, await criar(c, CLINICA));
    const casa = contentOf(catalogoEnderecosApi.criar, await criar(c, { ...CLINICA, nome: 'Casa' }));
    const res = await padrao(c, casa.id);
    expect(body(res).message).toBe(MSG_ENDERECOS.padraoDefinido);
    const lista = contentOf(catalogoEnderecosApi.tornarPadrao, res).enderecos;
    expect(lista.map((e) => [e.nome, e.padrao])).toEqual([
      ['Casa', true],
      ['Principal', false],
      ['Clínica', false],
    ]);

    const depois = contentOf(
      catalogoEnderecosApi.excluir,
      await t.app.inject({ method: 'DELETE', url: url(c, `/${casa.id}`), headers: bearer(c.token) }),
    ).enderecos;
    expect(depois.filter((e) => e.padrao).map((e) => e.nome)).toEqual(['Principal']);
    expect(depois.map((e) => e.id)).toContain(clinica.id);
  });

  it('o endereço do cadastro não se exclui (422) e alterá-lo no catálogo altera o do perfil, e vice-versa', async () => {
    const c = await novoCliente();
    const [principal] = await listar(c);
    const recusa = await t.app.inject({ method: 'DELETE', url: url(c, `/${principal!.id}`), headers: bearer(c.token) });
    expect(recusa.statusCode).toBe(422);
    expect(body(recusa)).toMatchObject({ statusCode: 422, message: MSG_ENDERECOS.cadastroNaoExclui });

    await t.app.inject({
      method: 'PUT',
      url: url(c, `/${principal!.id}`),
      headers: bearer(c.token),
      payload: { ...CLINICA, nome: 'Clínica' },
    });
    const perfil = contentOf(
      clienteApi.perfil,
      await t.app.inject({ method: 'GET', url: `/api/profile/${c.idUsuario}`, headers: bearer(c.token) }),
    );
    expect(perfil.endereco).toMatchObject({ cep: '30130010', logradouro: 'Praça Sete de Setembro', numero: '45' });
    expect(perfil).toMatchObject({ cidade: 'Belo Horizonte', estado: 'MG' });

    const editado = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/editar/${c.id}`,
      headers: bearer(c.token),
      payload: {
        juridica: false,
        nome: 'Beatriz Andrade Lima',
        cpf: perfil.cpf,
        telefone: '11987654321',
        endereco: { ...PAULISTA, numero: '2000' },
      },
    });
    expect(editado.statusCode).toBe(200);
    const [depois] = await listar(c);
    // The name and the default stay the customer's; the address is the profile's.
    expect(depois).toMatchObject({ id: principal!.id, nome: 'Clínica', numero: '2000', cep: '01310100', padrao: true });
  });

  it('o cliente só alcança o próprio catálogo: 403 no de outro; 404 para um endereço que não é seu ou não existe', async () => {
    const a = await novoCliente();
    const b = await novoCliente();
    const deB = contentOf(catalogoEnderecosApi.criar, await criar(b, CLINICA));
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', ''],
      ['PUT', `/${deB.id}`],
      ['DELETE', `/${deB.id}`],
      ['PUT', `/${deB.id}/padrao`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: url(b, suffix),
        headers: bearer(a.token),
        ...(method === 'POST' || (method === 'PUT' && !suffix.endsWith('padrao')) ? { payload: CLINICA } : {}),
      });
      expect(res.statusCode, `${method} ${suffix}`).toBe(403);
    }
    for (const id of [deB.id, 999_999]) {
      expect((await padrao(a, id)).statusCode).toBe(404);
      const res = await t.app.inject({ method: 'DELETE', url: url(a, `/${id}`), headers: bearer(a.token) });
      expect(body(res)).toMatchObject({ statusCode: 404, message: MSG_ENDERECOS.naoEncontrado });
    }
    expect((await t.app.inject({ method: 'GET', url: url(b) })).statusCode).toBe(401);
    expect((await listar(b)).filter((e) => e.padrao)).toHaveLength(1);
  });

  it('a equipe lê o catálogo de um cliente, mas não o altera; cliente desconhecido: 404', async () => {
    const c = await novoCliente();
    const equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    const res = await t.app.inject({ method: 'GET', url: url(c), headers: bearer(equipe) });
    expect(contentOf(catalogoEnderecosApi.listar, res).enderecos).toHaveLength(1);
    expect((await criar(c, CLINICA, equipe)).statusCode).toBe(403);
    const nenhum = await t.app.inject({ method: 'GET', url: url({ id: 999_999 }), headers: bearer(equipe) });
    expect(body(nenhum)).toMatchObject({ statusCode: 404, message: MSG_API.clienteNaoEncontrado });
  });

  it('validação: nome obrigatório e até 40 caracteres, CEP e UF (400 com a mensagem do campo); cidade de outro estado: 422', async () => {
    const c = await novoCliente();
    const semNome = await criar(c, { ...CLINICA, nome: '  ' });
    expect(semNome.statusCode).toBe(400);
    expect(body<FieldErrors>(semNome).content.errors).toContainEqual({
      campo: 'nome',
      mensagem: MSG_ENDERECOS.nomeVazio,
    });
    const longo = await criar(c, { ...CLINICA, nome: 'x'.repeat(41) });
    expect(body<FieldErrors>(longo).content.errors).toContainEqual({
      campo: 'nome',
      mensagem: MSG_ENDERECOS.nomeLongo,
    });
    expect((await criar(c, { ...CLINICA, nome: 'x'.repeat(40) })).statusCode).toBe(201);
    const cep = await criar(c, { ...CLINICA, cep: '3013-001' });
    expect(body<FieldErrors>(cep).content.errors).toContainEqual({ campo: 'cep', mensagem: MSG.cep });
    const uf = await criar(c, { ...CLINICA, uf: null } as unknown as EnderecoCatalogoInput);
    expect(body<FieldErrors>(uf).content.errors).toContainEqual({ campo: 'uf', mensagem: MSG.estado });
    const telefone = await criar(c, { ...CLINICA, telefoneRecebedor: '123' });
    expect(body<FieldErrors>(telefone).content.errors).toContainEqual({
      campo: 'telefoneRecebedor',
      mensagem: MSG.telefone,
    });
    const foraDaUf = await criar(c, { ...CLINICA, uf: { id: 35 } });
    expect(foraDaUf.statusCode).toBe(422);
    expect(body(foraDaUf)).toMatchObject({ statusCode: 422, message: MSG_API.municipioForaDaUf });
    expect(await listar(c)).toHaveLength(2);
  });

  it(`o limite: ${LIMITE_ENDERECOS} endereços; o próximo é recusado com 422 e nada é gravado`, async () => {
    const c = await novoCliente();
    for (let i = 2; i <= LIMITE_ENDERECOS; i += 1) {
      expect((await criar(c, { ...CLINICA, nome: `Endereço ${i}` })).statusCode).toBe(201);
    }
    const res = await criar(c, { ...CLINICA, nome: 'Um a mais' });
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({
      statusCode: 422,
      message: MSG_ENDERECOS.limite.replace('{n}', String(LIMITE_ENDERECOS)),
    });
    expect(await listar(c)).toHaveLength(LIMITE_ENDERECOS);
  });

  it('dois "tornar padrão" ao mesmo tempo deixam exatamente um padrão; duas criações no limite, uma só entra', async () => {
    const c = await novoCliente();
    const x = contentOf(catalogoEnderecosApi.criar, await criar(c, { ...CLINICA, nome: 'X' }));
    const y = contentOf(catalogoEnderecosApi.criar, await criar(c, { ...CLINICA, nome: 'Y' }));
    for (let rodada = 0; rodada < 5; rodada += 1) {
      const respostas = await Promise.all([padrao(c, x.id), padrao(c, y.id)]);
      expect(respostas.map((r) => r.statusCode)).toEqual([200, 200]);
      const padroes = (await listar(c)).filter((e) => e.padrao);
      expect(padroes).toHaveLength(1);
      expect([x.id, y.id]).toContain(padroes[0]!.id);
    }
    for (let i = 4; i <= LIMITE_ENDERECOS - 1; i += 1) await criar(c, { ...CLINICA, nome: `E${i}` });
    const ultimas = await Promise.all([criar(c, { ...CLINICA, nome: 'A' }), criar(c, { ...CLINICA, nome: 'B' })]);
    expect(ultimas.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await listar(c)).toHaveLength(LIMITE_ENDERECOS);
  });

  it('os clientes de demonstração têm seus endereços nomeados, com o do cadastro como padrão', async () => {
    const equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    const [row] = await t.database.raw<{ id: number }>('SELECT id FROM clientes WHERE cnpj = $1', [
      DEMO_ACCOUNTS.empresa.cnpj,
    ]);
    const lista = contentOf(
      catalogoEnderecosApi.listar,
      await t.app.inject({ method: 'GET', url: url({ id: row!.id }), headers: bearer(equipe) }),
    ).enderecos;
    expect(lista.map((e) => e.nome)).toEqual([
      DEMO_CATALOGO_ENDERECOS.empresa.cadastro,
      ...DEMO_CATALOGO_ENDERECOS.empresa.outros.map((o) => o.nome),
    ]);
    expect(lista[0]).toMatchObject({ padrao: true, cadastro: true, cep: DEMO_CLIENTES.empresa.endereco.cep });
  });
});
