import { produtoApi } from '@clinica/shared/schemas/produto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../lib/api-client';
import { resetPageAnswers } from '../../lib/page-answers';
import { mockApi } from '../../test/test-utils';
import { prefetchDetalhe, prefetchLoja } from './prefetch';
import { embedPageAnswers as embed } from '../../test/page-answers-fixture';

const naoEncontrado = { status: 404, body: { statusCode: 404, message: 'Produto não encontrado', content: null } };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// The requests the router starts early (ADR 019): none for what the server-rendered page brought.
describe('leituras antecipadas pelo roteador', () => {
  beforeEach(resetPageAnswers);
  afterEach(() => {
    document.body.innerHTML = '';
    resetPageAnswers();
    window.history.replaceState(null, '', '/');
  });

  it('a página do produto que veio com a resposta não pede o produto de novo; a leitura da página a usa', async () => {
    embed({ '/produto/7': naoEncontrado });
    const { calls } = mockApi({});
    prefetchDetalhe('7');
    await settle();
    expect(calls).toHaveLength(0);
    // The answer is still there for the page's own read, under the same path.
    await expect(callEndpoint(produtoApi.detalhe, { params: { id: 7 } })).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(0);
  });

  it('sem resposta na página (navegação dentro do app), o produto é pedido logo', async () => {
    const { calls } = mockApi({ 'GET /api/produto/8': naoEncontrado });
    prefetchDetalhe('8');
    await settle();
    expect(calls.map((c) => c.url)).toEqual(['/api/produto/8']);
  });

  it('a loja que veio com as vitrines não as pede de novo; sem elas, pede as duas', async () => {
    window.history.replaceState(null, '', '/loja');
    embed({ '/produto/site/': naoEncontrado, '/produto/categoria': naoEncontrado });
    const first = mockApi({});
    prefetchLoja();
    await settle();
    expect(first.calls).toHaveLength(0);
    document.body.innerHTML = '';
    resetPageAnswers();
    const second = mockApi({ 'GET /api/produto/site/': naoEncontrado, 'GET /api/produto/categoria': naoEncontrado });
    prefetchLoja();
    await settle();
    expect(second.calls.map((c) => c.url).sort()).toEqual(['/api/produto/categoria', '/api/produto/site/']);
  });
});
