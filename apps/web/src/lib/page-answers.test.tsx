import { empresaApi } from '@clinica/shared/schemas/empresa';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPRESA_FIXTURE } from '../test/empresa-fixture';
import { resetSession } from '../test/reset-session';
import { mockApi, okFor, storeSession } from '../test/test-utils';
import { callEndpoint } from './api-client';
import { PAGE_ANSWERS_ID, resetPageAnswers } from './page-answers';
import { session } from './session';
import { useSession } from './use-session';
import { embedPageAnswers as embed } from '../test/page-answers-fixture';

describe('respostas embutidas na página renderizada no servidor (ADR 019)', () => {
  beforeEach(resetPageAnswers);
  afterEach(() => {
    document.body.innerHTML = '';
    resetPageAnswers();
    vi.unstubAllGlobals();
  });

  it('a primeira leitura do caminho usa a resposta da página, decodificada pelo contrato; a segunda vai à rede', async () => {
    embed({ '/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE) });
    const { calls } = mockApi({
      'GET /api/empresa/': okFor(empresaApi.get, { ...EMPRESA_FIXTURE, nomeFantasia: 'Da rede' }),
    });

    const first = await callEndpoint(empresaApi.get, {});
    expect(first.nomeFantasia).toBe('Sorriso Pleno');
    expect(calls).toHaveLength(0);
    // The script is read once and leaves the page.
    expect(document.getElementById(PAGE_ANSWERS_ID)).toBeNull();

    const second = await callEndpoint(empresaApi.get, {});
    expect(second.nomeFantasia).toBe('Da rede');
    expect(calls).toHaveLength(1);
  });

  it('uma resposta de erro embutida vira o mesmo erro que a rede daria', async () => {
    embed({
      '/empresa/': { status: 404, body: { statusCode: 404, message: 'Empresa não encontrada', content: null } },
    });
    mockApi({});
    await expect(callEndpoint(empresaApi.get, {})).rejects.toMatchObject({
      status: 404,
      message: 'Empresa não encontrada',
    });
  });

  it('um script danificado só custa a leitura pela rede', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_ANSWERS_ID;
    script.textContent = '{quebrado';
    document.body.append(script);
    const { calls } = mockApi({ 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE) });
    await expect(callEndpoint(empresaApi.get, {})).resolves.toMatchObject({ id: 1 });
    expect(calls).toHaveLength(1);
  });
});

describe('hidratação com uma sessão guardada (ADR 019)', () => {
  beforeEach(resetSession);
  afterEach(() => {
    document.body.innerHTML = '';
    resetSession();
  });

  function Saudacao() {
    const { user } = useSession();
    return <p>{user ? `Olá, ${user.nome}` : 'Entrar'}</p>;
  }

  it('o servidor não conhece o visitante: a página hidrata sem divergência e mostra a sessão em seguida', async () => {
    // What the server renders: nobody is signed in there.
    const html = renderToString(<Saudacao />);
    expect(html).toBe('<p>Entrar</p>');

    storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria' });
    session.reload();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Saudacao />, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.textContent).toBe('Olá, Maria');
  });
});
