import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { conteudoAdminApi } from '@clinica/shared/schemas/conteudo';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { autorApi } from '@clinica/shared/schemas/autor';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { button, click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../test/screen-tests';
import { fail, mockApi, okFor } from '../../test/test-utils';
import { XhrSobreFetch } from '../../test/xhr-over-fetch';
import { NewProductPage } from './new-product-page';
import {
  ADMIN_SESSION,
  AUTORES,
  CATEGORIAS_DIGITAIS,
  CATEGORIAS_FISICAS,
  fileOf,
  imagemWire,
  USUARIO_SESSION,
} from './product-fixtures';

const API = {
  'GET /api/categoria/AllFisico/': okFor(categoriaApi.fisicas, CATEGORIAS_FISICAS),
  'GET /api/categoria/AllDigital/': okFor(categoriaApi.digitais, CATEGORIAS_DIGITAIS),
  'GET /api/autor/': okFor(autorApi.todos, AUTORES),
};

function renderNew(session: typeof ADMIN_SESSION | typeof USUARIO_SESSION = ADMIN_SESSION) {
  signInAs(session);
  return renderAt('/newProduct', { '/newProduct': <NewProductPage />, '/products': <p>Lista de produtos</p> });
}

const pick = (label: string, files: File[]) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { files } });

async function fillCommon(nome: string, categoria: string) {
  typeInto('Nome', nome);
  typeInto('Descrição', 'Um produto de teste bem descrito');
  typeInto('Preço', '199,9');
  await screen.findByRole('option', { name: categoria });
  fireEvent.change(field('Categoria'), { target: { value: String(categoria === 'Resinas' ? 1 : 5) } });
}

describe('/newProduct', () => {
  setupScreenTests();

  it('a physical product shows dimensions and technical sheet; digital shows authors, tags and contents', async () => {
    const { calls } = mockApi(API);
    renderNew();
    expect(screen.getByRole('heading', { level: 1, name: 'Novo produto' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'Resinas' })).toBeTruthy();
    expect(screen.getByLabelText('Altura (cm)').getAttribute('step')).toBe('0.01');
    expect(screen.getByRole('region', { name: 'Ficha técnica' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Autores' })).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: /Produto digital/ }));
    expect(await screen.findByRole('option', { name: 'Cursos de estética' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Resinas' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/categoria/AllDigital/')).toBe(true);
    expect(screen.queryByLabelText('Altura (cm)')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Ficha técnica' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Tags' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Conteúdos' })).toBeTruthy();
    expect(await screen.findByLabelText('Dra. Ana Lima')).toBeTruthy();
    expect(screen.getByLabelText('Carga horária')).toBeTruthy();
  });

  it('blocks the submit while fields are invalid and shows the field messages', async () => {
    const { calls } = mockApi(API);
    renderNew();
    click('Cadastrar produto');
    expect(await screen.findByText('Corrija os campos destacados para salvar o produto.')).toBeTruthy();
    expect(screen.getAllByText(MSG.min3).length).toBe(2); // name and description
    expect(screen.getAllByText(MSG.naoVazio).length).toBeGreaterThanOrEqual(5); // price, category, dimensions

    click('Adicionar característica');
    typeInto('Característica 1', 'Cor');
    expect(await screen.findByText(MSG_BO.fichaTecnicaIncompleta)).toBeTruthy();
    typeInto('Valor 1', 'A2');
    await waitFor(() => expect(screen.queryByText(MSG_BO.fichaTecnicaIncompleta)).toBeNull());

    // Validation on change after the first interaction: the name clears its message as it is typed.
    typeInto('Nome', 'Re');
    typeInto('Nome', 'Resina');
    await waitFor(() => expect(screen.getAllByText(MSG.min3)).toHaveLength(1));

    typeInto('Tempo estimado', '253000');
    expect(field('Tempo estimado').value).toBe('25:30:00');
    expect(await screen.findByText(MSG_BO.tempoEstimadoInvalido)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shown on site asks for the home picture, its title and its text', async () => {
    mockApi(API);
    renderNew();
    expect(screen.queryByRole('region', { name: 'Destaque na home' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: /Exibido no site/ }));
    const home = await screen.findByRole('region', { name: 'Destaque na home' });
    click('Cadastrar produto');
    expect(await within(home).findByText(MSG_BO.selecioneImagem)).toBeTruthy();
    expect(within(home).getAllByText(MSG.min3)).toHaveLength(2);
  });

  it('the description counts its characters up to 255', async () => {
    mockApi(API);
    renderNew();
    expect(field('Descrição').getAttribute('maxlength')).toBe('255');
    typeInto('Descrição', 'abcde');
    expect(screen.getByText('5/255')).toBeTruthy();
  });

  it('a digital product needs authors and at least one complete content', async () => {
    mockApi(API);
    renderNew();
    fireEvent.click(screen.getByRole('switch', { name: /Produto digital/ }));
    await screen.findByLabelText('Dra. Ana Lima');
    click('Adicionar tag');
    click('Cadastrar produto');
    expect(await screen.findByText(MSG_BO.selecioneAutor)).toBeTruthy();
    expect(screen.getByText(MSG_BO.tagVazia)).toBeTruthy();
    expect(screen.getByText(MSG_BO.produtoDigitalSemConteudo)).toBeTruthy();

    click('Adicionar conteúdo');
    await waitFor(() => expect(screen.queryByText(MSG_BO.produtoDigitalSemConteudo)).toBeNull());
    const row = screen.getByTestId('conteudo-row');
    expect((within(row).getByLabelText('Ordem') as HTMLInputElement).value).toBe('1');
    fireEvent.change(within(row).getByLabelText('Duração'), { target: { value: '1000' } });
    click('Cadastrar produto');
    // Title and file are missing; the duration is typed but incomplete.
    expect(await within(row).findByText(MSG_BO.conteudoDuracaoInvalida)).toBeTruthy();
    await waitFor(() => expect(within(row).getAllByText(MSG_BO.conteudoCamposObrigatorios)).toHaveLength(2));
    fireEvent.change(within(row).getByLabelText('Título'), { target: { value: 'Introdução' } });
    fireEvent.change(within(row).getByLabelText('Duração'), { target: { value: '0010' } });
    expect(await within(row).findByText(MSG_BO.conteudoDuracaoInvalida)).toBeTruthy();
    // The title's message goes in its own re-render (a busy machine sees both for a moment): only the file's stays.
    await waitFor(() => expect(within(row).getAllByText(MSG_BO.conteudoCamposObrigatorios)).toHaveLength(1));
    pick('Arquivo do conteúdo 1', [fileOf('aula.mvi', '')]);
    expect(await within(row).findAllByText(MSG_BO.conteudoFormatoInvalido)).not.toHaveLength(0);
    await waitFor(() => expect(within(row).queryByText(MSG_BO.conteudoCamposObrigatorios)).toBeNull());

    // A second content with the same order is refused.
    click('Adicionar conteúdo');
    const second = screen.getAllByTestId('conteudo-row')[1]!;
    fireEvent.change(within(second).getByLabelText('Ordem'), { target: { value: '1' } });
    expect(await within(second).findByText(MSG_BO.conteudoOrdemRepetida)).toBeTruthy();
  });

  it('creates a digital product after the wait, then sends pictures, contents and home picture with one toast each', async () => {
    const { calls } = mockApi({
      ...API,
      'POST /api/produto/create/': okFor(produtoAdminApi.criar, { id: 40 }, { status: 201 }),
      'PUT /api/produto/create/40/false': ({ body }) =>
        (body as FormData).get('imagem') instanceof File && ((body as FormData).get('imagem') as File).name === 'b.png'
          ? fail(422, 'Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.')
          : okFor(imagemApi.enviarProduto, imagemWire(1), { status: 201 }),
      'PUT /api/produto/create/40/true': okFor(imagemApi.enviarProduto, imagemWire(3, { imagemSite: true }), {
        status: 201,
      }),
      'POST /api/conteudoproduto/create/40/1': okFor(
        conteudoAdminApi.criar,
        {
          id: 9,
          produtoId: 40,
          ordem: 1,
          titulo: 'Introdução',
          duracao: '00:10:00',
          video: false,
          tipo: 'application/pdf',
          tamanho: 3,
          processamento: 'PRONTO',
          permiteDownload: false,
          nomeArquivo: 'aula.pdf',
          previaGratuita: false,
        },
        { status: 201 },
      ),
    });
    // The content upload reports its progress through XMLHttpRequest (lib/backoffice/conteudo-upload.ts).
    vi.stubGlobal('XMLHttpRequest', XhrSobreFetch);
    const { router } = renderNew();
    fireEvent.click(screen.getByRole('switch', { name: /Produto digital/ }));
    await fillCommon('Curso de facetas', 'Cursos de estética');
    typeInto('Tempo estimado', '013000');
    typeInto('Carga horária', '12 horas');
    fireEvent.click(await screen.findByLabelText('Dr. Bruno Reis'));
    click('Adicionar tag');
    typeInto('Tag 1', 'rascunho');
    click('Adicionar tag');
    typeInto('Tag 2', 'estética');
    // Removing a row takes its value with it.
    click('Remover tag 1');
    expect(field('Tag 1').value).toBe('estética');
    expect(screen.queryByLabelText('Tag 2')).toBeNull();
    click('Adicionar conteúdo');
    const row = screen.getByTestId('conteudo-row');
    fireEvent.change(within(row).getByLabelText('Título'), { target: { value: 'Introdução' } });
    fireEvent.change(within(row).getByLabelText('Duração'), { target: { value: '001000' } });
    pick('Arquivo do conteúdo 1', [fileOf('aula.pdf', 'application/pdf')]);
    pick('Imagens do produto', [fileOf('a.png', 'image/png')]);
    pick('Imagens do produto', [fileOf('b.png', 'image/png')]);
    expect(screen.getByRole('list', { name: 'Imagens do produto: arquivos escolhidos' }).children).toHaveLength(2);
    fireEvent.click(screen.getByRole('switch', { name: /Exibido no site/ }));
    typeInto('Título do destaque', 'Novo curso');
    typeInto('Texto do destaque', 'Aprenda facetas em resina');
    pick('Imagem da home', [fileOf('home.webp', 'image/webp')]);

    click('Cadastrar produto');
    expect(await screen.findByText(MSG_BO.produtoCriado)).toBeTruthy();
    expect(await screen.findByText(MSG_BO.imagemHomeCadastrada)).toBeTruthy();
    expect(screen.getByText('Imagem 1 cadastrada com sucesso')).toBeTruthy();
    expect(
      screen.getByText(
        'Imagem 2 não foi cadastrada. Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Conteudo: Introdução cadastrado com sucesso')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(router.state.location.search).toBe('?id=40');

    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/produto/create/')!;
    expect(post.body).toEqual({
      nome: 'Curso de facetas',
      descricao: 'Um produto de teste bem descrito',
      preco: 199.9,
      categoria: { id: 5 },
      tempoEstimado: '01:30:00',
      digital: true,
      ativo: true,
      disponivel: true,
      brinde: false,
      produtoExibidoSite: true,
      tituloImagemHome: 'Novo curso',
      textoHome: 'Aprenda facetas em resina',
      duracao: '12 horas',
      altura: null,
      peso: null,
      largura: null,
      comprimento: null,
      fichaTecnica: [],
      autores: [8],
      tags: [{ nome: 'estética' }],
      // A course is a service: no NF-e codes (ADR 031).
      ncm: null,
      cfop: null,
      anvisaRegistro: null,
      usoProfissional: false,
      marca: null,
      sku: null,
    });
    // In sequence: the two pictures, the content, then the home picture.
    expect(
      calls
        .filter((c) => c.url.startsWith('/api/produto/create/40') || c.url.startsWith('/api/conteudo'))
        .map((c) => c.url),
    ).toEqual([
      '/api/produto/create/40/false',
      '/api/produto/create/40/false',
      '/api/conteudoproduto/create/40/1',
      '/api/produto/create/40/true',
    ]);
    const content = calls.find((c) => c.url === '/api/conteudoproduto/create/40/1')!.body as FormData;
    expect(content.get('titulo')).toBe('Introdução');
    expect(content.get('duracao')).toBe('00:10:00');
    expect((content.get('conteudo') as File).name).toBe('aula.pdf');
  });

  it("a refused creation shows the server's message and stays on the form", async () => {
    mockApi({ ...API, 'POST /api/produto/create/': fail(409, MSG_BO.brindeAtivoDuplicado) });
    const { router } = renderNew();
    await fillCommon('Escova de brinde', 'Resinas');
    for (const label of ['Altura (cm)', 'Largura (cm)', 'Comprimento (cm)', 'Peso (kg)']) typeInto(label, '1.5');
    fireEvent.click(screen.getByRole('switch', { name: /Brinde/ }));
    click('Cadastrar produto');
    expect(await screen.findByText(MSG_BO.brindeAtivoDuplicado)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/newProduct');
    await waitFor(() => expect(button('Cadastrar produto').disabled).toBe(false));
  });

  it('USUARIO registers a course without contents (ADMIN only)', async () => {
    const { calls } = mockApi({
      ...API,
      'POST /api/produto/create/': okFor(produtoAdminApi.criar, { id: 41 }, { status: 201 }),
    });
    const { router } = renderNew(USUARIO_SESSION);
    fireEvent.click(screen.getByRole('switch', { name: /Produto digital/ }));
    expect(await screen.findByText('Os conteúdos do curso (vídeos e PDFs) são cadastrados pelo Gerente.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Conteúdos' })).toBeNull();
    await fillCommon('Curso de oclusão', 'Cursos de estética');
    fireEvent.click(await screen.findByLabelText('Dra. Ana Lima'));
    click('Cadastrar produto');
    await waitFor(() => expect(router.state.location.search).toBe('?id=41'));
    expect(calls.some((c) => c.url.startsWith('/api/conteudoproduto'))).toBe(false);
  });
});
