import { conteudoAdminApi } from '@clinica/shared/schemas/conteudo';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_CURSO } from '@clinica/shared/messages-curso';
import type { ConteudoAdminItem } from '@clinica/shared/schemas/conteudo';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, okFor, renderRoutes, type MockReply } from '../../test/test-utils';
import { XhrSobreFetch } from '../../test/xhr-over-fetch';
import { ContentsPage } from './contents-page';

/** The header menus and footer around the not-found page (answered 404). */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/produto/fisicodigital': fail(404, 'Não encontrado.'),
  'GET /api/empresa/': fail(404, 'Não encontrado.'),
};

const ADMIN = { idUser: 1, permissao: 'ADMIN' as const, nome: 'Gerente da Clínica' };
const PRODUTO = 7;
const LISTA = `GET /api/conteudoproduto/admin/produto/${PRODUTO}`;

const item = (id: number, patch: Partial<ConteudoAdminItem> = {}): ConteudoAdminItem => ({
  id,
  produtoId: PRODUTO,
  ordem: id,
  titulo: `Aula ${id}`,
  duracao: '00:10:00',
  video: true,
  tipo: 'video/mp4',
  tamanho: 5 * 1024 * 1024,
  processamento: 'PRONTO',
  permiteDownload: false,
  nomeArquivo: `aula-${id}.mp4`,
  previaGratuita: false,
  ...patch,
});

const lista = (itens: ConteudoAdminItem[]) =>
  okFor(conteudoAdminApi.listar, {
    produtoId: PRODUTO,
    nomeProduto: 'Biossegurança no consultório',
    listaConteudoProduto: itens,
  });

const pdf = (name = 'apostila.pdf') => new File(['%PDF-1.4\n%%EOF'], name, { type: 'application/pdf' });
const escolherArquivo = (file: File) => fireEvent.change(field('Arquivo'), { target: { files: [file] } });

function renderConteudos() {
  signInAs(ADMIN);
  return renderAt(`/EditListConteudoProduto/${PRODUTO}`, {
    '/EditListConteudoProduto/:id': <ContentsPage />,
    '/products': <p>Lista de produtos</p>,
  });
}

describe('/EditListConteudoProduto/:id', () => {
  setupScreenTests();

  it('lists the contents in order with type, duration and the processing and failed badges', async () => {
    mockApi({
      ...SCREEN_CALLS,
      [LISTA]: lista([
        item(1, { video: false, tipo: 'application/pdf', titulo: 'Apostila', nomeArquivo: 'apostila.pdf' }),
        item(2),
        item(3, { tipo: 'video/x-msvideo', processamento: 'PROCESSANDO', titulo: 'Aula antiga' }),
        item(4, { tipo: 'video/x-msvideo', processamento: 'FALHOU', titulo: 'Aula quebrada' }),
      ]),
    });
    renderConteudos();
    expect(screen.getByRole('heading', { level: 1, name: MSG_BO.conteudosDoProduto })).toBeTruthy();
    expect(await screen.findByText('Biossegurança no consultório')).toBeTruthy();
    const linhas = screen.getAllByTestId('conteudo-linha');
    expect(linhas.map((l) => within(l).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '3', '4']);
    expect(within(linhas[0]!).getByText('Apostila')).toBeTruthy();
    expect(within(linhas[0]!).getByText('PDF')).toBeTruthy();
    expect(within(linhas[1]!).getByText('Vídeo MP4')).toBeTruthy();
    expect(within(linhas[1]!).getByText('00:10:00')).toBeTruthy();
    expect(within(linhas[2]!).getByText(MSG_BO.conteudoProcessando)).toBeTruthy();
    expect(within(linhas[3]!).getByText(MSG_BO.conteudoFalhou)).toBeTruthy();
    // The form proposes the next free order.
    expect(field('Ordem').value).toBe('5');
  });

  it("switches a PDF's download for buyers (a video has none) and shows the refreshed list", async () => {
    let itens = [
      item(1, { video: false, tipo: 'application/pdf', titulo: 'Apostila', nomeArquivo: 'apostila.pdf' }),
      item(2),
    ];
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LISTA]: () => lista(itens),
      'PUT /api/conteudoproduto/1/download': ({ body }) => {
        const { permiteDownload } = JSON.parse(String(body)) as { permiteDownload: boolean };
        itens = [{ ...itens[0]!, permiteDownload }, itens[1]!];
        return okFor(conteudoAdminApi.permitirDownload, itens[0]!, { message: 'Download liberado para os alunos.' });
      },
    });
    renderConteudos();
    const caixa = (await screen.findByRole('switch', { name: 'Permitir download de Apostila' })) as HTMLInputElement;
    expect(caixa.checked).toBe(false);
    expect(screen.queryByRole('switch', { name: 'Permitir download de Aula 2' })).toBeNull();
    fireEvent.click(caixa);
    expect(await screen.findByText('Download liberado para os alunos.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Permitir download de Apostila' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ permiteDownload: true }]);
  });

  it('shows the server message when the list cannot be read (a physical product)', async () => {
    mockApi({ ...SCREEN_CALLS, [LISTA]: fail(422, MSG_BO.conteudoProdutoFisico) });
    renderConteudos();
    expect(await screen.findByText(MSG_BO.conteudoProdutoFisico)).toBeTruthy();
  });

  it('validates with the field-rule messages, refuses a used order, and sends nothing while invalid', async () => {
    const { calls } = mockApi({ ...SCREEN_CALLS, [LISTA]: lista([item(1), item(2)]) });
    renderConteudos();
    await screen.findByText('Aula 1');
    typeInto('Ordem', '');
    click('Adicionar conteúdo');
    expect(await screen.findByText(MSG_BO.conteudoCamposObrigatorios)).toBeTruthy();
    expect(screen.getAllByText(MSG.naoVazio)).toHaveLength(2); // ordem and duração
    expect(screen.getByText(MSG.min3)).toBeTruthy();
    expect(screen.getByText(MSG_BO.conteudoArquivoObrigatorio)).toBeTruthy();

    typeInto('Ordem', '2');
    expect(await screen.findByText(MSG_BO.conteudoOrdemEmUso)).toBeTruthy();
    typeInto('Ordem', '0');
    expect(await screen.findByText(MSG_BO.conteudoOrdemInvalida)).toBeTruthy();
    typeInto('Duração', '1230');
    expect(field('Duração').value).toBe('12:30');
    expect(await screen.findByText(MSG_BO.conteudoDuracaoInvalida)).toBeTruthy();
    escolherArquivo(new File(['MZ'], 'programa.exe'));
    expect(await screen.findByText(MSG_BO.conteudoFormatoInvalido)).toBeTruthy();
    click('Adicionar conteúdo');
    await waitFor(() => expect(screen.getByText(MSG_BO.conteudoOrdemInvalida)).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('uploads the content with its progress, shows the success toast and the refreshed list', async () => {
    let itens = [item(1), item(2)];
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LISTA]: () => lista(itens),
      [`POST /api/conteudoproduto/create/${PRODUTO}/3`]: ({ body }) => {
        const form = body as FormData;
        const novo = item(3, {
          titulo: String(form.get('titulo')),
          duracao: String(form.get('duracao')),
          video: false,
          tipo: 'application/pdf',
          nomeArquivo: (form.get('conteudo') as File).name,
        });
        itens = [...itens, novo];
        return okFor(conteudoAdminApi.criar, novo, { status: 201 });
      },
    });
    vi.stubGlobal('XMLHttpRequest', XhrSobreFetch);
    renderConteudos();
    await screen.findByText('Aula 1');
    expect(field('Ordem').value).toBe('3');
    typeInto('Título', 'Apostila do curso');
    typeInto('Duração', '001500');
    escolherArquivo(pdf());
    expect(screen.getByText('apostila.pdf')).toBeTruthy();
    click('Adicionar conteúdo');
    expect(await screen.findByText(MSG_BO.conteudoAdicionado)).toBeTruthy();

    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers.Authorization).toMatch(/^Bearer /);
    const form = post.body as FormData;
    expect([...form.keys()]).toEqual(['titulo', 'duracao', 'conteudo']);
    expect(form.get('titulo')).toBe('Apostila do curso');
    expect(form.get('duracao')).toBe('00:15:00');
    expect((form.get('conteudo') as File).name).toBe('apostila.pdf');

    expect(await screen.findByText('Apostila do curso')).toBeTruthy();
    await waitFor(() => expect(field('Ordem').value).toBe('4'));
    expect(field('Título').value).toBe('');
  });

  it('shows the server message when the upload is refused', async () => {
    mockApi({
      ...SCREEN_CALLS,
      [LISTA]: lista([item(1)]),
      [`POST /api/conteudoproduto/create/${PRODUTO}/2`]: fail(400, MSG_BO.conteudoExtensaoNaoConfere),
    });
    vi.stubGlobal('XMLHttpRequest', XhrSobreFetch);
    renderConteudos();
    await screen.findByText('Aula 1');
    typeInto('Título', 'Aula nova');
    typeInto('Duração', '00:05:00');
    escolherArquivo(new File(['%PDF-'], 'aula.mp4', { type: 'video/mp4' }));
    click('Adicionar conteúdo');
    expect(await screen.findByText(MSG_BO.conteudoExtensaoNaoConfere)).toBeTruthy();
    expect(screen.queryByText(MSG_BO.conteudoAdicionado)).toBeNull();
  });

  it('deletes after confirming, with the success toast', async () => {
    let itens = [item(1), item(2)];
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LISTA]: () => lista(itens),
      'DELETE /api/conteudoproduto/delete/2': () => {
        itens = [item(1)];
        return okFor(conteudoAdminApi.excluir, { id: 2 });
      },
    });
    renderConteudos();
    await screen.findByText('Aula 2');
    click('Excluir Aula 2');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(MSG_BO.conteudoExcluirConfirmacao)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    click('Excluir Aula 2');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG_BO.conteudoExcluido)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Aula 2')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('switches a content to free preview and back (ADR 047), with the toast and the refreshed list', async () => {
    let itens = [item(1), item(2)];
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LISTA]: () => lista(itens),
      'PUT /api/conteudoproduto/2/previa': (req) => {
        const { previaGratuita } = JSON.parse(String(req.body)) as { previaGratuita: boolean };
        itens = [item(1), item(2, { previaGratuita })];
        return okFor(conteudoAdminApi.alterarPrevia, itens[1]!);
      },
    });
    renderConteudos();
    const previa = await screen.findByRole('switch', { name: `${MSG_CURSO.previaSwitch}: Aula 2` });
    expect((previa as HTMLInputElement).checked).toBe(false);
    fireEvent.click(previa);
    expect(await screen.findByText(MSG_CURSO.previaAtivada.replace('{titulo}', 'Aula 2'))).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: `${MSG_CURSO.previaSwitch}: Aula 2` }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ previaGratuita: true }]);
    fireEvent.click(screen.getByRole('switch', { name: `${MSG_CURSO.previaSwitch}: Aula 2` }));
    expect(await screen.findByText(MSG_CURSO.previaDesativada.replace('{titulo}', 'Aula 2'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { previaGratuita: true },
      { previaGratuita: false },
    ]);
    // The other row's switch was never touched.
    expect(
      (screen.getByRole('switch', { name: `${MSG_CURSO.previaSwitch}: Aula 1` }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('reads the list again every 5 s while a video is being converted, and stops once it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let estado: ConteudoAdminItem['processamento'] = 'PROCESSANDO';
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      [LISTA]: () =>
        lista([item(1, { tipo: estado === 'PRONTO' ? 'video/mp4' : 'video/x-msvideo', processamento: estado })]),
    });
    renderConteudos();
    expect(await screen.findByText(MSG_BO.conteudoProcessando)).toBeTruthy();
    const leituras = () => calls.filter((c) => c.method === 'GET').length;
    // Still processing: read again at each 5 s.
    const antes = leituras();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(leituras()).toBeGreaterThan(antes));
    expect(screen.getByText(MSG_BO.conteudoProcessando)).toBeTruthy();
    estado = 'PRONTO';
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(screen.getByText('Pronto')).toBeTruthy());
    // Ready: no more reads.
    const depois = leituras();
    await act(() => vi.advanceTimersByTimeAsync(20000));
    expect(leituras()).toBe(depois);
  });

  it('is ADMIN only: USUARIO gets the not-found page', async () => {
    mockApi({ ...SCREEN_CALLS });
    signInAs({ idUser: 2, permissao: 'USUARIO' });
    renderRoutes(routes, `/EditListConteudoProduto/${PRODUTO}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
  });
});
