import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

const LISTA_ESTAVEL = 'public, max-age=86400';

/** The sort key of the lists: no accents, lower-case, code-unit order (what COLLATE "C" does on the unaccented name). */
const chave = (nome: string) =>
  nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const emOrdem = (nomes: string[]) => nomes.every((nome, i) => i === 0 || chave(nomes[i - 1] ?? '') <= chave(nome));

const malformado = {
  statusCode: 400,
  message: MSG_API.cepMalformado,
  content: { errors: [{ campo: 'cep', mensagem: MSG_API.cepMalformado }] },
};

describe.each(testDatabaseTargets())('endereço: estados, municípios e CEP (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

  describe('estados e municípios', () => {
    it('GET /api/uf/: os 27 estados por nome, SP com o código IBGE 35, guardáveis por um dia', async () => {
      const res = await get(t, '/api/uf/');
      const ufs = contentOf(enderecoApi.ufs, res);
      expect(ufs).toHaveLength(27);
      expect(ufs.find((uf) => uf.sigla === 'SP')).toEqual({ id: 35, sigla: 'SP', nome: 'São Paulo' });
      expect(ufs.find((uf) => uf.sigla === 'DF')).toEqual({ id: 53, sigla: 'DF', nome: 'Distrito Federal' });
      expect(ufs[0]?.nome).toBe('Acre');
      expect(ufs.slice(0, 4).map((uf) => uf.sigla)).toEqual(['AC', 'AL', 'AP', 'AM']);
      expect(emOrdem(ufs.map((uf) => uf.nome))).toBe(true);
      expect(res.headers['cache-control']).toBe(LISTA_ESTAVEL);
      expect((await get(t, '/api/uf')).statusCode).toBe(200);
    });

    it('GET /api/endereco/uf: a mesma lista em listaUf', async () => {
      const res = await get(t, '/api/endereco/uf');
      const { listaUf } = contentOf(enderecoApi.listaUf, res);
      expect(listaUf).toEqual(contentOf(enderecoApi.ufs, await get(t, '/api/uf/')));
      expect(res.headers['cache-control']).toBe(LISTA_ESTAVEL);
    });

    it('GET /api/municipio/estado/31: os 853 municípios de Minas Gerais por nome, Belo Horizonte entre eles', async () => {
      const res = await get(t, '/api/municipio/estado/31');
      const municipios = contentOf(enderecoApi.municipios, res);
      expect(municipios).toHaveLength(853);
      expect(municipios).toContainEqual({ id: 3106200, nome: 'Belo Horizonte' });
      expect(municipios.every((m) => Math.floor(m.id / 100_000) === 31)).toBe(true);
      expect(emOrdem(municipios.map((m) => m.nome))).toBe(true);
      // Accented initials sort with their letter, not after Z.
      const nomes = municipios.map((m) => m.nome);
      expect(nomes.indexOf('Água Boa')).toBeLessThan(nomes.indexOf('Aimorés'));
      expect(res.headers['cache-control']).toBe(LISTA_ESTAVEL);
    });

    it('o Distrito Federal tem um município: Brasília', async () => {
      const municipios = contentOf(enderecoApi.municipios, await get(t, '/api/municipio/estado/53'));
      expect(municipios).toEqual([{ id: 5300108, nome: 'Brasília' }]);
    });

    it('estado que não existe (99, 10): 404 com a mensagem de estado não encontrado', async () => {
      for (const id of ['99', '10']) {
        const res = await get(t, `/api/municipio/estado/${id}`);
        expect(res.statusCode).toBe(404);
        expect(body(res)).toEqual({ statusCode: 404, message: MSG_API.ufNaoEncontrada, content: null });
      }
    });

    it('código de estado malformado: 400 de validação', async () => {
      for (const id of ['abc', '3', '310', '05', '3a', '-1']) {
        const res = await get(t, `/api/municipio/estado/${id}`);
        expect(res.statusCode, id).toBe(400);
        expect(body(res).statusCode).toBe(400);
        expect(body<{ errors: Array<{ campo: string }> }>(res).content.errors[0]?.campo).toBe('ufId');
      }
    });
  });

  describe('CEP no sandbox offline (padrão)', () => {
    it('01310100 e 01310-100: Avenida Paulista, Bela Vista, São Paulo/SP', async () => {
      for (const cep of ['01310100', '01310-100']) {
        const res = await get(t, `/api/viacep/${cep}`);
        const content = contentOf(enderecoApi.viaCep, res);
        expect(content).toEqual({
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          complemento: 'de 612 a 1510 - lado par',
          unidade: '',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          estado: 'São Paulo',
          regiao: 'Sudeste',
          ibge: '3550308',
          gia: '1004',
          ddd: '11',
          siafi: '7107',
          uf: { id: 35, sigla: 'SP', nome: 'São Paulo' },
          municipio: { id: 3550308, nome: 'São Paulo' },
        });
      }
    });

    it('30130010: Praça Sete de Setembro, Centro, Belo Horizonte/MG', async () => {
      const content = contentOf(enderecoApi.viaCep, await get(t, '/api/viacep/30130010'));
      expect(content).toMatchObject({
        cep: '30130-010',
        logradouro: 'Praça Sete de Setembro',
        bairro: 'Centro',
        localidade: 'Belo Horizonte',
        uf: { id: 31, sigla: 'MG', nome: 'Minas Gerais' },
        municipio: { id: 3106200, nome: 'Belo Horizonte' },
      });
    });

    it('um CEP de cada capital da lista acha o seu município', async () => {
      const capitais: Array<[string, number]> = [
        ['69900004', 1200401],
        ['68908883', 1600303],
        ['70100000', 5300108],
        ['90420010', 4314902],
      ];
      for (const [cep, municipio] of capitais) {
        const content = contentOf(enderecoApi.viaCep, await get(t, `/api/viacep/${cep}`));
        expect(content.municipio?.id, cep).toBe(municipio);
        expect(content.uf.id, cep).toBe(Math.floor(municipio / 100_000));
      }
    });

    it('CEP dentro da faixa de um estado mas fora da lista: só o estado, sem município', async () => {
      const content = contentOf(enderecoApi.viaCep, await get(t, '/api/viacep/12345-678'));
      expect(content).toEqual({
        cep: '12345-678',
        logradouro: '',
        complemento: '',
        unidade: '',
        bairro: '',
        localidade: '',
        estado: 'São Paulo',
        regiao: 'Sudeste',
        ibge: '',
        gia: '',
        ddd: '',
        siafi: '',
        uf: { id: 35, sigla: 'SP', nome: 'São Paulo' },
        municipio: null,
      });
      // GO's second range, between DF's two.
      const goias = contentOf(enderecoApi.viaCep, await get(t, '/api/viacep/74000000'));
      expect(goias.uf).toEqual({ id: 52, sigla: 'GO', nome: 'Goiás' });
      expect(goias.regiao).toBe('Centro-Oeste');
    });

    it('CEP fora de qualquer faixa (00000001, 78950000): 404 CEP não encontrado', async () => {
      for (const cep of ['00000001', '78950000']) {
        const res = await get(t, `/api/viacep/${cep}`);
        expect(res.statusCode, cep).toBe(404);
        expect(body(res)).toEqual({ statusCode: 404, message: MSG.cepNaoEncontrado, content: null });
      }
    });

    it('CEP malformado (7 ou 9 dígitos, letras, 00000000, hífen fora do lugar): 400 com a mensagem no campo cep', async () => {
      for (const cep of ['1234567', '123456789', 'abcdefgh', '00000000', '0131-0100', '01310%20100', '01310-1000']) {
        const res = await get(t, `/api/viacep/${cep}`);
        expect(res.statusCode, cep).toBe(400);
        expect(body(res), cep).toEqual(malformado);
      }
    });
  });

  describe('CEP pelo ViaCEP (servidor falso em 127.0.0.1)', () => {
    let viacep: TestApp;
    let server: http.Server;
    /** Requests the fake ViaCEP received, by CEP. */
    const pedidos = new Map<string, number>();
    /** 'fechado' (answered: boolean) when a request the fake never answers is closed. */
    const conexoes = new EventEmitter();

    const ENCONTRADO = {
      cep: '01310-100',
      logradouro: 'Avenida Paulista',
      complemento: 'de 612 a 1510 - lado par',
      unidade: '',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
      estado: 'São Paulo',
      regiao: 'Sudeste',
      ibge: '3550308',
      gia: '1004',
      ddd: '11',
      siafi: '7107',
    };

    /** What the fake answers for each CEP. */
    const respostas: Record<string, (res: http.ServerResponse, req: http.IncomingMessage) => void> = {
      '01310100': (res) => json(res, 200, ENCONTRADO),
      '88888888': (res) => json(res, 200, { erro: true }),
      '88888889': (res) => json(res, 200, { erro: 'true' }),
      // An IBGE code our table lacks: the city is found by name, ignoring accents and case.
      '33333333': (res) =>
        json(res, 200, { ...ENCONTRADO, cep: '33333-333', ibge: '9999999', localidade: 'SAO PAULO' }),
      // An older answer, without unidade/estado/regiao, for a city we do not have.
      '22222222': (res) =>
        json(res, 200, {
          cep: '22222-222',
          logradouro: 'Rua A',
          complemento: '',
          bairro: 'B',
          localidade: 'Lugar Nenhum',
          uf: 'RJ',
          ibge: '',
          gia: '',
        }),
      // Never answered: the connection closes only when the API gives up.
      '77777777': (res) => res.on('close', () => conexoes.emit('fechado', res.writableEnded)),
      '55555555': (res) => json(res, 500, { message: 'erro interno' }),
      '44444444': (res) => {
        res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Erro 400</h1>');
      },
      '66666666': (_res, req) => req.socket.destroy(),
      '11111111': (res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>manutenção</html>');
      },
    };

    function json(res: http.ServerResponse, status: number, payload: unknown) {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(payload));
    }

    const cacheRow = async (cep: string) =>
      (
        await t.database.raw<{ encontrado: boolean; resposta: unknown }>(
          'SELECT encontrado, resposta FROM ceps_consultados WHERE cep = $1',
          [cep],
        )
      )[0];

    beforeAll(async () => {
      server = http.createServer((req, res) => {
        const match = /^\/ws\/(\d{8})\/json\/$/.exec(req.url ?? '');
        const cep = match?.[1] ?? '';
        pedidos.set(cep, (pedidos.get(cep) ?? 0) + 1);
        const responder = respostas[cep];
        if (responder) responder(res, req);
        else json(res, 404, { message: 'rota desconhecida' });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      viacep = await createTestApp({
        kind,
        database: t.database,
        config: { CEP_PROVIDER: 'viacep', VIACEP_URL: `http://127.0.0.1:${port}/`, VIACEP_TIMEOUT_MS: 1000 },
      });
    });

    afterAll(async () => {
      await viacep?.dispose();
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    });

    beforeEach(async () => {
      pedidos.clear();
      await t.database.raw('DELETE FROM ceps_consultados');
    });

    it('CEP encontrado: os campos do ViaCEP com a UF e o município nossos, guardado no cache', async () => {
      const first = contentOf(enderecoApi.viaCep, await get(viacep, '/api/viacep/01310100'));
      expect(first).toEqual({
        ...ENCONTRADO,
        uf: { id: 35, sigla: 'SP', nome: 'São Paulo' },
        municipio: { id: 3550308, nome: 'São Paulo' },
      });
      expect(pedidos.get('01310100')).toBe(1);
      expect(await cacheRow('01310100')).toEqual({ encontrado: true, resposta: ENCONTRADO });

      // From the cache: the fake is not asked again, with or without the hyphen.
      expect(contentOf(enderecoApi.viaCep, await get(viacep, '/api/viacep/01310100'))).toEqual(first);
      expect(contentOf(enderecoApi.viaCep, await get(viacep, '/api/viacep/01310-100'))).toEqual(first);
      expect(pedidos.get('01310100')).toBe(1);
    });

    it('o cache de um CEP encontrado vale 30 dias', async () => {
      await get(viacep, '/api/viacep/01310100');
      await t.database.raw(`UPDATE ceps_consultados SET consultado_em = now() - interval '29 days'`);
      await get(viacep, '/api/viacep/01310100');
      expect(pedidos.get('01310100')).toBe(1);
      await t.database.raw(`UPDATE ceps_consultados SET consultado_em = now() - interval '31 days'`);
      expect((await get(viacep, '/api/viacep/01310100')).statusCode).toBe(200);
      expect(pedidos.get('01310100')).toBe(2);
    });

    it('erro: true e erro: "true": 404, guardados como desconhecidos por um dia', async () => {
      for (const cep of ['88888888', '88888889']) {
        for (let i = 0; i < 2; i++) {
          const res = await get(viacep, `/api/viacep/${cep}`);
          expect(res.statusCode, cep).toBe(404);
          expect(body(res)).toEqual({ statusCode: 404, message: MSG.cepNaoEncontrado, content: null });
        }
        expect(pedidos.get(cep), cep).toBe(1);
        expect(await cacheRow(cep)).toEqual({ encontrado: false, resposta: null });
      }
      await t.database.raw(`UPDATE ceps_consultados SET consultado_em = now() - interval '25 hours'`);
      expect((await get(viacep, '/api/viacep/88888888')).statusCode).toBe(404);
      expect(pedidos.get('88888888')).toBe(2);
    });

    it('código IBGE que não está na nossa tabela: o município pelo nome, sem acento nem caixa', async () => {
      const content = contentOf(enderecoApi.viaCep, await get(viacep, '/api/viacep/33333333'));
      expect(content.ibge).toBe('9999999');
      expect(content.municipio).toEqual({ id: 3550308, nome: 'São Paulo' });
    });

    it('resposta antiga, de cidade que não temos: estado e região pelos nossos dados, município nulo', async () => {
      const content = contentOf(enderecoApi.viaCep, await get(viacep, '/api/viacep/22222222'));
      expect(content).toMatchObject({
        logradouro: 'Rua A',
        unidade: '',
        estado: 'Rio de Janeiro',
        regiao: 'Sudeste',
        ddd: '',
        siafi: '',
        uf: { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro' },
        municipio: null,
      });
    });

    it('ViaCEP que não responde: a API desiste (aborta a conexão) e responde 503, nada no cache', async () => {
      const fechado = once(conexoes, 'fechado');
      const res = await get(viacep, '/api/viacep/77777777');
      expect(res.statusCode).toBe(503);
      expect(body(res)).toEqual({ statusCode: 503, message: MSG_API.cepServicoIndisponivel, content: null });
      // The fake never answers: the API closed the connection itself (its timeout), unanswered.
      expect(await fechado).toEqual([false]);
      expect(pedidos.get('77777777')).toBe(1);
      expect(await cacheRow('77777777')).toBeUndefined();
    });

    it('HTTP 500, conexão derrubada ou resposta que não é JSON: 503, sem cache (a próxima consulta pergunta de novo)', async () => {
      for (const cep of ['55555555', '66666666', '11111111']) {
        for (let i = 1; i <= 2; i++) {
          const res = await get(viacep, `/api/viacep/${cep}`);
          expect(res.statusCode, cep).toBe(503);
          expect(body(res).message).toBe(MSG_API.cepServicoIndisponivel);
          expect(pedidos.get(cep), cep).toBe(i);
        }
        expect(await cacheRow(cep), cep).toBeUndefined();
      }
    });

    it('HTTP 400 do ViaCEP: 400 CEP malformado, sem cache', async () => {
      const res = await get(viacep, '/api/viacep/44444444');
      expect(body(res)).toEqual(malformado);
      expect(await cacheRow('44444444')).toBeUndefined();
    });

    it('CEP malformado não chega ao ViaCEP', async () => {
      for (const cep of ['1234567', '123456789', 'abcdefgh', '00000000']) {
        expect(body(await get(viacep, `/api/viacep/${cep}`)), cep).toEqual(malformado);
      }
      expect(pedidos.size).toBe(0);
    });
  });
});
