import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, okFor, storeSession } from '../test/test-utils';
import { resetSession } from '../test/reset-session';
import { defineEndpoint } from '@clinica/shared/endpoint';
import { z } from 'zod';
import { api, ApiError, apiRequest, callEndpoint, callUpload } from './api-client';
import { session } from './session';

describe('api client', () => {
  beforeEach(resetSession);
  afterEach(() => {
    vi.unstubAllGlobals();
    resetSession();
  });

  it('calls /api with the bearer token and returns the envelope content', async () => {
    const token = storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3 });
    session.reload();
    const { calls } = mockApi({ 'GET /api/usuario/7': ok({ id: 7, nome: 'Maria' }) });
    await expect(api.get('/usuario/7')).resolves.toEqual({ id: 7, nome: 'Maria' });
    expect(calls[0]?.url).toBe('/api/usuario/7');
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('sends JSON bodies without a token when signed out', async () => {
    const { calls } = mockApi({ 'POST /api/usuario/cliente/auth': ok({ ok: true }) });
    await api.post('/usuario/cliente/auth', { email: 'a@b.com' });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'a@b.com' });
  });

  it('throws ApiError with the status and the server message', async () => {
    mockApi({ 'GET /api/empresa/': fail(404, 'Empresa não encontrada ou não cadastrada') });
    const error = await api.get('/empresa/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Empresa não encontrada ou não cadastrada' });
  });

  it('treats a body statusCode other than 200/201 as a failure', async () => {
    mockApi(
      { 'GET /api/x': { status: 200, body: { statusCode: 422, message: 'Regra violada', content: null } } },
      { outsideContract: true },
    );
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 422, message: 'Regra violada' });
  });

  it.each([401, 403])('on %i for a signed-in user: signs out and raises the session-expired flag', async (status) => {
    storeSession({ idUser: 1, permissao: 'ADMIN' });
    session.reload();
    expect(session.isSignedIn()).toBe(true);
    mockApi({ 'GET /api/produto/listagem': fail(status, 'Acesso não autorizado. Faça login para continuar.') });
    await expect(api.get('/produto/listagem')).rejects.toMatchObject({ status });
    expect(session.getSnapshot()).toMatchObject({ user: null, token: null, expired: true });
    expect(localStorage.getItem('@authUser')).toBeNull();
    expect(localStorage.getItem('@Token')).toBeNull();
  });

  it('a 401 for a visitor (wrong password) raises no flag', async () => {
    mockApi({ 'POST /api/usuario/cliente/auth': fail(401, 'E-mail, CPF/CNPJ ou senha inválidos.') });
    await expect(api.post('/usuario/cliente/auth', {}, { auth: false })).rejects.toMatchObject({
      message: 'E-mail, CPF/CNPJ ou senha inválidos.',
    });
    expect(session.getSnapshot().expired).toBe(false);
  });

  it('reports an unreachable server with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/empresa/')).rejects.toMatchObject({ status: 0 });
  });

  it('survives a non-JSON error page (proxy 502)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(api.get('/empresa/')).rejects.toMatchObject({ status: 502 });
  });

  describe('callEndpoint (contrato compartilhado)', () => {
    const endpoint = defineEndpoint({
      method: 'PUT',
      path: '/coisa/:id',
      summary: 'teste',
      params: z.object({ id: z.string() }),
      query: z.object({ filtro: z.string().optional() }),
      body: z.object({ nome: z.string() }),
      response: z.object({ id: z.number(), criadoEm: z.string().transform((v) => new Date(v)) }),
    });

    it('monta caminho e query, envia o corpo e devolve o conteúdo já interpretado pelo schema', async () => {
      const { calls } = mockApi(
        { 'PUT /api/coisa/12': okFor(endpoint, { id: 12, criadoEm: '2026-11-23T10:00:00.000Z' }) },
        { outsideContract: true },
      );
      const content = await callEndpoint(endpoint, {
        params: { id: 12 },
        query: { filtro: 'a b' },
        body: { nome: 'x' },
      });
      expect(calls[0]?.url).toBe('/api/coisa/12?filtro=a+b');
      expect(calls[0]?.body).toEqual({ nome: 'x' });
      expect(content.criadoEm).toBeInstanceOf(Date);
    });

    it('uma resposta fora do contrato é falha, não dado', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      // Deliberately off the contract (`id` must be a number): stays untyped `ok`.
      mockApi({ 'PUT /api/coisa/1': ok({ id: 'um' }) }, { outsideContract: true });
      await expect(callEndpoint(endpoint, { params: { id: 1 }, body: { nome: 'x' } })).rejects.toMatchObject({
        status: 502,
      });
    });
  });

  it('callUpload envia o FormData como multipart (sem Content-Type JSON) e devolve o conteúdo do contrato', async () => {
    const upload = defineEndpoint({
      method: 'PUT',
      path: '/produto/create/:productId/:isHomeImage',
      summary: 'teste',
      params: z.object({ productId: z.string(), isHomeImage: z.string() }),
      response: z.object({ id: z.number() }),
    });
    const { calls } = mockApi({ 'PUT /api/produto/create/5/false': okFor(upload, { id: 9 }) });
    const form = new FormData();
    form.append('imagem', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const content = await callUpload(upload, { params: { productId: 5, isHomeImage: 'false' }, form });
    expect(content).toEqual({ id: 9 });
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });
});
