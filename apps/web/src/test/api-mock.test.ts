import { usuarioApi } from '@clinica/shared/schemas/auth';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint } from '../lib/api-client';
import { takeApiMockProblems } from './api-mock';
import { fail, keyFor, mockApi, okFor, storeSession } from './test-utils';
import { EMPRESA_FIXTURE } from './empresa-fixture';

/** The web tests' fake API (test/api-mock.ts) must be able to fail a test. */
describe('mockApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('rejects a call no handler declares and records it, naming METHOD and path, for the afterEach of setup.ts', async () => {
    mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE) });
    await expect(fetch('/api/produto/12?x=1')).rejects.toThrow('GET /api/produto/12?x=1');
    await fetch('/api/empresa/', { method: 'GET' }); // declared: no problem
    // Swallowed by the app or not, the call is recorded; setup.ts turns these into a failed test.
    await fetch('/api/usuario/logout/7', { method: 'POST' }).catch(() => {});
    expect(takeApiMockProblems()).toEqual([
      "mockApi: chamada inesperada GET /api/produto/12?x=1 (nenhum handler para 'GET /api/produto/12')",
      "mockApi: chamada inesperada POST /api/usuario/logout/7 (nenhum handler para 'POST /api/usuario/logout/7')",
    ]);
    expect(takeApiMockProblems()).toEqual([]);
  });

  it('answers a declared 404 as the API would', async () => {
    mockApi({ 'GET /api/produto/404': fail(404, 'Produto não encontrado.') });
    await expect(callEndpoint(produtoApi.detalhe, { params: { id: 404 } })).rejects.toMatchObject({
      status: 404,
      message: 'Produto não encontrado.',
    });
    expect(takeApiMockProblems()).toEqual([]);
  });

  it('refuses keys outside the contract, and a typed reply under the key of another endpoint', () => {
    expect(() => mockApi({ 'GET /api/nao-existe': okFor(empresaApi.get, EMPRESA_FIXTURE) })).toThrow(
      "'GET /api/nao-existe' não é um endpoint do contrato",
    );
    expect(() => mockApi({ 'GET /api/produto/12': okFor(empresaApi.get, EMPRESA_FIXTURE) })).toThrow(
      "a resposta de GET /empresa/ está sob a chave 'GET /api/produto/12'",
    );
    expect(() => mockApi({ 'GET /api/produto/12?x=1': fail(404, 'x') })).toThrow('chave inválida');
  });

  it('types the content of a reply by the endpoint contract (a drifted fixture is a tsc error)', () => {
    okFor(empresaApi.get, EMPRESA_FIXTURE);
    // @ts-expect-error: the contract's `nomeFantasia` is a string
    okFor(empresaApi.get, { ...EMPRESA_FIXTURE, nomeFantasia: 42 });
    // @ts-expect-error: a field the contract requires is missing
    okFor(usuarioApi.get, { id: 7, nome: 'Maria', email: 'm@x.com', ativo: true, confirmado: true });
    // @ts-expect-error: a path parameter the endpoint does not have
    expect(() => keyFor(produtoApi.detalhe, { codigo: 12 })).toThrow('Parâmetro ausente: id');
    expect(keyFor(produtoApi.detalhe, { id: 12 })).toBe('GET /api/produto/12');
    expect(keyFor(empresaApi.get)).toBe('GET /api/empresa/');
  });

  it('serves the session check a stored session implies (GET /api/usuario/{id}), for that user only', async () => {
    storeSession({ idUser: 7, permissao: 'CLIENTE', nome: 'Maria Souza' });
    mockApi({});
    await expect(callEndpoint(usuarioApi.get, { params: { id: 7 } })).resolves.toMatchObject({
      id: 7,
      nome: 'Maria Souza',
      permissao: { nome: 'CLIENTE' },
    });
    await expect(callEndpoint(usuarioApi.get, { params: { id: 8 } })).rejects.toMatchObject({ status: 0 });
    expect(takeApiMockProblems()).toEqual([
      "mockApi: chamada inesperada GET /api/usuario/8 (nenhum handler para 'GET /api/usuario/8')",
    ]);
  });
});
