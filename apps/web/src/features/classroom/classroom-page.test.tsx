import { produtoApi } from '@clinica/shared/schemas/produto';
import { conteudoApi } from '@clinica/shared/schemas/conteudo';
import { MSG } from '@clinica/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests, signInAs } from '../../test/screen-tests';
import { fail, mockApi, type MockHandler, type MockReply, okFor } from '../../test/test-utils';
import { acessoWire, ADMIN, CLIENTE, CURSO_GET, CURSO_GET_ADMIN, cursoWire, PDF, VIDEO } from './classroom-fixtures';
import { ClassroomPage, selectedItemId } from './classroom-page';
import { duracaoTotal, formatarDuracao } from '@clinica/shared/curso';

// react-pdf stands in as a fake: a file with 'falha' fails to load; others have 3 pages.
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  return {
    pdfjs: { GlobalWorkerOptions: {} },
    Document: ({
      file,
      onLoadSuccess,
      onLoadError,
      children,
    }: {
      file: string;
      onLoadSuccess: (d: { numPages: number }) => void;
      onLoadError: (e: Error) => void;
      children: ReactNode;
    }) => {
      // Like react-pdf: one load per file.
      useEffect(() => {
        if (file.includes('falha')) onLoadError(new Error('x'));
        else onLoadSuccess({ numPages: 3 });
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, [file]);
      return <div data-testid="pdf-document">{children}</div>;
    },
    Page: ({ pageNumber, scale }: { pageNumber: number; scale: number }) => (
      <div data-testid="pdf-page" data-scale={scale}>
        página {pageNumber}
      </div>
    ),
  };
});

/** The library of both users holds course 40 (the classroom checks it first), plus the test's own replies. */
const naBiblioteca = (ids: number[]) =>
  okFor(
    conteudoApi.produtosAcesso,
    ids.map((id) => ({
      id,
      nome: 'Biossegurança no consultório',
      pathImgDestaque: null,
      descricao: null,
      duracao: '01:00:00',
      autores: [],
      progresso: { concluidos: 0, total: 2, percentual: 0 },
    })),
  );
function mockSala(handlers: Record<string, MockHandler | MockReply>) {
  return mockApi({
    'GET /api/cliente/produtosacesso/7': naBiblioteca([40]),
    'GET /api/cliente/produtosacesso/1': naBiblioteca([40]),
    ...handlers,
  });
}

function renderClassroom(user: typeof CLIENTE | typeof ADMIN = CLIENTE, path = '/classRoom/40') {
  signInAs(user);
  return renderAt(path, { '/classRoom/:id': <ClassroomPage />, '/library': <p>Biblioteca</p> });
}

const progressoReply = (id: number, concluido: boolean, posicaoSegundos = 0, percentual = 100) =>
  okFor(conteudoApi.progresso, {
    conteudoId: id,
    produtoId: 40,
    concluido,
    posicaoSegundos,
    progresso: { concluidos: percentual === 100 ? 2 : 1, total: 2, percentual },
  });

describe('durations (packages/shared/src/curso.ts) and the item chosen', () => {
  it('formats HH:MM:SS for people', () => {
    expect(formatarDuracao('00:12:30')).toBe('12 min 30 s');
    expect(formatarDuracao('00:45:00')).toBe('45 min');
    expect(formatarDuracao('01:05:00')).toBe('1 h 05 min');
    expect(formatarDuracao('00:00:40')).toBe('40 s');
    expect(duracaoTotal([VIDEO, PDF])).toBe('58 min');
  });

  it('picks the item of the address, else the last one touched, else none', () => {
    const items = [{ id: 1 }, { id: 2 }];
    expect(selectedItemId('2', items, 1)).toBe(2);
    expect(selectedItemId('99', items, 1)).toBe(1);
    expect(selectedItemId(null, items, null)).toBeNull();
  });
});

describe('/classRoom/:id', () => {
  setupScreenTests();

  it('lists the items in order with type, duration and done mark, the progress and a welcome message', async () => {
    mockSala({ [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()) });
    renderClassroom();
    expect(await screen.findByRole('heading', { level: 1, name: 'Curso de Clareamento Dental' })).toBeTruthy();
    const items = screen.getAllByTestId('content-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('1. Boas-vindas e visão geral'),
      expect.stringContaining('2. Apostila do curso'),
    ]);
    expect(within(items[0]!).getByText('Vídeo · 12 min 30 s')).toBeTruthy();
    expect(within(items[0]!).getByRole('img', { name: 'Concluído' })).toBeTruthy();
    expect(within(items[1]!).getByText('Leitura · 45 min')).toBeTruthy();
    expect(within(items[1]!).getByRole('img', { name: 'Não concluído' })).toBeTruthy();
    expect(screen.getByTestId('welcome').textContent).toContain(MSG.bemVindoSalaAula);
    expect(screen.getByTestId('course-percent').textContent).toBe('50% concluído');
    expect(screen.getByText('1 de 2 conteúdos')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Autor' })).toBeTruthy();
    expect(screen.getByText('Dra. Camila Andrade')).toBeTruthy();
    expect(screen.queryByTestId('certificate-panel')).toBeNull();
  });

  it('selecting a video plays the signed URL; 90 % watched marks it done', async () => {
    const item = { ...VIDEO, concluido: false };
    const { calls } = mockSala({
      [CURSO_GET]: okFor(
        conteudoApi.conteudoCurso,
        cursoWire({ listaConteudoProduto: [item, PDF], progresso: { concluidos: 0, total: 2, percentual: 0 } }),
      ),
      'GET /api/conteudoproduto/101': okFor(conteudoApi.conteudo, acessoWire(item, { posicaoSegundos: 30 })),
      'PUT /api/conteudoproduto/101/progresso': progressoReply(101, true, 680, 50),
    });
    renderClassroom();
    fireEvent.click(await screen.findByRole('button', { name: /Boas-vindas e visão geral/ }));
    const video = (await screen.findByTestId('video-player')) as HTMLVideoElement;
    await waitFor(() => expect(video.getAttribute('src')).toBe(acessoWire(item).url));
    expect(video.controls).toBe(true);
    expect(screen.queryByTestId('welcome')).toBeNull();

    Object.defineProperty(video, 'duration', { configurable: true, value: 750 });
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 680 });
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ concluido: true, posicaoSegundos: 680 });
    expect(await screen.findByText('50% concluído')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Concluído' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('resumes the video at the saved position and saves the position at most every 10 s, and on pause', async () => {
    const item = { ...VIDEO, concluido: true };
    const { calls } = mockSala({
      [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire({ listaConteudoProduto: [item, PDF] })),
      'GET /api/conteudoproduto/101': okFor(conteudoApi.conteudo, acessoWire(item, { posicaoSegundos: 30 })),
      'PUT /api/conteudoproduto/101/progresso': progressoReply(101, true, 40, 50),
    });
    renderClassroom(CLIENTE, '/classRoom/40?conteudo=101');
    const video = (await screen.findByTestId('video-player')) as HTMLVideoElement;
    await waitFor(() => expect(video.getAttribute('src')).toContain('/api/conteudoproduto/stream/101'));
    Object.defineProperty(video, 'duration', { configurable: true, value: 750 });
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 0 });
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(30);

    const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    video.currentTime = 40;
    fireEvent.timeUpdate(video);
    video.currentTime = 45;
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(puts()).toEqual([{ posicaoSegundos: 40 }]));
    fireEvent.pause(video);
    await waitFor(() => expect(puts()).toEqual([{ posicaoSegundos: 40 }, { posicaoSegundos: 45 }]));
  });

  it('resumes the item touched last', async () => {
    mockSala({
      [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire({ ultimoConteudoId: 102 })),
      'GET /api/conteudoproduto/102': okFor(conteudoApi.conteudo, acessoWire(PDF)),
    });
    renderClassroom();
    expect(await screen.findByRole('heading', { level: 2, name: 'Apostila do curso' })).toBeTruthy();
    const current = screen.getAllByTestId('content-item').find((b) => b.getAttribute('aria-current') === 'true');
    expect(current?.textContent).toContain('Apostila do curso');
  });

  it("pages through the PDF at scale 1.5 ('Página X de Y') and marks it done at the last page", async () => {
    const { calls } = mockSala({
      [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()),
      'GET /api/conteudoproduto/102': okFor(conteudoApi.conteudo, acessoWire(PDF)),
      'PUT /api/conteudoproduto/102/progresso': progressoReply(102, true),
    });
    renderClassroom(CLIENTE, '/classRoom/40?conteudo=102');
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
    expect(screen.getByTestId('pdf-page').getAttribute('data-scale')).toBe('1.5');
    expect((screen.getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 3')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Página 3 de 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Próxima' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ concluido: true }));
    expect(await screen.findByText('100% concluído')).toBeTruthy();
    // At 100 % the customer gets the certificate.
    expect(screen.getByRole('button', { name: 'Baixar certificado' })).toBeTruthy();
  });

  it('zooms the PDF in and out (drawn larger, 100 % to 300 %) and offers the download only when allowed', async () => {
    mockSala({
      [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()),
      'GET /api/conteudoproduto/102': okFor(conteudoApi.conteudo, acessoWire(PDF)),
    });
    const { unmount } = renderClassroom(CLIENTE, '/classRoom/40?conteudo=102');
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Baixar PDF' })).toBeNull();
    const menos = screen.getByRole('button', { name: 'Diminuir zoom' }) as HTMLButtonElement;
    const mais = screen.getByRole('button', { name: 'Aumentar zoom' }) as HTMLButtonElement;
    expect(menos.disabled).toBe(true);
    expect(screen.getByText('100%')).toBeTruthy();
    fireEvent.click(mais);
    expect(screen.getByText('125%')).toBeTruthy();
    expect(screen.getByTestId('pdf-page').getAttribute('data-scale')).toBe(String(1.5 * 1.25));
    expect(screen.getByRole('document').getAttribute('data-zoom')).toBe('1.25');
    for (let i = 0; i < 5; i++) fireEvent.click(mais);
    expect(screen.getByText('300%')).toBeTruthy();
    expect(mais.disabled).toBe(true);
    fireEvent.click(menos);
    expect(screen.getByText('200%')).toBeTruthy();
    unmount();

    mockSala({
      [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()),
      'GET /api/conteudoproduto/102': okFor(
        conteudoApi.conteudo,
        acessoWire(PDF, { downloadUrl: '/api/conteudoproduto/download/102?u=7&e=9&s=x' }),
      ),
    });
    renderClassroom(CLIENTE, '/classRoom/40?conteudo=102');
    const link = (await screen.findByRole('link', { name: 'Baixar PDF' })) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/conteudoproduto/download/102?u=7&e=9&s=x');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it("'Próxima aula' under an item and at the end of a video opens the course's next item; the last has none", async () => {
    mockSala({
      [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()),
      'GET /api/conteudoproduto/101': okFor(conteudoApi.conteudo, acessoWire(VIDEO)),
      'GET /api/conteudoproduto/102': okFor(conteudoApi.conteudo, acessoWire(PDF)),
    });
    renderClassroom(CLIENTE, '/classRoom/40?conteudo=101');
    const video = (await screen.findByTestId('video-player')) as HTMLVideoElement;
    expect(screen.queryByRole('button', { name: 'Assistir a próxima aula' })).toBeNull();
    fireEvent.ended(video);
    expect(screen.getByText(`Aula concluída. A seguir: ${PDF.titulo}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assistir a próxima aula' }));
    expect(await screen.findByRole('heading', { level: 2, name: PDF.titulo })).toBeTruthy();
    // The PDF is the last item: no next lesson.
    expect(screen.queryByRole('button', { name: 'Próxima aula' })).toBeNull();
    // Back to the video: the button under it moves on as well.
    fireEvent.click(screen.getAllByTestId('content-item')[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Próxima aula' }));
    expect(await screen.findByRole('heading', { level: 2, name: PDF.titulo })).toBeTruthy();
  });

  it("shows 'Erro ao carregar pdf. tente novamente mais tarde.' when the PDF fails, and retries", async () => {
    let n = 0;
    mockSala({
      [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()),
      'GET /api/conteudoproduto/102': () =>
        okFor(conteudoApi.conteudo, acessoWire(PDF, ++n === 1 ? { url: '/api/conteudoproduto/pdf/102?falha=1' } : {})),
    });
    renderClassroom(CLIENTE, '/classRoom/40?conteudo=102');
    expect(await screen.findByText(MSG.erroCarregarPdf)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
  });

  it('marks and unmarks an item by hand', async () => {
    const { calls } = mockSala({
      [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()),
      'GET /api/conteudoproduto/102': okFor(conteudoApi.conteudo, acessoWire(PDF)),
      'PUT /api/conteudoproduto/102/progresso': progressoReply(102, true),
    });
    renderClassroom(CLIENTE, '/classRoom/40?conteudo=102');
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como concluído' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ concluido: true }));
    expect(await screen.findByRole('button', { name: 'Concluído' })).toBeTruthy();
  });

  it('ADMIN sees the classroom without the rating nor the certificate', async () => {
    mockSala({
      [CURSO_GET_ADMIN]: okFor(
        conteudoApi.conteudoCurso,
        cursoWire({ podeAvaliar: false, progresso: { concluidos: 2, total: 2, percentual: 100 } }),
      ),
    });
    renderClassroom(ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Curso de Clareamento Dental' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByTestId('certificate-panel')).toBeNull();
  });

  it("a refused course shows 'Produto não encontrado em sua biblioteca'", async () => {
    mockSala({ [CURSO_GET]: fail(404, MSG.produtoNaoEncontradoBiblioteca) });
    renderClassroom();
    expect(await screen.findByText(MSG.produtoNaoEncontradoBiblioteca)).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG.minhaBiblioteca }).getAttribute('href')).toBe('/library');
  });
  it('a course missing from the library (a pasted link) shows the message without calling the content routes', async () => {
    const { calls } = mockSala({
      'GET /api/cliente/produtosacesso/7': naBiblioteca([41]),
      [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()),
    });
    renderClassroom();
    expect(await screen.findByText(MSG.produtoNaoEncontradoBiblioteca)).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/conteudoproduto/'))).toBe(false);
  });

  describe('rating', () => {
    it("'Confirmar' needs stars, opens the dialog and posts the review: thanks", async () => {
      const { calls } = mockSala({
        [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()),
        'POST /api/produto/avaliacao': okFor(
          produtoApi.avaliar,
          { nomeCliente: 'Maria', nota: 4, comentario: 'Ótimo', createAt: [2025, 3, 5], clienteId: 3, produtoId: 40 },
          { status: 201 },
        ),
      });
      renderClassroom();
      const confirmar = (await screen.findByRole('button', { name: 'Confirmar' })) as HTMLButtonElement;
      expect(confirmar.disabled).toBe(true);
      fireEvent.click(screen.getByRole('radio', { name: '4 estrelas' }));
      expect(confirmar.disabled).toBe(false);
      fireEvent.click(confirmar);
      const dialog = await screen.findByRole('dialog', { name: 'Avaliar curso' });
      expect(within(dialog).getByText('Sua nota: 4 de 5')).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText(/Conte o que achou/), { target: { value: '  Ótimo  ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar avaliação' }));
      expect(await within(dialog).findByText(MSG.avaliacaoSucesso)).toBeTruthy();
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
        nota: 4,
        comentario: 'Ótimo',
        produtoId: 40,
        clienteId: 3,
      });
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('an error offers a retry back to the form, which can then succeed', async () => {
      let n = 0;
      mockSala({
        [CURSO_GET]: okFor(conteudoApi.conteudoCurso, cursoWire()),
        'POST /api/produto/avaliacao': () =>
          ++n === 1
            ? fail(500, 'Falhou')
            : okFor(
                produtoApi.avaliar,
                {
                  nomeCliente: 'Maria',
                  nota: 5,
                  comentario: null,
                  createAt: [2025, 3, 5],
                  clienteId: 3,
                  produtoId: 40,
                },
                { status: 201 },
              ),
      });
      renderClassroom();
      fireEvent.click(await screen.findByRole('radio', { name: '5 estrelas' }));
      fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Avaliar curso' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar avaliação' }));
      expect(await within(dialog).findByText(MSG.avaliacaoErro)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Enviar avaliação' }));
      expect(await within(dialog).findByText(MSG.avaliacaoSucesso)).toBeTruthy();
    });
  });

  it('at 100 % the customer downloads the certificate and sees its code', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    mockSala({
      [CURSO_GET]: okFor(
        conteudoApi.conteudoCurso,
        cursoWire({ progresso: { concluidos: 2, total: 2, percentual: 100 } }),
      ),
      'POST /api/certificado/produto/40': okFor(conteudoApi.emitirCertificado, {
        codigo: 'ABCD-EFGH-JKLM-NP',
        produtoId: 40,
        nomeCliente: 'Maria Cliente Silva',
        curso: 'Curso de Clareamento Dental',
        cargaHoraria: '8 horas',
        concluidoEm: '2025-03-05T12:00:00.000Z',
        emitidoEm: '2025-03-05T12:00:00.000Z',
        url: '/api/certificado/ABCD-EFGH-JKLM-NP/pdf?u=7&e=1&s=x',
        expiraEm: '2099-01-01T00:00:00.000Z',
      }),
    });
    renderClassroom();
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar certificado' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe('/api/certificado/ABCD-EFGH-JKLM-NP/pdf?u=7&e=1&s=x');
    expect(anchor.download).toBe('certificado-ABCD-EFGH-JKLM-NP.pdf');
    expect(await screen.findByText('ABCD-EFGH-JKLM-NP')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verificar autenticidade' }).getAttribute('href')).toBe(
      '/certificado/ABCD-EFGH-JKLM-NP',
    );
    click.mockRestore();
  });
});
