import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { empresaAdminApi } from '@clinica/shared/schemas/empresa-admin';
import { MSG } from '@clinica/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { EMPRESA_FIXTURE } from '../../../test/empresa-fixture';
import { click, field, renderAt, setupScreenTests, signInAs, typeInto } from '../../../test/screen-tests';
import { fail, mockApi, okFor, renderRoutes, type MockReply } from '../../../test/test-utils';
import { ADMIN, EQUIPE } from '../test/unitarios-fixtures';
import { EmpresaPage } from './empresa-page';

/** The company's audit trail, empty unless a test says otherwise. */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/auditoria/empresa/1': okFor(auditoriaApi.listar, {
    registros: [],
    page: 0,
    totalRegistros: 0,
    totalPaginas: 0,
  }),
};

const ADDRESS_API = {
  'GET /api/uf/': okFor(enderecoApi.ufs, [
    { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro' },
    { id: 35, sigla: 'SP', nome: 'São Paulo' },
  ]),
  'GET /api/municipio/estado/35': okFor(enderecoApi.municipios, [{ id: 1, nome: 'São Paulo' }]),
  'GET /api/municipio/estado/33': okFor(enderecoApi.municipios, [{ id: 3304557, nome: 'Rio de Janeiro' }]),
};

function renderEmpresa() {
  signInAs(ADMIN);
  return renderAt('/empresa', { '/empresa': <EmpresaPage /> });
}

const disabled = (label: string) => field(label).matches(':disabled');

describe('/empresa', () => {
  setupScreenTests();

  it('shows every company field, locked, with the CNPJ masked and the address selects filled', async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE), ...ADDRESS_API });
    renderEmpresa();
    expect(screen.getByRole('heading', { level: 1, name: 'Dados da empresa' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Sorriso Pleno Odontologia Ltda')).toBeTruthy();
    expect(field('CNPJ').value).toBe('11.222.333/0001-81');
    expect(field('Nome fantasia').value).toBe('Sorriso Pleno');
    expect(field('E-mail').value).toBe('contato@sorrisopleno.com.br');
    expect(field('WhatsApp').value).toBe('(11) 98765-4321');
    expect(field('Instagram').value).toBe('instagram.com/sorrisopleno');
    expect(field('YouTube').value).toBe('youtube.com/@sorrisopleno');
    expect(field('Horário de funcionamento').value).toBe('Segunda a sexta, 08h às 18h');
    expect(field('CEP').value).toBe('01310-100');
    expect(field('Logradouro').value).toBe('Avenida Paulista');
    await waitFor(() => expect(field('Estado').value).toBe('35'));
    await waitFor(() => expect((screen.getByLabelText('Cidade') as HTMLSelectElement).value).toBe('1'));
    for (const label of ['Razão social', 'CNPJ', 'E-mail', 'Facebook', 'Logradouro', 'Estado']) {
      expect(disabled(label)).toBe(true);
    }
    expect(screen.queryByRole('button', { name: 'Salvar empresa' })).toBeNull();
  });

  it("Editar, a wrong CNPJ is refused on change, then POST /empresa/ with the form and 'Empresa salva com sucesso!'", async () => {
    let saved = EMPRESA_FIXTURE;
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/empresa/': () => okFor(empresaApi.get, saved),
      'POST /api/empresa/': ({ body }) => {
        const sent = JSON.parse(String(body));
        saved = { ...EMPRESA_FIXTURE, descricaoHorarioFuncionamento: sent.descricaoHorarioFuncionamento };
        return okFor(empresaAdminApi.salvar, saved);
      },
      ...ADDRESS_API,
    });
    renderEmpresa();
    await screen.findByDisplayValue('Sorriso Pleno Odontologia Ltda');
    click('Editar');
    expect(disabled('Razão social')).toBe(false);
    typeInto('CNPJ', '11222333000100');
    expect(await screen.findByText(MSG.cpfCnpj)).toBeTruthy();
    expect(field('CNPJ').value).toBe('11.222.333/0001-00');
    typeInto('Razão social', 'AB');
    click('Salvar empresa');
    expect(await screen.findByText(MSG.min3)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    typeInto('CNPJ', '11.222.333/0001-81');
    typeInto('Razão social', 'Sorriso Pleno Odontologia Ltda');
    typeInto('Horário de funcionamento', 'Segunda a sábado, 07h às 19h');
    typeInto('Facebook', '');
    click('Salvar empresa');
    expect(await screen.findByText(MSG.empresaSalva)).toBeTruthy();
    // The company as loaded, without its id, with the new hours and the place ids only (toEqual skips `id: undefined`).
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      ...EMPRESA_FIXTURE,
      id: undefined,
      descricaoHorarioFuncionamento: 'Segunda a sábado, 07h às 19h',
      endereco: { ...EMPRESA_FIXTURE.endereco, municipio: { id: 1 }, uf: { id: 35 } },
    });
    await waitFor(() => expect(disabled('Razão social')).toBe(true));
    expect(field('Horário de funcionamento').value).toBe('Segunda a sábado, 07h às 19h');
  });

  it('Cancelar puts the saved values back and locks', async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE), ...ADDRESS_API });
    renderEmpresa();
    await screen.findByDisplayValue('Sorriso Pleno Odontologia Ltda');
    click('Editar');
    typeInto('Razão social', 'Outra razão');
    click('Cancelar');
    await waitFor(() => expect(field('Razão social').value).toBe('Sorriso Pleno Odontologia Ltda'));
    expect(disabled('Razão social')).toBe(true);
  });

  it("no company yet: 'Empresa não encontrada ou não cadastrada' and an open, empty form", async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/empresa/': fail(404, MSG.empresaNaoEncontrada), ...ADDRESS_API });
    renderEmpresa();
    expect(await screen.findByText(MSG.empresaNaoEncontrada, { selector: 'strong' })).toBeTruthy();
    expect(screen.getByTestId('edit-mode').textContent).toBe('Novo cadastro');
    expect(field('Razão social').value).toBe('');
    expect(disabled('Razão social')).toBe(false);
    expect(screen.getByRole('button', { name: 'Salvar empresa' })).toBeTruthy();
  });

  it("a failed load shows the server's message as an error toast", async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/empresa/': fail(500, 'Banco fora do ar.'), ...ADDRESS_API });
    renderEmpresa();
    // The toast and the notice with its retry button.
    await waitFor(() => expect(screen.getAllByText('Banco fora do ar.')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it("is ADMIN only: USUARIO gets 'Página não encontrada!'", async () => {
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/empresa/': okFor(empresaApi.get, EMPRESA_FIXTURE),
      'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, {
        listProdutoDigital: [],
        listProdutoFisico: [],
      }),
      ...ADDRESS_API,
    });
    signInAs(EQUIPE);
    const first = renderRoutes(routes, '/empresa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
    first.unmount();
    signInAs(ADMIN);
    renderRoutes(routes, '/empresa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dados da empresa' })).toBeTruthy();
  });
});
