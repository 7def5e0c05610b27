import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { empresaApi, empresaContentSchema, type Empresa } from '@clinica/shared/schemas/empresa';
import { empresaAdminApi, type EmpresaInput } from '@clinica/shared/schemas/empresa-admin';
import { DEMO_ACCOUNTS, DEMO_EMPRESA } from '../../db/seed/demo-data.js';
import { ENDERECO_EMPRESA_RIO } from '../../test/empresa-fixtures.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

/** A company payload as the /empresa screen sends it (Rio de Janeiro: IBGE 3304557, UF 33). */
const novaEmpresa = (over: Partial<EmpresaInput> = {}): EmpresaInput => ({
  nome: '  Clínica Sorriso Pleno Rio Ltda. ',
  nomeFantasia: 'Sorriso Pleno Rio',
  cnpj: '11.444.777/0001-61',
  email: 'Contato@SorrisoPlenoRio.com.br',
  whatsapp: '(21) 98888-7777',
  facebook: 'facebook.com/sorrisoplenorio',
  instagram: 'https://instagram.com/sorrisoplenorio',
  youtube: '',
  descricaoHorarioFuncionamento: 'Segunda a sexta, das 09h às 19h',
  endereco: ENDERECO_EMPRESA_RIO,
  ...over,
});

describe.each(testDatabaseTargets())('GET /api/empresa/ (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  it('é público e traz os campos que o rodapé lê, com município e UF', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/empresa/' });
    expect(res.statusCode).toBe(200);
    const b = body<Empresa>(res);
    expect(b.statusCode).toBe(200);
    const empresa = empresaContentSchema.parse(b.content);
    expect(empresa.cnpj).toMatch(/^[0-9A-Z]{12}[0-9]{2}$/);
    expect(empresa.endereco).not.toBeNull();
    expect(empresa.endereco?.municipio.nome).toBeTruthy();
    expect(empresa.endereco?.uf.sigla).toMatch(/^[A-Z]{2}$/);
    const [row] = await t.database.raw<{ nome: string; uf_id: number }>('SELECT nome, uf_id FROM empresa');
    expect(empresa.nome).toBe(row?.nome);
    expect(empresa.endereco?.uf.id).toBe(Number(row?.uf_id));
  });

  it('também responde sem a barra final', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/empresa' });
    expect(res.statusCode).toBe(200);
  });

  describe('POST /api/empresa/ (Gerente)', () => {
    const salvar = (payload: object, token?: string) =>
      t.app.inject({ method: 'POST', url: '/api/empresa/', payload, headers: token ? bearer(token) : {} });
    const tk = {} as Record<'admin' | 'equipe' | 'cliente', string>;
    beforeAll(async () => {
      tk.admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      tk.equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
      tk.cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    });
    const nomeAtual = async () => (await t.database.raw<{ nome: string }>('SELECT nome FROM empresa'))[0]?.nome;

    it('só o Gerente grava: anônimo 401, CLIENTE 403, USUARIO 403, e nada muda', async () => {
      const antes = await nomeAtual();
      expect((await salvar(novaEmpresa())).statusCode).toBe(401);
      expect((await salvar(novaEmpresa(), tk.cliente)).statusCode).toBe(403);
      const equipe = await salvar(novaEmpresa(), tk.equipe);
      expect(equipe.statusCode).toBe(403);
      expect(body(equipe).message).toBe(MSG.semPermissao);
      expect(await nomeAtual()).toBe(antes);
    });

    it('grava (mensagem do contrato) e o GET público do rodapé mostra na hora, sem cache antigo', async () => {
      const antes = await t.app.inject({ method: 'GET', url: '/api/empresa/' });
      expect(antes.headers['cache-control']).toBe('public, max-age=0');
      const etagAntes = antes.headers.etag as string;

      const res = await salvar(novaEmpresa(), tk.admin);
      expect(res.statusCode).toBe(200);
      expect(body(res).message).toBe(MSG.empresaSalva);
      const salva = contentOf(empresaAdminApi.salvar, res);
      expect(salva).toEqual({
        id: 1,
        nome: 'Clínica Sorriso Pleno Rio Ltda.',
        nomeFantasia: 'Sorriso Pleno Rio',
        cnpj: '11444777000161',
        email: 'contato@sorrisoplenorio.com.br',
        whatsapp: '(21) 98888-7777',
        facebook: 'facebook.com/sorrisoplenorio',
        instagram: 'https://instagram.com/sorrisoplenorio',
        youtube: null,
        descricaoHorarioFuncionamento: 'Segunda a sexta, das 09h às 19h',
        endereco: {
          cep: '22071900',
          logradouro: 'Avenida Atlântica',
          numero: '1702',
          bairro: 'Copacabana',
          complemento: null,
          municipio: { id: 3304557, nome: 'Rio de Janeiro' },
          uf: { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro' },
        },
      });
      // The browser's copy is stale: revalidating with the old ETag gets the new company, not a 304.
      const depois = await t.app.inject({
        method: 'GET',
        url: '/api/empresa/',
        headers: { 'if-none-match': etagAntes },
      });
      expect(depois.statusCode).toBe(200);
      expect(contentOf(empresaApi.get, depois)).toEqual(salva);
      expect((await t.database.raw('SELECT count(*)::int AS n FROM empresa'))[0]).toEqual({ n: 1 });
    });

    it('validação: CNPJ com dígito errado, e-mail inválido, nome curto, link com outro esquema, endereço ausente', async () => {
      const antes = await nomeAtual();
      const res = await salvar(
        novaEmpresa({
          nome: 'AB',
          cnpj: '11.444.777/0001-62',
          email: 'contato@clinica',
          instagram: 'javascript:alert(1)',
        }),
        tk.admin,
      );
      expect(res.statusCode).toBe(400);
      expect(body(res).content).toEqual({
        errors: expect.arrayContaining([
          { campo: 'nome', mensagem: MSG.min3 },
          { campo: 'cnpj', mensagem: MSG.cpfCnpj },
          { campo: 'email', mensagem: MSG.email },
          { campo: 'instagram', mensagem: MSG_BO.linkInvalido },
        ]),
      });
      const semEndereco = await salvar({ ...novaEmpresa(), endereco: undefined }, tk.admin);
      expect(semEndereco.statusCode).toBe(400);
      expect(body(semEndereco).content).toEqual({ errors: [{ campo: 'endereco', mensagem: MSG.naoVazio }] });
      const semCnpj = await salvar({ ...novaEmpresa(), cnpj: null, email: undefined }, tk.admin);
      expect(body(semCnpj).content).toEqual({
        errors: expect.arrayContaining([
          { campo: 'cnpj', mensagem: MSG.cpfCnpj },
          { campo: 'email', mensagem: MSG.email },
        ]),
      });
      expect(await nomeAtual()).toBe(antes);
    });

    it('cidade de outro estado ou estado inexistente: 422 com a mensagem no campo, e nada muda', async () => {
      const antes = await nomeAtual();
      const fora = await salvar(
        novaEmpresa({ endereco: { ...novaEmpresa().endereco, municipio: { id: 3550308 }, uf: { id: 33 } } }),
        tk.admin,
      );
      expect(fora.statusCode).toBe(422);
      expect(body(fora)).toMatchObject({
        message: MSG_API.municipioForaDaUf,
        content: { errors: [{ campo: 'endereco.municipio.id', mensagem: MSG_API.municipioForaDaUf }] },
      });
      const semUf = await salvar(novaEmpresa({ endereco: { ...novaEmpresa().endereco, uf: { id: 99 } } }), tk.admin);
      expect(semUf.statusCode).toBe(422);
      expect(body(semUf).message).toBe(MSG_API.ufNaoEncontrada);
      const semCidade = await salvar(
        novaEmpresa({ endereco: { ...novaEmpresa().endereco, municipio: { id: 9999999 } } }),
        tk.admin,
      );
      expect(semCidade.statusCode).toBe(422);
      expect(await nomeAtual()).toBe(antes);
    });

    it('CNPJ alfanumérico aceito (em maiúsculas, sem pontuação); volta aos dados da demonstração', async () => {
      const alfa = await salvar(novaEmpresa({ cnpj: '12.abc.345/01de-35' }), tk.admin);
      expect(contentOf(empresaAdminApi.salvar, alfa).cnpj).toBe('12ABC34501DE35');
      const demo = await salvar(
        {
          ...DEMO_EMPRESA,
          endereco: {
            cep: DEMO_EMPRESA.cep,
            logradouro: DEMO_EMPRESA.logradouro,
            numero: DEMO_EMPRESA.numero,
            complemento: DEMO_EMPRESA.complemento,
            bairro: DEMO_EMPRESA.bairro,
            municipio: { id: DEMO_EMPRESA.municipioId },
            uf: { id: DEMO_EMPRESA.ufId },
          },
        },
        tk.admin,
      );
      expect(contentOf(empresaAdminApi.salvar, demo)).toMatchObject({
        nome: DEMO_EMPRESA.nome,
        cnpj: DEMO_EMPRESA.cnpj,
      });
    });
  });

  it('sem empresa cadastrada: 404 com a mensagem do contrato', async () => {
    await t.database.raw('DELETE FROM empresa');
    const res = await t.app.inject({ method: 'GET', url: '/api/empresa/' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ statusCode: 404, message: MSG.empresaNaoEncontrada, content: null });
  });

  it('sem empresa cadastrada, o POST do Gerente a cria e o GET público volta a responder', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/empresa/' })).statusCode).toBe(404);
    const admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/',
      payload: novaEmpresa(),
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(contentOf(empresaApi.get, await t.app.inject({ method: 'GET', url: '/api/empresa/' }))).toEqual(
      contentOf(empresaAdminApi.salvar, res),
    );
  });
});
