import { cpf } from 'cpf-cnpj-validator';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { clienteApi, type ClienteCreateInput } from '@clinica/shared/schemas/cliente';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  lastMailedCode,
  loginToken,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';

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

let seq = 0;
/** A valid individual sign-up with a fresh e-mail and the given CPF. */
function pessoaFisica(cpf: string, patch: Record<string, unknown> = {}): ClienteCreateInput {
  seq += 1;
  return {
    nome: 'Ana Paula Ferreira',
    cpf,
    cnpj: null,
    razaoSocial: null,
    inscricaoEstadual: null,
    juridica: false,
    telefone: '(11) 9 8765-4321',
    usuario: { email: `ana.${seq}.${process.pid}@exemplo.com.br`, password: 'segredo1' },
    endereco: PAULISTA,
    ...patch,
  } as ClienteCreateInput;
}

function pessoaJuridica(cnpj: string, patch: Record<string, unknown> = {}): ClienteCreateInput {
  seq += 1;
  return {
    nome: null,
    cpf: null,
    cnpj,
    razaoSocial: 'Odonto Sorriso Azul Ltda',
    inscricaoEstadual: 'ISENTO',
    juridica: true,
    telefone: '31987654321',
    usuario: { email: `compras.${seq}.${process.pid}@odontoazul.com`, password: 'segredo2' },
    endereco: {
      cep: '30130010',
      logradouro: 'Praça Sete de Setembro',
      numero: '45',
      complemento: null,
      bairro: 'Centro',
      municipio: { id: 3106200 },
      uf: { id: 31 },
    },
    ...patch,
  } as ClienteCreateInput;
}

describe.each(testDatabaseTargets())('clientes: cadastro e perfil (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const create = (payload: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/cliente/create', payload: payload as object, remoteAddress });
  const count = async (table: string) =>
    (await t.database.raw<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  describe('POST /cliente/create', () => {
    it('pessoa física: 201 com o cliente, CLIENTE não confirmado, código de boas-vindas no e-mail, login na hora', async () => {
      const payload = pessoaFisica('111.444.777-35');
      const res = await create(payload);
      const cliente = contentOf(clienteApi.create, res);
      expect(body(res).message).toBe(MSG_API.clienteCriado);
      expect(cliente).toMatchObject({
        juridica: false,
        nome: 'Ana Paula Ferreira',
        cpf: '11144477735',
        cnpj: null,
        razaoSocial: null,
        telefone: '11987654321',
        cpfCnpj: '11144477735',
        cidade: 'São Paulo',
        estado: 'SP',
        usuario: { email: payload.usuario.email, confirmado: false },
        endereco: {
          cep: '01310100',
          logradouro: 'Avenida Paulista',
          numero: '1000',
          complemento: 'Sala 12',
          bairro: 'Bela Vista',
          municipio: { id: 3550308, nome: 'São Paulo' },
          uf: { id: 35, sigla: 'SP', nome: 'São Paulo' },
        },
      });
      expect(res.body).not.toMatch(/argon2|senha|password/i);
      expect(await lastMailedCode(t.app, payload.usuario.email)).toMatch(/^\d{6}$/);

      const token = await loginToken(t.app, { cpf: '11144477735', password: 'segredo1' });
      expect(decodeJwt(token)).toMatchObject({ permissao: 'CLIENTE', idCliente: cliente.id });
      await loginToken(t.app, { email: payload.usuario.email.toUpperCase(), password: 'segredo1' });
    });

    it('empresa com CNPJ alfanumérico: 201, nome nulo, login pelo CNPJ com máscara e minúsculas', async () => {
      const payload = pessoaJuridica('12.abc.345/01de-35');
      const cliente = contentOf(clienteApi.create, await create(payload));
      expect(cliente).toMatchObject({
        juridica: true,
        nome: null,
        cpf: null,
        cnpj: '12ABC34501DE35',
        razaoSocial: 'Odonto Sorriso Azul Ltda',
        inscricaoEstadual: 'ISENTO',
        cpfCnpj: '12ABC34501DE35',
        cidade: 'Belo Horizonte',
        estado: 'MG',
      });
      const token = await loginToken(t.app, { cnpj: '12.abc.345/01de-35', password: 'segredo2' });
      expect(decodeJwt(token).idCliente).toBe(cliente.id);
    });

    it('campos de permissão no corpo são ignorados: o cadastro é sempre CLIENTE', async () => {
      const payload = {
        ...pessoaFisica('390.533.447-05'),
        permissao: 'ADMIN',
        usuarioPermissao: { id: 1 },
        ativo: false,
        confirmado: true,
        usuario: {
          email: `esperto.${process.pid}@exemplo.com`,
          password: 'segredo1',
          permissao: { id: 1, nome: 'ADMIN' },
        },
      };
      const cliente = contentOf(clienteApi.create, await create(payload));
      expect(cliente.usuario.confirmado).toBe(false);
      const token = await loginToken(t.app, { email: payload.usuario.email, password: 'segredo1' });
      expect(decodeJwt(token).permissao).toBe('CLIENTE');
      const staffOnly = await t.app.inject({ method: 'GET', url: '/api/usuario/1', headers: bearer(token) });
      expect(staffOnly.statusCode).toBe(403);
    });

    it.each([
      ['CPF curto', { cpf: '123.456.789' }, 'cpf'],
      ['CPF com dígito errado', { cpf: '529.982.247-24' }, 'cpf'],
      ['CPF de dígitos repetidos', { cpf: '111.111.111-11' }, 'cpf'],
      ['CPF com letras', { cpf: '5299822472A' }, 'cpf'],
    ])('%s: 400 no campo com a mensagem do contrato, nada gravado', async (_name, patch, campo) => {
      const before = await count('usuarios');
      const res = await create(pessoaFisica('000', patch));
      expect(res.statusCode).toBe(400);
      expect(body<FieldErrors>(res).content.errors).toContainEqual({ campo, mensagem: MSG.cpfCnpj });
      expect(await count('usuarios')).toBe(before);
    });

    it.each([
      ['CNPJ com dígito errado', '11.222.333/0001-82'],
      ['CNPJ alfanumérico com dígito errado', '12.ABC.345/01DE-36'],
      ['CNPJ curto', '11.222.333/0001'],
    ])('%s: 400 no campo cnpj', async (_name, cnpj) => {
      const res = await create(pessoaJuridica(cnpj));
      expect(res.statusCode).toBe(400);
      expect(body<FieldErrors>(res).content.errors).toContainEqual({ campo: 'cnpj', mensagem: MSG.cpfCnpj });
    });

    it('as regras de docs/behaviour/forms-and-validation.md com as suas mensagens, todas de uma vez', async () => {
      const res = await create(
        pessoaFisica('530.927.544-41', {
          nome: 'Al',
          telefone: '(11) 8765-432',
          usuario: { email: 'sem-arroba.com', password: '123' },
          endereco: { ...PAULISTA, cep: '01310-10', logradouro: '  ', numero: '', bairro: '' },
        }),
      );
      expect(res.statusCode).toBe(400);
      const errors = body<FieldErrors>(res).content.errors;
      for (const expected of [
        { campo: 'telefone', mensagem: MSG.celular },
        { campo: 'usuario.email', mensagem: MSG.email },
        { campo: 'usuario.password', mensagem: MSG.senhaMin4 },
        { campo: 'endereco.cep', mensagem: MSG.cep },
        { campo: 'endereco.logradouro', mensagem: MSG.naoVazio },
        { campo: 'endereco.numero', mensagem: MSG.naoVazio },
        { campo: 'endereco.bairro', mensagem: MSG.naoVazio },
      ]) {
        expect(errors).toContainEqual(expected);
      }
    });

    it('nome curto e empresa sem inscrição estadual: mensagens nos campos certos', async () => {
      const pf = await create(pessoaFisica('530.927.544-41', { nome: 'Al' }));
      expect(body<FieldErrors>(pf).content.errors).toContainEqual({ campo: 'nome', mensagem: MSG.min3 });
      const pj = await create(pessoaJuridica('11.444.777/0001-61', { inscricaoEstadual: null, razaoSocial: 'X' }));
      const errors = body<FieldErrors>(pj).content.errors;
      expect(errors).toContainEqual({ campo: 'razaoSocial', mensagem: MSG.min3 });
      expect(errors).toContainEqual({ campo: 'inscricaoEstadual', mensagem: MSG.naoVazio });
    });

    it('e-mail, CPF e CNPJ repetidos: 409 com a mensagem de cada um, nada gravado', async () => {
      const before = await Promise.all(['usuarios', 'clientes', 'enderecos', 'codigos_email'].map(count));
      const email = await create(
        pessoaFisica('530.927.544-41', { usuario: { email: 'CLIENTE@Clinica.com.br', password: 'segredo1' } }),
      );
      expect(email.statusCode).toBe(409);
      expect(body(email).message).toBe(MSG_API.emailEmUso);
      const cpf = await create(pessoaFisica(DEMO_ACCOUNTS.cliente.cpf));
      expect(cpf.statusCode).toBe(409);
      expect(body(cpf).message).toBe(MSG_API.cpfEmUso);
      const cnpj = await create(pessoaJuridica('11.222.333/0001-81'));
      expect(cnpj.statusCode).toBe(409);
      expect(body(cnpj).message).toBe(MSG_API.cnpjEmUso);
      expect(await Promise.all(['usuarios', 'clientes', 'enderecos', 'codigos_email'].map(count))).toEqual(before);
    });

    it('dois cadastros simultâneos com o mesmo e-mail: um 201, o outro 409 (nunca 500)', async () => {
      const email = `corrida.${process.pid}@exemplo.com.br`;
      const [a, b] = await Promise.all([
        create(pessoaFisica('530.927.544-41', { usuario: { email, password: 'segredo1' } })),
        create(pessoaFisica('720.892.712-05', { usuario: { email, password: 'segredo1' } })),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expect(body(a.statusCode === 409 ? a : b).message).toBe(MSG_API.emailEmUso);
    });

    it('propriedade: 200 corpos de cadastro estragados nunca dão 5xx e sempre trazem o envelope', async () => {
      const base = pessoaFisica('757.932.513-67') as unknown as Record<string, unknown>;
      const junk = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.constantFrom(null, '', '\u0000', 'x'.repeat(5000), -1, 1e308, true, [], {}),
        fc.integer(),
        fc.jsonValue({ maxDepth: 2 }),
      );
      const paths = [
        ['nome'],
        ['cpf'],
        ['cnpj'],
        ['juridica'],
        ['telefone'],
        ['usuario'],
        ['usuario', 'email'],
        ['usuario', 'password'],
        ['endereco'],
        ['endereco', 'cep'],
        ['endereco', 'municipio'],
        ['endereco', 'municipio', 'id'],
        ['endereco', 'uf', 'id'],
        ['endereco', 'numero'],
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...paths), junk), { minLength: 1, maxLength: 4 }),
          async (edits) => {
            const payload = structuredClone(base);
            for (const [path, value] of edits) {
              let node = payload as Record<string, unknown>;
              for (const key of path.slice(0, -1)) {
                if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
                node = node[key] as Record<string, unknown>;
              }
              node[path.at(-1)!] = structuredClone(value);
            }
            const res = await create(payload, '10.90.0.1');
            expect(res.statusCode, res.body).toBeLessThan(500);
            const b = body(res);
            expect(b.statusCode).toBe(res.statusCode);
            expect(b.message.length).toBeGreaterThan(0);
          },
        ),
        { numRuns: 200 },
      );
    });

    it('cadastros por IP: os que criam a conta não contam; passadas RATE_LIMIT_SIGNUP_IP recusas por hora, 429', async () => {
      // The production limit (20 per hour): a class or an office signing up from one address is never refused.
      const limited = await createTestApp({
        kind,
        database: t.database,
        config: { ...t.config, RATE_LIMIT_SIGNUP_IP: 20 },
      });
      try {
        const from = (payload: unknown, ip: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/cliente/create',
            payload: payload as object,
            remoteAddress: ip,
          });
        const cpfs = new Set<string>();
        while (cpfs.size < 42) cpfs.add(cpf.generate());
        const [repetido, depois, ...turma] = [...cpfs];
        const status: number[] = [];
        for (const doc of turma) status.push((await from(pessoaFisica(doc!), '10.91.0.1')).statusCode);
        expect(status).toEqual(turma.map(() => 201));
        // Bodies the contract refuses (400) never reach the limit.
        for (let i = 0; i < 25; i++) {
          expect((await from(pessoaFisica('111.111.111-11'), '10.91.0.1')).statusCode).toBe(400);
        }
        // Refused sign-ups (a CPF already in use, 409) count: the 21st is throttled, and so is a good one then.
        for (let i = 0; i < 20; i++) {
          const res = await from(pessoaFisica(turma[i]!), '10.91.0.1');
          expect(res.statusCode).toBe(409);
          expect(body(res).message).toBe(MSG_API.cpfEmUso);
        }
        const barrado = await from(pessoaFisica(turma[0]!), '10.91.0.1');
        expect(barrado.statusCode).toBe(429);
        expect(barrado.headers['retry-after']).toBeDefined();
        expect(body(barrado).message).toBe(MSG.muitasTentativas);
        expect((await from(pessoaFisica(repetido!), '10.91.0.1')).statusCode).toBe(429);
        // Another address signs up as before.
        expect((await from(pessoaFisica(repetido!), '10.91.0.2')).statusCode).toBe(201);
        expect((await from(pessoaFisica(depois!), '10.91.0.2')).statusCode).toBe(201);
      } finally {
        await limited.dispose();
      }
    });

    it('cidade de outro estado: 422 com a mensagem, nada gravado', async () => {
      const before = await count('usuarios');
      const res = await create(pessoaFisica('013.555.884-05', { endereco: { ...PAULISTA, uf: { id: 31 } } }));
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(MSG_API.municipioForaDaUf);
      expect(await count('usuarios')).toBe(before);
    });
  });

  describe('perfil', () => {
    let dono: { token: string; idUsuario: number; idCliente: number };
    let outro: string;
    beforeAll(async () => {
      const payload = pessoaFisica('406.474.668-64');
      const created = contentOf(clienteApi.create, await create(payload));
      const token = await loginToken(t.app, { email: payload.usuario.email, password: 'segredo1' });
      dono = { token, idUsuario: created.usuario.id, idCliente: created.id };
      outro = await loginToken(t.app, { email: DEMO_ACCOUNTS.cliente.email, password: DEMO_ACCOUNTS.cliente.password });
    });

    it('GET /profile/{userId}: o dono e a equipe leem; outro cliente 403; anônimo 401', async () => {
      const url = `/api/profile/${dono.idUsuario}`;
      const own = contentOf(clienteApi.perfil, await t.app.inject({ method: 'GET', url, headers: bearer(dono.token) }));
      expect(own).toMatchObject({ id: dono.idCliente, nome: 'Ana Paula Ferreira', cidade: 'São Paulo' });
      const admin = await loginToken(t.app, {
        email: DEMO_ACCOUNTS.admin.email,
        password: DEMO_ACCOUNTS.admin.password,
      });
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(outro) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const missing = await t.app.inject({ method: 'GET', url: '/api/profile/1', headers: bearer(admin) });
      expect(missing.statusCode).toBe(404);
      expect(body(missing).message).toBe(MSG_API.clienteNaoEncontrado);
    });

    it('PUT /profile/editar/{clientId}: o dono troca dados e endereço; o nome do usuário acompanha', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/profile/editar/${dono.idCliente}`,
        headers: bearer(dono.token),
        payload: {
          juridica: false,
          nome: 'Ana Paula Ferreira Lima',
          cpf: '406.474.668-64',
          telefone: '(31) 9 9999-0000',
          endereco: {
            cep: '30130-010',
            logradouro: 'Praça Sete de Setembro',
            numero: '100',
            complemento: '',
            bairro: 'Centro',
            municipio: { id: 3106200 },
            uf: { id: 31 },
          },
        },
      });
      const cliente = contentOf(clienteApi.editarPerfil, res);
      expect(body(res).message).toBe(MSG.perfilAtualizado);
      expect(cliente).toMatchObject({
        nome: 'Ana Paula Ferreira Lima',
        telefone: '31999990000',
        cidade: 'Belo Horizonte',
        estado: 'MG',
        endereco: { cep: '30130010', complemento: null, numero: '100' },
      });
      const usuario = await t.app.inject({
        method: 'GET',
        url: `/api/usuario/${dono.idUsuario}`,
        headers: bearer(dono.token),
      });
      expect(body<{ nome: string }>(usuario).content.nome).toBe('Ana Paula Ferreira Lima');
    });

    it('editar o perfil de outro cliente: 403, nada muda', async () => {
      const other = decodeJwt(outro).idCliente as number;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/profile/editar/${other}`,
        headers: bearer(dono.token),
        payload: {
          juridica: false,
          nome: 'Invasor',
          cpf: '406.474.668-64',
          telefone: '11999990000',
          endereco: PAULISTA,
        },
      });
      expect(res.statusCode).toBe(403);
      const [row] = await t.database.raw<{ nome: string }>('SELECT nome FROM clientes WHERE id = $1', [other]);
      expect(row?.nome).toBe(DEMO_ACCOUNTS.cliente.nome);
    });

    it('virar empresa com um CNPJ de outro cliente: 409; com um CNPJ livre: 200 e o lado pessoa física apagado', async () => {
      const url = `/api/profile/editar/${dono.idCliente}`;
      const company = (cnpj: string) => ({
        juridica: true,
        razaoSocial: 'Ana Odontologia Ltda',
        cnpj,
        inscricaoEstadual: '123456',
        telefone: '11999990000',
        endereco: PAULISTA,
      });
      const taken = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(dono.token),
        payload: company('11222333000181'),
      });
      expect(taken.statusCode).toBe(409);
      expect(body(taken).message).toBe(MSG_API.cnpjEmUso);
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(dono.token),
        payload: company('11.444.777/0001-61'),
      });
      expect(contentOf(clienteApi.editarPerfil, res)).toMatchObject({
        juridica: true,
        nome: null,
        cpf: null,
        cnpj: '11444777000161',
        cpfCnpj: '11444777000161',
      });
    });
  });
});
